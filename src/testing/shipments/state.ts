import type {
  ConsignmentReference,
  ContentsReference,
  ShipmentGroupReference,
  ShipmentReference,
} from '../../core/references.js';
import type { RouteContext } from '../router.js';
import type { StoreCore } from '../store.js';
import {
  type CarrierCatalogue,
  type MockCarrierService,
  needsOf,
  priceOf,
  seededCatalogue,
  seededService,
} from './carrier-services.js';
import { notFound } from './errors.js';
import { requireReference } from './validate.js';

/** The store as area B's handlers see it: the plumbing, and this area's state only. */
export interface ShipmentsStore extends StoreCore {
  readonly shipments: AreaBState;
}

/** What area B's route handlers get. */
export type ShipmentsContext = RouteContext<ShipmentsStore>;

/**
 * Area B's state, as `mock.store.shipments` (one per store: `mock.reset()` makes a fresh one): shipments
 * (made when area A allocates a consignment, through the bridge, or seeded), shipment groups, the
 * customer's label extension, and the shipment lifecycle (`lifecycle`): the vendor's shipment records
 * (created with Create Shipment, or made on first sight of a seeded or area A shipment), quotes,
 * manifests, paperless documents and the carrier catalogue.
 *
 * Queued operations (bulk allocation, manifesting) leave a shipment in `allocating` or `manifesting`;
 * the next request to the area finds the batch done (`allocated` or `allocation_failed`, `manifested`),
 * as polling Get Shipment does against the service.
 *
 * Seeding from a test:
 *
 * ```ts
 * const shipment = mock.store.shipments.addShipment({ carrierName: 'Acme' });
 * const group = mock.store.shipments.addShipmentGroup({ custom_reference: 'evening-run', shipments: [shipment.reference] });
 * mock.store.shipments.setLabelExtension('Returns: example.com/returns');
 * mock.store.shipments.lifecycle.advance(15 * 60 * 1000); // quotes expire
 * const fromOrders = mock.store.shipments.shipmentForConsignment('EC-…');
 * ```
 */

/** The label formats a carrier may offer. */
export type LabelFormatName = 'PDF' | 'ZPL' | 'BMP';

/** One contents item of a shipment: one per package, each with its own contents label. */
export interface MockContentsItem {
  /** `sc_…` */
  reference: ContentsReference;
  /** The package's `Description`, or `Package <n>`; printed on the contents label. */
  description: string;
}

/** @deprecated The same as {@link ShipmentRecord}: the mock keeps one model of a shipment. */
export type MockShipment = ShipmentRecord;

/** A shipment group in the mock, as `mock.store.shipments.groups` holds it. */
export interface MockShipmentGroup {
  /** `sg_…` */
  reference: ShipmentGroupReference;
  /** URL-safe, 5 to 50 characters, unique among groups not closed; `null` when none was given. */
  custom_reference: string | null;
  /**
   * How many groups have used its custom reference, this one included: the first `evening-run` is 1, the
   * next one made after it closed is 2. Membership changes, locking and closing leave it as it is.
   */
  version: number;
  /**
   * `open` (its members can change), `locked` (they cannot, until it is unlocked) or `closed` (final).
   * A shipment is in at most one group that is not closed.
   */
  state: 'open' | 'locked' | 'closed';
  /** Its members' `sp_` references. */
  shipments: string[];
  /** When it was made (ISO 8601, the store's clock). */
  created?: string;
  /** When it was last locked, while it is. */
  lockedAt?: string | undefined;
  /** When it was closed. */
  closedAt?: string;
}

/** What `addShipment` takes; every field is optional. */
export interface AddShipmentInput {
  /** Default: a new `sp_` reference. */
  reference?: string;
  /** Default true. */
  allocated?: boolean;
  /** Default `Mock Carrier`. */
  carrierName?: string;
  /** Default none. */
  carrierServiceName?: string;
  /** The area A consignment it ships, printed on its labels. Default none. */
  consignmentReference?: string;
  /** How many contents items (one per package). Default 1; ignored when `packageDescriptions` is given. */
  packages?: number;
  /** One contents item per entry, described by it. */
  packageDescriptions?: string[];
  /** The formats its carrier offers; others are answered 400 `format_not_supported`. Default all three. */
  labelFormats?: LabelFormatName[];
}

