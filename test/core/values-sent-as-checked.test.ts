import { describe, expect, it } from 'vitest';
import { createClients, type OrderChanges, RequestValidationError } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

/**
 * Any value, not only a list, is checked as what it serialises to: its own `toJSON`, its prototype's, a
 * boxed primitive's, at any depth. What is checked is then what is sent, and what the SDK reads after.
 */

/** Both clients over the mock, with every request sent (method, path and body). */
function setup() {
  const mock = createMockService();
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetch: typeof mock.fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text === '' ? undefined : JSON.parse(text),
    });
    return mock.fetch(request);
  };
  return { mock, sent, ...createClients({ apiKey: mock.apiKey, fetch }) };
}

/** `first` to every reader, `other` to JSON: `Object.assign(new String(A), { toJSON: () => B })`. */
const boxed = <T>(first: string, other: string) =>
  Object.assign(new String(first), { toJSON: () => other }) as unknown as T;

/** A data class as integrators write them: fields of its own, a `toJSON` on its prototype. */
class Changes {
  Tags = ['FROM-FIELDS'];
  toJSON() {
    return { Tags: ['FROM-TOJSON'] };
  }
}

/** An address whose prototype's `toJSON` adds a misspelt field its own fields do not have. */
class SmugglingAddress {
  AddressType = 'Sender';
  AddressLine1 = '1 Road';
  Town = 'Leeds';
  Postcode = 'LS1 1AA';
  Country = { IsoCode: { TwoLetterCode: 'GB' } };
  toJSON() {
    return { ...this, AdressLine2: 'sent, never checked' };
  }
}

describe('a value is checked as what it serialises to, at any depth', () => {
  it('a boxed reference in a list is checked, sent and named as its toJSON', async () => {
    const clients = setup();
    const sent = await allocatedConsignment(clients.orders);
    const other = await allocatedConsignment(clients.orders);
    clients.sent.length = 0;
    await clients.orders.manifests.manifest([boxed(sent, other)]);
    expect(clients.sent.at(-1)?.body).toEqual({ ConsignmentReferences: [other] });
    // Refused when what it serialises to is no reference, whatever the box holds.
    clients.sent.length = 0;
    const error = await clients.orders.manifests
      .manifest([boxed(sent, 'not-a-reference')])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(clients.sent).toEqual([]);
  });

  it("orders.patch sends a DTO's toJSON, as it was checked, not the fields it holds", async () => {
    const clients = setup();
    const order = await clients.orders.create(orderInput());
    clients.sent.length = 0;
    const patched = await clients.orders.patch(order, new Changes() as OrderChanges);
    const update = clients.sent.find((request) => request.method === 'PUT');
    expect((update?.body as { Tags?: unknown } | undefined)?.Tags).toEqual(['FROM-TOJSON']);
    expect(patched.Tags).toEqual(['FROM-TOJSON']);
  });

  it('consignments.patch sends a DTO element as its toJSON, as it was checked', async () => {
    const clients = setup();
    const consignment = await packedConsignment(clients.orders);
    clients.sent.length = 0;
    await clients.orders.consignments.patch(consignment, new Changes() as never);
    const update = clients.sent.find((request) => request.method === 'PUT');
    expect((update?.body as { Tags?: unknown } | undefined)?.Tags).toEqual(['FROM-TOJSON']);
  });

  it("a field that only a nested DTO's toJSON adds is refused as unknown, and the patch sends nothing", async () => {
    const clients = setup();
    const order = await clients.orders.create(orderInput());
    clients.sent.length = 0;
    const address = new SmugglingAddress();
    const error = await clients.orders
      .patch(order, { Addresses: [...orderInput().Addresses, address] } as OrderChanges)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]).toMatchObject({
      path: ['Addresses', 2, 'AdressLine2'],
      code: 'near_miss',
    });
    expect(clients.sent).toEqual([]);
  });
});
