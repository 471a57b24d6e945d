import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type ConsignmentReference,
  type CreateOrderInput,
  type OrderReference,
  type OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
  ResponseValidationError,
  type UpdateOrderInput,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

import { answer, bodyOf, client, empty, json, packRequest, sent, updateBody, useWireServer } from './wire.js';

useWireServer();

async function rejectedBeforeSending(call: Promise<unknown>) {
  answer(json('unused'));
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(sent).toHaveLength(0);
  return error as RequestValidationError;
}

const issueAt = (error: RequestValidationError, ...path: (string | number)[]) =>
  error.issues.find((issue) => JSON.stringify(issue.path) === JSON.stringify(path));

describe('request validation: nothing is sent', () => {
  const [origin, destination] = orderInput().Addresses;

  it('createOrder without a Destination address', async () => {
    const error = await rejectedBeforeSending(client().create(orderInput({ Addresses: [origin!] })));
    expect(issueAt(error, 'Addresses')?.message).toMatch(/Destination/);
    expect(error.message).toMatch(/Addresses.*Destination/);
  });

  it('createOrder without a ShippingLocationReference on Origin or Destination', async () => {
    const { ShippingLocationReference: _, ...unlocated } = origin!;
    const error = await rejectedBeforeSending(
      client().create(orderInput({ Addresses: [unlocated, destination!] })),
    );
    expect(error.message).toMatch(/ShippingLocationReference/);
  });

  it('createOrder with a package without items', async () => {
    const error = await rejectedBeforeSending(client().create(orderInput({ Packages: [{ Items: [] }] })));
    expect(issueAt(error, 'Packages', 0, 'Items')).toBeDefined();
  });

  it('packOrder with an item that names no order item', async () => {
    const request = { ...packRequest, Packages: [{ Items: [{ Quantity: 2, Description: 'mug' }] }] };
    const error = await rejectedBeforeSending(client().pack('EO-000-002-0TS', request));
    expect(issueAt(error, 'Packages', 0, 'Items', 0)?.message).toMatch(/Reference.*Sku/);
  });

  it('packOrder with a Quantity that is not a positive integer', async () => {
    const request = { ...packRequest, Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1.5 }] }] };
    const error = await rejectedBeforeSending(client().pack('EO-000-002-0TS', request));
    expect(issueAt(error, 'Packages', 0, 'Items', 0, 'Quantity')).toBeDefined();
  });

  it('packOrder whose body names another order than the path', async () => {
    const error = await rejectedBeforeSending(client().pack('EO-000-002-0TT', packRequest));
    expect(issueAt(error, 'OrderReference')).toBeDefined();
  });

  it('a consignment reference where an order reference belongs', async () => {
    const error = await rejectedBeforeSending(client().get('EC-1' as never));
    expect(issueAt(error, 'orderReference')?.message).toMatch(/order reference/);
  });

  it('an order reference where consignment references belong', async () => {
    const error = await rejectedBeforeSending(client().manifests.manifest(['EO-1' as never]));
    expect(issueAt(error, 'ConsignmentReferences', 0)).toBeDefined();
  });

  it('an empty list of consignments', async () => {
    await rejectedBeforeSending(client().consignments.setReadyToShip([]));
  });

  it.each(['EO-1/../x', 'EO-..', 'EO-1?x=1', 'EO-1#x', 'EO-1%2Fx', 'EO-1 x', 'EO-'])(
    'an order reference that could change the path: %j',
    async (reference) => {
      await rejectedBeforeSending(client().get(reference as OrderReference));
    },
  );

  it.each(['EC-1/x', '..', 'EC-1?x', 'EC-1#x', 'EC-1%20', 'EC-1 2'])(
    'a consignment reference that could change the path: %j',
    async (reference) => {
      await rejectedBeforeSending(
        client().allocation.allocateWithCheapestQuote(reference as ConsignmentReference),
      );
    },
  );

  it('getCustomerManifests with a filter that is not an object, not a string, or misspelt', async () => {
    await rejectedBeforeSending(client().manifests.list(null as never));
    const error = await rejectedBeforeSending(
      client().manifests.list({ shippingLocationReference: 42 as never }),
    );
    expect(issueAt(error, 'shippingLocationReference')).toBeDefined();
    // A misspelt key used to be dropped, listing the manifests of every location instead.
    await rejectedBeforeSending(client().manifests.list({ ShippingLocationReference: 'SL-1' } as never));
  });

  it('manifestConsignmentsFromQuery with a misspelt filter, naming the key', async () => {
    // A service that ignores unknown keys would manifest every eligible consignment, and transmit each.
    const error = await rejectedBeforeSending(
      client().manifests.manifestFromQuery({ State: ['ReadyToShip'] } as never),
    );
    expect(error.message).toMatch(/State: unknown field; did you mean States\?/);
    await rejectedBeforeSending(
      client().manifests.manifestFromQuery({
        ShippingLocationReference: 'SL-1',
        carriers: ['Acme'],
      } as never),
    );
  });

  it('an order reference that is not a string at all (an object without a prototype)', async () => {
    const reference = Object.create(null) as OrderReference;
    await rejectedBeforeSending(client().update(reference, updateBody));
    await rejectedBeforeSending(client().pack(reference, packRequest));
  });

  it('a body that JSON cannot hold: a BigInt, a cycle', async () => {
    const withBigInt = { ...orderInput(), Weight: 10n } as unknown as CreateOrderInput;
    const error = await rejectedBeforeSending(client().create(withBigInt));
    expect(error.issues).toEqual([expect.objectContaining({ path: ['Weight'] })]);
    const query: Record<string, unknown> = { States: ['ReadyToShip'] };
    query.Self = query;
    await rejectedBeforeSending(client().manifests.manifestFromQuery(query as never));
  });

  it.each(['../manifests', 'a/b', 'a?b', 'a#b', 'a%2Fb', 'a b'])(
    'a manifest reference that could change the path: %j',
    async (reference) => {
      await rejectedBeforeSending(client().manifests.get(reference));
    },
  );
});

