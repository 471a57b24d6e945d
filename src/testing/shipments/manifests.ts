import { json } from '../router.js';
import { link } from './answer-parts.js';
import { carrierDetails } from './carrier-services.js';
import { detail, type ErrorDetail, fail, invalid, notFound, wrongState } from './errors.js';
import { ManifestQueryRequest, ManifestRequest } from './request-schemas.js';
import { shipmentView } from './shipments.js';
import {
  findRecord,
  requireRecord,
  type ShipmentRecord,
  type ShipmentsContext,
  touch,
  vendorReference,
} from './state.js';
import { check, checkedBody, requireReference } from './validate.js';

/**
 * Manifests: Manifest Shipment, Manifest Shipments, Manifest Shipment Group (older file) and Get Manifest.
 * Manifesting queues the shipments (`manifesting`, answered 202) and makes one manifest per carrier; the
 * next read of a shipment finds it `manifested`, with a first tracking event. Only `allocated`,
 * `ready_to_ship` and `manifest_failed` shipments can be manifested. Manifesting leaves group membership
 * as it is: a manifested member stays in its group, keeps its labels, and the group can still be locked,
 * given a collection note and closed.
 */

const MANIFESTABLE = new Set(['allocated', 'ready_to_ship', 'manifest_failed']);

/**
 * Queues the records and answers one result per carrier: as the files' `ManifestResponse`, or as the
 * guides write it (`results`, the carrier with its service) for the routes only the guides document.
 */
function manifest(
  context: ShipmentsContext,
  records: ShipmentRecord[],
  form: 'files' | 'guide' = 'files',
): Response {
  const { store, baseUrl } = context;
  const lifecycle = store.shipments.lifecycle;
  const byCarrier = new Map<string, ShipmentRecord[]>();
  for (const record of records) {
    const carrier = record.allocation?.service.carrierReference ?? 'unknown';
    byCarrier.set(carrier, [...(byCarrier.get(carrier) ?? []), record]);
  }
  const manifest_results = [...byCarrier.values()].map((members) => {
    const reference = vendorReference(store, 'ma_');
    lifecycle.manifests.set(reference, {
      reference,
      shipments: members.map((record) => record.reference),
      created: lifecycle.now().toISOString(),
    });
    for (const record of members) {
      record.state = 'manifesting';
      touch(store, record);
    }
    const service = members[0]?.allocation?.service;
    const carrier =
      form === 'guide' && service
        ? carrierDetails(service)
        : { reference: service?.carrierReference ?? null, name: service?.carrierName ?? null };
    return {
      reference,
      carrier,
      message: `${members.length} shipment${members.length === 1 ? '' : 's'} queued for manifesting`,
      state: 'manifesting',
      shipment_count: members.length,
      _links: [link(`${baseUrl}/shipments/manifests/${reference}`, 'self', reference, 'manifest')],
    };
  });
  return json(form === 'guide' ? { results: manifest_results } : { manifest_results }, 202);
}

export function manifestShipment(context: ShipmentsContext): Response {
  const record = requireRecord(context.store, context.params.shipmentReference);
  if (!MANIFESTABLE.has(record.state)) wrongState(record.reference, record.state, 'manifested');
  return manifest(context, [record]);
}

/** All or nothing: any unknown shipment is 404, any that cannot be manifested is 400. */
export function manifestShipments(context: ShipmentsContext): Response {
  const { store } = context;
  const references = checkedBody(context.body, ManifestRequest).shipments as string[];
  const records = references.map((reference, index) => ({
    reference,
    property: `$.shipments[${index}]`,
    record: findRecord(store, requireReference(reference, 'sp_', `$.shipments[${index}]`)),
  }));
  const missing = records.filter((entry) => !entry.record);
  if (missing.length > 0) {
    const details = missing.map(({ reference, property }) =>
      detail(property, 'shipment_not_found', `Shipment ${reference} was not found`),
    );
    fail(404, 'not_found', details.map((entry) => entry.message).join('; '), details);
  }
  const found = records.map((entry) => entry.record as ShipmentRecord);
  const refused = found.flatMap((record, index) =>
    MANIFESTABLE.has(record.state)
      ? []
      : [
          detail(
            `$.shipments[${index}]`,
            'invalid_state_for_operation',
            `Shipment ${record.reference} is ${record.state}: it cannot be manifested`,
          ),
        ],
  );
  if (refused.length > 0)
    fail(400, 'invalid_state_for_operation', refused.map((entry) => entry.message).join('; '), refused);
  return manifest(context, [...new Map(found.map((record) => [record.reference, record])).values()]);
}

/** Manifest Shipment Group (older file): the members not manifested yet; a closed group is refused. */
export function manifestShipmentGroup(context: ShipmentsContext): Response {
  const { store } = context;
  const reference = requireReference(context.params.groupReference, 'sg_', 'shipmentGroupReference');
  const group =
    store.shipments.groups.get(reference) ??
    notFound(
      'shipmentGroupReference',
      'shipment_group_not_found',
      `Shipment group ${reference} was not found`,
    );
  if (group.state === 'closed') {
    invalid([
      detail('shipmentGroupReference', 'shipment_group_closed', `Shipment group ${reference} is closed`),
    ]);
  }
  const members = group.shipments.flatMap((member) => {
    const record = findRecord(store, member);
    return record && MANIFESTABLE.has(record.state) ? [record] : [];
  });
  if (members.length === 0) {
    invalid([
      detail(
        'shipmentGroupReference',
        'nothing_to_manifest',
        `Shipment group ${reference} has no shipment left to manifest`,
      ),
    ]);
  }
  return manifest(context, members);
}