/** What `addShipmentGroup` takes (groups are made in the service's portal, so only the mock makes them). */
export interface AddShipmentGroupInput {
  /** Default: a new `sg_` reference. */
  reference?: string;
  /** Default `group-<n>`; `null` for none. */
  custom_reference?: string | null;
  /** Default: one more than the groups already made with its custom reference (1 for the first). */
  version?: number;
  /** Default `open`. */
  state?: 'open' | 'locked' | 'closed';
  /** The same as `state: 'locked'` when true (an open group otherwise). */
  locked?: boolean;
  /** Its members' `sp_` references. Default none. */
  shipments?: string[];
}

/** One tracking event, in the tracking file's names. */
export interface TrackingEvent {
  /** `tr_` and 32 digits. */
  reference: string;
  /** When it happened (the carrier's time). */
  timestamp: string;
  /** When the platform received it. */
  received_timestamp: string;
  /** The tracking file's `TrackingEventCode`. */
  event_code: string;
  /** What happened, in words. */
  description: string;
  /** Who signed for the shipment, when someone did. */
  signee: string | null;
  /** Where it happened, when known. */
  location: string | null;
}

/** What an allocation gave a shipment. */
export interface ShipmentAllocation {
  /** The carrier service it was allocated to. */
  service: MockCarrierService;
  /** When (ISO 8601). */
  date: string;
  /** The files' `Price` (`net`, `gross`, `taxes`, `currency`), as the allocation answers it. */
  price: Readonly<Record<string, unknown>>;
  /** The carrier's tracking number for the shipment. */
  shipmentNumber: string;
  /** The carrier's tracking numbers, one per top-level contents item. */
  contentsNumbers: string[];
}

/** What a queued allocation of a shipment will give when its batch runs. */
export type QueuedAllocation =
  | {
      /** The carrier service it will be allocated to. */
      service: MockCarrierService;
    }
  | {
      /** Why it will fail (the files' `allocation_failed` reason). */
      failure: string;
    };

/**
 * A shipment in the mock, whether created with Create Shipment, seeded with `addShipment` or made when area
 * A allocated a consignment: `mock.store.shipments.shipments` (the same map as `lifecycle.records`).
 */
export interface ShipmentRecord {
  /** `sp_` and 32 digits. */
  reference: ShipmentReference;
  /** One of the shipments file's 43 `ShipmentState` values. */
  state: string;
  /** When it was created (ISO 8601). */
  created: string;
  /** When it last changed (ISO 8601), or `null`. */
  updated: string | null;
  /** The Create (or Update) Shipment body as sent and checked. */
  body: Record<string, unknown>;
  /** Its allocation, while it has one. */
  allocation?: ShipmentAllocation | undefined;
  /** What a queued allocation will give when its batch runs: a service, or the failure. */
  queued?: QueuedAllocation | undefined;
  /** `pd_` references of its paperless documents, in the order they were added. */
  paperless: string[];
  /** Its tracking events, newest first. */
  events: TrackingEvent[];
  /** When it was delivered, once it is. */
  actualDeliveryDate?: string;
  /** Labels exist only for an allocated shipment. */
  allocated: boolean;
  /** Printed on its labels. */
  carrierName: string;
  /** The carrier service it was allocated to, when known. */
  carrierServiceName?: string;
  /** The area A consignment it ships, when it came from an allocation. */
  consignmentReference?: ConsignmentReference;
  /** Its contents items, one per top-level contents item of its body (a package): what its labels print. */
  contents: MockContentsItem[];
  /** The formats the carrier offers. Default all three. */
  labelFormats: LabelFormatName[];
}

/** A quote the mock made: it allocates its one shipment until it expires. */
export interface StoredQuote {
  /** `qu_` and 32 digits. */
  reference: string;
  /** The shipment it was made for; a quote made before the shipment existed fits none. */
  shipmentReference: string;
  /** The service it quotes. */
  service: MockCarrierService;
  /** When it was made (ISO 8601). */
  created: string;
  /** When it stops allocating its shipment (ISO 8601). */
  expires: string;
}

/** A manifest: one carrier's shipments, manifested together. */
export interface StoredManifest {
  /** `ma_` and 32 digits. */
  reference: string;
  /** Its shipments' `sp_` references. */
  shipments: string[];
  /** When it was made (ISO 8601). */
  created: string;
}

/** A paperless document added to a shipment. */
export interface StoredPaperlessDocument {
  /** `pd_` and 32 digits. */
  reference: string;
  /** The shipment it belongs to. */
  shipmentReference: string;
  /** The upload form, as sent. */
  upload: Record<string, unknown>;
  /** Removed documents are kept, to answer 410. */
  removed: boolean;
}

