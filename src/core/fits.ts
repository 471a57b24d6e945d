/**
 * A check that builds nothing: whether a value certainly passes a schema, answered without allocating.
 *
 * zod answers "does it pass?" by parsing, and a parse builds a copy of the value; even its compiled
 * `validate` builds one where the schema has unions and loose objects, and calls a fresh closure per
 * field. For a 54 kB order that garbage was most of what strict validation allocated: little CPU, but on
 * a loaded machine each young-generation collection it brought forward took milliseconds of wall time,
 * charged to whichever call was running (docs/performance.md, "The per-call gap").
 *
 * {@link certainlyFits} writes, once per schema, a function per shape that reads the value and writes
 * nothing: fixed property names (`v["Sku"]`), so that each read is as fast as in hand-written code. It
 * only ever says "certainly passes": a schema kind, check or corner it does not model exactly (a transform,
 * an overwrite other than the last check, a string format other than a pattern, a custom catchall…) answers
 * `false`, and so does every value where code cannot be generated (Cloudflare Workers); the caller then
 * asks zod, which stays the authority for every value that is not plainly valid and for every issue
 * reported. `true` here therefore always means zod passes the value too; `test/core/fits.test.ts` holds
 * it to that for every schema the SDK exports.
 */
import { config } from 'zod/mini';
import type { Schema } from './schema.js';

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
  tx?: (value: unknown) => unknown;
}

const internals = (schema: Schema) => (schema as unknown as { _zod: Internals })._zod;

/** "Not certain" for every value: zod decides. */
const UNSURE: Fits = () => false;

const written = new WeakMap<object, Fits>();

/** Whether `value` certainly passes `schema` (zod would pass it); `false` means ask zod. */
export function certainlyFits(schema: Schema, value: unknown): boolean {
  let fits = written.get(schema);
  if (fits === undefined) {
    fits = write(schema);
    written.set(schema, fits);
  }
  try {
    return fits(value);
  } catch {
    // A getter, a proxy trap or a refinement threw: zod reads the value again and says what it makes of it.
    return false;
  }
}

function write(schema: Schema): Fits {
  if (!codeGeneration()) return UNSURE;
  try {
    const writer = new Writer();
    const root = writer.functionFor(schema);
    const constants = writer.constants.map((_, index) => `c${index} = k[${index}]`);
    const source = `${constants.length > 0 ? `const ${constants.join(', ')};\n` : ''}${writer.functions.join('\n')}\nreturn ${root};`;
    return new Function('k', source)(writer.constants) as Fits;
  } catch {
    // A shape the writer cannot express: zod checks every value.
    return UNSURE;
  }
}

let canGenerate: boolean | undefined;

/**
 * Whether code can be generated here, asked once per process: under a content-security policy each
 * refused `new Function` files a violation report, even when the refusal is caught, so asking once per
 * schema filed one per schema (issue 39). zod asks once too, for its object parsers; its own answer is not
 * reachable without bundling all of its utilities. `z.config({ jitless: true })` answers no for both.
 */
function codeGeneration(): boolean {
  if (canGenerate === undefined) {
    try {
      canGenerate = config().jitless !== true && typeof new Function('return 1') === 'function';
    } catch {
      canGenerate = false;
    }
  }
  return canGenerate;
}

