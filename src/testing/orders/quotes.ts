import { json } from '../router.js';
import {
  inListingOrder,
  prospectiveConsignment,
  type ServiceChoice,
  shortlist,
} from './allocation/shortlist.js';
import type { ErrorDetail } from './errors.js';
import type { CarrierService, JsonObject, OrdersContext, OrdersStore, StoredConsignment } from './state.js';
import { addressOfType, dayOf, dayOfEpoch, epochDay, hex32 } from './util.js';
import { requireBodyObject, requireConsignment } from './validate.js';

/**
 * Quotes in the mock: one per service the allocation shortlist keeps (enabled, ships there, meets the
 * promise, breaks no rule, carries the tags), listed by service reference and not by price (the vendor
 * promises no order), each with a `QuoteReference` (a GUID) and
 * an `ExpiryDate` (the midnight after it was made), stored so that Allocate With Quote can check it. The
 * services left out are `UnqualifiedServices`, each with the reason. Service groups quote the cheapest of
 * their services.
 */

const VAT = 0.2;
const money = (amount: number) => Math.round(amount * 100) / 100;

/** A GUID made from a store reference: deterministic, as every mock reference is. */
function guid(store: OrdersStore, prefix: string): string {
  const hex = hex32(store.nextReference(prefix));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function price(service: CarrierService): JsonObject {
  return {
    Net: service.Price,
    Gross: money(service.Price * (1 + VAT)),
    TaxRate: { Reference: 'GB-0.2000', CountryIsoCode: 'GB', Type: 'Standard', Rate: VAT },
    VatAmount: money(service.Price * VAT),
    Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' },
  };
}

/** One quote of `service` for `consignment`, stored for Allocate With Quote. */
function issueQuote(
  store: OrdersStore,
  consignment: StoredConsignment,
  service: CarrierService,
  stored: boolean,
): JsonObject {
  const created = store.now();
  const shipping = dayOf(consignment.ShippingDate) ?? created.toISOString().slice(0, 10);
  const delivery = dayOfEpoch(epochDay(shipping) + service.TransitDays);
  const expiry = `${dayOfEpoch(epochDay(created.toISOString().slice(0, 10)) + 1)}T00:00:00+00:00`;
  const QuoteReference = guid(store, 'QT-');
  const ConsignmentReference = stored ? consignment.Reference : '';
  store.orders.quotes.set(QuoteReference, {
    QuoteReference,
    ConsignmentReference,
    ServiceReference: service.ServiceReference,
    ExpiryDate: expiry,
  });
  const direction = service.ServiceDirection ?? 'Inbound, Outbound';
  return {
    QuoteReference,
    CreationDate: created.toISOString().replace('Z', '+00:00'),
    ExpiryDate: expiry,
    Requestor: 'consignkit mock',
    ConsignmentReference,
    ConsignmentReferenceProvidedByCustomer: consignment.OrderReferenceProvidedByCustomer ?? '',
    MpdCarrierServiceReference: service.ServiceReference,
    MpdCarrierServiceSource: 2,
    MpdCarrierService: service.ServiceName,
    CarrierReference: service.CarrierReference,
    ServiceDirection: direction,
    OriginAddress: addressOfType(consignment.Addresses, 'Origin') ?? null,
    DestinationAddress: addressOfType(consignment.Addresses, 'Destination') ?? null,
    CollectionDate: `${shipping}T00:00:00+00:00`,
    EarliestDeliveryDate: `${delivery}T00:00:00+00:00`,
    LatestDeliveryDate: `${delivery}T23:59:00+00:00`,
    BasePrice: price(service),
    Price: price(service),
    Surcharges: [],
    Legs: [
      {
        JourneyStage: 1,
        CarrierService: {
          Reference: service.ServiceReference,
          Name: service.ServiceName,
          CarrierReference: service.CarrierReference,
          CarrierName: service.CarrierName,
          IsDropOff: service.IsDropOff ?? false,
          IsPickUp: service.IsPickUp ?? false,
          IsTimed: false,
          IsTracked: true,
          IsSigned: (service.Tags ?? []).includes('Signature'),
          ServiceDirection: direction,
        },
        CarrierAccountReference: `${service.CarrierReference}-ACCOUNT`,
        DeliveryHub: null,
        CostItems: null,
        VolumetricParcelWeight: null,
        CollectionType: 'NotApplicable',
      },
    ],
    CarrierAccountOwner: null,
    IsElectioService: false,
  };
}

/** The quote with the lowest net price; ties to the earliest listed. */
function cheapestListed(quotes: JsonObject[]): JsonObject | undefined {
  const net = (quote: JsonObject) => (quote.Price as { Net: number }).Net;
  return quotes.reduce<JsonObject | undefined>(
    (best, quote) => (best === undefined || net(quote) < net(best) ? quote : best),
    undefined,
  );
}

/** A service left out, as `UnqualifiedServices` lists it: the first reason it was refused. */
function unqualified(
  store: OrdersStore,
  rejected: ErrorDetail[],
  only?: (service: CarrierService) => boolean,
) {
  const seen = new Set<string>();
  const left = rejected.flatMap((detail) => {
    const service = store.orders.carrierServices.get(detail.Target);
    if (!service || seen.has(detail.Target) || (only && !only(service))) return [];
    seen.add(detail.Target);
    return [
      {
        Available: false,
        Rates: true,
        MpdCarrierService: service.ServiceName,
        CarrierReference: service.CarrierReference,
        MpdCarrierServiceReference: service.ServiceReference,
        ExclusionReason: detail.Message,
      },
    ];
  });
  return left.sort((a, b) => (a.MpdCarrierServiceReference < b.MpdCarrierServiceReference ? -1 : 1));
}

/** The quote result for a consignment: `{ QuoteRequestReference, Quotes, Message, UnqualifiedServices }`. */
function quoteResult(
  store: OrdersStore,
  consignment: StoredConsignment,
  stored: boolean,
  allows?: ServiceChoice,
  only?: (service: CarrierService) => boolean,
) {
  const { eligible, rejected } = shortlist(store, consignment, allows);
  return {
    QuoteRequestReference: guid(store, 'QR-'),
    Quotes: inListingOrder(eligible).map((service) => issueQuote(store, consignment, service, stored)),
    Message: eligible.length === 0 ? 'No carrier service can quote for this consignment' : null,
    UnqualifiedServices: unqualified(store, rejected, only),
  };
}

/** POST /quotes/: quotes for a consignment not stored (none is created); 201 as the data contracts say. */
export function getQuotes(context: OrdersContext): Response {
  const consignment = prospectiveConsignment(context.store, requireBodyObject(context.body));
  return json(quoteResult(context.store, consignment, false), 201);
}

/** GET /quotes/consignment/:consignmentReference: quotes for a stored consignment, each naming it. */
export function getQuotesForConsignment(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  return json(quoteResult(context.store, consignment, true));
}

/**
 * POST /quotes/serviceGroups: for each service group with at least one eligible service,
 * `{ Reference, Name, CheapestQuote, QuoteRequestReference, Quotes, UnqualifiedServices }`; a group none of
 * whose services qualifies is left out.
 */
export function getServiceGroupQuotes(context: OrdersContext): Response {
  const { store } = context;
  const consignment = prospectiveConsignment(store, requireBodyObject(context.body));
  const groups = [...store.orders.serviceGroups.values()].flatMap((group) => {
    const inGroup = (service: CarrierService) => group.ServiceReferences.includes(service.ServiceReference);
    const outsideGroup: ServiceChoice = (service) =>
      inGroup(service) ? undefined : { code: 'NotInGroup', message: `not in ${group.Reference}` };
    const result = quoteResult(store, consignment, false, outsideGroup, inGroup);
    const cheapest = cheapestListed(result.Quotes);
    return cheapest
      ? [{ Reference: group.Reference, Name: group.Name, CheapestQuote: cheapest, ...result }]
      : [];
  });
  return json(groups);
}
