import type { ShipmentReference } from '../../core/references.js';
import type { MockStore } from '../store.js';
import {
  type CarrierCatalogue,
  carrierDetails,
  type MockCarrierService,
  priceOf,
  type ShipmentNeeds,
  seededCatalogue,
} from './carrier-services.js';
import { fail, type Link, link, notFound, requireReference } from './contract.js';
import type { MockShipment } from './state.js';

/**
 * The area B shipment lifecycle's state: the vendor's shipment records (created with Create Shipment, or
 * read from a shipment seeded with `addShipment` or made by area A), quotes, manifests, paperless
 * documents and the carrier catalogue. It lives beside area B's state (`mock.store.shipments`), which
 * keeps the labels and groups side of each shipment; `lifecycleOf(mock.store)` reaches it from a test.
 *
 * Queued operations (bulk allocation, manifesting) leave a shipment in `allocating` or `manifesting`;
 * the next request that reads the shipment finds the batch done (`allocated` or `allocation_failed`,
 * `manifested`), as polling Get Shipment does against the service.
 */

export const SHIPMENT_STATES = [
  'unallocated',
  'allocating',
  'allocation_failed',
  'allocated',
  'manifesting',
  'manifest_failed',
  'manifested',
  'booking',
  'booking_failed',
  'booked',
  'dispatched',
  'at_drop_off_point',
  'in_transit',
  'delayed',
  'out_for_delivery',
  'delivery_failed',
  'delivery_failed_card_left',
  'delivered',
  'partially_delivered',
  'at_collection_point',
  'returned_to_sender',
  'action_required',
  'missing',
  'lost',
  'damaged',
  'cancelling',
  'cancelled',
  'in_transit_waiting',
  'held_by_carrier',
  'exchange_failed',
  'at_customs',
  'delivered_damaged',
  'carrier_collected',
  'customer_collected',
  'carrier_collection_failed',
  'customer_collection_failed',
  'at_customer_collection_point',
  'ready_to_ship',
  'exchange_succeeded',
  'awaiting_drop_off',
  'carrier_changed',
  'cleared_customs',
  'destroyed',
] as const;

/** States only the platform sets: Change Shipment State refuses them (400 `system_shipment_state`). */
export const SYSTEM_STATES = new Set([
  'unallocated',
  'allocating',
  'allocation_failed',
  'allocated',
  'manifesting',
  'manifest_failed',
  'manifested',
  'booking',
  'booking_failed',
  'booked',
  'cancelling',
  'cancelled',
]);

export const EXCEPTION_STATES = new Set(['action_required', 'missing', 'lost', 'damaged', 'destroyed']);

/** The states a shipment may be allocated (or quoted, or updated, or given paperless documents) from. */
export const ALLOCATABLE = new Set(['unallocated', 'allocation_failed']);

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

/** A shipment of the lifecycle, as `mock.store.shipments.lifecycle.records` holds it. */
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

/** How long a quote can allocate its shipment. */
export const QUOTE_LIFETIME_MS = 15 * 60 * 1000;

const lifecycles = new WeakMap<MockStore, Lifecycle>();

/** The lifecycle state of this store (a fresh store, as after `mock.reset()`, gets a fresh one). */
export function lifecycleOf(store: MockStore): Lifecycle {
  let lifecycle = lifecycles.get(store);
  if (!lifecycle) {
    let skew = 0;
    lifecycle = {
      ...seededCatalogue(),
      records: new Map(),
      quotes: new Map(),
      manifests: new Map(),
      paperless: new Map(),
      now: () => new Date(store.now().getTime() + skew),
      advance(milliseconds) {
        skew += milliseconds;
      },
    };
    lifecycles.set(store, lifecycle);
  }
  return lifecycle;
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
  store: MockStore,
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

/** A shipment seeded with `addShipment` or made by area A gets a record when the lifecycle first meets it. */
function recordForSeeded(store: MockStore, shipment: MockShipment): ShipmentRecord {
  const lifecycle = lifecycleOf(store);
  const created = iso(lifecycle.now());
  const placeholder = (type: string, line: string) => ({
    address_type: type,
    address_line1: line,
    locality: 'Leeds',
    postal_code: 'LS1 1AA',
    country_iso_code: 'GB',
  });
  const record: ShipmentRecord = {
    reference: shipment.reference,
    state: shipment.allocated ? 'allocated' : 'unallocated',
    created,
    updated: null,
    body: {
      shipment_type: 'scheduled',
      direction: 'outbound',
      contents: shipment.contents.map((item) => ({
        reference: item.reference,
        description: item.description,
        value: { amount: 1, currency: 'GBP' },
      })),
      addresses: [placeholder('origin', '1 Warehouse Way'), placeholder('destination', '1 High Street')],
      ...(shipment.consignmentReference ? { custom_reference: shipment.consignmentReference } : {}),
    },
    paperless: [],
    events: [],
  };
  if (shipment.allocated) {
    const service: MockCarrierService = lifecycle.carrierServices.get(shipment.carrierServiceName ?? '') ?? {
      reference: shipment.carrierServiceName ?? 'MOCK-SEEDED',
      name: shipment.carrierServiceName ?? 'Seeded service',
      carrierReference:
        shipment.carrierName
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 50) || 'MOCK',
      carrierName: shipment.carrierName,
      shipmentTypes: ['scheduled'],
      countries: ['GB'],
      maxWeightKg: 30,
      tags: [],
      price: 4,
      transitDays: 1,
    };
    record.allocation = allocationFor(store, record, service);
  }
  lifecycle.records.set(record.reference, record);
  return record;
}

