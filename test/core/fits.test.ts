/**
 * The allocation-free check (`src/core/fits.ts`) answers "certainly passes" for plainly valid answers, so
 * that strict validation builds no copy of them (issue 26, the per-call gap). It must never say so of a
 * value zod refuses: zod stays the judge of everything else. Every schema the SDK exports is tried with
 * values built from its own shape, valid and broken in every way the generator knows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { certainlyFits } from '../../src/core/fits.js';
import { findIssues, type Schema } from '../../src/core/validation.js';
import * as orderSchemas from '../../src/orders/schemas.js';
import * as shipmentSchemas from '../../src/shipments/schemas.js';

type Def = {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  in?: Schema;
  values?: unknown[];
  entries?: Record<string, unknown>;
  keyType?: Schema;
  valueType?: Schema;
};
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** The order's schema as zod sees it: the package types it as a `WireSchema`. */
const OrderSchema = orderSchemas.OrderSchema as unknown as Schema;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

const schemas: [string, Schema][] = Object.entries({ ...orderSchemas, ...shipmentSchemas } as Record<
  string,
  unknown
>).filter((entry): entry is [string, Schema] => isSchema(entry[1]));

/** Strings the service's fields hold, references and codes that pass the SDK's patterns among them. */
const STRINGS = [
  '',
  'GB',
  'GBP',
  'Kg',
  'Cm',
  'PDF',
  'Origin',
  'Destination',
  'EO-000-002-0TS',
  'EC-000-05B-MQ4',
  'EP-000-05B-MQ4',
  'EDO-000-000-ABC',
  'SL-LONDON',
  'sp_00000000000000000000000000000000',
  'sg_00000000000000000000000000000000',
  '0f8fad5bd9cb469fa16570867728950e',
  '2026-11-22T10:00:00+00:00',
  '2026-12-01',
  'JVBERi0xLjcK',
  'a'.repeat(60),
  '😀',
];
const ODD = [undefined, null, Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 1.5, 2 ** 60, true, '', [], {}];

/** A value for `schema`, steered by `pick`: valid when every choice is the shape's own. */
function valueFor(schema: Schema, pick: (count: number) => number, depth = 0): unknown {
  const def = defOf(schema);
  // One time in twelve, anything at all: the broken values.
  if (pick(12) === 0) return ODD[pick(ODD.length)];
  switch (def.type) {
    case 'string':
      return STRINGS[pick(STRINGS.length)];
    case 'number':
      return [0, 1, 2, 12.5, 100, -3, 0.4][pick(7)];
    case 'boolean':
      return pick(2) === 0;
    case 'null':
      return null;
    case 'literal':
      return def.values?.[pick(def.values.length)];
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return values[pick(values.length)];
    }
    case 'optional':
      return pick(4) === 0 ? undefined : valueFor(def.innerType as Schema, pick, depth);
    case 'nullable':
      return pick(4) === 0 ? null : valueFor(def.innerType as Schema, pick, depth);
    case 'union':
      return valueFor((def.options as Schema[])[pick(def.options?.length ?? 1)] as Schema, pick, depth);
    case 'pipe':
      return valueFor(def.in as Schema, pick, depth);
    case 'array':
      return depth > 4
        ? []
        : Array.from({ length: pick(3) }, () => valueFor(def.element as Schema, pick, depth + 1));
    case 'object': {
      if (depth > 4) return {};
      const object: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (pick(6) === 0) continue;
        object[key] = valueFor(field, pick, depth + 1);
      }
      const extra = pick(8);
      if (extra === 0) object.SomethingAddedLater = { nested: [1] };
      if (extra === 1) Object.defineProperty(object, '__proto__', { value: {}, enumerable: true });
      return object;
    }
    case 'record': {
      const record: Record<string, unknown> = {};
      for (const key of ['key', 'SKU-1', 'constructor', '0'].slice(0, pick(5)))
        record[key] = valueFor(def.valueType as Schema, pick, depth + 1);
      if (pick(6) === 0) record.constructor = function Thing() {};
      return pick(10) === 0 ? Object.assign(Object.create(null), record) : record;
    }
    default:
      return ODD[pick(ODD.length)];
  }
}

describe('the allocation-free check', () => {
  it('never says a value passes that zod refuses, for every exported schema', () => {
    let certain = 0;
    let valid = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...schemas),
        fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
        ([name, schema], choices) => {
          let at = 0;
          const pick = (count: number) => (choices[at++ % choices.length] as number) % Math.max(count, 1);
          const value = valueFor(schema, pick);
          const passes = z.safeParse(schema, value).success;
          const fits = certainlyFits(schema, value);
          if (passes) valid++;
          if (fits) certain++;
          if (fits && !passes)
            throw new Error(
              `${name}: certainlyFits passed what zod refuses: ${String(JSON.stringify(value))} ${JSON.stringify(z.safeParse(schema, value).error?.issues)}`,
            );
        },
      ),
      // `npm run fuzz`'s FUZZ=1 tries many more, from a fresh seed each run.
      process.env.FUZZ ? { numRuns: 100_000 } : { numRuns: 4000, seed: 26 },
    );
    // The check must answer for most valid values, or strict validation builds its copy again.
    if (process.env.FITS_COUNTS) console.log({ valid, certain });
    expect(valid).toBeGreaterThan(400);
    expect(certain).toBeGreaterThan(valid / 2);
  }, 300_000);

  it('answers for a large order without zod, and refuses a broken one', () => {
    const item = (index: number) => ({
      Reference: `0f8fad5bd9cb469fa16570867728950${index % 10}`,
      Sku: `SKU-${index}`,
      Quantity: 1 + index,
      Weight: { Value: 0.5, Unit: 'Kg' },
      Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
      SomethingTheServiceAddedLater: { nested: [index] },
    });
    const order = {
      OrderReference: 'EO-000-002-0TS',
      Packages: [0, 1].map((pkg) => ({
        Reference: `EP-000-05B-MQ${pkg}`,
        Items: Array.from({ length: 100 }, (_, index) => item(index)),
      })),
      Tags: ['Fragile'],
    };
    expect(z.safeParse(OrderSchema, order).success).toBe(true);
    expect(certainlyFits(OrderSchema, order)).toBe(true);
    const broken = structuredClone(order);
    (broken.Packages[1]?.Items[99] as { Quantity: unknown }).Quantity = 'two';
    expect(certainlyFits(OrderSchema, broken)).toBe(false);
    expect(z.safeParse(OrderSchema, broken).success).toBe(false);
  });

  it('leaves every value to zod where code cannot be generated (Cloudflare Workers)', () => {
    const schema = z.looseObject({ Sku: z.string() });
    const original = globalThis.Function;
    globalThis.Function = (() => {
      throw new EvalError('Code generation from strings disallowed for this context');
    }) as unknown as FunctionConstructor;
    try {
      expect(certainlyFits(schema, { Sku: 'SKU-1' })).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(findIssues(schema, { Sku: 'SKU-1' })).toBeUndefined();
    expect(findIssues(schema, { Sku: 1 })?.[0]).toMatchObject({
      path: ['Sku'],
      message: 'expected string, got number',
    });
  });

  it('leaves a value whose reading throws to zod', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(certainlyFits(OrderSchema, hostile)).toBe(false);
  });
});
