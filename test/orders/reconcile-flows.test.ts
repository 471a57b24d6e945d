import { describe, expect, it } from 'vitest';
import { ConfigurationError, OrdersClient, OutcomeUnknownError } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';

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
      orders.createConsignment(consignmentInput({ ConsignmentReferenceProvidedByCustomer: 'ONCE-1' })),
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
      orders.createConsignment(consignmentInput({ ConsignmentReferenceProvidedByCustomer: 'ONCE-2' })),
    );
    expect(await orders.reconcile(error)).toEqual([]);
  });

  it('says that nothing can find a consignment created without your reference, and what to do', async () => {
    const { mock, orders } = setUp();
    mock.failNext('createConsignment', { network: 'drop-after' });
    const { ConsignmentReferenceProvidedByCustomer: _none, ...anonymous } = consignmentInput();
    const error = await lost(orders.createConsignment(anonymous));
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
    const [option] = await orders.getDeliveryOptions({
      Packages,
      Addresses,
      ConsignmentReferenceProvidedByCustomer: 'BASKET-9',
    });
    mock.failNext('selectDeliveryOptionAsConsignment', { network: 'drop-after' });
    const error = await lost(orders.selectDeliveryOptionAsConsignment(option!.Reference as `EDO-${string}`));
    const settled = await orders.reconcile(error);
    expect(settled).toEqual([{ reference: expect.stringMatching(/^EC-/), state: 'Allocated', done: true }]);
  });

  it('settles the allocations by choice by state, each consignment in turn', async () => {
    const { mock, orders } = setUp();
    const first = await orders.createConsignment(consignmentInput());
    const second = await orders.createConsignment(consignmentInput());
    mock.failNext('allocateWithCarrierService', { network: 'drop-after' });
    const error = await lost(orders.allocateWithCarrierService([first, second], 'RM-TRACKED24'));
    expect(await orders.reconcile(error)).toEqual([
      { reference: first, state: 'Allocated', done: true },
      { reference: second, state: 'Allocated', done: true },
    ]);
    const third = await orders.createConsignment(consignmentInput());
    mock.failNext('allocateWithServiceGroup', { network: 'drop-before' });
    const notSent = await lost(orders.allocateWithServiceGroup(third, 'economy'));
    expect(await orders.reconcile(notSent)).toEqual([
      { reference: third, state: 'Unallocated', done: false },
    ]);
  });

  it('refuses to guess for selecting options as orders, and says why', async () => {
    const { mock, orders } = setUp();
    mock.failNext('selectDeliveryOption', { network: 'drop-after' });
    const error = await lost(
      orders.selectDeliveryOptionsAsOrders([
        { Reference: 'EDO-000-001-NXD', OrderReferenceProvidedByCustomer: 'SHOP-4' },
      ]),
    );
    expect(error.references).toEqual(['EDO-000-001-NXD', 'SHOP-4']);
    await expect(orders.reconcile(error)).rejects.toThrow(/no order search/);
  });
});