describe('updateOrder: deleting data is always written down', () => {
  it.each([
    'OrderReferenceProvidedByCustomer',
    'RequiredDeliveryDate',
    'ShippingDate',
    'CustomsDocumentation',
    'MetaData',
  ] as const)('rejects a body that omits %s', async (key) => {
    const { [key]: _, ...withoutKey } = updateBody;
    const error = await rejectedBeforeSending(
      client().update('EO-000-002-0TS', withoutKey as UpdateOrderInput),
    );
    expect(issueAt(error, key)?.message).toMatch(/pass null/);
  });

  it('accepts null for every replaceable key and sends it as written', async () => {
    answer(empty);
    const deleting: UpdateOrderInput = {
      OrderReference: 'EO-000-002-0TS',
      OrderReferenceProvidedByCustomer: null,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: null,
    };
    await expect(client().update('EO-000-002-0TS', deleting)).resolves.toBeUndefined();
    expect(bodyOf(sent[0])).toEqual(deleting);
  });

  it('rejects a body naming another order', async () => {
    await rejectedBeforeSending(
      client().update('EO-000-002-0TT', { ...updateBody, OrderReference: 'EO-000-002-0TS' }),
    );
  });

  it('types: the replaceable keys are required and references are not interchangeable', async () => {
    answer(empty);
    const orders = client();
    const { MetaData: _, ...withoutMetaData } = updateBody;
    // @ts-expect-error MetaData must be written down, null to delete
    await expect(orders.update('EO-000-002-0TS', withoutMetaData)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const consignment: ConsignmentReference = 'EC-000-05B-MQ4';
    // @ts-expect-error a ConsignmentReference is not an OrderReference
    await expect(orders.get(consignment)).rejects.toBeInstanceOf(RequestValidationError);
    // @ts-expect-error a Create Order body needs Packages
    const incomplete: CreateOrderInput = { Addresses: [] };
    expect(incomplete).toBeDefined();
    expect(sent).toHaveLength(0);
  });
});

describe('patchOrder', () => {
  const stored = {
    OrderReference: 'EO-000-002-0TS',
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    RequiredDeliveryDate: '2026-12-05',
    Source: 'Api',
    Metadata: [{ KeyValue: 'ShippersEORI', StringValue: 'GB1' }],
    Addresses: orderInput().Addresses,
    DateCreated: '2026-11-22T10:00:00+00:00',
  };

  it('keeps every replaceable property the order has and changes only what is given', async () => {
    answer((request) => (request.method === 'GET' ? HttpResponse.json(stored) : empty()));
    const merged = await client().patch('EO-000-002-0TS', {
      ShippingDate: '2026-12-01',
      OrderReferenceProvidedByCustomer: undefined,
    });
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /orders/EO-000-002-0TS',
      'PUT /orders/EO-000-002-0TS',
    ]);
    const { Metadata, ...rest } = stored;
    const expected = { ...rest, MetaData: Metadata, ShippingDate: '2026-12-01', CustomsDocumentation: null };
    expect(bodyOf(sent[1])).toEqual(expected);
    expect(merged).toEqual(expected);
  });

  it('deletes a property given as null', async () => {
    answer((request) => (request.method === 'GET' ? HttpResponse.json(stored) : empty()));
    await client().patch('EO-000-002-0TS', { MetaData: null, RequiredDeliveryDate: null });
    expect(bodyOf(sent[1])).toMatchObject({ MetaData: null, RequiredDeliveryDate: null });
    expect(bodyOf(sent[1])).not.toHaveProperty('Metadata');
  });

  it.each(['warn', 'off'] as const)(
    "with validation '%s', still refuses to write back a read that is not an order",
    async (validation) => {
      // Written back in full, `{}` or `[]` would have deleted every replaceable property of the order.
      for (const wrong of [{}, [], null, 'EO-000-002-0TS']) {
        sent.length = 0;
        answer((request) => (request.method === 'GET' ? HttpResponse.json(wrong) : empty()));
        const error = await client({ validation })
          .patch('EO-000-002-0TS', { Tags: ['Fragile'] })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ResponseValidationError);
        expect(sent.map((request) => request.method)).toEqual(['GET']);
      }
    },
  );

  it('refuses to change the OrderReference, before reading anything', async () => {
    const changes = { OrderReference: 'EO-000-002-0TT' } as never;
    const error = await rejectedBeforeSending(client().patch('EO-000-002-0TS', changes));
    expect(issueAt(error, 'OrderReference')).toBeDefined();
  });
});

describe('OutcomeUnknownError names the references in the body', () => {
  it.each([
    ['manifestConsignments', (orders: OrdersClient) => orders.manifests.manifest(['EC-1', 'EC-2'])],
    ['setReadyToShip', (orders: OrdersClient) => orders.consignments.setReadyToShip(['EC-1', 'EC-2'])],
    ['allocateConsignments', (orders: OrdersClient) => orders.allocation.allocate(['EC-1', 'EC-2'])],
  ])('%s', async (operation, call) => {
    answer(() => HttpResponse.error());
    const error = await call(client({ maxRetries: 2 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ operation, references: ['EC-1', 'EC-2'] });
    expect(sent).toHaveLength(1);
  });
});
