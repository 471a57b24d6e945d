/**
 * The request body as it goes on the wire: one plain copy made by JSON's own rules, which is then both
 * checked and sent. Checking the caller's object and sending `JSON.stringify` of it checked two different
 * things: an order whose `toJSON()` drops its packages, a class whose fields are prototype getters (read
 * by the check, skipped by JSON), `Object.create(order)` or a `Proxy` all passed the check and went out as
 * something else, often `{}`.
 *
 * Two of JSON's rules are refused rather than followed, since each sends something the caller did not
 * write: a number that is not finite (JSON writes `NaN` and `Infinity` as `null`, which a nullable field
 * accepts: a weight of NaN went out as no weight), and a list whose `toJSON()` gives other items than it
 * holds (`[sp_1]` went out as `[sp_9]`, while everything that reads the list, the caller included, saw
 * `sp_1`).
 */

import { formatPath } from './issue-path.js';
import { carryExtraFields } from './near-miss.js';
import type { ValidationIssue } from './validation-issue.js';

/** Deeper than any request the service takes; past it the copy stops rather than exhaust the stack. */
const MAX_DEPTH = 1_000;

type Path = (string | number)[];

const PLAIN_FIELD = { enumerable: true, writable: true, configurable: true } as const;

/** Why the body has no JSON copy, at the field where reading it failed. */
export class UncopiableBody extends Error {
  constructor(readonly issue: ValidationIssue) {
    super(issue.message);
  }
}

/** What the copy saw that JSON leaves out, for a message when the copy then fails its check. */
export interface CopyNotes {
  /** Objects whose prototype holds fields (getters, inherited values) that JSON does not send. */
  inherited: string[];
}

function fail(path: Path, message: string, code = 'not_json'): never {
  throw new UncopiableBody({ path, message, code });
}

function describeThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Reads `read()`, turning anything it throws (a getter, a proxy trap) into a problem at `path`. */
function reading<T>(path: Path, what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UncopiableBody) throw error;
    return fail(path, `${what} threw ${describeThrown(error)}`);
  }
}

/** Whether JSON would skip fields of this object that a property read finds (prototype getters, inherited values). */
function hasInheritedFields(value: object): boolean {
  let prototype = Object.getPrototypeOf(value) as object | null;
  while (prototype !== null && prototype !== Object.prototype) {
    for (const key of Object.getOwnPropertyNames(prototype)) {
      if (key === 'constructor') continue;
      const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
      if (
        descriptor?.get !== undefined ||
        (descriptor?.enumerable && typeof descriptor.value !== 'function')
      ) {
        return true;
      }
    }
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  return false;
}

/** `new Number(1)`, `new String('a')` and `new Boolean(true)` as JSON writes them: their primitive. */
function unboxed(value: object): unknown {
  // The brand checks JSON makes: `instanceof` is fooled by `Object.create(Number.prototype)`.
  const primitives: ((this: unknown) => unknown)[] = [
    Number.prototype.valueOf,
    String.prototype.valueOf,
    Boolean.prototype.valueOf,
  ];
  for (const primitiveOf of primitives) {
    try {
      return primitiveOf.call(value);
    } catch {}
  }
  return value;
}

/** `NaN`, `Infinity` or `-Infinity`, as the caller would recognise it. */
const nonFinite = (value: number) => (Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity');

/**
 * A plain copy of `input` as `JSON.stringify` would write it: `toJSON` called, own enumerable keys only,
 * `undefined` and functions left out (as `null` in an array). A number that is not finite, a list whose
 * `toJSON()` gives other items than it holds, a getter or proxy trap that throws, a BigInt, a cycle or a
 * body nested deeper than 1,000 levels throws {@link UncopiableBody} naming the field.
 */
export function jsonCopy(input: unknown, notes: CopyNotes = { inherited: [] }): unknown {
  const ancestors = new Set<object>();
  // `ownItems`: the value as it is, its toJSON() not called (a list's items; what a toJSON() returned).
  const copy = (holder: unknown, key: string, path: Path, ownItems = false): unknown => {
    let value = holder;
    if (!ownItems && ((typeof value === 'object' && value !== null) || typeof value === 'bigint')) {
      const toJSON = reading(path, 'reading toJSON', () => (value as { toJSON?: unknown }).toJSON);
      if (typeof toJSON === 'function') {
        const list = reading(path, 'reading it', () => Array.isArray(value));
        const replaced = reading(path, 'its toJSON()', () => toJSON.call(value, key));
        if (list) return sameItems(holder, replaced, key, path);
        value = replaced;
      }
    }
    if (typeof value === 'object' && value !== null) value = unboxed(value);
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return value;
      return fail(
        path,
        `expected a finite number, got ${nonFinite(value)} (JSON would send it as null)`,
        'not_finite',
      );
    }
    if (typeof value === 'bigint') return fail(path, 'a BigInt has no JSON form');
    if (typeof value !== 'object') return undefined;
    if (ancestors.has(value)) return fail(path, 'it holds itself (a cycle), which JSON cannot write');
    if (path.length >= MAX_DEPTH) return fail(path, `it is nested deeper than ${MAX_DEPTH} levels`);
    const object = value;
    ancestors.add(object);
    try {
      if (reading(path, 'reading it', () => Array.isArray(object))) {
        const length = reading(path, 'reading its length', () => (object as unknown[]).length);
        const items: unknown[] = [];
        for (let index = 0; index < length; index++) {
          const at = [...path, index];
          const item = copy(
            reading(at, 'reading it', () => (object as unknown[])[index]),
            String(index),
            at,
          );
          items.push(item === undefined ? null : item);
        }
        return items;
      }
      if (reading(path, 'reading it', () => hasInheritedFields(object)))
        notes.inherited.push(formatPath(path));
      const result: Record<string, unknown> = {};
      for (const name of reading(path, 'listing its fields', () => Object.keys(object))) {
        const at = [...path, name];
        const field = copy(
          reading(at, 'reading it', () => (object as Record<string, unknown>)[name]),
          name,
          at,
        );
        // `__proto__` from JSON.parse is an own field like any other; assigned, it would set the prototype.
        if (field !== undefined) Object.defineProperty(result, name, { value: field, ...PLAIN_FIELD });
      }
      carryExtraFields(object, result);
      return result;
    } finally {
      ancestors.delete(object);
    }
  };
  /** A list with a `toJSON()`: sent as its items, and only when `toJSON()` gives those same items. */
  const sameItems = (list: unknown, replaced: unknown, key: string, path: Path): unknown => {
    const items = copy(list, key, path, true);
    // As JSON does, the toJSON() of what toJSON() returned is not called.
    if (replaced !== list && JSON.stringify(copy(replaced, key, path, true)) !== JSON.stringify(items)) {
      fail(
        path,
        'its toJSON() gives other items than the list holds, so what is sent would not be what is checked: pass a plain array',
        'list_to_json',
      );
    }
    return items;
  };
  return copy(input, '', []);
}
