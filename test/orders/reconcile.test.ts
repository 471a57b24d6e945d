import { beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  isConsignmentReference,
  OrdersClient,
  OutcomeUnknownError,
  ShipmentsClient,
} from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';
import { allocatedConsignment, createOrderInput, packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const packed = (overrides?: Record<string, unknown>) => packedConsignment(orders, overrides);

const allocated = (overrides?: Record<string, unknown>) => allocatedConsignment(orders, overrides);

/** How many customer manifests hold the consignment: each one is a transmission to the carrier. */
const timesManifested = (reference: string) =>
  mock.store.orders.manifests.filter((manifest) => manifest.ConsignmentReferences.includes(reference)).length;

describe('reconcile', () => {
  it('done: true for a manifest that reached the mock and lost its answer; resending only done: false manifests nothing twice', async () => {
    const consignments = [await allocated(), await allocated()];
    mock.failNext('manifestConsignments', { network: 'drop-after' });
    const error = await orders.manifests.manifest(consignments).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);

    const settled = await orders.reconcile(error as OutcomeUnknownError);
    expect(settled).toEqual(
      consignments.map((reference) => ({ reference, state: 'Manifested', done: true })),
    );
    const notDone = settled
      .filter((entry) => entry.done === false)
      .map((entry) => entry.reference)
      .filter(isConsignmentReference);
    expect(notDone).toEqual([]);
    for (const reference of consignments) expect(timesManifested(reference)).toBe(1);
  });

  it('done: false for a manifest that never got there, and sending those again manifests each once', async () => {
    const consignments = [await allocated(), await allocated()];
    mock.failNext('manifestConsignments', { network: 'drop-before' });
    const error = await orders.manifests.manifest(consignments).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);

    const settled = await orders.reconcile(error as OutcomeUnknownError);
    expect(settled.map((entry) => entry.done)).toEqual([false, false]);
    const notDone = settled
      .filter((entry) => entry.done === false)
      .map((entry) => entry.reference)
      .filter(isConsignmentReference);
    await orders.manifests.manifest(notDone);
    for (const reference of consignments) expect(timesManifested(reference)).toBe(1);
  });

  it('done: undefined, with the state, when the consignment is in neither state', async () => {
    const consignment = await allocated();
    mock.failNext('manifestConsignments', { network: 'drop-after' });
    const error = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    // Something else moved it on since.
    await orders.allocation.deallocate(consignment);
    await orders.consignments.cancel(consignment);
    expect(await orders.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Cancelled', done: undefined },
    ]);
    expect(timesManifested(consignment)).toBe(1);
  });

  it('settles allocation, ready to ship, deallocation and cancellation by their own states', async () => {
    const consignment = await packed();
    mock.failNext('allocateConsignments', { network: 'drop-after' });
    const allocation = await orders.allocation.allocate([consignment]).catch((caught: unknown) => caught);
    expect(await orders.reconcile(allocation as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Allocated', done: true },
    ]);

    mock.failNext('setReadyToShip', { network: 'drop-before' });
    const ready = await orders.consignments.setReadyToShip([consignment]).catch((caught: unknown) => caught);
    expect((await orders.reconcile(ready as OutcomeUnknownError))[0]?.done).toBe(false);

    mock.failNext('deallocateConsignment', { network: 'drop-after' });
    const deallocation = await orders.allocation.deallocate(consignment).catch((caught: unknown) => caught);
    expect((await orders.reconcile(deallocation as OutcomeUnknownError))[0]).toMatchObject({
      state: 'Unallocated',
      done: true,
    });

    mock.failNext('cancelConsignments', { network: 'drop-before' });
    const cancellation = await orders.consignments
      .cancelMany([consignment])
      .catch((caught: unknown) => caught);
    expect((await orders.reconcile(cancellation as OutcomeUnknownError))[0]?.done).toBe(false);
  });

  it('lists what a query manifest has left, each done: false, and no consignment it had manifested', async () => {
    const first = await allocated();
    const second = await allocated();
    mock.failNext('manifestConsignmentsFromQuery', { network: 'drop-after' });
    const error = await orders.manifests
      .manifestFromQuery({ ShippingLocationReference: 'SL-LONDON', States: ['Allocated'] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(await orders.reconcile(error as OutcomeUnknownError)).toEqual([]);
    expect([timesManifested(first), timesManifested(second)]).toEqual([1, 1]);

    const third = await allocated();
    mock.failNext('manifestConsignmentsFromQuery', { network: 'drop-before' });
    const lost = await orders.manifests
      .manifestFromQuery({ ShippingLocationReferences: ['SL-LONDON'], States: ['Allocated'] })
      .catch((caught: unknown) => caught);
    expect(await orders.reconcile(lost as OutcomeUnknownError)).toEqual([
      { reference: third, state: 'Allocated', done: false },
    ]);
  });

  it('is a ConfigurationError for operations whose outcome no consignment state tells, and sends nothing', async () => {
    mock.failNext('createOrder', { network: 'drop-after' });
    const error = await orders.create(createOrderInput() as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const sent = mock.store.requests.length;
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toThrow(ConfigurationError);
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toThrow(
      /OrderReferenceProvidedByCustomer/,
    );
    await expect(orders.reconcile(new Error('x') as never)).rejects.toBeInstanceOf(ConfigurationError);
    expect(mock.store.requests.length).toBe(sent);
  });

  it("sends a shipment group operation's error to ShipmentsClient.reconcile, and sends nothing", async () => {
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 });
    mock.failNext('createShipmentGroup', { network: 'drop-after' });
    const error = await shipments.groups
      .create({ custom_reference: 'evening-run', shipments: [`sp_${'1'.repeat(32)}`] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const sent = mock.store.requests.length;
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toThrow(
      'reconcile cannot settle createShipmentGroup: it is not an area A operation; a shipment or shipment group is settled by ShipmentsClient.reconcile',
    );
    expect(mock.store.requests.length).toBe(sent);
  });
});

describe('reconcile of a lost createOrder', () => {
  it('says what can find the order, since the API documents no order search', async () => {
    const mock = createMockService();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 });
    mock.failNext('createOrder', { network: 'drop-after' });
    const error = await orders.create(orderInput()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const advice = await orders
      .reconcile(error as OutcomeUnknownError)
      .catch((caught: Error) => caught.message);
    expect(advice).toMatch(/no order search/);
    expect(advice).toMatch(/OrderReferenceProvidedByCustomer/);
    expect(advice).toMatch(/consignments\.getForOrders/);
  });
});

