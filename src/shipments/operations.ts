/**
 * Every operation of area B, read from the resource modules, so that no list names them by hand: the
 * tests walk it (each needs a reliability case, a mock route of the same name and method, a vendor title
 * and, when non-repeatable, an outcome rule) and `docs/api.md` is generated from it.
 */
import type { Operation } from '../core/transport.js';
import * as allocation from './allocation.js';
import * as contentsTracking from './contents-tracking.js';
import * as customReferenceTracking from './custom-reference-tracking.js';
import * as documents from './documents/index.js';
import * as groups from './groups.js';
import * as labels from './labels.js';
import * as manifests from './manifests.js';
import * as quotes from './quotes.js';
import * as shipments from './shipments/index.js';
import * as tracking from './tracking.js';

// A plain object first: a module's schemas are built on first read (core/lazy-schema.ts), and reading
// `name` of one here would build them all at import.
const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isOperation = (value: unknown): value is Operation =>
  isPlainObject(value) &&
  typeof (value as Operation).name === 'string' &&
  typeof (value as Operation).path === 'string' &&
  ((value as Operation).retry === 'repeatable' || (value as Operation).retry === 'non-repeatable');

/** The operations a module exports, one by one or in a plain object of them (one per addressing). */
function operationsIn(...modules: object[]): Operation[] {
  const found = new Set<Operation>();
  for (const value of modules.flatMap((module) => Object.values(module))) {
    if (isOperation(value)) found.add(value);
    else if (isPlainObject(value)) {
      for (const inner of Object.values(value)) if (isOperation(inner)) found.add(inner);
    }
  }
  return [...found];
}

/** Every area B operation, each addressing counted apart (Get Labels has two paths, membership two). */
export const SHIPMENTS_OPERATIONS: readonly Operation[] = operationsIn(
  labels,
  groups,
  documents,
  shipments,
  quotes,
  allocation,
  manifests,
  tracking,
  contentsTracking,
  customReferenceTracking,
);