/** The lifecycle's state, as `mock.store.shipments.lifecycle`. */
export interface Lifecycle extends CarrierCatalogue {
  /** Shipments, by `sp_` reference. */
  readonly records: Map<string, ShipmentRecord>;
  /** Quotes, by `qu_` reference. */
  readonly quotes: Map<string, StoredQuote>;
  /** Manifests, by `ma_` reference. */
  readonly manifests: Map<string, StoredManifest>;
  /** Paperless documents, by `pd_` reference. */
  readonly paperless: Map<string, StoredPaperlessDocument>;
  /** The store's clock plus what {@link Lifecycle.advance} added. */
  now(): Date;
  /** Moves the lifecycle's clock on, so that quotes expire without waiting. */
  advance(milliseconds: number): void;
}

/**
 * Area B's state, as `mock.store.shipments`: shipments (made when area A allocates, or seeded with
 * `addShipment`), shipment groups and the label extension.
 */
export interface AreaBState {
  /** Every shipment, by `sp_` reference: the same map as `lifecycle.records`. */
  readonly shipments: Map<string, ShipmentRecord>;
  /** Every shipment group, by `sg_` reference. */
  readonly groups: Map<string, MockShipmentGroup>;
  /** The customer's single label extension; `undefined` when the customer has none. */
  readonly labelExtension: string | undefined;
  /**
   * The shipment lifecycle: the vendor's shipment records, quotes, manifests, paperless documents, and
   * the seeded carrier services and service groups (add your own), with a clock to move on
   * (`advance(ms)`) so that quotes expire.
   */
  readonly lifecycle: Lifecycle;
  /** Adds a shipment (allocated, so it has labels, unless `allocated: false`). */
  addShipment(input?: AddShipmentInput): ShipmentRecord;
  /**
   * Throws when a shipment is already in another group that is not closed, or such a group has that custom
   * reference.
   */
  addShipmentGroup(input?: AddShipmentGroupInput): MockShipmentGroup;
  /** Sets the customer's label extension text, or removes it with `undefined`. */
  setLabelExtension(text: string | undefined): void;
  /** The shipment made when area A allocated `consignmentReference`, if any. */
  shipmentForConsignment(consignmentReference: string): ShipmentRecord | undefined;
  /** The groups made with this custom reference, oldest (version 1) first; none for `null`. */
  groupsWithCustomReference(customReference: string | null): MockShipmentGroup[];
  /** The group not closed (open or locked) holding the shipment, if any (there is at most one). */
  openGroupOf(shipmentReference: string): MockShipmentGroup | undefined;
}

export const DEFAULT_LABEL_EXTENSION = 'Thank you for shopping with us - returns at example.com/returns';

export function createAreaBState(store: ShipmentsStore): AreaBState {
  let labelExtension: string | undefined = DEFAULT_LABEL_EXTENSION;
  const shipments = new Map<string, ShipmentRecord>();
  const groups = new Map<string, MockShipmentGroup>();

  const contentsItems = (descriptions: string[]): MockContentsItem[] =>
    descriptions.map((description) => ({ reference: store.nextReference('sc_'), description }));
  const numbered = (count: number) => Array.from({ length: count }, (_, index) => `Package ${index + 1}`);

  // Made when first read: a mock that never meets the lifecycle never seeds its catalogue.
  let lifecycle: Lifecycle | undefined;

  const state: AreaBState = {
    shipments,
    groups,
    get lifecycle() {
      lifecycle ??= createLifecycle(store, shipments);
      return lifecycle;
    },
    get labelExtension() {
      return labelExtension;
    },
    addShipment(input = {}) {
      const record = seededRecord(store, {
        // A reference given by a test is taken as it is, even one the SDK would refuse.
        reference: (input.reference as ShipmentReference | undefined) ?? store.nextReference('sp_'),
        allocated: input.allocated ?? true,
        carrierName: input.carrierName ?? 'Mock Carrier',
        contents: contentsItems(input.packageDescriptions ?? numbered(input.packages ?? 1)),
        labelFormats: [...(input.labelFormats ?? ['PDF', 'ZPL', 'BMP'])],
        ...(input.carrierServiceName !== undefined ? { carrierServiceName: input.carrierServiceName } : {}),
        ...(input.consignmentReference !== undefined
          ? { consignmentReference: input.consignmentReference as ConsignmentReference }
          : {}),
      });
      shipments.set(record.reference, record);
      return record;
    },
    addShipmentGroup(input = {}) {
      const customReference =
        input.custom_reference === undefined
          ? `group-${String(groups.size + 1).padStart(4, '0')}`
          : input.custom_reference;
      const group: MockShipmentGroup = {
        reference: (input.reference as ShipmentGroupReference | undefined) ?? store.nextReference('sg_'),
        custom_reference: customReference,
        version: input.version ?? state.groupsWithCustomReference(customReference).length + 1,
        state: input.state ?? (input.locked ? 'locked' : 'open'),
        shipments: [...new Set(input.shipments ?? [])],
        created: store.now().toISOString(),
      };
      if (group.state === 'locked') group.lockedAt = group.created;
      if (group.state !== 'closed') {
        const clash = state
          .groupsWithCustomReference(customReference)
          .find((other) => other.state !== 'closed');
        if (clash) throw new Error(`Group ${clash.reference}, not closed, already has ${customReference}`);
        for (const reference of group.shipments) {
          const holder = state.openGroupOf(reference);
          if (holder) throw new Error(`Shipment ${reference} is already in open group ${holder.reference}`);
        }
      }
      groups.set(group.reference, group);
      return group;
    },
    groupsWithCustomReference: (customReference) =>
      customReference === null
        ? []
        : [...groups.values()].filter((group) => group.custom_reference === customReference),
    setLabelExtension(text) {
      labelExtension = text;
    },
    shipmentForConsignment: (consignmentReference) =>
      [...shipments.values()].find((shipment) => shipment.consignmentReference === consignmentReference),
    openGroupOf: (shipmentReference) =>
      [...groups.values()].find(
        (group) => group.state !== 'closed' && group.shipments.includes(shipmentReference),
      ),
  };

  return state;
}

