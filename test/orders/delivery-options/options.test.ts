import { beforeEach, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type CreateOrderInput,
  cheapestDeliveryOption,
  type DeliveryOptionsRequest,
  OrdersClient,
} from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { orderInput } from '../../support/fixtures.js';
import { allocatedOrder } from '../../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

/** A checkout's request: the basket's parcel, from the London warehouse to Manchester. */
function checkout(overrides: Partial<DeliveryOptionsRequest> = {}): DeliveryOptionsRequest {
  const { Packages, Addresses } = orderInput();
  return { Packages, Addresses, ...overrides };
}

const allocated = (order?: CreateOrderInput) => allocatedOrder(orders, order);

describe('delivery options at checkout', () => {
  it('offers the eligible services in no price order, each selectable once as an order', async () => {
    const options = await orders.deliveryOptions.list(checkout());
    expect(options.length).toBeGreaterThan(1);
    expect(options.every((option) => /^EDO-/.test(option.Reference))).toBe(true);
    // The vendor promises no order: the mock lists by service reference, so the first is not the cheapest.
    const prices = options.map((option) => option.Price?.Net ?? Number.NaN);
    expect(prices).not.toEqual([...prices].sort((a, b) => a - b));
    const cheapestOption = cheapestDeliveryOption(options);
    expect(cheapestOption?.Price?.Net).toBe(Math.min(...prices));
    expect(options[0]).toMatchObject({
      EstimatedDeliveryDate: { Guaranteed: true },
      DeliveryWindow: { Start: expect.any(String), End: expect.any(String) },
    });
    // The same eligibility as allocation: the cheapest option is the service allocation would choose.
    const cheapest = await allocated();
    expect(mock.store.orders.getConsignment(cheapest)?.CarrierServiceReference).toBe(
      cheapestOption?.CarrierServiceReference,
    );

    const chosen = options.find((option) => option !== cheapestOption)!;
    const order = await orders.deliveryOptions.selectAsOrder(chosen);
    expect(order).toMatch(/^EO-/);
    // The order is allocated to the service chosen, not the cheapest.
    const [consignment] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    const [summary] = await orders.allocation.allocate([consignment!]);
    expect(summary?.CarrierServiceReference).toBe(chosen.CarrierServiceReference);

    const again = await orders.deliveryOptions
      .selectAsOrder(chosen.Reference as `EDO-${string}`)
      .catch((e) => e);
    // The service refuses it in the selection's own result (documented: Status and Message, no code).
    expect(again).toBeInstanceOf(BadRequestError);
    expect(again.message).toMatch(/already selected/);
  });

  it('offers only what meets the delivery promise, and nothing for a promise no one meets', async () => {
    const soon = await orders.deliveryOptions.list(checkout({ RequiredDeliveryDate: '2026-01-06' }));
    expect(soon.map((option) => option.CarrierServiceReference)).not.toContain('YODEL-XPECT48');
    expect(await orders.deliveryOptions.list(checkout({ RequiredDeliveryDate: '2000-01-01' }))).toEqual([]);
  });

  it('refuses a request without a Destination, and sends nothing', async () => {
    const { Packages, Addresses } = checkout();
    const request = { Packages, Addresses: Addresses.filter((a) => a.AddressType !== 'Destination') };
    await expect(orders.deliveryOptions.list(request)).rejects.toThrow(/Destination/);
    expect(mock.requests('getDeliveryOptions')).toHaveLength(0);
  });

  it('is retried after a 503: it only reads', async () => {
    mock.failNext('getDeliveryOptions', { status: 503 });
    expect((await orders.deliveryOptions.list(checkout())).length).toBeGreaterThan(0);
    expect(mock.requests('getDeliveryOptions')).toHaveLength(2);
  });
});

describe('pickup options', () => {
  it('lists shops within the distance, nearest first, each with selectable options', async () => {
    const locations = await orders.deliveryOptions.listPickup({
      ...checkout(),
      Distance: { Value: 1, Unit: 'Km' },
      MaxResults: 10,
    });
    expect(locations.map((location) => location.ShopReference)).toEqual(['GB14002', 'GB14017']);
    expect(locations[0]?.OpeningTimes).toMatchObject({ Monday: [{ Start: '09:00:00' }], Sunday: [] });
    const option = locations[0]!.DeliveryOptions![0]!;
    const order = await orders.deliveryOptions.selectAsOrder(option);
    expect(mock.store.orders.getOrder(order)?.Addresses).toContainEqual(
      expect.objectContaining({ AddressType: 'Destination', AddressLine1: '41 Whitworth Street West' }),
    );
  });

  it('refuses MaxResults outside 1 to 50 and a missing Distance, and sends nothing', async () => {
    await expect(
      orders.deliveryOptions.listPickup({
        ...checkout(),
        Distance: { Value: 1, Unit: 'Km' },
        MaxResults: 51,
      }),
    ).rejects.toThrow(/MaxResults/);
    await expect(
      orders.deliveryOptions.listPickup({ ...checkout(), MaxResults: 5 } as never),
    ).rejects.toThrow(/Distance/);
    expect(mock.requests('getPickupOptions')).toHaveLength(0);
  });
});
