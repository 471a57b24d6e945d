import { isDeclaredOpen } from './open-object.js';
import type { Schema } from './schema.js';
import type { ValidationIssue } from './validation-issue.js';

/**
 * Finds the keys of a request that no schema names at their level. A near miss of a known field (one
 * that differs only in case, or by one edit, two for keys of eight characters or more; a swap of two
 * neighbours is one edit) names that field: `Wieght` beside `Items[0]` names `Weight`; sent as written,
 * the service would store it as an unknown field and the weight would be lost. Any other unknown key is
 * refused too, with the fields known there, unless the call allows unknown fields (a field the service
 * added after this version): sent, the service ignores it without a word (`GiftMessageForCourier`).
 */

/** Spellings the service itself uses beside the SDK's: never near misses. */
const ALIASES: Record<string, string[]> = {
  MetaData: ['Metadata'],
  ConsignmentState: ['consignmentState'],
};

/** Keys marked by {@link withExtraFields}: sent on purpose, whatever they look like. */
const extraFields = new WeakMap<object, ReadonlySet<string>>();

/**
 * Marks fields of a request object as sent on purpose: the SDK sends them as written, never refuses
 * them as unknown and never calls them a near miss of a field it knows. This is the escape hatch for a
 * field that looks like a misspelling of one the SDK knows (for any field the service added since, the
 * call's `allowUnknownFields: true` is enough). It returns a copy of `value` with `extra` added, typed
 * as `value`, so the extra fields are visible where they are written.
 *
 * @example
 * ```ts
 * import { withExtraFields } from 'consignkit';
 *
 * await orders.create(withExtraFields(order, { Weigh: 'a field the service really has' }));
 * ```
 */
export function withExtraFields<T extends object>(value: T, extra: Record<string, unknown>): T {
  const marked = { ...value, ...extra };
  extraFields.set(marked, new Set([...(extraFields.get(value) ?? []), ...Object.keys(extra)]));
  return marked as T;
}

/** Gives `copy` the marks of `source`: the plain copy a request is sent as keeps what its caller marked. */
export function carryExtraFields(source: object, copy: object): void {
  const marked = extraFields.get(source);
  if (marked !== undefined) extraFields.set(copy, marked);
}

interface Def {
  type: string;
  shape?: Record<string, Schema> | undefined;
  element?: Schema | undefined;
  innerType?: Schema | undefined;
  options?: Schema[] | undefined;
  in?: Schema | undefined;
  left?: Schema | undefined;
  right?: Schema | undefined;
  getter?: () => Schema;
}

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The object shapes a schema accepts at this level, wrappers and unions looked through; `null` for a value
 * declared open.
 */
function shapesOf(schema: Schema, seen = new Set<Schema>()): (Record<string, Schema> | null)[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  // Any key goes: a level that may be open has no unknown keys.
  if (isDeclaredOpen(schema)) return [null];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.shape ? [def.shape] : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => shapesOf(option, seen));
    case 'intersection':
      return [...shapesOf(def.left!, seen), ...shapesOf(def.right!, seen)];
    case 'pipe':
      return shapesOf(def.in!, seen);
    case 'lazy':
      return def.getter ? shapesOf(def.getter(), seen) : [];
    default:
      return def.innerType ? shapesOf(def.innerType, seen) : [];
  }
}

/** The element schemas a schema accepts for an array at this level. */
function elementsOf(schema: Schema, seen = new Set<Schema>()): Schema[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'array':
      return def.element ? [def.element] : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => elementsOf(option, seen));
    case 'pipe':
      return elementsOf(def.in!, seen);
    default:
      return def.innerType ? elementsOf(def.innerType, seen) : [];
  }
}

/** Edits between two strings (insert, delete, substitute, or swap two neighbours), up to `limit` + 1. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known key `key` misspells, if it is a near miss of one. A key that is itself known is never a near
 * miss of another: `CReference` is a search term of its own, not a typo of `Reference`.
 */
