import { knownValuesOf } from '../../core/open-enum.js';
import { isDeclaredOpen } from '../../core/open-object.js';
import type { Schema } from '../../core/validation.js';

/**
 * One place where an answer differs from what consignkit expects. It never holds a value of the answer
 * (values may be personal data): only the type that came, an enumeration's value, or that a field is
 * missing.
 */
export interface DriftDifference {
  /** The JSON path in the answer, items of a list written `[*]`: `Results[*].ConsignmentState`. */
  path: string;
  /** What consignkit expects there: a type, `one of …`, or `a field`. */
  expected: string;
  /** What came: a type, the enumeration value, `missing`, or `a field of type …` for an unknown one. */
  received: string;
  /** How many places of the answer differ this way (items of a list count one each). */
  count: number;
}

/** What the walk found: differences, and fields consignkit does not name (informative, not drift). */
export interface DriftFindings {
  differences: DriftDifference[];
  /** Paths of fields the answer has and consignkit's schema does not name. */
  unnamedFields: string[];
}

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: Schema;
  valueType?: Schema;
  getter?: () => Schema;
}

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Bounds: an answer of any size or depth gives a short report. */
const MAX_DEPTH = 64;
const MAX_ITEMS = 50;
const MAX_DIFFERENCES = 200;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** What a schema accepts, for `expected`: the wrappers looked through. */
function describe(schema: Schema, depth = 0): string {
  const def = defOf(schema);
  if (depth > 8) return 'a value';
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return describe(def.innerType as Schema, depth + 1);
    case 'pipe':
      return describe(def.in as Schema, depth + 1);
    case 'lazy':
      return describe((def.getter as () => Schema)(), depth + 1);
    case 'union':
      return [...new Set((def.options ?? []).map((option) => describe(option, depth + 1)))].join(' or ');
    case 'enum':
      return `one of ${Object.values(def.entries ?? {}).join(', ')}`;
    case 'literal':
      return `one of ${(def.values ?? []).map(String).join(', ')}`;
    case 'record':
      return 'object';
    default:
      return def.type;
  }
}

/** Whether the schema accepts a missing value (`undefined`). */
function acceptsMissing(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'nullable' || def.type === 'readonly' || def.type === 'catch') {
    return acceptsMissing(def.innerType as Schema);
  }
  if (def.type === 'union') return (def.options ?? []).some(acceptsMissing);
  if (def.type === 'pipe') return acceptsMissing(def.in as Schema);
  if (def.type === 'lazy') return acceptsMissing((def.getter as () => Schema)());
  return def.type === 'unknown' || def.type === 'any' || def.type === 'undefined';
}

/** A key that differs from a known one only in case, or by one or two edits: a renamed field. */
function looksRenamed(key: string, known: string): boolean {
  if (key.toLowerCase() === known.toLowerCase()) return true;
  const a = key.toLowerCase();
  const b = known.toLowerCase();
  if (Math.abs(a.length - b.length) > 2) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return (previous[b.length] as number) <= (b.length >= 8 ? 2 : 1);
}

class Walk {
  readonly found = new Map<string, DriftDifference>();
  readonly unnamed = new Set<string>();

  add(path: string, expected: string, received: string): void {
    const key = `${path}\u0000${expected}\u0000${received}`;
    const known = this.found.get(key);
    if (known) known.count += 1;
    else if (this.found.size < MAX_DIFFERENCES) this.found.set(key, { path, expected, received, count: 1 });
  }

