import { json } from '../router.js';
import { labelLinks, resourceResult, shipmentLink, trackingDetails } from './answer-parts.js';
import { carrierDetails, type MockCarrierService } from './carrier-services.js';
import { detail, fail, invalid, notFound, wrongState } from './errors.js';
import { assess } from './quotes.js';
import {
  AllocateRequest,
  AllocateWithCarrierServiceRequest,
  AllocateWithFiltersRequest,
  AllocateWithServiceGroupRequest,
} from './request-schemas.js';
import {
  ALLOCATABLE,
  allocate,
  findRecord,
  requireRecord,
  type ShipmentRecord,
  type ShipmentsContext,
  type ShipmentsStore,
  touch,
  vendorReference,
  withdrawAllocation,
} from './state.js';
import { checkedBody, type SchemaNode } from './validate.js';

/**
 * Allocation, every variant: one shipment (default rules from the older file, a quote, a carrier service,
 * a service group, a virtual service) is allocated in process and answered 200 with an `AllocateResult`;
 * a list is queued (202), each shipment `allocating` until its batch runs. Allocation gives the shipment a
 * carrier, a service, a price, tracking numbers and labels. Only `unallocated` and `allocation_failed`
 * shipments can be allocated; a shipment no service can carry is 521 `allocation_failed`.
 */

const services = (store: ShipmentsStore) => [...store.shipments.lifecycle.carrierServices.values()];

function carrierService(
  store: ShipmentsStore,
  reference: string | undefined,
  property: string,
): MockCarrierService {
  return (
    store.shipments.lifecycle.carrierServices.get(reference ?? '') ??
    notFound(property, 'carrier_service_not_found', `Carrier service ${reference} was not found`)
  );
}

function groupServices(
  store: ShipmentsStore,
  reference: string | undefined,
  property: string,
): MockCarrierService[] {
  const lifecycle = store.shipments.lifecycle;
  const group =
    lifecycle.serviceGroups.get(reference ?? '') ??
    notFound(property, 'service_group_not_found', `Carrier service group ${reference} was not found`);
  return group.services.flatMap((service) => lifecycle.carrierServices.get(service) ?? []);
}

function paperlessSummary(store: ShipmentsStore, record: ShipmentRecord) {
  const documents = record.paperless.filter(
    (reference) => !store.shipments.lifecycle.paperless.get(reference)?.removed,
  );
  return documents.length > 0
    ? { sent_to_carrier: true, usage_type: 'electronic_only' }
    : { sent_to_carrier: false, usage_type: 'not_applicable' };
}

/** The shipments file's `AllocateResult` of an allocated shipment. */
function allocateResult(
  context: ShipmentsContext,
  record: ShipmentRecord,
  excluded: unknown[],
  older: boolean,
) {
  const allocation = record.allocation;
  if (!allocation) throw new Error('allocateResult needs an allocated shipment');
  return {
    shipment_reference: record.reference,
    state: record.state,
    price: allocation.price,
    message: `Shipment ${record.reference} has been allocated successfully`,
    carrier: carrierDetails(allocation.service),
    tracking_details: trackingDetails(context.baseUrl, record, allocation),
    _links: [
      ...labelLinks(context.baseUrl, record.reference),
      shipmentLink(context.baseUrl, record.reference),
    ],
    correlation_id: crypto.randomUUID(),
    details: [],
    excluded_services: excluded,
    // The older file's AllocateResult has no paperless_documents, and allows no other property.
    ...(older ? {} : { paperless_documents: paperlessSummary(context.store, record) }),
  };
}

/** Allocates one shipment to the cheapest of `candidates` it fits: 200, or 521 and `allocation_failed`. */
function allocateNow(
  context: ShipmentsContext,
  record: ShipmentRecord,
  candidates: MockCarrierService[],
  older = false,
): Response {
  if (!ALLOCATABLE.has(record.state)) wrongState(record.reference, record.state, 'allocated');
  const { eligible, excluded } = assess(record, candidates);
  const chosen = eligible[0];
  if (!chosen) {
    record.state = 'allocation_failed';
    touch(context.store, record);
    const details = excluded.map((entry) =>
      detail(
        null,
        entry.exclusion.reason.includes('does not carry') && entry.exclusion.reason.endsWith('shipments')
          ? 'carrier_service_shipment_mismatch'
          : 'allocation_failed',
        `${entry.carrier.service_reference}: ${entry.exclusion.reason}`,
      ),
    );
    fail(521, 'allocation_failed', `Shipment ${record.reference} could not be allocated`, details);
  }
  allocate(context.store, record, chosen);
  return json(allocateResult(context, record, excluded, older));
}

const target = (context: ShipmentsContext) => requireRecord(context.store, context.params.shipmentReference);

