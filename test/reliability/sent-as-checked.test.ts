import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { OutcomeUnknownError, RequestValidationError } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { DECLARED } from '../support/operations.js';
import { fuzzParameters } from './fuzz.js';
import { type Clients, clientsOver, OPERATIONS } from './operations.js';

/**
 * Every operation's input, disguised, against one property: each body that passed its check is what goes
 * on the wire, exactly, and nothing else goes. The check is watched where the SDK makes it (every check of
 * caller input goes through `checkInput`), and what it was given is read as a schema reads it: arrays by
 * index, objects by their own fields, never through `toJSON`.
 */

const checked = vi.hoisted(() => ({ bodies: [] as { operation: string; value: unknown }[] }));

vi.mock('../../src/core/validation.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/core/validation.js')>();
  /** The value as a schema reads it, read once, now. */
  const asRead = (value: unknown): unknown => {
    if (Array.isArray(value)) return Array.from({ length: value.length }, (_, index) => asRead(value[index]));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.keys(value).map((key) => [key, asRead((value as Record<string, unknown>)[key])]),
    );
  };
  return {
    ...actual,
    checkInput: (...args: Parameters<typeof actual.checkInput>) => {
      const result = actual.checkInput(...args);
      const [, value, what] = args;
      const operation = / request$/.test(what) ? what.replace(/ request$/, '') : undefined;
      if (operation !== undefined) checked.bodies.push({ operation, value: asRead(value) });
      return result;
    },
  };
});

const KEY = 'sk_test_sent_as_checked_0123456789';

/**
 * How one value of the input is disguised: an array or object as itself, a proxy, getters, its own
 * `toJSON` (giving the same or another value), an instance of a class whose prototype's `toJSON` gives the
 * same or other fields; a string, number or boolean (an element, a field) boxed with a `toJSON` of its own.
 */
const FACES = [
  'plain',
  'proxy',
  'getters',
  'toJSONSame',
  'toJSONOther',
  'flipping',
  'classSame',
  'classOther',
] as const;
type Face = (typeof FACES)[number];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** The next character of its kind: `1` → `2`, `a` → `b`, so that a reference stays a valid one. */
const nextOf = (character: string) =>
  /\d/.test(character)
    ? String((Number(character) + 1) % 10)
    : /[a-y]/i.test(character)
      ? String.fromCharCode(character.charCodeAt(0) + 1)
      : 'a';

/** Another value of a field, as valid as it was where it can be: `sp_…1` → `sp_…2`. */
const flipped = (value: unknown): unknown =>
  typeof value === 'string'
    ? `${value.slice(0, -1)}${nextOf(value.slice(-1))}`
    : typeof value === 'number'
      ? value + 1
      : typeof value === 'boolean'
        ? !value
        : null;

/** A data class as an integrator writes one: its fields own, its `toJSON` on the prototype. */
class Dto {
  constructor(
    fields: object,
    private readonly sent: () => unknown,
  ) {
    Object.assign(this, fields);
    Object.defineProperty(this, 'sent', { enumerable: false });
  }
  toJSON() {
    return this.sent();
  }
}

/** A string, number or boolean boxed (`new String('sp_1')`), its own `toJSON` giving it or another. */
function boxed(value: string | number | boolean, face: Face): unknown {
  const box = Object(value) as object;
  const other = face === 'toJSONOther' || face === 'classOther' || face === 'flipping';
  return Object.assign(box, { toJSON: () => (other ? flipped(value) : value) });
}

/** `value` with each array, plain object and primitive in it disguised by the next face. */
function disguise(value: unknown, nextFace: () => Face): unknown {
  const isList = Array.isArray(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const face = nextFace();
    return face === 'plain' || face === 'proxy' || face === 'getters' ? value : boxed(value, face);
  }
  if (!isList && !isPlainObject(value)) return value;
  const face = nextFace();
  const entries = Object.entries(value).map(([key, child]) => [key, disguise(child, nextFace)] as const);
  const plain = isList ? entries.map(([, child]) => child) : Object.fromEntries(entries);
  switch (face) {
    case 'plain':
      return plain;
    case 'proxy':
      return new Proxy(plain, {});
    case 'toJSONSame':
    case 'toJSONOther': {
      // A list of other references (`[sp_1]` as `[sp_2]`), an object without its first field.
      const other = isList ? (plain as unknown[]).map(flipped) : Object.fromEntries(entries.slice(1));
      Object.defineProperty(plain, 'toJSON', { value: () => (face === 'toJSONSame' ? plain : other) });
      return plain;
    }
    case 'classSame':
    case 'classOther': {
      if (isList) return plain;
      const other = Object.fromEntries(entries.map(([key, child]) => [key, flipped(child)]));
      return new Dto(plain as object, () => (face === 'classSame' ? plain : other));
    }
    case 'getters':
    case 'flipping': {
      const target: object = isList ? new Array(entries.length) : {};
      for (const [key, child] of entries) {
        let reads = 0;
        Object.defineProperty(target, key, {
          enumerable: true,
          get: () => (face === 'flipping' && reads++ > 0 ? flipped(child) : child),
        });
      }
      return target;
    }
  }
}

