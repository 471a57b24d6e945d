import { describe, expect, it } from 'vitest';
import { decodeDocument, OrdersClient, ShipmentsClient } from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';
import { useMockService } from '../support/mock-service.js';
import { latin1 } from '../support/shipments-mock.js';

const { mock } = useMockService();

describe('from an order to a label', () => {
  it('labels the shipment of a consignment allocated through OrdersClient', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey });
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    const orderReference = await orders.createOrder(orderInput());
    const [consignment] = await orders.packOrder(orderReference, {
      OrderReference: orderReference,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    const [summary] = await orders.allocateConsignments([consignment!]);

    const shipment = mock.store.shipments.shipmentForConsignment(consignment!);
    expect(shipment).toMatchObject({ allocated: true, carrierName: summary!.CarrierName });
    const [label] = await shipments.getLabels(shipment!.reference as `sp_${string}`, { format: 'PDF' });
    const text = latin1(decodeDocument(label!).bytes);
    expect(text).toContain(shipment!.reference);
    expect(text).toContain(consignment);
    // Serving the label tells area A that the consignment's labels were printed.
    expect(mock.store.orders.getConsignment(consignment!)?.LabelsPrinted).toBe(true);
  });
});
