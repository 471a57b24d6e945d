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

// Issue 44: the answer fields the vendor's C# reference documents are named and typed, not read from an
// open map (`unknown`) or missing (a compile error before).
export async function documentedAreaAFieldsAreTyped() {
  const { ConsignmentSummaries } = await orders.consignments.search().page(0);
  const summary = ConsignmentSummaries[0];
  const shipped: string | null | undefined = summary?.ShippedDate;
  const delivered: string | null | undefined = summary?.DeliveryDate;
  const collected: string | null | undefined = summary?.CollectionDate;
  const failedGroup: string | null | undefined = summary?.FailedAllocationMpdCarrierServiceGroupName;
  const failedManifestAt: string | null | undefined = summary?.FailedManifestTimeStamp;
  const terms: 'DAP' | (string & Record<never, never>) | null | undefined = summary?.ShippingTerms;

  const consignment = await orders.consignments.get(ec);
  const net: number | null | undefined = consignment.Allocation?.Price?.Net;
  const rate: number | null | undefined = consignment.Allocation?.Price?.TaxRate?.Rate;
  const currencyName: string | null | undefined = consignment.Allocation?.Price?.Currency?.Name;
  const triedGroup: string | null | undefined = consignment.FailedAllocation?.CarrierServiceGroupReference;
  const shop: string | null | undefined = consignment.LocationInformation?.ShopReference;
  const alpha3: string | null | undefined = consignment.Addresses?.[0]?.Country?.IsoCode?.ThreeLetterCode;
  const numeric: string | null | undefined = consignment.Addresses?.[0]?.Country?.IsoCode?.NumericCode;

  const { Quotes } = await orders.quotes.getForConsignment(ec);
  const surchargeAmount: number | null | undefined = Quotes[0]?.Surcharges?.[0]?.Amount;
  // @ts-expect-error a surcharge is typed: `Amout` is no field of it
  const misspeltSurcharge = Quotes[0]?.Surcharges?.[0]?.Amout;
  const [group] = await orders.quotes.getForServiceGroups({} as never);
  const groupMessage: string | null | undefined = group?.Message;

  const [dispatched] = await orders.consignments.dispatch([ec]);
  const dispatchedRef: string | null | undefined = dispatched?.ConsignmentReferenceForAllLegsAssignedByMpd;

  const [shopLocation] = await orders.deliveryOptions.listPickup({} as never);
  const monday: string | null | undefined = shopLocation?.OpeningTimes?.Monday?.[0]?.Start;
  const town: string | null | undefined = shopLocation?.Address?.Town;

  const order = await orders.get(eo);
  // An answer's dates are ISO strings, not an open map.
  const latest: string | null | undefined = order.LatestDeliveryDate;
  const shipping: string | null = order.ShippingDate;

  return [
    shipped,
    delivered,
    collected,
    failedGroup,
    failedManifestAt,
    terms,
    net,
    rate,
    currencyName,
    triedGroup,
    shop,
    alpha3,
    numeric,
    surchargeAmount,
    misspeltSurcharge,
    groupMessage,
    dispatchedRef,
    monday,
    town,
    latest,
    shipping,
  ];
}
