import type { ConsignmentReference, OrdersClient, ShipmentReference } from 'consignkit';
import type { MockService } from 'consignkit/testing';
import { sampleOrder } from './sample-order.js';

/**
 * Creates, packs and allocates one order, and returns its consignment and the shipment the allocation
 * labelled. The mock tells us the shipment; with the real service it comes with the carrier booking.
 */
export async function shippedConsignment(
  orders: OrdersClient,
  mock: MockService,
  customerReference: string,
): Promise<{ consignment: ConsignmentReference; shipment: ShipmentReference }> {
  const order = await orders.createOrder(sampleOrder(customerReference));
  const [consignment] = await orders.packOrder(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error(`packing ${order} created no consignment`);
  await orders.allocateWithCheapestQuote(consignment);
  const shipment = mock.store.shipments.shipmentForConsignment(consignment);
  if (!shipment) throw new Error(`allocating ${consignment} labelled no shipment`);
  return { consignment, shipment: shipment.reference as ShipmentReference };
}
