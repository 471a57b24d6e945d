import type { ConsignmentReference, DeliveryOptionReference, OrderReference } from '../../core/references.js';
import type { RouteContext } from '../router.js';
import type { StoreCore } from '../store.js';

/** The store as area A's handlers see it: the plumbing, and this area's state only. */
export interface OrdersStore extends StoreCore {
  readonly orders: AreaAState;
}

/** What area A's route handlers get. */
export type OrdersContext = RouteContext<OrdersStore>;

/**
 * Area A's part of the mock's store: seeded reference data (shipping locations, carrier services,
 * organisation allocation rules, delivery options) and the collections the routes fill in (orders,
 * consignments, customer manifests).
 *
 * Seeding from a test (after `mock.reset()` the store is a fresh, re-seeded one):
 *
 * ```ts
 * mock.store.orders.addCarrierService({ CarrierReference: 'ACME', CarrierName: 'Acme', ServiceReference: 'ACME-1', … });
 * mock.store.orders.addAllocationRule({ Type: 'ExcludeCarrier', CarrierReference: 'ACME' });
 * mock.store.orders.setConsignmentState('EC-…', 'ManifestFailed');
 * ```
 */

/** A loose JSON object: the mock stores wire bodies as the client sent them. */
export type JsonObject = Record<string, unknown>;

/** A shipping location's country, as addresses carry it. */
export interface LocationCountry {
  /** Its name, `United Kingdom`. */
  Name?: string;
  /** Its ISO 3166 code. */
  IsoCode: {
    /** The alpha-2 code, `GB`. */
    TwoLetterCode: string;
  };
}

/** One of the organisation's shipping locations (warehouses). */
export interface ShippingLocation {
  /** `SL-LONDON`; what addresses give as `ShippingLocationReference`. */
  Reference: string;
  /** Shown in customer manifests as `ShippingLocationName`. */
  Name: string;
  /** The company at the location. */
  CompanyName?: string;
  /** First line of the street address. */
  AddressLine1?: string;
  /** Second line. */
  AddressLine2?: string;
  /** Town or city. */
  Town?: string;
  /** County or region. */
  Region?: string;
  /** Postal code. */
  Postcode?: string;
  /** The country, as addresses carry it; `CountryCode` alone fills it in. */
  Country?: LocationCountry;
  /** ISO 3166 alpha-2 country of the location, a shorthand for `Country`. */
  CountryCode?: string;
}

/** A carrier service the organisation has configured. */
export interface CarrierService {
  /** The carrier (`ROYALMAIL`); allocation rules and manifests group by it. */
  CarrierReference: string;
  /** The carrier's display name (`Royal Mail`), as allocation summaries and labels show it. */
  CarrierName: string;
  /** The service's unique reference (`RM-TRACKED48`); adding a service with a known one replaces it. */
  ServiceReference: string;
  /** The service's display name (`Royal Mail Tracked 48`). */
  ServiceName: string;
  /** ISO 3166 alpha-2 destination countries it ships to; `*` means everywhere. */
  Countries: string[];
  /** The quote for one consignment; allocation picks the lowest. */
  Price: number;
  /** Calendar days from the shipping date to delivery: the delivery promise it can meet. */
  TransitDays: number;
  /** A disabled service is never allocated (step 1 of allocation leaves it out). */
  Enabled: boolean;
  /**
   * Allocation tags it carries. A consignment with `Tags` may only go to a service carrying every one
   * of them; a consignment without tags may go to any service.
   */
  Tags?: string[];
  /** `Outbound`, `Inbound`, or both (`Inbound, Outbound`, the default): what service filters match. */
  ServiceDirection?: string;
  /** Whether the customer collects the parcel from a shop (service filter `IsPickup`); false by default. */
  IsPickUp?: boolean;
  /** Whether the sender drops the parcel off (service filter `IsDropOff`); false by default. */
  IsDropOff?: boolean;
  /**
   * Test hook: the carrier rejects manifests. Manifesting a consignment allocated to this service
   * answers `IsSuccess: false` and leaves the consignment in `ManifestFailed`.
   */
  failsManifest?: boolean;
}

/**
 * An organisation allocation rule (step 2 of allocation removes the services that break one):
 * - `ExcludeCarrier`: never allocate to that carrier;
 * - `ExcludeService`: never allocate to that carrier service;
 * - `MaxWeight`: a consignment heavier than `MaxWeightKg` (sum of its package weights) may not go to
 *   `CarrierReference` (or to any carrier when it is omitted).
 */
