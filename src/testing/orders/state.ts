import type { MockStore } from '../store.js';
import { seedAreaA } from './seeds.js';

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
 * mock.store.orders.setConsignmentState('EC-…', 'Manifest Failed');
 * ```
 */

/** A loose JSON object: the mock stores wire bodies as the client sent them. */
export type JsonObject = Record<string, unknown>;

/** One of the organisation's shipping locations (warehouses). */
export interface ShippingLocation {
  /** `SL-LONDON`; what addresses give as `ShippingLocationReference`. */
  Reference: string;
  Name: string;
  /** ISO 3166 alpha-2 country of the location. */
  CountryCode: string;
}

/** A carrier service the organisation has configured. */
export interface CarrierService {
  CarrierReference: string;
  CarrierName: string;
  ServiceReference: string;
  ServiceName: string;
  /** ISO 3166 alpha-2 destination countries it ships to; `*` means everywhere. */
  Countries: string[];
  /** The quote for one consignment; allocation picks the lowest. */
  Price: number;
  /** Calendar days from the shipping date to delivery: the delivery promise it can meet. */
  TransitDays: number;
  Enabled: boolean;
  /**
   * Allocation tags it carries. A consignment with `Tags` may only go to a service carrying every one
   * of them; a consignment without tags may go to any service.
   */
  Tags?: string[];
  /**
   * Test hook: the carrier rejects manifests. Manifesting a consignment allocated to this service
   * answers `IsSuccess: false` and leaves the consignment in `Manifest Failed`.
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
export type AllocationRule =
  | { Type: 'ExcludeCarrier'; CarrierReference: string; Description?: string }
  | { Type: 'ExcludeService'; ServiceReference: string; Description?: string }
  | { Type: 'MaxWeight'; MaxWeightKg: number; CarrierReference?: string; Description?: string };

/** A delivery option (as returned by the Delivery Options endpoint), ready to be selected as an order. */
export interface DeliveryOption {
  /** `EDO-…` */
  Reference: string;
  /** The carrier service the option was quoted for. */
  CarrierServiceReference: string;
  EarliestDeliveryDate: string;
  LatestDeliveryDate: string;
  /** The Create Order body the option was requested with; selecting it creates this order. */
  Order: JsonObject;
}

/** Consignment states the mock uses (the real service has 33; these are the ones the mock reaches). */
export type ConsignmentState =
  | 'Unallocated'
  | 'AllocationFailed'
  | 'Allocated'
  | 'ReadyToShip'
  | 'Manifested'
  | 'Manifest Failed'
  | (string & {});

/** A stored order, in its wire shape (PascalCase), with the service's extras. */
export interface StoredOrder extends JsonObject {
  OrderReference: string;
  DateCreated: string;
  Source: string;
  Packages: JsonObject[];
  Addresses: JsonObject[];
}

/** A stored consignment: what Pack Order created, plus allocation and manifest data. */
export interface StoredConsignment extends JsonObject {
  Reference: string;
  State: ConsignmentState;
  OrderReference: string;
  OrderReferenceProvidedByCustomer?: string;
  /** The shipping location it ships from (the order's valid `ShippingLocationReference`). */
  ShippingLocationReference: string;
  Addresses: JsonObject[];
  Packages: JsonObject[];
  MetaData?: JsonObject[];
  CustomsDocumentation?: JsonObject;
  Tags?: string[];
  Direction?: string;
  ShippingDate?: string;
  RequiredDeliveryDate?: string;
  /** True for the inbound consignment of a `GenerateReturn` pack. */
  IsReturn: boolean;
  DateCreated: string;
  CarrierReference?: string;
  CarrierName?: string;
  CarrierServiceReference?: string;
  CarrierServiceName?: string;
  TrackingReferences: string[];
  LabelsPrinted: boolean;
}

/** A customer manifest: the summary entry the service lists, and the consignments it holds. */
export interface CustomerManifest {
  ManifestReference: string;
  ManifestFileStorageContainer: string;
  ManifestFileName: string;
  ShippingLocationReference: string;
  ShippingLocationName: string | null;
  Created: string;
  CarrierName: string;
  BookingsCount: number;
  ManifestFileNameSentToCarrier: string | null;
  /** Not part of the summary entry: the consignments manifested, for the PDF. */
  ConsignmentReferences: string[];
}

export interface AreaAState {
  readonly shippingLocations: Map<string, ShippingLocation>;
  readonly carrierServices: Map<string, CarrierService>;
  readonly allocationRules: AllocationRule[];
  readonly deliveryOptions: Map<string, DeliveryOption>;
  readonly orders: Map<string, StoredOrder>;
  readonly consignments: Map<string, StoredConsignment>;
  readonly manifests: CustomerManifest[];

  addShippingLocation(location: ShippingLocation): ShippingLocation;
  /** Adds (or replaces, by `ServiceReference`) a carrier service; `Enabled` defaults to true. */
  addCarrierService(service: Omit<CarrierService, 'Enabled'> & { Enabled?: boolean }): CarrierService;
  addAllocationRule(rule: AllocationRule): AllocationRule;
  addDeliveryOption(option: DeliveryOption): DeliveryOption;
  getOrder(reference: string): StoredOrder | undefined;
  getConsignment(reference: string): StoredConsignment | undefined;
  /** Forces a consignment into a state (for example `Manifest Failed`); throws for an unknown one. */
  setConsignmentState(reference: string, state: ConsignmentState): StoredConsignment;
  /** Records that the consignment's labels were printed (area B calls it when it serves a label). */
  markLabelsPrinted(reference: string, printed?: boolean): StoredConsignment;
}

export function createAreaAState(_store: MockStore): AreaAState {
  const state: AreaAState = {
    shippingLocations: new Map(),
    carrierServices: new Map(),
    allocationRules: [],
    deliveryOptions: new Map(),
    orders: new Map(),
    consignments: new Map(),
    manifests: [],
    addShippingLocation(location) {
      const stored = { ...location };
      state.shippingLocations.set(stored.Reference, stored);
      return stored;
    },
    addCarrierService(service) {
      const stored: CarrierService = {
        ...service,
        Countries: [...service.Countries],
        Enabled: service.Enabled ?? true,
      };
      if (service.Tags) stored.Tags = [...service.Tags];
      state.carrierServices.set(stored.ServiceReference, stored);
      return stored;
    },
    addAllocationRule(rule) {
      const stored = { ...rule };
      state.allocationRules.push(stored);
      return stored;
    },
    addDeliveryOption(option) {
      const stored = { ...option };
      state.deliveryOptions.set(stored.Reference, stored);
      return stored;
    },
    getOrder: (reference) => state.orders.get(reference),
    getConsignment: (reference) => state.consignments.get(reference),
    setConsignmentState(reference, next) {
      const consignment = requireConsignment(state, reference);
      consignment.State = next;
      return consignment;
    },
    markLabelsPrinted(reference, printed = true) {
      const consignment = requireConsignment(state, reference);
      consignment.LabelsPrinted = printed;
      return consignment;
    },
  };
  seedAreaA(state);
  return state;
}

function requireConsignment(state: AreaAState, reference: string): StoredConsignment {
  const consignment = state.consignments.get(reference);
  if (!consignment) throw new Error(`No consignment ${reference} in the mock`);
  return consignment;
}

/**
 * The stored consignment (`Reference`, `State`, `CarrierName`, `CarrierServiceName`, `Packages`,
 * `Addresses`…), or undefined. Area B's mock reads it when area A emits `allocated`.
 */
export function getConsignment(store: MockStore, reference: string): StoredConsignment | undefined {
  return store.orders.consignments.get(reference);
}

/** The stored order, or undefined. */
export function getOrder(store: MockStore, reference: string): StoredOrder | undefined {
  return store.orders.orders.get(reference);
}

/** Records that a consignment's labels were printed (the `LabelsPrinted` filter of Manifest From Query). */
export function markLabelsPrinted(store: MockStore, reference: string, printed = true): void {
  store.orders.markLabelsPrinted(reference, printed);
}

/** Forces a consignment into `state`, for tests (`Manifest Failed` has no other route but a failing carrier). */
export function setConsignmentState(store: MockStore, reference: string, state: ConsignmentState): void {
  store.orders.setConsignmentState(reference, state);
}
