// Type tests (checked by `tsc`, never run): an answer names its fields and nothing else, so a misspelt read
// is a compile error rather than an `unknown` that is always `undefined` (issue 38, item 7). A field the
// service adds is still kept at run time (test/shipments/shipments.test.ts, consignment.test.ts); it is
// read as what it is, a field the SDK does not name: after an `in` check, typed `unknown`.
import type {
  ConsignmentReference,
  OrderReference,
  OrdersClient,
  ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';

declare const orders: OrdersClient;
declare const shipments: ShipmentsClient;
declare const sp: ShipmentReference;
declare const ec: ConsignmentReference;
declare const eo: OrderReference;

export async function misspeltReadsDoNotCompile() {
  const shipment = await shipments.get(sp);
  // @ts-expect-error the carrier is the allocation's: `shipment.allocation?.carrier`
  const carrierName = shipment.carrier?.name;
  // @ts-expect-error `nme` is no field of a carrier
  const serviceName = shipment.allocation?.carrier.nme;
  // @ts-expect-error `State` is no field of a shipment (`state` is)
  const shipmentState = shipment.State;

  const consignment = await orders.consignments.get(ec);
  // @ts-expect-error `Stat` is no field of a consignment (`ConsignmentState` is)
  const consignmentState = consignment.Stat;
  // @ts-expect-error the service reference is the allocation's: `Allocation?.MpdCarrierServiceReference`
  const consignmentService = consignment.CarrierServiceReference;

  const order = await orders.get(eo);
  // @ts-expect-error `OrderRefernce` misspells `OrderReference`
  const orderReference = order.OrderRefernce;

  const { quotes } = await shipments.quotes.getForShipment(sp);
  // @ts-expect-error `prices` misspells `price`
  const quotePrice = quotes?.[0]?.prices;

  return [
    carrierName,
    serviceName,
    shipmentState,
    consignmentState,
    consignmentService,
    orderReference,
    quotePrice,
  ];
}

export async function namedAndUnknownFieldsRead() {
  const shipment = await shipments.get(sp);
  const carrier: string | null | undefined = shipment.allocation?.carrier.name;
  const later: unknown = 'later_field' in shipment ? shipment.later_field : undefined;
  const consignment = await orders.consignments.get(ec);
  const added: unknown = 'AddedLater' in consignment ? consignment.AddedLater : undefined;
  return [carrier, later, added];
}
