import type { MockStore } from '../store.js';

/** Area B's part of the store. (Placeholder: the area B mock fills this in.) */
export interface AreaBState {}

export function createAreaBState(_store: MockStore): AreaBState {
  return {};
}
