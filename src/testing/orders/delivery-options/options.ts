import { encodeBase64, textPdf } from '../../pdf.js';
import { json, type RouteContext } from '../../router.js';
import type { MockStore } from '../../store.js';
import { shortlist } from '../allocation/shortlist.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import type { CarrierService, JsonObject, StoredConsignment } from '../state.js';
import { addressOfType, countryOf, dayOf, dayOfEpoch, epochDay, isObject, sameState } from '../util.js';
import {
  checkOrderAddresses,
  requireBodyObject,
  requireConsignment,
  withLocationAddress,
} from '../validate.js';

/**
 * Area A's discovery operations in the mock: shipping locations, delivery and pickup options, commercial
 * invoices and tracking. Options come from the same shortlist as allocation (enabled services that ship
 * to the destination and meet the delivery promise, the organisation's rules, the tags), cheapest first,
 * dated from the store's today; each becomes an `EDO-` option that `selectDeliveryOption` turns into an
 * order, once.
 */

/** A pickup shop the mock offers in Pickup Options. */
export interface PickupShop {
  /** The shop's reference with its provider. */
  ShopReference: string;
  /** The shop's name. */
  Name: string;
  /** Where it is: address lines, town, postcode and `Country.IsoCode.TwoLetterCode`. */
  Address: JsonObject;
  /** How far it is from any destination in its country, in km (the mock has no map). */
  DistanceKm: number;
}

/** A carrier's tracking event, added with `store.orders.addTrackingEvent`. */
export interface MockTrackingEvent {
  /** ISO 8601; the store's clock when left out. */
  TimeStamp?: string;
  /** The event's code (`InTransit`, `Delivered`…). */
  Code: string;
  /** What happened. */
  Description?: string;
  /** Who signed, for a delivery. */
  SignedBy?: string | null;
  /** Where it happened. */
  Location?: string | null;
}

// --- Shipping locations ----------------------------------------------------------------------------

export function getShippingLocations(context: RouteContext): Response {
  return json([...context.store.orders.shippingLocations.values()]);
}

export function getShippingLocation(context: RouteContext): Response {
  const reference = context.params.shippingLocationReference ?? '';
  const location = context.store.orders.shippingLocations.get(reference);
  return location
    ? json(location)
    : fail(404, ErrorCode.ShippingLocationNotFound, `Shipping location ${reference} not found`);
}

// --- Delivery and pickup options -------------------------------------------------------------------

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const VAT = 0.2;
const money = (amount: number) => Math.round(amount * 100) / 100;

/** The request as the consignment it would become, for the allocation shortlist. */
export function prospectiveConsignment(store: MockStore, body: JsonObject): StoredConsignment {
  const addresses = checkOrderAddresses(store, body.Addresses);
  if (!Array.isArray(body.Packages) || body.Packages.length === 0)
    invalid('Packages', 'needs at least one package');
  return {
    Reference: 'EC-PROSPECTIVE',
    State: 'Unallocated',
    OrderReference: 'EO-PROSPECTIVE',
    ShippingLocationReference: '',
    Addresses: addresses.map((address) => withLocationAddress(store, address)),
    Packages: body.Packages.filter(isObject),
    IsReturn: false,
    DateCreated: store.now().toISOString(),
    TrackingReferences: [],
    LabelsPrinted: false,
    ...(typeof body.ShippingDate === 'string' ? { ShippingDate: body.ShippingDate } : {}),
    ...(body.RequiredDeliveryDate !== undefined && body.RequiredDeliveryDate !== null
      ? { RequiredDeliveryDate: body.RequiredDeliveryDate as string }
      : {}),
    ...(Array.isArray(body.Tags) ? { Tags: body.Tags as string[] } : {}),
  };
}

/** One option per eligible service, cheapest first, stored so that `selectDeliveryOption` can use it. */
function quote(store: MockStore, body: JsonObject, order: JsonObject): JsonObject[] {
  const consignment = prospectiveConsignment(store, { ...body, ...order });
  const shipping = dayOf(consignment.ShippingDate) ?? store.now().toISOString().slice(0, 10);
  return shortlist(store, consignment).eligible.map((service) => {
    const day = dayOfEpoch(epochDay(shipping) + service.TransitDays);
    const date = `${day}T00:00:00+00:00`;
    const reference = store.nextReference('EDO-');
    const answer = optionAnswer(reference, service, day, shipping);
    store.orders.addDeliveryOption({
      Reference: reference,
      CarrierServiceReference: service.ServiceReference,
      EarliestDeliveryDate: date,
      LatestDeliveryDate: date,
      Order: structuredClone(order),
      Answer: structuredClone(answer),
    });
    return answer;
  });
}