export type AllocationRule = ExcludeCarrierRule | ExcludeServiceRule | MaxWeightRule;

/** Never allocate to `CarrierReference`. */
export interface ExcludeCarrierRule {
  /** The kind of rule. */
  Type: 'ExcludeCarrier';
  /** The carrier excluded. */
  CarrierReference: string;
  /** Why the organisation has the rule; for people only. */
  Description?: string;
}

/** Never allocate to the carrier service `ServiceReference`. */
export interface ExcludeServiceRule {
  /** The kind of rule. */
  Type: 'ExcludeService';
  /** The carrier service excluded. */
  ServiceReference: string;
  /** Why the organisation has the rule; for people only. */
  Description?: string;
}

/** A consignment heavier than `MaxWeightKg` may not go to `CarrierReference` (or to any carrier). */
export interface MaxWeightRule {
  /** The kind of rule. */
  Type: 'MaxWeight';
  /** The heaviest consignment (sum of its package weights, in kg) the carrier may take. */
  MaxWeightKg: number;
  /** The carrier the limit applies to; every carrier when omitted. */
  CarrierReference?: string;
  /** Why the organisation has the rule; for people only. */
  Description?: string;
}

/**
 * A delivery option (as returned by the Delivery Options endpoint), ready to be selected as an order.
 * The order carries its service and window to the consignment it is packed into, and allocation then
 * uses that service only, and only if it delivers within the window: the shipping date (the order's
 * `ShippingDate`, else the store's today, 2026-01-05) plus the service's transit days must fall between
 * the window's first and last days.
 */
export interface DeliveryOption {
  /** `EDO-…` */
  Reference: DeliveryOptionReference;
  /** The carrier service the option was quoted for: the only one its consignment may be allocated to. */
  CarrierServiceReference: string;
  /** ISO 8601 start of the delivery window; the order created from the option carries it. */
  EarliestDeliveryDate: string;
  /** ISO 8601 end of the delivery window. */
  LatestDeliveryDate: string;
  /** The Create Order body the option was requested with; selecting it creates this order. */
  Order: JsonObject;
  /** The order selecting it made: an option is selected once. */
  SelectedOrderReference?: string;
  /** The consignment Select Option made from it: an option is selected once, either way. */
  SelectedConsignmentReference?: string;
  /** The option as Delivery Options answered it, for Get Existing Delivery Option. */
  Answer?: JsonObject;
  /** Whether Reserve Pickup Option reserved it. */
  Reserved?: boolean;
}

/** A service group: services the portal groups under a code, for Allocate With Service Group. */
export interface ServiceGroup {
  /** The group's code (the portal's "Service Group Code"), `valuableGoods`. */
  Reference: string;
  /** The group's name. */
  Name: string;
  /** What the group is for, in words (`null` in Get Service Group when left out). */
  Description?: string;
  /** The carrier services in it, by `ServiceReference`. */
  ServiceReferences: string[];
}

/** A quote the mock issued: what Allocate With Quote checks. */
export interface StoredConsignmentQuote {
  /** A GUID. */
  QuoteReference: string;
  /** The consignment quoted for; `''` for a quote of Get Quotes (no stored consignment). */
  ConsignmentReference: string;
  /** The carrier service quoted. */
  ServiceReference: string;
  /** ISO 8601: after it, Allocate With Quote refuses the quote. Tests may move it into the past. */
  ExpiryDate: string;
}

/** Consignment states the mock uses (the real service has 33; these are the ones the mock reaches). */
export type ConsignmentState =
  | 'Unallocated'
  | 'AllocationFailed'
  | 'Allocated'
  | 'ReadyToShip'
  | 'Manifested'
  | 'ManifestFailed'
  | (string & {});

/** A stored order, in its wire shape (PascalCase), with the service's extras. */
export interface StoredOrder extends JsonObject {
  /** `EO-…`, assigned by the mock. */
  OrderReference: OrderReference;
  /** ISO 8601, from the store's clock. */
  DateCreated: string;
  /** `Api` unless the Create Order body said otherwise. */
  Source: string;
  /** As sent, each package and item given a `Reference` by the mock. */
  Packages: JsonObject[];
  /** As sent (Origin, Destination, Sender…). */
  Addresses: JsonObject[];
}

