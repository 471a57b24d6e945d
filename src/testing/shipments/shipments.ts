import type { ShipmentReference } from '../../core/references.js';
import { countryProblem, emailProblem, postcodeProblem } from '../formats.js';
import { json } from '../router.js';
import { allocationView, labelLinks, link, resourceResult, shipmentLink } from './answer-parts.js';
import { detail, type ErrorDetail, fail, invalid, stateConflict, wrongState } from './errors.js';
import { ADDRESS_TYPES, CreateShipmentRequest, UpdateShipmentRequest } from './request-schemas.js';
import {
  ALLOCATABLE,
  addEvent,
  findRecord,
  type LabelFormatName,
  type MockContentsItem,
  requireRecord,
  type ShipmentRecord,
  type ShipmentsContext,
  type ShipmentsStore,
  touch,
  vendorReference,
  withdrawAllocation,
} from './state.js';
import { checkedBody } from './validate.js';

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

/**
 * Shipments: Create, Get, Update (older file), Delete, Cancel, Change Shipment State and Shipment State
 * Counts (older file). A created shipment is `unallocated` and has no labels until it is allocated.
 */

/** Address rules the schema cannot say: known types, one of each, an origin and a destination. */
function addressProblems(addresses: Record<string, unknown>[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const types = addresses.map((address) => String(address.address_type).toLowerCase());
  types.forEach((type, index) => {
    const property = `$.addresses[${index}].address_type`;
    if (!(ADDRESS_TYPES as readonly string[]).includes(type))
      problems.push(
        detail(property, 'invalid_address_type', `${property} must be one of ${ADDRESS_TYPES.join(', ')}`),
      );
    else if (types.indexOf(type) !== index)
      problems.push(detail(property, 'duplicate_address_type', `Only one ${type} address is allowed`));
  });
  for (const needed of ['origin', 'destination']) {
    if (!types.includes(needed))
      problems.push(detail('$.addresses', 'address_type_required', `An ${needed} address is required`));
  }
  if (types.includes('importer') && types.includes('exporter'))
    problems.push(detail('$.addresses', 'invalid_address_type', 'importer and exporter exclude each other'));
  for (const [index, address] of addresses.entries())
    problems.push(...formatProblems(address, `$.addresses[${index}]`));
  return problems;
}

/** The formats the files ask of an address: a valid email, an assigned country code, its postcode's format. */
function formatProblems(address: Record<string, unknown>, path: string): ErrorDetail[] {
  const contact = address.contact as { contact_details?: { email?: unknown } } | undefined;
  const found: [string, string | undefined][] = [
    [`${path}.contact.contact_details.email`, emailProblem(contact?.contact_details?.email)],
    [`${path}.country_iso_code`, countryProblem(address.country_iso_code)],
    [`${path}.postal_code`, postcodeProblem(address.postal_code, address.country_iso_code)],
  ];
  return found.flatMap(([property, problem]) =>
    problem ? [detail(property, 'invalid_format', problem)] : [],
  );
}

/** The body of Create Shipment, Create Quote or Update Shipment, checked. */
export function shipmentBody(body: unknown, schema = CreateShipmentRequest): Record<string, unknown> {
  const fields = checkedBody(body, schema);
  const problems = addressProblems(fields.addresses as Record<string, unknown>[]);
  if (problems.length > 0) invalid(problems);
  return fields;
}

/** Gives the body's top-level contents items `sc_` references, and the record the packages its labels print. */
function attachContents(store: ShipmentsStore, record: Omit<ShipmentRecord, 'contents'>): MockContentsItem[] {
  const contents = (record.body.contents as Record<string, unknown>[]).map(
    (item): Record<string, unknown> & { reference: `sc_${string}` } => ({
      ...item,
      reference: vendorReference(store, 'sc_'),
    }),
  );
  record.body = { ...record.body, contents };
  return contents.map((item, index) => ({
    reference: item.reference,
    description:
      typeof item.description === 'string' && item.description !== ''
        ? item.description
        : `Package ${index + 1}`,
  }));
}

export function createShipment(context: ShipmentsContext): Response {
  const { store } = context;
  const body = shipmentBody(context.body);
  const lifecycle = store.shipments.lifecycle;
  const fields = {
    reference: vendorReference(store, 'sp_') as ShipmentReference,
    state: 'unallocated',
    created: lifecycle.now().toISOString(),
    updated: null,
    body,
    paperless: [],
    events: [],
    allocated: false,
    carrierName: 'Unallocated',
    labelFormats: ['PDF', 'ZPL', 'BMP'] as LabelFormatName[],
  };
  const contents = attachContents(store, fields);
  const record: ShipmentRecord = { ...fields, contents };
  lifecycle.records.set(record.reference, record);
  const answer = resourceResult(
    record.reference,
    `Shipment ${record.reference} created successfully`,
    [shipmentLink(context.baseUrl, record.reference)],
    body.custom_reference as string | null | undefined,
  );
  return json(answer, 201);
}

const dateRange = (value: unknown) => {
  const range = (value ?? {}) as { start?: string | null; end?: string | null };
  const fields = {
    ...(range.start ? { start: range.start } : {}),
    ...(range.end ? { end: range.end } : {}),
  };
  return { ...fields, has_value: Object.keys(fields).length > 0 };
};

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

const ECHOED = [
  'tags',
  'order_date',
  'metadata',
  'customs_documentation',
  'label_properties',
  'tenant',
  'channel',
];

/** The shipments file's `Shipment`: what was sent, and what the platform added. */
export function shipmentView(context: ShipmentsContext, record: ShipmentRecord): Record<string, unknown> {
  const { body } = record;
  const base = context.baseUrl;
  const allocation = record.allocation;
  const retrievals = context.store.requests.filter(
    (entry) =>
      (entry.operation === 'getLabels' || entry.operation === 'getContentsLabel') &&
      entry.url.includes(`/labels/${record.reference}/`),
  ).length;
  const view: Record<string, unknown> = {
    reference: record.reference,
    state: record.state,
    created: record.created,
    updated: record.updated,
  };
  if (allocation) {
    const shipping = addDays(allocation.date, 1);
    view.shipping_date = { start: shipping, end: shipping, has_value: true };
    const delivery = addDays(shipping, allocation.service.transitDays);
    view.expected_delivery_date = { start: delivery, end: delivery, has_value: true };
  }
  view.required_shipping_date = dateRange(body.required_shipping_date);
  view.required_delivery_date = dateRange(body.required_delivery_date);
  view.actual_delivery_date = record.actualDeliveryDate ?? null;
  if (allocation) view.allocation = allocationView(base, record, allocation);
  view.label_details = {
    date_first_retrieved: null,
    retrieval_count: retrievals,
    _links: allocation ? labelLinks(base, record.reference) : [],
  };
  if (typeof body.custom_reference === 'string' && body.custom_reference !== '')
    view.custom_reference = body.custom_reference;
  for (const name of ECHOED) if (body[name] !== undefined) view[name] = body[name];
  view.direction = String(body.direction ?? 'outbound').toLowerCase();
  view.shipment_type = String(body.shipment_type).toLowerCase();
  view.contents = body.contents;
  view.addresses = body.addresses;
  view.source = typeof body.source === 'string' && body.source !== '' ? body.source : 'api';
  view.paperless_documents = record.paperless.flatMap((reference) => {
    const document = context.store.shipments.lifecycle.paperless.get(reference);
    if (!document) return [];
    const { upload } = document;
    return [
      {
        document_reference: reference,
        document_state: document.removed ? 'removed' : 'ready',
        document_type: upload.document_type,
        file_format: upload.file_format,
        usage: upload.usage,
        ...(typeof upload.expiration === 'string' ? { expiration: upload.expiration } : {}),
      },
    ];
  });
  view._links = [link(`${base}/shipments/${record.reference}`, 'self', record.reference, 'shipment')];
  return view;
}

export function getShipment(context: ShipmentsContext): Response {
  return json(shipmentView(context, requireRecord(context.store, context.params.shipmentReference)));
}

/** Update Shipment (older file): replaces the whole shipment, before allocation only. */
export function updateShipment(context: ShipmentsContext): Response {
  const body = shipmentBody(context.body, UpdateShipmentRequest);
  const record = requireRecord(context.store, body.reference, 'reference');
  if (!ALLOCATABLE.has(record.state)) wrongState(record.reference, record.state, 'updated');
  const { reference: _reference, ...replacement } = body;
  record.body = replacement;
  record.contents = attachContents(context.store, record);
  touch(context.store, record);
  const answer = resourceResult(
    record.reference,
    `Shipment ${record.reference} updated successfully`,
    [shipmentLink(context.baseUrl, record.reference)],
    replacement.custom_reference as string | null | undefined,
  );
  return json(answer);
}

/** Settled states before `manifested`: the states Cancel Shipment accepts. */
const CANCELLABLE = new Set([
  'unallocated',
  'allocation_failed',
  'allocated',
  'ready_to_ship',
  'manifest_failed',
  'booked',
  'booking_failed',
]);

export function cancelShipment(context: ShipmentsContext): Response {
  const record = requireRecord(context.store, context.params.shipmentReference);
  if (record.state === 'cancelled')
    stateConflict('state', 'shipment_already_cancelled', `Shipment ${record.reference} is already cancelled`);
  if (!CANCELLABLE.has(record.state))
    stateConflict(
      'state',
      'invalid_state_for_operation',
      `Shipment ${record.reference} is ${record.state}: it cannot be cancelled`,
    );
  withdrawAllocation(context.store, record);
  record.state = 'cancelled';
  touch(context.store, record);
  const answer = resourceResult(
    record.reference,
    `Shipment ${record.reference} cancelled successfully`,
    [shipmentLink(context.baseUrl, record.reference)],
    record.body.custom_reference as string | null | undefined,
  );
  return json(answer);
}

/** Delete Shipment: a cancelled shipment only; it is gone with its history. */
export function deleteShipment(context: ShipmentsContext): Response {
  const { store } = context;
  const record = requireRecord(store, context.params.shipmentReference);
  if (record.state !== 'cancelled') wrongState(record.reference, record.state, 'deleted (cancel it first)');
  store.shipments.shipments.delete(record.reference);
  return json(resourceResult(record.reference, `Shipment ${record.reference} deleted successfully`, []));
}

const EVENT_CODES = new Set([
  'action_required',
  'at_customs',
  'awaiting_drop_off',
  'carrier_changed',
  'damaged',
  'delayed',
  'delivered',
  'delivered_damaged',
  'delivery_failed',
  'delivery_failed_card_left',
  'destroyed',
  'exchange_failed',
  'exchange_succeeded',
  'held_by_carrier',
  'in_transit',
  'in_transit_waiting',
  'lost',
  'missing',
  'out_for_delivery',
  'partially_delivered',
  'returned_to_sender',
]);

/** States a manual carrier-progress or exception state may follow. */
const SHIPPED = (state: string) =>
  state === 'manifested' || state === 'booked' || (!SYSTEM_STATES.has(state) && state !== 'ready_to_ship');

/**
 * Change Shipment State. Only `ready_to_ship` (from `allocated`), and the carrier-progress and exception
 * states (once the shipment is manifested, booked or already with the carrier) may be set by hand; the
 * platform's own states are 400 `system_shipment_state`; the state it already has is 304.
 */
export function changeShipmentState(context: ShipmentsContext): Response {
  const { store } = context;
  const body = checkedBody(context.body, {
    type: 'object',
    properties: {
      reference: { type: 'string', minLength: 35, maxLength: 35 },
      state: { type: 'string' },
      reason: { type: 'string', minLength: 5, maxLength: 100 },
    },
    required: ['reason', 'reference', 'state'],
  });
  const wanted = String(body.state).toLowerCase();
  if (!(SHIPMENT_STATES as readonly string[]).includes(wanted)) {
    fail(400, 'invalid_shipment_state', `${body.state} is not a shipment state`, [
      detail('$.state', 'invalid_shipment_state', `${body.state} is not a shipment state`),
    ]);
  }
  const record = requireRecord(store, body.reference, '$.reference');
  if (record.state === wanted) return new Response(null, { status: 304 });
  if (SYSTEM_STATES.has(wanted)) {
    fail(400, 'system_shipment_state', `Only the platform sets ${wanted}`, [
      detail('$.state', 'system_shipment_state', `Only the platform sets ${wanted}`),
    ]);
  }
  const allowed = wanted === 'ready_to_ship' ? record.state === 'allocated' : SHIPPED(record.state);
  if (!allowed) wrongState(record.reference, record.state, `moved to ${wanted}`);
  record.state = wanted;
  touch(store, record);
  addEvent(store, record, EVENT_CODES.has(wanted) ? wanted : 'for_information', String(body.reason));
  if (wanted === 'delivered') record.actualDeliveryDate = record.updated ?? undefined;
  const answer = resourceResult(
    record.reference,
    `Shipment ${record.reference} is now ${wanted}`,
    [shipmentLink(context.baseUrl, record.reference)],
    record.body.custom_reference as string | null | undefined,
  );
  return json(answer);
}

const CRITICAL = new Set(['lost', 'damaged', 'destroyed', 'missing']);

/** Shipment State Counts (older file): how many shipments are in each state, the empty states left out. */
export function getShipmentStateCounts(context: ShipmentsContext): Response {
  const { store } = context;
  const references = [...store.shipments.shipments.keys()];
  const counts = new Map<string, number>();
  for (const reference of references) {
    const record = findRecord(store, reference);
    if (record) counts.set(record.state, (counts.get(record.state) ?? 0) + 1);
  }
  const shipment_states = SHIPMENT_STATES.filter((state) => counts.has(state)).map((state) => ({
    state,
    category: EXCEPTION_STATES.has(state)
      ? 'exception'
      : SYSTEM_STATES.has(state) || state === 'ready_to_ship'
        ? 'lifecycle'
        : 'carrier',
    exception: EXCEPTION_STATES.has(state),
    critical: CRITICAL.has(state),
    count: counts.get(state) ?? 0,
  }));
  return json({ shipment_states });
}