export function optionAnswer(
  reference: string,
  service: CarrierService,
  day: string,
  shipping: string,
): JsonObject {
  const weekday = DAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()];
  return {
    Reference: reference,
    EstimatedDeliveryDate: { Date: `${day}T00:00:00+00:00`, Guaranteed: true, DayOfWeek: weekday },
    DeliveryWindow: { Start: '00:00:00', End: '23:59:00', UtcOffset: '+00:00' },
    Carrier: service.CarrierName,
    CarrierService: service.ServiceName,
    CarrierServiceReference: service.ServiceReference,
    CarrierServiceTypes: ['Standard'],
    Price: {
      Net: service.Price,
      Gross: money(service.Price * (1 + VAT)),
      TaxRate: { Reference: 'GB-0.2000', CountryIsoCode: 'GB', Type: 'Standard', Rate: VAT },
      VatAmount: money(service.Price * VAT),
      Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' },
    },
    AllocationCutOff: `${shipping}T15:30:00+00:00`,
    OperationalCutOff: `${shipping}T15:00:00+00:00`,
    ServiceDirection: 'Inbound, Outbound',
  };
}

/** POST /deliveryoptions: 201 `{ DeliveryOptions }`, cheapest first; none is an empty list. */
export function getDeliveryOptions(context: RouteContext): Response {
  const body = requireBodyObject(context.body);
  return json({ DeliveryOptions: quote(context.store, body, body) }, 201);
}

/**
 * POST /deliveryoptions/pickupoptions: the seeded pickup shops in the destination's country within
 * `Distance` (km), nearest first, at most `MaxResults` (1 to 50), each with the options that deliver to
 * it (selecting one makes an order to the shop).
 */
export function getPickupOptions(context: RouteContext): Response {
  const body = requireBodyObject(context.body);
  const distance = isObject(body.Distance) ? body.Distance.Value : body.Distance;
  if (typeof distance !== 'number' || !(distance > 0))
    invalid('Distance', 'must be { Value, Unit } with a positive Value');
  const max = body.MaxResults;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 50) {
    invalid('MaxResults', 'must be an integer from 1 to 50');
  }
  const addresses = checkOrderAddresses(context.store, body.Addresses);
  const country = countryOf(addressOfType(addresses, 'Destination'));
  const shops = [...context.store.orders.pickupShops.values()]
    .filter((shop) => countryOf(shop.Address) === country && shop.DistanceKm <= distance)
    .sort((a, b) => a.DistanceKm - b.DistanceKm)
    .slice(0, max);
  const Locations = shops.map((shop) => {
    const toShop = addresses.map((address) =>
      address.AddressType === 'Destination'
        ? { ...shop.Address, AddressType: 'Destination', Contact: address.Contact ?? null }
        : address,
    );
    const { Distance: _distance, MaxResults: _max, ...request } = body;
    const order: JsonObject = { ...request, Addresses: toShop };
    return {
      Name: shop.Name,
      ShopReference: shop.ShopReference,
      Address: shop.Address,
      Distance: shop.DistanceKm,
      OpeningTimes: Object.fromEntries(
        DAY_NAMES.slice(1)
          .concat(DAY_NAMES[0]!)
          .map((day) => [
            day,
            day === 'Sunday' ? [] : [{ Start: '09:00:00', End: '17:30:00', UtcOffset: '+00:00' }],
          ]),
      ),
      DeliveryOptions: quote(context.store, order, order),
    };
  });
  return json({ Distance: body.Distance, MaxResults: max, Locations }, 201);
}

// --- Commercial invoice ----------------------------------------------------------------------------

const UNALLOCATED = ['Unallocated', 'Allocating', 'AllocationFailed', 'Cancelling', 'Cancelled'];

/** Whether the consignment goes from one country to another (it then needs customs documents). */
export function isInternational(consignment: StoredConsignment): boolean {
  const from = countryOf(addressOfType(consignment.Addresses, 'Origin'));
  const to = countryOf(addressOfType(consignment.Addresses, 'Destination'));
  return from !== undefined && to !== undefined && from !== to;
}