/** A stored consignment: what Pack Order created, plus allocation and manifest data. */
export interface StoredConsignment extends JsonObject {
  /** `EC-…`, assigned by the mock. */
  Reference: ConsignmentReference;
  /** The consignment's state; `setConsignmentState` forces it. */
  State: ConsignmentState;
  /** The order it was packed from; none for a consignment made by Create Consignment or Select Option. */
  OrderReference?: OrderReference;
  /** The return consignment packed with it (Pack Order with `GenerateReturn`). */
  ReturnConsignmentReference?: string;
  /** From the Pack Order request, else from the order. */
  OrderReferenceProvidedByCustomer?: string;
  /** The shipping location it ships from (the order's valid `ShippingLocationReference`). */
  ShippingLocationReference: string;
  /** The order's addresses; Origin and Destination swapped on a return consignment. */
  Addresses: JsonObject[];
  /** The packages of the Pack Order request. */
  Packages: JsonObject[];
  /** From the request, else the order (a `ShippersEORI` entry is always copied). */
  MetaData?: JsonObject[];
  /** From the request, else the order. */
  CustomsDocumentation?: JsonObject;
  /** Allocation tags, from the request, else the order. */
  Tags?: string[];
  /** From the order. */
  Direction?: string;
  /** From the order. */
  ShippingDate?: string;
  /** From the order. */
  RequiredDeliveryDate?: string;
  /** The delivery option its order was made from (outbound consignments only). */
  DeliveryOptionReference?: string;
  /**
   * The carrier service of that delivery option: allocation uses this service or none (the consignment
   * becomes `AllocationFailed` when it is not eligible). Unlike `CarrierServiceReference`, it is set at
   * packing and never cleared.
   */
  RequestedCarrierServiceReference?: string;
  /** Start of the option's delivery window: allocation needs a service that delivers within it. */
  EarliestDeliveryDate?: string;
  /** End of the option's delivery window. */
  LatestDeliveryDate?: string;
  /** True for the inbound consignment of a `GenerateReturn` pack. */
  IsReturn: boolean;
  /** ISO 8601, from the store's clock. */
  DateCreated: string;
  /** Set by allocation: the carrier chosen. */
  CarrierReference?: string;
  /** Set by allocation. */
  CarrierName?: string;
  /** Set by allocation: the carrier service chosen. */
  CarrierServiceReference?: string;
  /** Set by allocation. */
  CarrierServiceName?: string;
  /** Set by allocation: when (ISO 8601 with offset). */
  AllocationDate?: string;
  /** Set by allocation: the quote of the service chosen. */
  AllocatedPrice?: number;
  /** Set by allocation, one per package. */
  TrackingReferences: string[];
  /** Whether a label was served for it (the `LabelsPrinted` filter of Manifest From Query). */
  LabelsPrinted: boolean;
  /** Set when its carrier rejected its manifest: why. */
  FailedManifestMessage?: string;
  /** Set when its carrier rejected its manifest: when (ISO 8601 with offset). */
  FailedManifestTimeStamp?: string;
}

/** A customer manifest: the summary entry the service lists, and the consignments it holds. */
export interface CustomerManifest {
  /** 32 hex characters: what `getCustomerManifest` takes. */
  ManifestReference: string;
  /** Where the service stores the file (a fixed name in the mock). */
  ManifestFileStorageContainer: string;
  /** The PDF's file name. */
  ManifestFileName: string;
  /** The shipping location the consignments ship from. */
  ShippingLocationReference: string;
  /** That location's name, or null when it is not a known location. */
  ShippingLocationName: string | null;
  /** ISO 8601 with offset, from the store's clock. */
  Created: string;
  /** The carrier the consignments were manifested to. */
  CarrierName: string;
  /** How many consignments the manifest holds. */
  BookingsCount: number;
  /** The file name sent to the carrier, or null. */
  ManifestFileNameSentToCarrier: string | null;
  /** Not part of the summary entry: the consignments manifested, for the PDF. */
  ConsignmentReferences: string[];
}

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

/**
 * Area A's state, as `mock.store.orders`: seed reference data with the `add…` methods, inspect what the
 * routes did through the maps, and force states the API cannot reach with `setConsignmentState`.
 */