/** The states a shipment may be allocated (or quoted, or updated, or given paperless documents) from. */
export const ALLOCATABLE = new Set(['unallocated', 'allocation_failed']);

/** How long a quote can allocate its shipment. */
export const QUOTE_LIFETIME_MS = 15 * 60 * 1000;

/** A fresh lifecycle on the store's clock, with the seeded carrier catalogue. */
function createLifecycle(store: ShipmentsStore, records: Map<string, ShipmentRecord>): Lifecycle {
  let skew = 0;
  return {
    ...seededCatalogue(),
    records,
    quotes: new Map(),
    manifests: new Map(),
    paperless: new Map(),
    now: () => new Date(store.now().getTime() + skew),
    advance(milliseconds) {
      skew += milliseconds;
    },
  };
}

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const decode = (text: string) =>
  [...text.toLowerCase()].reduce(
    (value, char) => value * 33n + BigInt(Math.max(0, ALPHABET.indexOf(char))),
    0n,
  );

/**
 * A vendor reference: the prefix and 32 digits (35 characters), from the store's deterministic sequence.
 * A store reference that is not in that form yet is rewritten with the same seed and count.
 */
export function vendorReference<Prefix extends string>(
  store: ShipmentsStore,
  prefix: Prefix,
): `${Prefix}${string}` {
  const issued = store.nextReference(prefix);
  const tail = issued.slice(prefix.length);
  if (/^[0-9]{32}$/.test(tail)) return issued;
  const seed = decode(tail.slice(0, 8)).toString().padStart(8, '0').slice(-8);
  const count = decode(tail.slice(8)).toString().padStart(24, '0').slice(-24);
  return `${prefix}${seed}${count}`;
}

const iso = (date: Date) => date.toISOString();

type SeededFields = Pick<
  ShipmentRecord,
  | 'reference'
  | 'allocated'
  | 'carrierName'
  | 'carrierServiceName'
  | 'consignmentReference'
  | 'contents'
  | 'labelFormats'
>;

/**
 * The record of a shipment seeded with `addShipment` or made by area A: placeholder addresses, its contents
 * items as the body's contents, and an allocation when it is allocated.
 */
function seededRecord(store: ShipmentsStore, fields: SeededFields): ShipmentRecord {
  const lifecycle = store.shipments.lifecycle;
  const placeholder = (type: string, line: string) => ({
    address_type: type,
    address_line1: line,
    locality: 'Leeds',
    postal_code: 'LS1 1AA',
    country_iso_code: 'GB',
  });
  const record: ShipmentRecord = {
    ...fields,
    state: fields.allocated ? 'allocated' : 'unallocated',
    created: iso(lifecycle.now()),
    updated: null,
    body: {
      shipment_type: 'scheduled',
      direction: 'outbound',
      contents: fields.contents.map((item) => ({
        reference: item.reference,
        description: item.description,
        value: { amount: 1, currency: 'GBP' },
      })),
      addresses: [placeholder('origin', '1 Warehouse Way'), placeholder('destination', '1 High Street')],
      ...(fields.consignmentReference ? { custom_reference: fields.consignmentReference } : {}),
    },
    paperless: [],
    events: [],
  };
  if (fields.allocated) {
    const service =
      lifecycle.carrierServices.get(fields.carrierServiceName ?? '') ??
      seededService(fields.carrierName, fields.carrierServiceName);
    record.allocation = allocationFor(store, record, service);
  }
  return record;
}