/** The consignment, allocated and international: what a customs document needs. */
export function customsConsignment(store: MockStore, reference: unknown): StoredConsignment {
  const consignment = requireConsignment(store, reference);
  if (
    UNALLOCATED.some((state) => sameState(state, consignment.State)) ||
    !consignment.CarrierServiceReference
  ) {
    fail(
      400,
      ErrorCode.ConsignmentNotAllocated,
      `Consignment ${consignment.Reference} is ${consignment.State}: customs documents exist only once it is allocated`,
    );
  }
  if (!isInternational(consignment)) {
    fail(
      400,
      ErrorCode.NoCustomsDocumentsRequired,
      `Consignment ${consignment.Reference} does not leave its country: it needs no customs documents`,
    );
  }
  return consignment;
}

const line = (address: JsonObject | undefined) =>
  [address?.CompanyName, address?.AddressLine1, address?.Town, address?.Postcode, countryOf(address)]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(', ');

/** A one-page commercial invoice (or CN22) PDF: parties, packages, and the EORI number when recorded. */
export function customsPdf(consignment: StoredConsignment, title: string): Uint8Array {
  const eori = consignment.MetaData?.find((entry) => entry.KeyValue === 'ShippersEORI')?.StringValue;
  const packages = consignment.Packages.map((pkg, index) => {
    const value = isObject(pkg.Value)
      ? `${pkg.Value.Amount ?? '?'} ${(pkg.Value.Currency as JsonObject)?.IsoCode ?? ''}`
      : 'no value';
    return `Package ${index + 1}: ${pkg.Description ?? 'goods'} (${value.trim()})`;
  });
  return textPdf({
    width: 595,
    height: 842,
    at: [48, 780],
    headingSize: 20,
    leading: 18,
    title: `${title} ${consignment.Reference}`,
    lines: [
      title,
      `Consignment ${consignment.Reference}`,
      `Carrier: ${consignment.CarrierName ?? ''} ${consignment.CarrierServiceName ?? ''}`.trim(),
      `Shipper: ${line(addressOfType(consignment.Addresses, 'Origin'))}`,
      `Consignee: ${line(addressOfType(consignment.Addresses, 'Destination'))}`,
      ...(typeof eori === 'string' ? [`EORI Number: ${eori}`] : []),
      ...packages,
    ],
  });
}

/** GET /consignments/docs/commercialinvoice/:ref: a JSON string, the PDF in Base64. */
export function getCommercialInvoice(context: RouteContext): Response {
  const consignment = customsConsignment(context.store, context.params.consignmentReference);
  return json(encodeBase64(customsPdf(consignment, 'Commercial Invoice')));
}

// --- Tracking --------------------------------------------------------------------------------------

/** States from Manifested on: the carrier has the consignment's data. */
const MANIFESTED_OR_LATER = (state: string) =>
  ![
    'Unallocated',
    'Allocating',
    'AllocationFailed',
    'Allocated',
    'ReadyToShip',
    'Cancelling',
    'Cancelled',
  ].some((early) => sameState(early, state)) && !sameState(state, 'ManifestFailed');

/**
 * GET /tracking/:ref: one tracked package per package, one leg with the consignment's carrier service,
 * its events: allocation, the manifest, then the carrier events `store.orders.addTrackingEvent` added.
 */
export function getTracking(context: RouteContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const recorded = context.store.orders.trackingEvents.get(consignment.Reference) ?? [];
  const manifested =
    MANIFESTED_OR_LATER(consignment.State) && !recorded.some((event) => event.Code === 'Manifested');
  const events = [
    ...recorded,
    ...(manifested
      ? [
          {
            TimeStamp: context.store.now().toISOString(),
            Code: 'Manifested',
            Description: 'Sent to the carrier',
            SignedBy: null,
            Location: null,
          },
        ]
      : []),
  ];
  return json({
    ConsignmentReferenceForAllLegsAssignedByMpd: consignment.Reference,
    TrackedPackages: consignment.Packages.map((pkg) => ({
      PackageReferenceForAllLegsAssignedByMpd: pkg.Reference ?? null,
      Legs: consignment.CarrierServiceName
        ? [{ CarrierServiceName: consignment.CarrierServiceName, Events: events }]
        : [],
    })),
  });
}

/** The allocation event, recorded as allocation happens. */
export function recordAllocation(store: MockStore, consignmentReference: string): void {
  const consignment = store.orders.getConsignment(consignmentReference);
  store.orders.addTrackingEvent(consignmentReference, {
    Code: 'Allocated',
    Description: `Allocated to ${consignment?.CarrierServiceName ?? 'a carrier service'}`,
  });
}