  /** The differences `value` has from `schema`, recorded under `path`; returns how many it added. */
  visit(schema: Schema, value: unknown, path: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    // A value declared open takes any key: none of them is a field consignkit does not name.
    if (isDeclaredOpen(schema)) {
      if (typeOf(value) !== 'object') this.add(path, 'object', typeOf(value));
      return;
    }
    const def = defOf(schema);
    switch (def.type) {
      case 'optional':
        if (value !== undefined) this.visit(def.innerType as Schema, value, path, depth + 1);
        return;
      case 'nullable':
        if (value !== null) this.visit(def.innerType as Schema, value, path, depth + 1);
        return;
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        this.visit(def.innerType as Schema, value, path, depth + 1);
        return;
      case 'pipe':
        this.visit(def.in as Schema, value, path, depth + 1);
        return;
      case 'lazy':
        this.visit((def.getter as () => Schema)(), value, path, depth + 1);
        return;
      case 'union':
        this.union(def.options ?? [], value, path, depth);
        return;
      case 'object':
        this.object(def, value, path, depth);
        return;
      case 'array':
        if (!Array.isArray(value)) {
          this.add(path, 'array', typeOf(value));
          return;
        }
        for (const item of value.slice(0, MAX_ITEMS)) {
          this.visit(def.element as Schema, item, `${path}[*]`, depth + 1);
        }
        return;
      case 'record':
        if (typeOf(value) !== 'object') {
          this.add(path, 'object', typeOf(value));
          return;
        }
        for (const [key, item] of Object.entries(value as object).slice(0, MAX_ITEMS)) {
          this.visit(def.valueType as Schema, item, `${path}.${key}`, depth + 1);
        }
        return;
      case 'enum':
      case 'literal': {
        const allowed = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
        if (!allowed.includes(value as never)) {
          this.add(path, describe(schema), typeof value === 'string' ? value : typeOf(value));
        }
        return;
      }
      case 'string': {
        if (typeof value !== 'string') {
          this.add(path, 'string', typeOf(value));
          return;
        }
        const known = knownValuesOf(schema);
        // An enumeration the service may extend: a value consignkit does not know is drift to report,
        // though the SDK accepts it. The value is an enumeration's, not personal data.
        if (known && !known.includes(value)) this.add(path, `one of ${known.join(', ')}`, value);
        return;
      }
      case 'number':
      case 'boolean':
      case 'bigint':
        if (typeof value !== def.type) this.add(path, def.type, typeOf(value));
        return;
      case 'null':
        if (value !== null) this.add(path, 'null', typeOf(value));
        return;
      default:
        return;
    }
  }

  private union(options: Schema[], value: unknown, path: string, depth: number): void {
    // The option that fits best: none of its differences, or the fewest.
    let best: Walk | undefined;
    for (const option of options) {
      const trial = new Walk();
      trial.visit(option, value, path, depth + 1);
      if (trial.found.size === 0) {
        for (const field of trial.unnamed) this.unnamed.add(field);
        return;
      }
      if (!best || trial.found.size < best.found.size) best = trial;
    }
    if (!best) return;
    // When no option is even of the right type, say so once rather than per option.
    const typeOnly = [...best.found.values()].every((difference) => difference.path === path);
    if (typeOnly) {
      this.add(path, options.map((option) => describe(option)).join(' or '), typeOf(value));
      return;
    }
    for (const difference of best.found.values()) {
      this.add(difference.path, difference.expected, difference.received);
    }
    for (const field of best.unnamed) this.unnamed.add(field);
  }

  private object(def: Def, value: unknown, path: string, depth: number): void {
    if (typeOf(value) !== 'object') {
      this.add(path, 'object', typeOf(value));
      return;
    }
    const record = value as Record<string, unknown>;
    const shape = def.shape ?? {};
    const at = (key: string) => (path ? `${path}.${key}` : key);
    const missing = Object.keys(shape).filter(
      (key) => record[key] === undefined && !acceptsMissing(shape[key] as Schema),
    );
    const absent = Object.keys(shape).filter((key) => record[key] === undefined);
    for (const key of missing) this.add(at(key), `a field (${describe(shape[key] as Schema)})`, 'missing');
    for (const [key, item] of Object.entries(record)) {
      const schema = shape[key];
      if (schema) {
        this.visit(schema, item, at(key), depth + 1);
        continue;
      }
      const renamed = absent.find((known) => looksRenamed(key, known));
      if (renamed)
        this.add(
          at(key),
          `no such field (consignkit reads ${at(renamed)})`,
          `a field of type ${typeOf(item)}`,
        );
      else this.unnamed.add(at(key));
    }
  }
}

/**
 * Compares an answer with the schema consignkit checks it with, at every depth: wrong types, missing
 * required fields, renamed fields, and values of an enumeration that consignkit does not know. Fields the
 * schema does not name and that rename none are listed apart: the service may add fields at any time.
 */
export function findDrift(schema: Schema, body: unknown): DriftFindings {
  const walk = new Walk();
  walk.visit(schema, body, '', 0);
  return {
    differences: [...walk.found.values()].map((difference) => ({
      ...difference,
      path: difference.path || '(the answer)',
    })),
    unnamedFields: [...walk.unnamed].slice(0, MAX_DIFFERENCES),
  };
}
