import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConfigurationError,
  createClients,
  decodeDocument,
  NotFoundError,
  OrdersClient,
  type ShipmentReference,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';
import { latin1 } from '../support/shipments-mock.js';

// What an integrator does with `consignkit/testing` through its public surface only: the options of
// createMockService and the seeding methods of mock.store.

/** A new mock, and both clients answered by its `fetch`. */
function freshMock() {
  const mock = createMockService();
  return { mock, ...createClients({ apiKey: mock.apiKey, fetch: mock.fetch }) };
}

/** The order, the consignment and its allocation, made through the clients. */
async function shipOne(orders: OrdersClient, input = orderInput()) {
  const order = await orders.create(input);
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  const allocation = await orders.allocation.allocateWithCheapestQuote(consignment!);
  return { order, consignment: consignment!, allocation };
}

describe('base URLs', () => {
  const ordersBaseUrl = 'https://shipping-proxy.internal.example/electio';
  const shipmentsBaseUrl = 'https://shipping-proxy.internal.example/ship';

  it('answers the base URLs it is given, through mock.fetch, and only those', async () => {
    const mock = createMockService({
      ordersBaseUrls: [ordersBaseUrl],
      shipmentsBaseUrls: [shipmentsBaseUrl],
    });
    const { orders } = createClients({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      ordersBaseUrl,
      shipmentsBaseUrl,
    });
    await expect(orders.manifests.list()).resolves.toEqual([]);
    const sandbox = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    await expect(sandbox.manifests.list()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers them through MSW too, for both areas', async () => {
    const mock = createMockService({
      ordersBaseUrls: [ordersBaseUrl],
      shipmentsBaseUrls: [shipmentsBaseUrl],
    });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const { orders, shipments } = createClients({ apiKey: mock.apiKey, ordersBaseUrl, shipmentsBaseUrl });
      const { consignment } = await shipOne(orders);
      const shipment = mock.store.shipments.shipmentForConsignment(consignment)!
        .reference as ShipmentReference;
      const [label] = await shipments.labels.get(shipment, { format: 'PDF' });
      expect(decodeDocument(label!).format).toBe('pdf');
      expect(mock.requests().map((request) => new URL(request.url).origin)).toEqual(
        Array(mock.requests().length).fill('https://shipping-proxy.internal.example'),
      );
    } finally {
      server.close();
    }
  });
});

describe('seed', () => {
  async function references(seed: number | undefined) {
    const mock = createMockService(seed === undefined ? {} : { seed });
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const first = await shipOne(orders);
    const second = await shipOne(orders);
    const shipment = mock.store.shipments.shipmentForConsignment(second.consignment)!.reference;
    const group = mock.store.shipments.addShipmentGroup().reference;
    return {
      mock,
      refs: [first.order, first.consignment, second.order, second.consignment, shipment, group],
    };
  }

  it('gives the same references for the same seed, and other ones for another seed', async () => {
    const { refs: one } = await references(7);
    const { refs: again } = await references(7);
    const { refs: other } = await references(8);
    expect(again).toEqual(one);
    for (const [index, reference] of other.entries()) expect(reference).not.toBe(one[index]);
    expect(one).toEqual([
      expect.stringMatching(/^EO-/),
      expect.stringMatching(/^EC-/),
      expect.stringMatching(/^EO-/),
      expect.stringMatching(/^EC-/),
      // The vendor's references: 35 characters, the prefix and 32 digits.
      expect.stringMatching(/^sp_[0-9]{32}$/),
      expect.stringMatching(/^sg_[0-9]{32}$/),
    ]);
  });

  it('gives every seed from 0 to 35936 references of its own: 0 and 1000 differ', async () => {
    const { refs: zero } = await references(0);
    for (const seed of [1000, 1, 35_936]) {
      const { refs } = await references(seed);
      for (const [index, reference] of refs.entries())
        expect(reference, `seed ${seed}`).not.toBe(zero[index]);
    }
  });

  it.each([-1, 1.5, 35_937, Number.NaN, Number.POSITIVE_INFINITY, '7'])(
    'refuses the seed %s with a ConfigurationError naming the range',
    (seed) => {
      expect(() => createMockService({ seed: seed as number })).toThrow(ConfigurationError);
      expect(() => createMockService({ seed: seed as number })).toThrow(
        /seed must be an integer from 0 to 35936/,
      );
    },
  );

  it('starts the references over after reset()', async () => {
    const { mock, refs } = await references(3);
    mock.reset();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    await expect(orders.create(orderInput())).resolves.toBe(refs[0]);
  });
});

