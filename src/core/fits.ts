/**
 * A check that builds nothing: whether a value certainly passes a schema, answered without allocating.
 *
 * zod answers "does it pass?" by parsing, and a parse builds a copy of the value; even its compiled
 * `validate` builds one where the schema has unions and loose objects, and calls a fresh closure per
 * field. For a 54 kB order that garbage was most of what strict validation cost: little CPU, but on a
 * loaded machine each young-generation collection it brought forward took milliseconds of wall time,
 * charged to whichever call was running (docs/performance.md, "The per-call gap").
 *
 * {@link fitsOf} turns a schema, once, into a tree of small functions that read the value and write
 * nothing. It only ever says "certainly passes": a schema kind, check or corner it does not model exactly
 * (a transform other than a pipe's last step, a string format other than a pattern, a strict object's
 * symbol keys…) answers `false`, and the caller then asks zod, which stays the authority for every value
 * that is not plainly valid and for every issue reported. `true` here therefore always means zod passes
 * the value too; `test/core/fits.test.ts` holds it to that.
 */
import type { Schema } from './validation.js';

type Fits = (value: unknown) => boolean;

interface Internals {
  def: Def;
  optin?: 'optional' | 'defaulted' | undefined;
  optout?: 'optional' | undefined;
  values?: Set<unknown> | undefined;
  traits?: Set<string> | undefined;
}

interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  inclusive?: boolean;
  in?: Schema;
  out?: Schema;
  transform?: (value: unknown, payload: unknown) => unknown;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: unknown;
  inclusive?: boolean;
  fn?: (value: unknown) => unknown;
}

const internals = (schema: Schema) => (schema as unknown as { _zod: Internals })._zod;

/** Answers "not certain" for any value: zod decides. */
const UNSURE: Fits = () => false;
const ANY: Fits = () => true;

const plans = new WeakMap<object, Fits>();

/**
 * The allocation-free check for `schema`, built on first use and kept for the schema's life. `true`
 * means zod passes the value; `false` means ask zod.
 */
export function fitsOf(schema: Schema): Fits {
  const known = plans.get(schema);
  if (known !== undefined) return known;
  // A schema that reaches itself (through a getter) calls whatever plan it ends up with.
  plans.set(schema, (value) => (plans.get(schema) as Fits)(value));
  let plan: Fits;
  try {
    plan = planOf(schema);
  } catch {
    plan = UNSURE;
  }
  plans.set(schema, plan);
  return plan;
}

/** Whether `value` certainly passes `schema`; a getter or proxy that throws makes it uncertain. */
export function certainlyFits(schema: Schema, value: unknown): boolean {
  try {
    return fitsOf(schema)(value);
  } catch {
    return false;
  }
}

function planOf(schema: Schema): Fits {
  const zod = internals(schema);
  const def = zod.def;
  if (def.coerce) return UNSURE;
  // A format schema (`z.int()`, `z.email()`) is its own check as well as a type.
  const checks = checksOf(
    'check' in def ? [{ _zod: { def: def as unknown as CheckDef } }, ...(def.checks ?? [])] : def.checks,
  );
  if (checks === UNSURE) return UNSURE;
  const own = typeCheck(schema, zod, def);
  if (own === UNSURE) return UNSURE;
  if (checks === ANY) return own;
  return (value) => own(value) && checks(value);
}

function typeCheck(schema: Schema, zod: Internals, def: Def): Fits {
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      // `Number.isFinite` is false for NaN and ±Infinity, which zod refuses too.
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return ANY;
    case 'literal':
    case 'enum': {
      const values = zod.values;
      if (!(values instanceof Set)) return UNSURE;
      return (value) => values.has(value);
    }
    case 'optional': {
      const innerType = def.innerType as Schema;
      const inner = fitsOf(innerType);
      // An exact optional refuses `undefined` unless its inner schema takes it; a defaulted one substitutes.
      if (zod.traits?.has('$ZodExactOptional') || internals(innerType).optin === 'defaulted') return UNSURE;
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = fitsOf(def.innerType as Schema);
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = fitsOf(def.element as Schema);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let index = 0; index < value.length; index++) if (!element(value[index])) return false;
        return true;
      };
    }
    case 'union': {
      // An exclusive union (`z.xor`) passes only when exactly one option does: zod counts.
      if (def.inclusive === false) return UNSURE;
      const options = (def.options ?? []).map(fitsOf);
      return (value) => {
        for (const option of options) if (option(value)) return true;
        return false;
      };
    }
    case 'object':
      return objectCheck(def);
    case 'pipe':
      return pipeCheck(def);
    default:
      // date, record, tuple, map, set, transform, custom, lazy, default, catch…: zod decides.
      void schema;
      return UNSURE;
  }
}

const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