// The 0.2 flows' operations: creations settled by your own reference, allocations by state.
const setUp = () => {
  const mock = createMockService();
  return { mock, orders: new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 }) };
};

const lost = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the answer to be lost');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      return error as OutcomeUnknownError;
    },
  );

describe('reconcile, for the flows’ operations', () => {
  it('finds a created consignment whose answer was lost by your reference: done, not created twice', async () => {
    const { mock, orders } = setUp();
    mock.failNext('createConsignment', { network: 'drop-after' });
    const error = await lost(
      orders.consignments.create(consignmentInput({ ConsignmentReferenceProvidedByCustomer: 'ONCE-1' })),
    );
    expect(error.references).toEqual(['ONCE-1']);
    const settled = await orders.reconcile(error);
    expect(settled).toEqual([{ reference: expect.stringMatching(/^EC-/), state: 'Unallocated', done: true }]);
    expect(mock.store.orders.consignments.size).toBe(1);
  });

  it('finds nothing when the create never got there: creating again is safe', async () => {
    const { mock, orders } = setUp();
    mock.failNext('createConsignment', { network: 'drop-before' });
    const error = await lost(
      orders.consignments.create(consignmentInput({ ConsignmentReferenceProvidedByCustomer: 'ONCE-2' })),
    );
    expect(await orders.reconcile(error)).toEqual([]);
  });

  it('says that nothing can find a consignment created without your reference, and what to do', async () => {
    const { mock, orders } = setUp();
    mock.failNext('createConsignment', { network: 'drop-after' });
    const { ConsignmentReferenceProvidedByCustomer: _none, ...anonymous } = consignmentInput();
    const error = await lost(orders.consignments.create(anonymous));
    expect(error.references).toEqual([]);
    const refused = await orders.reconcile(error).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as Error).message).toMatch(
      /nothing can find.*set ConsignmentReferenceProvidedByCustomer/,
    );
  });

  it('settles a lost Select Option by the options request’s reference, read from the option', async () => {
    const { mock, orders } = setUp();
    const { Packages, Addresses } = orderInput();
    const [option] = await orders.deliveryOptions.list({
      Packages,
      Addresses,
      ConsignmentReferenceProvidedByCustomer: 'BASKET-9',
    });
    mock.failNext('selectDeliveryOptionAsConsignment', { network: 'drop-after' });
    const error = await lost(
      orders.deliveryOptions.selectAsConsignment(option!.Reference as `EDO-${string}`),
    );
    const settled = await orders.reconcile(error);
    expect(settled).toEqual([{ reference: expect.stringMatching(/^EC-/), state: 'Allocated', done: true }]);
  });

  it('settles the allocations by choice by state, each consignment in turn', async () => {
    const { mock, orders } = setUp();
    const first = await orders.consignments.create(consignmentInput());
    const second = await orders.consignments.create(consignmentInput());
    mock.failNext('allocateWithCarrierService', { network: 'drop-after' });
    const error = await lost(orders.allocation.allocateWithCarrierService([first, second], 'RM-TRACKED24'));
    expect(await orders.reconcile(error)).toEqual([
      { reference: first, state: 'Allocated', done: true },
      { reference: second, state: 'Allocated', done: true },
    ]);
    const third = await orders.consignments.create(consignmentInput());
    mock.failNext('allocateWithServiceGroup', { network: 'drop-before' });
    const notSent = await lost(orders.allocation.allocateWithServiceGroup(third, 'economy'));
    expect(await orders.reconcile(notSent)).toEqual([
      { reference: third, state: 'Unallocated', done: false },
    ]);
  });

  it('refuses to guess for selecting options as orders, and says why', async () => {
    const { mock, orders } = setUp();
    mock.failNext('selectDeliveryOption', { network: 'drop-after' });
    const error = await lost(
      orders.deliveryOptions.selectAsOrders([
        { Reference: 'EDO-000-001-NXD', OrderReferenceProvidedByCustomer: 'SHOP-4' },
      ]),
    );
    expect(error.references).toEqual(['EDO-000-001-NXD', 'SHOP-4']);
    await expect(orders.reconcile(error)).rejects.toThrow(/no order search/);
  });
});

