import { defineOperation, type Operation } from './operation.js';

/**
 * A read's declaration: a GET, repeatable, as most of both areas' operations are. Declared without the
 * two fields every read repeats, which the bundle would otherwise carry once per read.
 */
export const defineRead = <Wire = unknown, Result = Wire>(
  read: Omit<Operation<Wire, Result>, 'method' | 'retry'>,
): Operation<Wire, Result> => defineOperation<Wire, Result>({ method: 'GET', retry: 'repeatable', ...read });