/** The area B shipment (labels, groups) behind a record. */
export const labelsSide = (store: MockStore, reference: string) => store.shipments.shipments.get(reference);

function trackingNumber(store: MockStore, service: MockCarrierService): string {
  return `${service.carrierReference}${vendorReference(store, 'tn_').slice(-12)}`;
}

export function allocationFor(
  store: MockStore,
  record: ShipmentRecord,
  service: MockCarrierService,
): ShipmentAllocation {
  const contents = (record.body.contents as unknown[]) ?? [];
  return {
    service,
    date: iso(lifecycleOf(store).now()),
    price: priceOf(service, needsOf(record).weightKg),
    shipmentNumber: trackingNumber(store, service),
    contentsNumbers: contents.map(() => trackingNumber(store, service)),
  };
}

/** Allocates the record to `service`: it gets a carrier, a price, tracking numbers and labels. */
export function allocate(store: MockStore, record: ShipmentRecord, service: MockCarrierService): void {
  record.allocation = allocationFor(store, record, service);
  record.queued = undefined;
  record.state = 'allocated';
  touch(store, record);
  const shipment = labelsSide(store, record.reference);
  if (shipment) {
    shipment.allocated = true;
    shipment.carrierName = service.carrierName;
    shipment.carrierServiceName = service.reference;
  }
}

/**
 * Takes the allocation away (cancel, de-allocate): the labels are void, and the shipment leaves the open,
 * unlocked group it was in, since only allocated shipments belong to a group.
 */
export function withdrawAllocation(store: MockStore, record: ShipmentRecord): void {
  record.allocation = undefined;
  const shipment = labelsSide(store, record.reference);
  if (shipment) shipment.allocated = false;
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

export function touch(store: MockStore, record: ShipmentRecord): void {
  record.updated = iso(lifecycleOf(store).now());
}

export function addEvent(store: MockStore, record: ShipmentRecord, code: string, description: string): void {
  const at = iso(lifecycleOf(store).now());
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
function settle(store: MockStore, record: ShipmentRecord): void {
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
export function runBatches(store: MockStore): void {
  for (const record of lifecycleOf(store).records.values()) settle(store, record);
}

/** The record of a shipment that exists (settled), or undefined. */
export function findRecord(store: MockStore, reference: string): ShipmentRecord | undefined {
  const lifecycle = lifecycleOf(store);
  let record = lifecycle.records.get(reference);
  if (!record) {
    const seeded = labelsSide(store, reference);
    if (!seeded) return undefined;
    record = recordForSeeded(store, seeded);
  }
  settle(store, record);
  return record;
}

/** The record named by a path or body value: 400 when malformed, 404 when unknown. */
export function requireRecord(
  store: MockStore,
  value: unknown,
  property = 'shipment_reference',
): ShipmentRecord {
  const reference = requireReference(value, 'sp_', property);
  return (
    findRecord(store, reference) ??
    notFound(property, 'shipment_not_found', `Shipment ${reference} was not found`)
  );
}

/** 409 for a state the operation's file answers with a conflict. */
export function conflict(code: string, message: string): never {
  return fail(409, 'conflict', message, [{ property: 'state', code, message }]);
}

const KG_PER_LB = 0.45359237;

export function needsOf(record: ShipmentRecord): ShipmentNeeds {
  const contents = (record.body.contents as Record<string, unknown>[] | undefined) ?? [];
  const weightKg = contents.reduce((total, item) => {
    const weight = item.weight as { value?: number; unit?: string } | undefined;
    const quantity = typeof item.quantity === 'number' ? item.quantity : 1;
    const kilograms = (weight?.value ?? 0) * (weight?.unit?.toLowerCase() === 'lbs' ? KG_PER_LB : 1);
    return total + kilograms * quantity;
  }, 0);
  const addresses = (record.body.addresses as Record<string, unknown>[] | undefined) ?? [];
  const destination = addresses.find(
    (address) => String(address.address_type).toLowerCase() === 'destination',
  );
  return {
    shipmentType: String(record.body.shipment_type ?? 'scheduled'),
    destinationCountry: destination?.country_iso_code as string | undefined,
    weightKg,
    tags: (record.body.tags as string[] | null | undefined) ?? [],
  };
}

export const shipmentLink = (base: string, reference: string): Link =>
  link(`${base}/shipments/${reference}`, 'shipment', reference, 'shipment');

export const labelLinks = (base: string, reference: string): Link[] =>
  ['pdf', 'zpl'].map((format) => link(`${base}/labels/${reference}/${format}`, 'label', reference, 'label'));

/** The shipments file's `TrackingDetails` for an allocated record. */
export function trackingDetails(base: string, record: ShipmentRecord, allocation: ShipmentAllocation) {
  const contents = (record.body.contents as Record<string, unknown>[]) ?? [];
  return {
    shipment: {
      reference: record.reference,
      tracking_references: [allocation.shipmentNumber],
      _links: [link(`${base}/tracking/${record.reference}`, 'tracking', record.reference, 'tracking')],
    },
    contents: contents.flatMap((item, index) =>
      typeof item.reference === 'string'
        ? [
            {
              reference: item.reference,
              tracking_references: [allocation.contentsNumbers[index] ?? ''],
              _links: [],
            },
          ]
        : [],
    ),
  };
}

/** The shipments file's `Allocation`. */
export function allocationView(base: string, record: ShipmentRecord, allocation: ShipmentAllocation) {
  return {
    carrier: carrierDetails(allocation.service),
    allocation_date: allocation.date,
    price: allocation.price,
    tracking_details: trackingDetails(base, record, allocation),
    _links: labelLinks(base, record.reference),
  };
}