export interface AreaAState {
  /** The organisation's shipping locations, by `Reference`. Seeded with `SL-LONDON` and `SL-LEEDS`. */
  readonly shippingLocations: Map<string, ShippingLocation>;
  /** The configured carrier services, by `ServiceReference` (seeds: see docs/testing.md). */
  readonly carrierServices: Map<string, CarrierService>;
  /** The organisation's allocation rules, applied in step 2 of allocation. */
  readonly allocationRules: AllocationRule[];
  /** Delivery options ready for `selectDeliveryOption`, by `Reference`. */
  readonly deliveryOptions: Map<string, DeliveryOption>;
  /** Orders created through the API, by `OrderReference`. */
  readonly orders: Map<string, StoredOrder>;
  /** Consignments packed through the API, by `Reference`. */
  readonly consignments: Map<string, StoredConsignment>;
  /** Customer manifests, one per successful manifest call and carrier, oldest first. */
  readonly manifests: CustomerManifest[];
  /** The pickup shops Pickup Options offers, by `ShopReference`. Seeded with three in the UK. */
  readonly pickupShops: Map<string, PickupShop>;
  /** Each consignment's tracking events (allocation, and what `addTrackingEvent` added), oldest first. */
  readonly trackingEvents: Map<string, Required<MockTrackingEvent>[]>;
  /** The service groups, by `Reference` (seeds: see docs/testing.md). */
  readonly serviceGroups: Map<string, ServiceGroup>;
  /** Every quote issued, by `QuoteReference`. */
  readonly quotes: Map<string, StoredConsignmentQuote>;
  /**
   * The audit messages recorded as consignments changed, by consignment (Get Audit Messages adds what a
   * consignment keeps the time of itself: its creation, failures and tracking events).
   */
  readonly auditMessages: Map<string, JsonObject[]>;

  /** Adds (or replaces, by `Reference`) a shipping location that addresses can name. */
  addShippingLocation(location: ShippingLocation): ShippingLocation;
  /** Adds (or replaces, by `ServiceReference`) a carrier service; `Enabled` defaults to true. */
  addCarrierService(service: Omit<CarrierService, 'Enabled'> & { Enabled?: boolean }): CarrierService;
  /** Adds an organisation allocation rule. */
  addAllocationRule(rule: AllocationRule): AllocationRule;
  /** Adds (or replaces, by `Reference`) a delivery option that `selectDeliveryOption` can turn into an order. */
  addDeliveryOption(option: DeliveryOption): DeliveryOption;
  /** Adds (or replaces, by `Reference`) a service group. */
  addServiceGroup(group: ServiceGroup): ServiceGroup;
  /** Adds (or replaces, by `ShopReference`) a pickup shop. */
  addPickupShop(shop: PickupShop): PickupShop;
  /** Adds a carrier's tracking event to a consignment (its time is the store's clock when left out). */
  addTrackingEvent(consignmentReference: string, event: MockTrackingEvent): void;
  /** The stored order, or undefined. */
  getOrder(reference: string): StoredOrder | undefined;
  /** The stored consignment, or undefined. */
  getConsignment(reference: string): StoredConsignment | undefined;
  /** Forces a consignment into a state (for example `ManifestFailed`); throws for an unknown one. */
  setConsignmentState(reference: string, state: ConsignmentState): StoredConsignment;
  /** Records that the consignment's labels were printed (area B calls it when it serves a label). */
  markLabelsPrinted(reference: string, printed?: boolean): StoredConsignment;
}

/**
 * The stored consignment (`Reference`, `State`, `CarrierName`, `CarrierServiceName`, `Packages`,
 * `Addresses`…), or undefined. Area B's mock reads it when area A emits `allocated`.
 */
export function getConsignment(store: OrdersStore, reference: string): StoredConsignment | undefined {
  return store.orders.consignments.get(reference);
}

/** The stored order, or undefined. */
export function getOrder(store: OrdersStore, reference: string): StoredOrder | undefined {
  return store.orders.orders.get(reference);
}

/** Records that a consignment's labels were printed (the `LabelsPrinted` filter of Manifest From Query). */
export function markLabelsPrinted(store: OrdersStore, reference: string, printed = true): void {
  store.orders.markLabelsPrinted(reference, printed);
}

/** Forces a consignment into `state`, for tests (`ManifestFailed` has no other route but a failing carrier). */
export function setConsignmentState(store: OrdersStore, reference: string, state: ConsignmentState): void {
  store.orders.setConsignmentState(reference, state);
}
