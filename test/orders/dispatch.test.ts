import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient, OutcomeUnknownError, RequestValidationError } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

async function manifested() {
  const consignment = await allocatedConsignment(orders);
  await orders.manifests.manifest([consignment]);
  return consignment;
}

describe('dispatchConsignments', () => {
  it('dispatches manifested consignments and reports the others, one result each', async () => {
    const ready = await manifested();
    const early = await packedConsignment(orders);
    const [dispatched, refused] = await orders.consignments.dispatch([ready, early]);
    expect(dispatched).toEqual({
      ConsignmentReferenceForAllLegsAssignedByMpd: ready,
      Status: 'Success',
      HttpStatusCode: 200,
      Message: expect.any(String),
      ApiLinks: [{ Rel: 'detail', Href: expect.stringContaining(ready) }],
    });
    expect(refused).toEqual({
      ConsignmentReferenceForAllLegsAssignedByMpd: early,
      Status: 'Failed',
      HttpStatusCode: 400,
      Message: expect.any(String),
    });
    expect((await orders.consignments.get(ready)).ConsignmentState).toBe('Dispatched');
  });

  it('refuses an empty list before sending', async () => {
    await expect(orders.consignments.dispatch([])).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('dispatchConsignments')).toHaveLength(0);
  });

  it('settles a lost answer by reading the state: Dispatched done, Manifested not', async () => {
    const first = await manifested();
    mock.failNext('dispatchConsignments', { network: 'drop-after' });
    const reached = await orders.consignments.dispatch([first]).catch((caught: unknown) => caught);
    expect(reached).toBeInstanceOf(OutcomeUnknownError);
    expect(await orders.reconcile(reached as OutcomeUnknownError)).toEqual([
      { reference: first, state: 'Dispatched', done: true },
    ]);
    const second = await manifested();
    mock.failNext('dispatchConsignments', { network: 'drop-before' });
    const lost = await orders.consignments.dispatch([second]).catch((caught: unknown) => caught);
    expect(await orders.reconcile(lost as OutcomeUnknownError)).toEqual([
      { reference: second, state: 'Manifested', done: false },
    ]);
  });
});