/** Both clients, each method's arguments disguised before the SDK sees them. */
function disguisedClients(clients: Clients, faces: readonly Face[]): Clients {
  let next = 0;
  const nextFace = () => faces[next++ % faces.length] as Face;
  const wrap = <T extends object>(client: T): T =>
    new Proxy(client, {
      get(target, name) {
        const member = Reflect.get(target, name, target) as unknown;
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) =>
          (member as (...args: unknown[]) => unknown).apply(
            target,
            args.map((argument) => disguise(argument, nextFace)),
          );
      },
    });
  return { orders: wrap(clients.orders), shipments: wrap(clients.shipments) };
}

const wireBodyOf = new Map<string, (body: unknown) => unknown>(
  DECLARED.map(({ operation }) => [
    operation.name,
    (operation as { wireBody?: (body: unknown) => unknown }).wireBody ?? ((body: unknown) => body),
  ]),
);

describe('what is sent is what was checked', () => {
  it.each(OPERATIONS)(
    '$name: every body that passed its check is sent as checked, and only those',
    async ({ call }) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...FACES), { minLength: 1, maxLength: 40 }),
          async (faces) => {
            const mock = createMockService({ apiKey: KEY });
            const sent: unknown[] = [];
            const clients = clientsOver(
              async (input, init) => {
                const request = new Request(input, init);
                const text = await request.clone().text();
                if (text !== '') sent.push(JSON.parse(text));
                return mock.fetch(request);
              },
              { apiKey: KEY, maxRetries: 0 },
            );
            checked.bodies.length = 0;
            await call(disguisedClients(clients, faces)).catch((error: unknown) => {
              // A refusal is an answer; anything thrown before sending must be one.
              if (sent.length === 0 && !(error instanceof RequestValidationError)) {
                expect(error).toHaveProperty('name');
              }
            });
            const expected = checked.bodies.map(({ operation, value }) =>
              JSON.parse(JSON.stringify((wireBodyOf.get(operation) ?? ((body: unknown) => body))(value))),
            );
            expect(sent).toEqual(expected);
          },
        ),
        fuzzParameters(12),
      );
    },
  );

  const nonRepeatable = OPERATIONS.filter((entry) => !entry.repeatable);
  it.each(nonRepeatable)(
    "$name: a lost answer names the references that were sent, not the caller's object",
    async ({ call }) => {
      const lostAnswer = async (faces?: (typeof FACES)[number][]) => {
        const mock = createMockService({ apiKey: KEY });
        const sent: string[] = [];
        const clients = clientsOver(
          async (input, init) => {
            const request = new Request(input, init);
            sent.push(`${decodeURIComponent(new URL(request.url).pathname)} ${await request.clone().text()}`);
            await mock.fetch(request);
            // The service acted; its answer is lost on the way back.
            throw new TypeError('fetch failed');
          },
          { apiKey: KEY, maxRetries: 0 },
        );
        const error = await call(faces ? disguisedClients(clients, faces) : clients).catch(
          (caught: unknown) => caught,
        );
        return { error, lastSent: sent.at(-1) ?? '' };
      };
      // A reference a call names but does not send (Delete Package's consignment, which reconcile reads)
      // must still be the one the plain input gave, never a later read of a disguised one.
      const plain = await lostAnswer();
      const plainReferences = plain.error instanceof OutcomeUnknownError ? plain.error.references : [];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...FACES), { minLength: 1, maxLength: 40 }),
          async (faces) => {
            const { error, lastSent } = await lostAnswer(faces);
            if (!(error instanceof OutcomeUnknownError)) return;
            for (const reference of error.references) {
              if (!lastSent.includes(reference)) expect(plainReferences).toContain(reference);
            }
          },
        ),
        fuzzParameters(12),
      );
    },
  );
});