/** A required shipping date asked for: a range of instants, or a day. */
type AskedDates = { from?: number; to?: number } | { day: string };

const DATE_TIME = { type: 'string', format: 'date-time' } as const;

function askedDates(value: unknown, problems: ErrorDetail[]): AskedDates | undefined {
  const path = '$.required_shipping_date';
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const refused = check(value, DATE_TIME, path);
    problems.push(...refused);
    return refused.length === 0 ? { day: value.slice(0, 10) } : undefined;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push(detail(path, 'invalid_format', `${path} must be a date_range or a date-time`));
    return undefined;
  }
  const { start, end } = value as { start?: unknown; end?: unknown };
  const refused = [
    ...(start == null ? [] : check(start, DATE_TIME, `${path}.start`)),
    ...(end == null ? [] : check(end, DATE_TIME, `${path}.end`)),
  ];
  problems.push(...refused);
  if (refused.length > 0) return undefined;
  const from = typeof start === 'string' ? Date.parse(start) : undefined;
  const to = typeof end === 'string' ? Date.parse(end) : undefined;
  if (from !== undefined && to !== undefined && from > to) {
    problems.push(detail(path, 'invalid_date_range', `${path}.start must be on or before its end`));
  }
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** Whether the shipment, as Get Shipment shows it, meets every criterion given. */
function matchesQuery(
  context: ShipmentsContext,
  record: ShipmentRecord,
  query: Record<string, unknown>,
  dates: AskedDates | undefined,
): boolean {
  const view = shipmentView(context, record) as {
    addresses?: { address_type?: string; shipping_location_reference?: string; custom_reference?: string }[];
    label_details?: { retrieval_count?: number };
    allocation?: { carrier?: { reference?: string; service_reference?: string } };
    required_shipping_date?: { start?: string; end?: string };
  };
  const origin = (view.addresses ?? []).find((address) => same(address.address_type, 'origin'));
  const locations = query.shipping_locations as string[] | null | undefined;
  if (locations && !locations.includes(origin?.shipping_location_reference ?? '')) return false;
  const addressReference = query.address_custom_reference;
  if (addressReference != null && origin?.custom_reference !== addressReference) return false;
  const retrieved = (view.label_details?.retrieval_count ?? 0) > 0;
  if (query.labels_retrieved != null && retrieved !== query.labels_retrieved) return false;
  const carrier = view.allocation?.carrier;
  if (query.carrier_reference != null && !same(carrier?.reference, query.carrier_reference)) return false;
  if (
    query.carrier_service_reference != null &&
    !same(carrier?.service_reference, query.carrier_service_reference)
  )
    return false;
  if (dates === undefined) return true;
  const { start, end } = view.required_shipping_date ?? {};
  const first = start ?? end;
  const last = end ?? start;
  if (!first || !last) return false;
  if ('day' in dates) return first.slice(0, 10) === dates.day && last.slice(0, 10) === dates.day;
  return (
    (dates.from === undefined || Date.parse(first) >= dates.from) &&
    (dates.to === undefined || Date.parse(last) <= dates.to)
  );
}

/**
 * Manifest Shipments by Query (the guides and the data contract): every shipment meeting all the
 * criteria given, in a state it is manifested from (`shipment_states`, each one of those, or all three),
 * is queued; the answer is the guide's, one result per carrier. None matching is a 404. The origin
 * address gives the location and the address custom reference; a shipment with no required shipping
 * date never matches one asked for.
 */
export function manifestShipmentsByQuery(context: ShipmentsContext): Response {
  const query = checkedBody(context.body, ManifestQueryRequest);
  const problems: ErrorDetail[] = [];
  const asked = (query.shipment_states as string[] | null | undefined) ?? [...MANIFESTABLE];
  asked.forEach((state, index) => {
    if (!MANIFESTABLE.has(state.toLowerCase())) {
      problems.push(
        detail(
          `$.shipment_states[${index}]`,
          'invalid_shipment_state',
          `${state} is not a state a shipment is manifested from (allocated, ready_to_ship, manifest_failed)`,
        ),
      );
    }
  });
  const dates = askedDates(query.required_shipping_date, problems);
  if (problems.length > 0) invalid(problems);
  const states = new Set(asked.map((state) => state.toLowerCase()));
  const matching = [...context.store.shipments.shipments.values()].filter(
    (record) => states.has(record.state) && matchesQuery(context, record, query, dates),
  );
  if (matching.length === 0) notFound('$', 'shipment_not_found', 'No shipment matches the query');
  return manifest(context, matching, 'guide');
}

export function getManifest(context: ShipmentsContext): Response {
  const reference = requireReference(context.params.manifestReference, 'ma_', 'manifestReference');
  const stored =
    context.store.shipments.lifecycle.manifests.get(reference) ??
    notFound('manifestReference', 'manifest_not_found', `Manifest ${reference} was not found`);
  return json({ reference: stored.reference, shipments: [...stored.shipments], created: stored.created });
}
