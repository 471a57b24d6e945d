/**
 * Area A against the vendor's C# SDK reference, field by field. Each fixture of
 * fixtures/vendor-reference/ holds, for one operation, a maximal request (every property its request type
 * documents, recursively, one element per list) and a maximal answer of its response type: the names and
 * types are the reference's, the values our own. They are written by
 * `node scripts/check-vendor-reference.mjs --write-fixtures` (DOC_CENTRE_REPO set); no vendor file is
 * committed. A request must be accepted without `allowUnknownFields` and sent whole; an answer must parse
 * under strict validation, every property typed (none unknown to its schema, none only a key of an open
 * map).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OrdersClient, RequestValidationError } from '../../src/index.js';
import { OPERATIONS } from '../reliability/operations.js';
import { declaredOperation } from '../support/operations.js';
import { SENDS } from './vendor-reference-calls.js';

interface Fixture {
  operation: string;
  method: string;
  requestType?: string;
  responseType?: string;
  request?: unknown;
  answer?: unknown;
}

/** One gap per word: `request:<path>` refused, `request:<path>:not-sent`, `answer:<path>:missing|open-map`. */
const gaps = (words: string) => words.split(/\s+/).filter(Boolean);
/**
 * What the SDK refuses of the reference on purpose, per operation (see {@link gaps} for the form), each
 * with its reason; every other documented field is accepted and sent whole, and every answer typed.
 * - Add Package: a new package's `Reference` is issued by the service (the request type is shared with
 *   Update Package); one sent is a package read elsewhere and added again, refused with that reason.
 * - Add Items: a new item's `Reference` is issued by the service (the list is of the vendor's `Item`,
 *   which has one); refused as Add Package's. Add Item's type (`AddItemRequest`) documents none.
 * - Add Order Packages and Add Order Package Items: the request types are shared with the updates (a
 *   package or an item with a `Reference` is updated); the adds refuse one, so that an add only adds and a
 *   lost answer is settled by finding your references. `orders.orderPackages.update`/`updateItems` send it.
 * - Search Consignments: `PageSize` and `StartPage` would page a second time, beside the `take` and
 *   `skip` of its path that its pager sets; refused, naming its own `pageSize`. Get Consignment
 *   References, which has no pager, sends them.
 */
const LEFT_OUT_ON_PURPOSE: Record<string, string[]> = {
  addPackage: gaps('request:Reference'),
  addItems: gaps('request:Items.0.Reference'),
  addOrderPackages: gaps('request:OrderPackages.0.Reference request:OrderPackages.0.Items.0.Reference'),
  addOrderPackageItems: gaps('request:OrderItems.0.Reference'),
  searchConsignments: gaps('request:PageSize'),
};

const directory = new URL('./fixtures/vendor-reference/', import.meta.url);
const fixtures: Fixture[] = readdirSync(directory)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as Fixture);

/** A fetch that records each request and answers it with `answer`. */
function answering(answer: unknown) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    return answer === undefined ? new Response(null, { status: 204 }) : Response.json(answer);
  };
  return { fetch, sent };
}

/** Every leaf path of a value: `Packages.0.Items.0.Sku`. */
function leafPaths(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [path] : value.flatMap((item, index) => leafPaths(item, join(path, index)));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? [path]
      : entries.flatMap(([key, child]) => leafPaths(child, join(path, key)));
  }
  return [path];
}
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** What of `request` the SDK refused, or accepted and left off the wire. */
async function requestGaps(fixture: Fixture): Promise<string[]> {
  const send = SENDS[fixture.operation];
  if (!send) throw new Error(`no call for ${fixture.operation} in vendor-reference-calls.ts`);
  const { fetch, sent } = answering(fixture.answer);
  const orders = new OrdersClient({ apiKey: 'test-key', maxRetries: 0, validation: 'off', fetch });
  try {
    await send(orders, structuredClone(fixture.request));
  } catch (error) {
    if (error instanceof RequestValidationError) {
      return error.issues.map((issue) => `request:${issue.path.join('.')}`);
    }
    if (sent.length === 0) throw error;
  }
  const wire = sent.find((exchange) => exchange.body !== undefined || exchange.url.includes('?'));
  if (!wire) return ['request:(nothing sent)'];
  if (wire.body !== undefined) {
    return leafPaths(fixture.request)
      .filter((path) => valueAt(wire.body, path) === undefined)
      .map((path) => `request:${path}:not-sent`);
  }
  // A search sends its terms as the query, each under its name in any case.
  const names = new Set([...new URL(wire.url).searchParams.keys()].map((key) => key.toLowerCase()));
  return Object.keys(fixture.request as object)
    .filter((key) => !names.has(key.toLowerCase()))
    .map((key) => `request:${key}:not-sent`);
}

// The tool's own reading of a schema, so that the test and the report find the same gaps.
// @ts-expect-error: a plain .mjs script without types.
const maximal = await import('../../scripts/vendor-maximal.mjs');
const unknownKeys = maximal.unknownKeys as (
  schema: unknown,
  value: unknown,
) => { path: string; kind: string }[];

/** What of `answer` its operation's schema does not type. */
function answerGaps(fixture: Fixture): string[] {
  const { response } = declaredOperation(fixture.operation);
  return unknownKeys(response, fixture.answer).map(({ path, kind }) => `answer:${path}:${kind}`);
}

const known = (operation: string) => LEFT_OUT_ON_PURPOSE[operation] ?? [];

describe('maximal requests of the C# SDK reference are accepted and sent whole', () => {
  for (const fixture of fixtures.filter((f) => f.request !== undefined)) {
    it(`${fixture.operation} (${fixture.requestType})`, async () => {
      const gaps = await requestGaps(fixture);
      expect(gaps.sort()).toEqual(
        known(fixture.operation)
          .filter((gap) => gap.startsWith('request:'))
          .sort(),
      );
    });
  }
});

describe('maximal answers of the C# SDK reference parse strictly, every property typed', () => {
  for (const fixture of fixtures.filter((f) => f.answer !== undefined)) {
    it(`${fixture.operation} (${fixture.responseType})`, async () => {
      const call = OPERATIONS.find(
        (entry) => entry.name === fixture.operation && entry.call.toString().includes('.orders.'),
      )?.call;
      if (!call) throw new Error(`no call of ${fixture.operation} in test/reliability/operations.ts`);
      const { fetch } = answering(fixture.answer);
      const orders = new OrdersClient({ apiKey: 'test-key', maxRetries: 0, validation: 'strict', fetch });
      await expect(call({ orders, shipments: undefined as never })).resolves.not.toThrow();
      expect(answerGaps(fixture).sort()).toEqual(
        known(fixture.operation)
          .filter((gap) => gap.startsWith('answer:'))
          .sort(),
      );
    });
  }
});

it('every fixture names an operation the clients declare, and the list of gaps names only fixtures', () => {
  for (const fixture of fixtures) expect(() => declaredOperation(fixture.operation)).not.toThrow();
  const names = new Set(fixtures.map((fixture) => fixture.operation));
  expect(Object.keys(LEFT_OUT_ON_PURPOSE).filter((name) => !names.has(name))).toEqual([]);
});
