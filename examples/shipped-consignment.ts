import type { ConsignmentReference, OrdersClient, ShipmentReference } from 'consignkit';
import type { MockService } from 'consignkit/testing';
import { sampleOrder } from './sample-order.js';

/**
 * Creates, packs and allocates one order, and returns its consignment (whose labels
 * `orders.labels.get` prints) and an area B shipment for the examples of shipment groups and BMP
 * labels. Area B's shipments are a resource of their own, made by the service's Ship API; the mock keeps
 * one per allocated consignment.
 */
export async function shippedConsignment(
  orders: OrdersClient,
  mock: MockService,
  customerReference: string,
): Promise<{ consignment: ConsignmentReference; shipment: ShipmentReference }> {
  const order = await orders.create(sampleOrder(customerReference));
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error(`packing ${order} created no consignment`);
  await orders.allocation.allocateWithCheapestQuote(consignment);
  const shipment = mock.store.shipments.shipmentForConsignment(consignment);
  if (!shipment) throw new Error(`allocating ${consignment} labelled no shipment`);
  return { consignment, shipment: shipment.reference };
}
