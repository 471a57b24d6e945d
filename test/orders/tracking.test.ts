import { beforeEach, describe, expect, it } from 'vitest';
import { type CreateOrderInput, NotFoundError, OrdersClient } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedOrder } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const allocated = (order?: CreateOrderInput) => allocatedOrder(orders, order);

describe('tracking', () => {
  it('follows the consignment: allocated, manifested, then the carrier’s events', async () => {
    const consignment = await allocated();
    const first = await orders.tracking.get(consignment);
    expect(first.ConsignmentReferenceForAllLegsAssignedByMpd).toBe(consignment);
    expect(first.TrackedPackages?.[0]?.Legs?.[0]?.Events?.map((event) => event.Code)).toEqual(['Allocated']);

    await orders.manifests.manifest([consignment]);
    mock.store.orders.addTrackingEvent(consignment, { Code: 'Delivered', SignedBy: 'A. Lovelace' });
    const later = await orders.tracking.get(consignment);
    const events = later.TrackedPackages?.[0]?.Legs?.[0]?.Events ?? [];
    expect(events.map((event) => event.Code)).toEqual(['Allocated', 'Delivered', 'Manifested']);
    expect(events[1]).toMatchObject({ SignedBy: 'A. Lovelace' });
    await expect(orders.tracking.get('EC-000-ZZZ-ZZZ')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('getFlattenedTracking', () => {
  it('reads each package with its events, each naming its carrier service', async () => {
    const consignment = await allocated();
    mock.store.orders.addTrackingEvent(consignment, { Code: 'Delivered', SignedBy: 'P. Smith' });
    const tracking = await orders.tracking.getPerPackage(consignment);
    const [tracked] = tracking.TrackedPackages ?? [];
    expect(tracked?.Events?.map((event) => event.Code)).toEqual(['Allocated', 'Delivered']);
    expect(tracked?.Events?.[1]).toMatchObject({
      SignedBy: 'P. Smith',
      CarrierServiceName: expect.any(String),
    });
  });
});