/** Writes one function per schema node; each returns `false` at the first thing it cannot vouch for. */
class Writer {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];
  readonly #names = new Map<object, string>();

  constant(value: unknown): string {
    this.constants.push(value);
    return `c${this.constants.length - 1}`;
  }

  functionFor(schema: Schema): string {
    const known = this.#names.get(schema);
    if (known !== undefined) return known;
    const name = `f${this.#names.size}`;
    // Named before its body is written, so that a schema reaching itself calls itself.
    this.#names.set(schema, name);
    const body = this.#body(schema) ?? ['return false;'];
    this.functions.push(`function ${name}(v) {\n${body.join('\n')}\nreturn true;\n}`);
    return name;
  }

  #body(schema: Schema): string[] | undefined {
    const zod = internals(schema);
    const def = zod.def;
    if (def.coerce) return undefined;
    const own = this.#type(zod, def);
    if (own === undefined) return undefined;
    // A format schema (`z.int()`, `z.email()`) is its own check as well as a type.
    const checks = [
      ...('check' in def ? [def as unknown as CheckDef] : []),
      ...(def.checks ?? []).map((c) => c._zod.def),
    ];
    const lines = [...own];
    for (const [index, check] of checks.entries()) {
      // An overwrite (the order's `withReplaceableKeys`) hands the checks after it another value: only a
      // last one is modelled, as a function that must not fail.
      if (check.check === 'overwrite' && index !== checks.length - 1) return undefined;
      const line = this.#check(check);
      if (line === undefined) return undefined;
      lines.push(line);
    }
    return lines;
  }

  #type(zod: Internals, def: Def): string[] | undefined {
    switch (def.type) {
      case 'string':
        return ['if (typeof v !== "string") return false;'];
      case 'number':
        // `Number.isFinite` is false for NaN and ±Infinity, which zod refuses too.
        return ['if (typeof v !== "number" || !Number.isFinite(v)) return false;'];
      case 'boolean':
        return ['if (typeof v !== "boolean") return false;'];
      case 'null':
        return ['if (v !== null) return false;'];
      case 'unknown':
      case 'any':
        return [];
      case 'literal':
      case 'enum':
        return zod.values instanceof Set
          ? [`if (!${this.constant(zod.values)}.has(v)) return false;`]
          : undefined;
      case 'optional': {
        const innerType = def.innerType as Schema;
        // An exact optional refuses `undefined` unless its inner schema takes it; a defaulted one substitutes.
        if (zod.traits?.has('$ZodExactOptional') || internals(innerType).optin === 'defaulted')
          return undefined;
        return [`if (v !== undefined && !${this.functionFor(innerType)}(v)) return false;`];
      }
      case 'nullable':
        return [`if (v !== null && !${this.functionFor(def.innerType as Schema)}(v)) return false;`];
      case 'array':
        return [
          'if (!Array.isArray(v)) return false;',
          `for (let i = 0; i < v.length; i++) if (!${this.functionFor(def.element as Schema)}(v[i])) return false;`,
        ];
      case 'union': {
        // An exclusive union (`z.xor`) passes only when exactly one option does: zod counts.
        if (def.inclusive === false) return undefined;
        const options = (def.options ?? []).map((option) => `${this.functionFor(option)}(v)`);
        return [`if (!(${options.length > 0 ? options.join(' || ') : 'false'})) return false;`];
      }
      case 'object':
        return this.#object(def);
      default:
        // date, record, tuple, map, set, transform, custom, lazy, default, catch…: zod decides.
        return undefined;
    }
  }

  #object(def: Def): string[] | undefined {
    const shape = def.shape ?? {};
    if (Object.getOwnPropertySymbols(shape).length > 0) return undefined;
    const keys = Object.keys(shape);
    if (keys.includes('__proto__')) return undefined;
    const catchall = def.catchall === undefined ? undefined : internals(def.catchall).def.type;
    // Loose (unknown extra keys kept) and stripping objects take any extra key; a strict one refuses every
    // key its shape does not name; any other catchall checks each extra value: zod decides those.
    const strict = catchall === 'never';
    if (catchall !== undefined && catchall !== 'unknown' && catchall !== 'any' && !strict) return undefined;
    const lines = ['if (typeof v !== "object" || v === null || Array.isArray(v)) return false;'];
    for (const key of keys) {
      const field = shape[key] as Schema;
      const zod = internals(field);
      const fits = this.functionFor(field);
      const name = JSON.stringify(key);
      // zod lets a key be absent when its schema is optional going in, and then checks `undefined`,
      // unless the schema is optional both ways (handlePropertyResult in zod's object).
      const absent =
        zod.optin === undefined
          ? 'return false;'
          : zod.optin === 'optional' && zod.optout === 'optional'
            ? ''
            : `if (!${fits}(undefined)) return false;`;
      lines.push(
        `{ const x = v[${name}]; if (x === undefined && !(${name} in v)) { ${absent} } else if (!${fits}(x)) return false; }`,
      );
    }
    if (strict) {
      const names = this.constant(shape);
      const hasOwn = this.constant(Object.prototype.hasOwnProperty);
      lines.push(
        `for (const key in v) if (!${hasOwn}.call(${names}, key)) return false;`,
        'if (Object.getOwnPropertySymbols(v).length > 0) return false;',
      );
    }
    return lines;
  }

  /**
   * One check. Each is applied whatever its `when` says: a check zod would skip and that fails here only
   * makes the answer "ask zod", never a wrong "passes".
   */
  #check(check: CheckDef): string | undefined {
    const number = (value: unknown) =>
      typeof value === 'number' && !Number.isNaN(value) ? this.constant(value) : undefined;
    switch (check.check) {
      case 'min_length': {
        const minimum = number(check.minimum);
        // zod counts a string's code points, one or two UTF-16 units each: twice the floor in units is
        // always enough, and so is the floor in a string of no surrogate; else zod counts.
        const surrogate = this.constant(/[\uD800-\uDFFF]/);
        return minimum === undefined
          ? undefined
          : `if (Array.isArray(v) ? v.length < ${minimum} : typeof v !== "string" || (v.length < ${minimum} * 2 && (v.length < ${minimum} || ${surrogate}.test(v)))) return false;`;
      }
      case 'max_length': {
        const maximum = number(check.maximum);
        // Never more code points than units.
        return maximum === undefined
          ? undefined
          : `if (!(Array.isArray(v) || typeof v === "string") || v.length > ${maximum}) return false;`;
      }
      case 'string_format': {
        if (check.format !== 'regex' || !(check.pattern instanceof RegExp)) return undefined;
        const pattern = this.constant(check.pattern);
        return `if (typeof v !== "string") return false; ${pattern}.lastIndex = 0; if (!${pattern}.test(v)) return false;`;
      }
      case 'greater_than':
      case 'less_than': {
        const bound = number(check.value);
        if (bound === undefined) return undefined;
        const operator = (check.check === 'greater_than' ? '>' : '<') + (check.inclusive ? '=' : '');
        return `if (typeof v !== "number" || !(v ${operator} ${bound})) return false;`;
      }
      case 'number_format':
        return check.format === 'safeint' ? 'if (!Number.isSafeInteger(v)) return false;' : undefined;
      case 'overwrite': {
        if (typeof check.tx !== 'function') return undefined;
        return `${this.constant(check.tx)}(v);`;
      }
      case 'custom': {
        // A refinement: zod fails the value when its function returns something falsy.
        if (typeof check.fn !== 'function') return undefined;
        const fn = this.constant(check.fn);
        return `{ const passed = ${fn}(v); if (passed instanceof Promise || !passed) return false; }`;
      }
      default:
        return undefined;
    }
  }
}