export function nearestKey(key: string, known: Iterable<string>): string | undefined {
  const candidates = [...known];
  if (candidates.includes(key)) return undefined;
  let best: { key: string; edits: number } | undefined;
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === key.toLowerCase()) return candidate;
    const limit = Math.min(key.length, candidate.length) >= 8 ? 2 : 1;
    const edits = distance(key, candidate, limit);
    if (edits <= limit && (!best || edits < best.edits)) best = { key: candidate, edits };
  }
  return best?.key;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What one object level of a schema knows: each key with its schemas, and what may be sent beside them. */
interface Level {
  known: Map<string, Schema[]>;
  aliases: ReadonlySet<string>;
  /** It may be a record (any key): only near misses are unknown there. */
  open: boolean;
}

// Worked out once per schema: a request walks the same levels on every call.
const levels = new WeakMap<Schema, Level | null>();
const elements = new WeakMap<Schema, Schema[]>();

function levelOf(schema: Schema): Level | null {
  let level = levels.get(schema);
  if (level === undefined) {
    const found = shapesOf(schema);
    const shapes = found.filter((shape) => shape !== null);
    const known = new Map<string, Schema[]>();
    for (const shape of shapes) {
      for (const [key, child] of Object.entries(shape)) known.set(key, [...(known.get(key) ?? []), child]);
    }
    level =
      shapes.length === 0
        ? null
        : {
            known,
            aliases: new Set([...known.keys()].flatMap((key) => ALIASES[key] ?? [])),
            // A level with no known field would refuse every key, naming none it knows: schemas declare
            // such a value open on purpose (core/open-object.ts), and a test holds them to it.
            open: shapes.length < found.length || known.size === 0,
          };
    levels.set(schema, level);
  }
  return level;
}

function elementsOfCached(schema: Schema): Schema[] {
  let found = elements.get(schema);
  if (found === undefined) {
    found = elementsOf(schema);
    elements.set(schema, found);
  }
  return found;
}

/** What to do with a key no schema names that is not a near miss of one. */
export type UnknownFields = 'refuse' | 'allow';

/** The known fields of a level, as a message lists them. */
const knownList = (level: Level) => [...level.known.keys()].sort().join(', ');

/**
 * Every unknown key in `value` against `schema`, at every depth: each near miss with its path, a message
 * and the field it misspells; with `unknown: 'refuse'`, every other unknown key too, with the fields known
 * at its level.
 */
export function findNearMisses(
  schema: Schema,
  value: unknown,
  path: (string | number)[] = [],
  unknown: UnknownFields = 'allow',
): ValidationIssue[] {
  if (Array.isArray(value)) {
    const elementSchemas = elementsOfCached(schema);
    return elementSchemas.length === 0
      ? []
      : value.flatMap((item, index) =>
          elementSchemas.flatMap((element) => findNearMisses(element, item, [...path, index], unknown)),
        );
  }
  if (!isPlainObject(value)) return [];
  const level = levelOf(schema);
  if (!level) return [];
  const extra = extraFields.get(value);
  const issues: ValidationIssue[] = [];
  for (const [key, child] of Object.entries(value)) {
    const schemas = level.known.get(key);
    if (schemas) {
      if (schemas.length === 1) {
        issues.push(...findNearMisses(schemas[0]!, child, [...path, key], unknown));
        continue;
      }
      const found = schemas.flatMap((schema) => findNearMisses(schema, child, [...path, key], unknown));
      const unique = new Map(found.map((issue) => [`${issue.path.join('\u0000')}`, issue]));
      issues.push(...unique.values());
      continue;
    }
    if (level.aliases.has(key) || extra?.has(key)) continue;
    const suggestion = nearestKey(key, level.known.keys());
    if (suggestion !== undefined) {
      issues.push({
        path: [...path, key],
        message: `unknown field; did you mean ${suggestion}?`,
        code: 'near_miss',
        suggestion,
      });
    } else if (unknown === 'refuse' && !level.open) {
      issues.push({
        path: [...path, key],
        message: `unknown field; the fields known here are ${knownList(level)} (a field the service added since: pass allowUnknownFields: true)`,
        code: 'unknown_field',
      });
    }
  }
  return issues;
}