export function allocateShipment(context: ShipmentsContext): Response {
  return allocateNow(context, target(context), services(context.store), true);
}

export function allocateShipmentWithCarrierService(context: ShipmentsContext): Response {
  const record = target(context);
  return allocateNow(context, record, [
    carrierService(context.store, context.params.serviceReference, 'serviceReference'),
  ]);
}

export function allocateShipmentWithServiceGroup(context: ShipmentsContext): Response {
  const record = target(context);
  return allocateNow(
    context,
    record,
    groupServices(context.store, context.params.groupReference, 'groupReference'),
  );
}

/** A virtual service reference names a carrier service or a service group; naming both is ambiguous. */
export function allocateShipmentWithVirtualService(context: ShipmentsContext): Response {
  const record = target(context);
  const lifecycle = context.store.shipments.lifecycle;
  const reference = context.params.virtualService ?? '';
  const service = lifecycle.carrierServices.get(reference);
  const group = lifecycle.serviceGroups.get(reference);
  if (service && group) {
    invalid([
      detail(
        'virtualService',
        'non_unique_reference',
        `${reference} names a carrier service and a service group`,
      ),
    ]);
  }
  if (!service && !group) {
    notFound(
      'virtualService',
      'virtual_service_not_found',
      `No carrier service or service group is called ${reference}`,
    );
  }
  return allocateNow(
    context,
    record,
    service ? [service] : groupServices(context.store, reference, 'virtualService'),
  );
}

/** A quote allocates only the shipment it was made for, and only until it expires; it is used once. */
export function allocateShipmentWithQuote(context: ShipmentsContext): Response {
  const record = target(context);
  const lifecycle = context.store.shipments.lifecycle;
  const reference = context.params.quoteReference ?? '';
  const quote =
    lifecycle.quotes.get(reference) ??
    notFound('quoteReference', 'quote_not_found', `Quote ${reference} was not found`);
  if (quote.shipmentReference !== record.reference) {
    invalid([
      detail('quoteReference', 'quote_shipment_mismatch', `Quote ${reference} was made for another shipment`),
    ]);
  }
  if (lifecycle.now().getTime() > Date.parse(quote.expires)) {
    invalid([detail('quoteReference', 'quote_expired', `Quote ${reference} expired at ${quote.expires}`)]);
  }
  // The older file spells the path /shipments/allocate/{sp}/quote/{qu}, and answers its own AllocateResult.
  const older = new URL(context.request.url).pathname.includes('/shipments/allocate/sp_');
  const answer = allocateNow(context, record, [quote.service], older);
  lifecycle.quotes.delete(reference);
  return answer;
}

/** De-allocate Shipment (older file): back to `unallocated`; its labels are void. */
export function deallocateShipment(context: ShipmentsContext): Response {
  const record = target(context);
  if (!['allocated', 'ready_to_ship', 'manifest_failed'].includes(record.state))
    wrongState(record.reference, record.state, 'de-allocated');
  withdrawAllocation(context.store, record);
  record.state = 'unallocated';
  touch(context.store, record);
  return json(
    resourceResult(record.reference, `Shipment ${record.reference} has been de-allocated`, [
      shipmentLink(context.baseUrl, record.reference),
    ]),
  );
}

// --- Lists: queued ---------------------------------------------------------------------------------------

interface Queued {
  record: ShipmentRecord;
  queued: boolean;
}

/** Every listed shipment, or 404 naming the unknown ones (nothing is queued then). */
function listedRecords(store: ShipmentsStore, references: string[]): ShipmentRecord[] {
  const problems = references.flatMap((reference, index) =>
    typeof reference === 'string' && reference.startsWith('sp_')
      ? []
      : [
          detail(
            `$.shipments[${index}]`,
            'invalid_reference_format',
            `$.shipments[${index}] must be a reference starting sp_`,
          ),
        ],
  );
  if (problems.length > 0) invalid(problems);
  const missing = references.flatMap((reference, index) =>
    findRecord(store, reference)
      ? []
      : [detail(`$.shipments[${index}]`, 'shipment_not_found', `Shipment ${reference} was not found`)],
  );
  if (missing.length > 0) fail(404, 'not_found', missing.map((entry) => entry.message).join('; '), missing);
  return references.map((reference) => findRecord(store, reference) as ShipmentRecord);
}

/** Queues each allocatable shipment for the cheapest of `candidates` it fits (or a failure). */
function queue(store: ShipmentsStore, records: ShipmentRecord[], candidates: MockCarrierService[]): Queued[] {
  return records.map((record) => {
    if (!ALLOCATABLE.has(record.state)) return { record, queued: false };
    const chosen = assess(record, candidates).eligible[0];
    record.queued = chosen ? { service: chosen } : { failure: 'No carrier service can carry this shipment' };
    record.state = 'allocating';
    touch(store, record);
    return { record, queued: true };
  });
}

