import type { MockStore } from '../store.js';

/** Area A's part of the store. (Placeholder: the area A mock fills this in.) */
export interface AreaAState {}

export function createAreaAState(_store: MockStore): AreaAState {
  return {};
}
