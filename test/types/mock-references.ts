/**
 * Compile-time checks, run by `npm run typecheck`: the mock's store hands out typed references, which
 * the clients take without a cast. Nothing here runs.
 */
import type {
  ConsignmentReference,
  OrderReference,
  ShipmentGroupReference,
  ShipmentReference,
} from 'consignkit';
import type { MockService } from 'consignkit/testing';

declare const mock: MockService;

export const shipment: ShipmentReference = mock.store.shipments.addShipment({}).reference;
export const group: ShipmentGroupReference = mock.store.shipments.addShipmentGroup({}).reference;
const stored = mock.store.orders.getConsignment('EC-1');
export const consignment: ConsignmentReference | undefined = stored?.Reference;
export const order: OrderReference | undefined = stored?.OrderReference;
// @ts-expect-error a shipment reference is not a consignment reference
export const wrong: ConsignmentReference = mock.store.shipments.addShipment({}).reference;