function objectCheck(def: Def): Fits {
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length > 0) return UNSURE;
  const keys = Object.keys(shape);
  if (keys.includes('__proto__')) return UNSURE;
  const fields = keys.map((key) => {
    const schema = shape[key] as Schema;
    const zod = internals(schema);
    const fits = fitsOf(schema);
    // zod lets a key be absent when its schema is optional going in; it then checks what it read, unless
    // the schema is optional both ways (handlePropertyResult in zod's object).
    const absent: Fits =
      zod.optin === undefined ? UNSURE : zod.optin === 'optional' && zod.optout === 'optional' ? ANY : fits;
    return { key, fits, absent };
  });
  const catchall = def.catchall === undefined ? undefined : internals(def.catchall).def.type;
  // Loose (unknown extra keys kept) and stripping objects take any extra key; a strict one refuses every
  // key its shape does not name, and any other catchall checks each extra value: zod decides those.
  const strict = catchall === 'never';
  if (catchall !== undefined && catchall !== 'unknown' && catchall !== 'any' && !strict) return UNSURE;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    for (let index = 0; index < fields.length; index++) {
      const { key, fits, absent } = fields[index] as (typeof fields)[number];
      const field = record[key];
      if (field === undefined && !(key in record)) {
        if (!absent(undefined)) return false;
      } else if (!fits(field)) return false;
    }
    if (strict) {
      for (const key in record) if (!hasOwn(shape, key)) return false;
      if (Object.getOwnPropertySymbols(record).length > 0) return false;
    }
    return true;
  };
}

/**
 * A pipe whose last step is a transform (the order's `withReplaceableKeys`): the value must pass the
 * first step, and the transform must neither fail nor report an issue. zod hands the transform its parsed
 * copy; a transform that reads nothing but the value's fields sees the same here.
 */
function pipeCheck(def: Def): Fits {
  const first = fitsOf(def.in as Schema);
  const last = internals(def.out as Schema).def;
  if (last.type !== 'transform' || typeof last.transform !== 'function') return UNSURE;
  if ((last.checks?.length ?? 0) > 0) return UNSURE;
  const transform = last.transform;
  return (value) => {
    if (!first(value)) return false;
    const issues: unknown[] = [];
    const payload = { value, issues, addIssue: (issue: unknown) => issues.push(issue) };
    const out = transform(value, payload);
    return issues.length === 0 && !(out instanceof Promise);
  };
}

/** A schema's checks as one function: ANY when there are none, UNSURE when one is not modelled. */
function checksOf(checks: Def['checks']): Fits {
  if (checks === undefined || checks.length === 0) return ANY;
  const each = checks.map((check) => checkOf(check._zod.def));
  if (each.includes(UNSURE)) return UNSURE;
  return (value) => {
    for (const check of each) if (!check(value)) return false;
    return true;
  };
}

/**
 * One check. Each is applied whatever its `when` says: a check zod would skip and that fails here only
 * makes the answer "ask zod", never a wrong "passes".
 */
function checkOf(check: CheckDef): Fits {
  switch (check.check) {
    case 'min_length': {
      const minimum = check.minimum as number;
      // zod counts a string's code points, one or two UTF-16 units each: twice the floor in units is
      // always enough; below that, zod counts.
      return (value) =>
        Array.isArray(value)
          ? value.length >= minimum
          : typeof value === 'string' && value.length >= minimum * 2;
    }
    case 'max_length': {
      const maximum = check.maximum as number;
      // Never more code points than units.
      return (value) => (Array.isArray(value) || typeof value === 'string') && value.length <= maximum;
    }
    case 'string_format': {
      const pattern = check.pattern;
      if (check.format !== 'regex' || !(pattern instanceof RegExp)) return UNSURE;
      return (value) => {
        if (typeof value !== 'string') return false;
        pattern.lastIndex = 0;
        return pattern.test(value);
      };
    }
    case 'greater_than': {
      const bound = check.value;
      if (typeof bound !== 'number') return UNSURE;
      return check.inclusive
        ? (value) => typeof value === 'number' && value >= bound
        : (value) => typeof value === 'number' && value > bound;
    }
    case 'less_than': {
      const bound = check.value;
      if (typeof bound !== 'number') return UNSURE;
      return check.inclusive
        ? (value) => typeof value === 'number' && value <= bound
        : (value) => typeof value === 'number' && value < bound;
    }
    case 'number_format':
      return check.format === 'safeint' ? (value) => Number.isSafeInteger(value) : UNSURE;
    case 'custom': {
      // A refinement: zod fails the value when its function returns something falsy.
      const fn = check.fn;
      if (typeof fn !== 'function') return UNSURE;
      return (value) => {
        const passed = fn(value);
        return !(passed instanceof Promise) && Boolean(passed);
      };
    }
    default:
      return UNSURE;
  }
}