function errorReference(store: ShipmentsStore) {
  return vendorReference(store, 'er_');
}

function queuedResult(context: ShipmentsContext, { record, queued }: Queued) {
  const message = queued
    ? `Shipment ${record.reference} has been queued for allocation`
    : `Shipment ${record.reference} is ${record.state}: it cannot be allocated`;
  return {
    shipment_reference: record.reference,
    state: record.state,
    message,
    _links: [shipmentLink(context.baseUrl, record.reference)],
    correlation_id: crypto.randomUUID(),
    details: queued
      ? []
      : [
          {
            reference: errorReference(context.store),
            correlation_id: crypto.randomUUID(),
            code: 'invalid_state_for_operation',
            message,
          },
        ],
  };
}

/**
 * The answer to a list: 202 when every shipment was queued; 400 when none could be; else the route's
 * partial status (`partial`: 207 or 407) with an `AllocateResult` per shipment, or, on the default-rules
 * route, an `ApiError` naming the refused ones.
 */
function listAnswer(
  context: ShipmentsContext,
  results: Queued[],
  partial: 207 | 407,
  errorBody = false,
): Response {
  const refused = results.filter((result) => !result.queued);
  if (refused.length === results.length) {
    fail(
      400,
      'invalid_state_for_operation',
      'None of the shipments can be allocated',
      refused.map(({ record }) =>
        detail(
          '$.shipments',
          'invalid_state_for_operation',
          `Shipment ${record.reference} is ${record.state}`,
        ),
      ),
    );
  }
  if (refused.length > 0 && errorBody) {
    fail(
      partial,
      'partial_allocation',
      'Some of the shipments could not be allocated; the others are queued',
      refused.map(({ record }) =>
        detail(
          '$.shipments',
          'invalid_state_for_operation',
          `Shipment ${record.reference} is ${record.state}`,
        ),
      ),
    );
  }
  return json(
    results.map((result) => queuedResult(context, result)),
    refused.length > 0 ? partial : 202,
  );
}

function listBody(context: ShipmentsContext, schema: SchemaNode) {
  const body = checkedBody(context.body, schema);
  return { body, records: listedRecords(context.store, body.shipments as string[]) };
}

export function allocateShipments(context: ShipmentsContext): Response {
  const { records } = listBody(context, AllocateRequest);
  return listAnswer(context, queue(context.store, records, services(context.store)), 407, true);
}

export function allocateShipmentsWithCarrierService(context: ShipmentsContext): Response {
  const { body, records } = listBody(context, AllocateWithCarrierServiceRequest);
  const service = carrierService(
    context.store,
    body.carrier_service_reference as string,
    '$.carrier_service_reference',
  );
  return listAnswer(context, queue(context.store, records, [service]), 207);
}

export function allocateShipmentsWithServiceGroup(context: ShipmentsContext): Response {
  const { body, records } = listBody(context, AllocateWithServiceGroupRequest);
  const candidates = groupServices(context.store, body.service_group as string, '$.service_group');
  return listAnswer(context, queue(context.store, records, candidates), 407);
}

/**
 * Allocate with Filters: the listed shipments that match the filters (direction, and services carrying
 * every filter tag) are queued; the others are left out of the answer. Unknown shipments are left out too
 * (the file gives this route no 404); none submitted is 521. `pickup` and `drop_off` are accepted, and
 * no seeded service is told apart by them.
 */
export function allocateShipmentsWithFilters(context: ShipmentsContext): Response {
  const { store, baseUrl } = context;
  const body = checkedBody(context.body, AllocateWithFiltersRequest);
  const filters = body.filters as { direction: string; tags?: string[] | null };
  const tags = filters.tags ?? [];
  const candidates = services(store).filter((service) => tags.every((tag) => service.tags.includes(tag)));
  const matching = (body.shipments as string[]).flatMap((reference) => {
    const record = findRecord(store, reference);
    if (!record || !ALLOCATABLE.has(record.state)) return [];
    return String(record.body.direction ?? 'outbound').toLowerCase() === filters.direction.toLowerCase()
      ? [record]
      : [];
  });
  if (matching.length === 0)
    fail(521, 'allocation_failed', 'No listed shipment matches the filters and can be allocated');
  queue(store, matching, candidates);
  return json(
    {
      reference: vendorReference(store, 'al_'),
      shipments: matching.map((record) => shipmentLink(baseUrl, record.reference)),
      message: `${matching.length} shipment${matching.length === 1 ? '' : 's'} submitted for allocation`,
    },
    202,
  );
}