describe('reconcile of the stored form (OutcomeUnknownError.toJSON)', () => {
  it('settles a lost manifest from its JSON, in a client that never saw the error', async () => {
    const consignment = await allocated();
    mock.failNext('manifestConsignments', { network: 'drop-after' });
    const error = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    const stored = JSON.parse(JSON.stringify(error));
    expect(stored).toEqual({
      name: 'OutcomeUnknownError',
      message: (error as Error).message,
      operation: 'manifestConsignments',
      references: [consignment],
      reason: 'connection',
      cause: expect.objectContaining({ name: expect.any(String) }),
    });
    const elsewhere = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    expect(await elsewhere.reconcile(stored)).toEqual([
      { reference: consignment, state: 'Manifested', done: true },
    ]);
    const again = OutcomeUnknownError.fromJSON(JSON.stringify(error));
    expect(again).toBeInstanceOf(OutcomeUnknownError);
    expect(await elsewhere.reconcile(again)).toEqual([
      { reference: consignment, state: 'Manifested', done: true },
    ]);
  });

  it('keeps a query manifest’s query in settleWith, so that its JSON settles it too', async () => {
    const waiting = await allocated();
    mock.failNext('manifestConsignmentsFromQuery', { network: 'drop-before' });
    const query = { ShippingLocationReference: 'SL-LONDON', States: ['Allocated' as const] };
    const error = await orders.manifests.manifestFromQuery(query).catch((caught: unknown) => caught);
    const stored = JSON.parse(JSON.stringify(error));
    expect(stored.settleWith).toEqual({ body: query });
    expect(await orders.reconcile(stored)).toEqual([{ reference: waiting, state: 'Allocated', done: false }]);
  });

  it('keeps no body in the JSON of a creation: its customer reference is what settles it', async () => {
    const input = consignmentInput({ ConsignmentReferenceProvidedByCustomer: 'STORED-1' });
    mock.failNext('createConsignment', { network: 'drop-after' });
    const error = await orders.consignments.create(input as never).catch((caught: unknown) => caught);
    const text = JSON.stringify(error);
    expect(text).not.toContain('Addresses');
    const [found] = await orders.reconcile(JSON.parse(text));
    expect(found).toMatchObject({ done: true });
  });

  it('refuses what is not the stored form, saying what is wrong', () => {
    expect(() => OutcomeUnknownError.fromJSON({ name: 'NotFoundError' })).toThrow(
      /its name is "NotFoundError"/,
    );
    expect(() =>
      OutcomeUnknownError.fromJSON({ operation: 'x', references: [1], reason: 'timeout' }),
    ).toThrow(/references are not a list of strings/);
    expect(() => OutcomeUnknownError.fromJSON('not json')).toThrow(ConfigurationError);
  });
});

describe('reconcile counts a later state as proof of an earlier step', () => {
  it('an allocation whose consignment is now ReadyToShip, Manifesting or Manifested is done', async () => {
    const consignment = await packed();
    mock.failNext('allocateConsignments', { network: 'drop-after' });
    const error = (await orders.allocation
      .allocate([consignment])
      .catch((caught: unknown) => caught)) as OutcomeUnknownError;
    await orders.consignments.setReadyToShip([consignment]);
    expect(await orders.reconcile(error)).toEqual([
      { reference: consignment, state: 'ReadyToShip', done: true },
    ]);
    await orders.manifests.manifest([consignment]);
    expect(await orders.reconcile(error)).toEqual([
      { reference: consignment, state: 'Manifested', done: true },
    ]);
  });
});
