import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FetchLike, OrdersClient, RequestValidationError } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { consignmentInput } from '../support/fixtures.js';
import { createOrderInput } from '../support/orders-mock.js';
import { fuzzParameters } from './fuzz.js';
import { type Clients, clientsOver, OPERATIONS } from './operations.js';

/**
 * JSON writes NaN and Infinity as `null`, which a nullable field accepts: a package weight of NaN went out
 * as no weight. Every number of every input must be finite, refused before anything is sent.
 */

const KEY = 'sk_test_finite_numbers_0123456789';
const NOT_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

type Path = (string | number)[];

/** Paths to every number in the plain objects and arrays of `value`. */
function numberPaths(value: unknown, prefix: Path = []): Path[] {
  if (typeof value === 'number') return [prefix];
  if (value === null || typeof value !== 'object') return [];
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    numberPaths(child, [...prefix, Array.isArray(value) ? Number(key) : key]),
  );
}

/** A deep copy of `value` with `replacement` at `path`. */
function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/**
 * Both clients, with the calls' arguments handed to `edit` first; `seen` counts the numbers each call's
 * arguments hold (the first method called: the one a case is about).
 */
function editedClients(clients: Clients, edit: (args: unknown[]) => unknown[]): Clients {
  const wrap = <T extends object>(client: T): T =>
    new Proxy(client, {
      get(target, name) {
        const member = Reflect.get(target, name, target) as unknown;
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) => (member as (...args: unknown[]) => unknown).apply(target, edit(args));
      },
    });
  return { orders: wrap(clients.orders), shipments: wrap(clients.shipments) };
}

function recordingClients() {
  const mock = createMockService({ apiKey: KEY });
  const sent: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${request.url}`);
    return mock.fetch(request);
  };
  return { sent, clients: clientsOver(fetch, { apiKey: KEY, maxRetries: 0 }) };
}

/** The number paths in the arguments of a case's first call. */
async function numbersOf(call: (clients: Clients) => Promise<unknown>): Promise<Path[]> {
  let found: Path[] | undefined;
  const { clients } = recordingClients();
  await call(
    editedClients(clients, (args) => {
      found ??= numberPaths(args);
      return args;
    }),
  ).catch(() => undefined);
  return found ?? [];
}

describe('every number of every input is finite', () => {
  it.each(OPERATIONS)(
    '$name: NaN or Infinity in any numeric field is refused before sending',
    async ({ call }) => {
      const paths = await numbersOf(call);
      if (paths.length === 0) return;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...paths),
          fc.constantFrom(...NOT_FINITE),
          async (path, notFinite) => {
            const { clients, sent } = recordingClients();
            let first = true;
            const edited = editedClients(clients, (args) => {
              if (!first) return args;
              first = false;
              return replaced(args, path, notFinite) as unknown[];
            });
            const error = await call(edited).catch((caught: unknown) => caught);
            expect(error).toBeInstanceOf(RequestValidationError);
            expect(sent).toEqual([]);
          },
        ),
        fuzzParameters(6),
      );
    },
  );
});

describe('area A refuses what it used to send as null', () => {
  const sentBodies = () => {
    const bodies: string[] = [];
    const fetch: FetchLike = async (input, init) => {
      bodies.push(await new Request(input, init).text());
      return Response.json([]);
    };
    return { bodies, orders: new OrdersClient({ apiKey: KEY, fetch }) };
  };

  it('createOrder: a package weight of NaN', async () => {
    const { bodies, orders } = sentBodies();
    const input = createOrderInput() as { Packages: { Weight: { Value: number } }[] };
    input.Packages[0]!.Weight.Value = Number.NaN;
    const error = await orders.create(input as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).message).toContain(
      'Packages[0].Weight.Value: expected a finite number, got NaN',
    );
    expect(bodies).toEqual([]);
  });

  it.each([
    ['a package weight of NaN', 'Packages[0].Weight.Value: expected a finite number, got NaN'],
    ['a value of Infinity', 'Packages[0].Value.Amount: expected a finite number, got Infinity'],
  ])('createConsignment: %s', async (_, message) => {
    const { bodies, orders } = sentBodies();
    const input = consignmentInput();
    const [parcel] = input.Packages as [{ Weight: { Value: number }; Value: { Amount: number } }];
    if (message.includes('NaN')) parcel.Weight.Value = Number.NaN;
    else parcel.Value.Amount = Number.POSITIVE_INFINITY;
    const error = await orders.consignments.create(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).message).toContain(message);
    expect(bodies).toEqual([]);
  });

  it('getQuotes: dimensions of Infinity', async () => {
    const { bodies, orders } = sentBodies();
    const input = createOrderInput() as { Packages: { Dimensions: { Width: number } }[] };
    input.Packages[0]!.Dimensions.Width = Number.POSITIVE_INFINITY;
    const error = await orders.quotes.get(input as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.code).toBe('not_finite');
    expect(bodies).toEqual([]);
  });
});
