import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  decodeDocument,
  isShipmentReference,
  NotFoundError,
  OrdersClient,
  ShipmentsClient,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';
import { useMockService } from '../support/mock-service.js';
import { latin1 } from '../support/shipments-mock.js';

const { mock } = useMockService();

describe('from an order to a label', () => {
  it('labels the shipment of a consignment allocated through OrdersClient', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey });
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    const orderReference = await orders.create(orderInput());
    const [consignment] = await orders.pack(orderReference, {
      OrderReference: orderReference,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    const [summary] = await orders.allocation.allocate([consignment!]);

    const shipment = mock.store.shipments.shipmentForConsignment(consignment!);
    expect(shipment).toMatchObject({ allocated: true, carrierName: summary!.CarrierName });
    const [label] = await shipments.labels.get(shipment!.reference as `sp_${string}`, { format: 'PDF' });
    const text = latin1(decodeDocument(label!).bytes);
    expect(text).toContain(shipment!.reference);
    expect(text).toContain(consignment);
    // Serving the label tells area A that the consignment's labels were printed.
    expect(mock.store.orders.getConsignment(consignment!)?.LabelsPrinted).toBe(true);
  });
});

describe('one shipment, one record', () => {
  it("keeps the shipment area A's allocation made as the record Get Shipment reads and its labels print", async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey });
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    const orderReference = await orders.create(orderInput());
    const [consignment] = await orders.pack(orderReference, {
      OrderReference: orderReference,
      Packages: [
        { Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] },
        { Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] },
      ],
    });
    await orders.allocation.allocate([consignment!]);

    const shipment = mock.store.shipments.shipmentForConsignment(consignment!)!;
    expect(mock.store.shipments.lifecycle.records.get(shipment.reference)).toBe(shipment);
    const read = await shipments.get(shipment.reference as `sp_${string}`);
    expect(read.contents.map((item) => item.reference)).toEqual(
      shipment.contents.map((item) => item.reference),
    );
  });

  it('seeds a shipment with addShipment as a record, there before the lifecycle is first read', () => {
    const seeded = mock.store.shipments.addShipment({ packages: 2 });
    expect(mock.store.shipments.shipments.get(seeded.reference)).toBe(seeded);
    expect(seeded).toMatchObject({ state: 'allocated', allocated: true, paperless: [], events: [] });
    expect((seeded.body.contents as { reference: string }[]).map((item) => item.reference)).toEqual(
      seeded.contents.map((item) => item.reference),
    );
  });
});

describe("a consignment's shipment follows it", () => {
  async function allocatedConsignment() {
    const orders = new OrdersClient({ apiKey: mock.apiKey });
    const orderReference = await orders.create(orderInput());
    const [consignment] = await orders.pack(orderReference, {
      OrderReference: orderReference,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    await orders.allocation.allocate([consignment!]);
    const shipment = mock.store.shipments.shipmentForConsignment(consignment!)!.reference;
    if (!isShipmentReference(shipment)) throw new Error(`not a shipment reference: ${shipment}`);
    return { orders, consignment: consignment!, shipment };
  }

  it('manifested in area A, it reads manifested in area B, and area B no longer cancels it', async () => {
    const { orders, consignment, shipment } = await allocatedConsignment();
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    await orders.manifests.manifest([consignment]);
    await expect(shipments.get(shipment)).resolves.toMatchObject({ state: 'manifested' });
    await expect(shipments.cancel(shipment)).rejects.toBeInstanceOf(ConflictError);
  });

  it('cancelled or de-allocated in area A, its shipment is cancelled or unallocated, with no labels', async () => {
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    const cancelled = await allocatedConsignment();
    await shipments.get(cancelled.shipment);
    await cancelled.orders.consignments.cancel(cancelled.consignment);
    await expect(shipments.get(cancelled.shipment)).resolves.toMatchObject({ state: 'cancelled' });
    await expect(shipments.labels.get(cancelled.shipment, { format: 'PDF' })).rejects.toBeInstanceOf(
      NotFoundError,
    );

    const deallocated = await allocatedConsignment();
    await deallocated.orders.allocation.deallocate(deallocated.consignment);
    const read = await shipments.get(deallocated.shipment);
    expect(read.state).toBe('unallocated');
    expect(read.allocation ?? undefined).toBeUndefined();
  });
});