function trackingNumber(store: ShipmentsStore, service: MockCarrierService): string {
  return `${service.carrierReference}${vendorReference(store, 'tn_').slice(-12)}`;
}

export function allocationFor(
  store: ShipmentsStore,
  record: ShipmentRecord,
  service: MockCarrierService,
): ShipmentAllocation {
  const contents = (record.body.contents as unknown[]) ?? [];
  return {
    service,
    date: iso(store.shipments.lifecycle.now()),
    price: priceOf(service, needsOf(record).weightKg),
    shipmentNumber: trackingNumber(store, service),
    contentsNumbers: contents.map(() => trackingNumber(store, service)),
  };
}

/** Allocates the record to `service`: it gets a carrier, a price, tracking numbers and labels. */
export function allocate(store: ShipmentsStore, record: ShipmentRecord, service: MockCarrierService): void {
  record.allocation = allocationFor(store, record, service);
  record.queued = undefined;
  record.state = 'allocated';
  touch(store, record);
  record.allocated = true;
  record.carrierName = service.carrierName;
  record.carrierServiceName = service.reference;
}

/**
 * Takes the allocation away (cancel, de-allocate): the labels are void, and the shipment leaves the open,
 * unlocked group it was in, since only allocated shipments belong to a group.
 */
export function withdrawAllocation(store: ShipmentsStore, record: ShipmentRecord): void {
  record.allocation = undefined;
  record.allocated = false;
  for (const group of store.shipments.groups.values()) {
    if (group.state === 'open' && !isLocked(group) && group.shipments.includes(record.reference)) {
      group.shipments = group.shipments.filter((member) => member !== record.reference);
    }
  }
}

/** A group is locked by state (`locked`) or, in the older store, by flag. */
export function isLocked(group: { state: string; locked?: unknown }): boolean {
  return group.state === 'locked' || group.locked === true;
}

export function touch(store: ShipmentsStore, record: ShipmentRecord): void {
  record.updated = iso(store.shipments.lifecycle.now());
}

export function addEvent(
  store: ShipmentsStore,
  record: ShipmentRecord,
  code: string,
  description: string,
): void {
  const at = iso(store.shipments.lifecycle.now());
  // Newest first, as the vendor's examples list them.
  record.events.unshift({
    reference: vendorReference(store, 'tr_'),
    timestamp: at,
    received_timestamp: at,
    event_code: code,
    description,
    signee: null,
    location: record.allocation ? `${record.allocation.service.carrierName} depot` : null,
  });
}

/** Runs a queued batch that touched the record: allocation, or manifesting. */
function settle(store: ShipmentsStore, record: ShipmentRecord): void {
  if (record.state === 'allocating' && record.queued) {
    if ('service' in record.queued) allocate(store, record, record.queued.service);
    else {
      record.state = 'allocation_failed';
      record.queued = undefined;
      touch(store, record);
    }
  }
  if (record.state === 'manifesting') {
    record.state = 'manifested';
    touch(store, record);
    addEvent(store, record, 'for_information', 'The carrier has received the shipment details');
  }
}

/**
 * Runs every queued batch: the area's routes call it before they answer, so the request after a queued
 * allocation or manifest (a label, a group change, a read) finds the shipments settled.
 */
export function runBatches(store: ShipmentsStore): void {
  for (const record of store.shipments.lifecycle.records.values()) settle(store, record);
}

/** The record of a shipment that exists (settled), or undefined. */
export function findRecord(store: ShipmentsStore, reference: string): ShipmentRecord | undefined {
  const record = store.shipments.shipments.get(reference);
  if (record) settle(store, record);
  return record;
}

/** The record named by a path or body value: 400 when malformed, 404 when unknown. */
export function requireRecord(
  store: ShipmentsStore,
  value: unknown,
  property = 'shipment_reference',
): ShipmentRecord {
  const reference = requireReference(value, 'sp_', property);
  return (
    findRecord(store, reference) ??
    notFound(property, 'shipment_not_found', `Shipment ${reference} was not found`)
  );
}