describe('seeding through mock.store', () => {
  it('a shipping location makes addresses from it valid', async () => {
    const { mock, orders } = freshMock();
    const fromBristol = orderInput();
    fromBristol.Addresses![0]!.ShippingLocationReference = 'SL-BRISTOL';
    await expect(orders.create(fromBristol)).rejects.toBeInstanceOf(BadRequestError);
    mock.store.orders.addShippingLocation({
      Reference: 'SL-BRISTOL',
      Name: 'Bristol Depot',
      CountryCode: 'GB',
    });
    await expect(orders.create(fromBristol)).resolves.toMatch(/^EO-/);
  });

  it('a carrier service with its price wins allocation while it is the cheapest eligible one, and a rule removes it', async () => {
    const { mock, orders } = freshMock();
    mock.store.orders.addCarrierService({
      CarrierReference: 'PIGEON',
      CarrierName: 'Pigeon Post',
      ServiceReference: 'PIGEON-STD',
      ServiceName: 'Pigeon Standard',
      Countries: ['GB'],
      Price: 0.99,
      TransitDays: 3,
    });
    await expect(shipOne(orders)).resolves.toMatchObject({
      allocation: { CarrierServiceName: 'Pigeon Standard' },
    });
    mock.store.orders.addAllocationRule({ Type: 'ExcludeService', ServiceReference: 'PIGEON-STD' });
    await expect(shipOne(orders)).resolves.toMatchObject({
      allocation: { CarrierServiceName: 'Royal Mail Tracked 48' },
    });
  });

  it('a delivery option can be selected as an order', async () => {
    const { mock, orders } = freshMock();
    mock.store.orders.addDeliveryOption({
      Reference: 'EDO-TEST-0001',
      CarrierServiceReference: 'RM-TRACKED24',
      EarliestDeliveryDate: '2026-02-02T08:00:00+00:00',
      LatestDeliveryDate: '2026-02-02T18:00:00+00:00',
      Order: { ...orderInput({ OrderReferenceProvidedByCustomer: 'FROM-OPTION' }) },
    });
    const order = await orders.deliveryOptions.selectAsOrder('EDO-TEST-0001');
    await expect(orders.get(order)).resolves.toMatchObject({
      OrderReferenceProvidedByCustomer: 'FROM-OPTION',
    });
  });

  it('shipments, groups and the label extension are seeded for area B', async () => {
    const { mock, shipments } = freshMock();
    const shipment = mock.store.shipments.addShipment({
      carrierName: 'Acme Couriers',
      labelFormats: ['PDF'],
    });
    const group = mock.store.shipments.addShipmentGroup({ custom_reference: 'night-run' });
    await shipments.groups.addShipment(
      { customReference: 'night-run', version: 'latest' },
      shipment.reference as ShipmentReference,
    );
    expect(mock.store.shipments.groups.get(group.reference)?.shipments).toEqual([shipment.reference]);

    mock.store.shipments.setLabelExtension('Scan me for returns');
    const withExtension = await shipments.labels.get(shipment.reference as ShipmentReference, {
      format: 'PDF',
    });
    const text = latin1(decodeDocument(withExtension[0]!).bytes);
    expect(text).toContain('Acme Couriers');
    expect(text).toContain('Scan me for returns');
    mock.store.shipments.setLabelExtension(undefined);
    const without = await shipments.labels.get(shipment.reference as ShipmentReference, { format: 'PDF' });
    expect(latin1(decodeDocument(without[0]!).bytes)).not.toContain('Scan me');
    await expect(
      shipments.labels.get(shipment.reference as ShipmentReference, { format: 'ZPL' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

it('a label says where the parcel goes, from the consignment it ships', async () => {
  const { mock, orders, shipments } = freshMock();
  const { consignment } = await shipOne(orders);
  const shipment = mock.store.shipments.shipmentForConsignment(consignment)!.reference as ShipmentReference;
  const [label] = await shipments.labels.get(shipment, { format: 'PDF' });
  expect(latin1(decodeDocument(label!).bytes)).toContain('(Deliver to: Ada Lovelace, 12 Analytical Row,');
  const [zpl] = await shipments.labels.get(shipment, { format: 'ZPL' });
  expect(latin1(decodeDocument(zpl!).bytes)).toContain(
    '^FDDeliver to: Ada Lovelace, 12 Analytical Row, Manchester, M1 1AA^FS',
  );
});

it('a label says where the parcel goes whatever the case of the address type', async () => {
  const { mock, orders, shipments } = freshMock();
  const input = orderInput();
  const order = await orders.create(input);
  // The service reads address types case-insensitively; so does the mock, labels included.
  await orders.updateAddress(order, { ...input.Addresses![1]!, AddressType: 'destination' });
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocation.allocateWithCheapestQuote(consignment!);
  const shipment = mock.store.shipments.shipmentForConsignment(consignment!)!.reference as ShipmentReference;
  const [label] = await shipments.labels.get(shipment, { format: 'PDF' });
  expect(latin1(decodeDocument(label!).bytes)).toContain('(Deliver to: Ada Lovelace, 12 Analytical Row,');
});

describe('mock.handlers loads msw only when read', () => {
  it('a mock used through fetch never needs it; where require is not offered, handlers says so', async () => {
    const getBuiltinModule = process.getBuiltinModule;
    // As in a runtime without Node's require: fetch must still work, and handlers must explain itself.
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true });
    try {
      const { mock, orders } = freshMock();
      await expect(orders.manifests.list()).resolves.toEqual([]);
      expect(() => mock.handlers).toThrow(ConfigurationError);
      expect(() => mock.handlers).toThrow(/mock\.fetch or mock\.listen\(\)/);
    } finally {
      Object.defineProperty(process, 'getBuiltinModule', { value: getBuiltinModule, configurable: true });
    }
    const served = createMockService();
    const server = setupServer(...served.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await expect(new OrdersClient({ apiKey: served.apiKey }).manifests.list()).resolves.toEqual([]);
      expect(served.requests()).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
