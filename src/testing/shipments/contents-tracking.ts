import { json } from '../router.js';
import { link } from './answer-parts.js';
import { detail, invalid, notFound } from './errors.js';
import {
  requireRecord,
  type ShipmentAllocation,
  type ShipmentRecord,
  type ShipmentsContext,
} from './state.js';
import { trackingResponse } from './tracking.js';

/**
 * The tracking routes only the vendor's guides document: contents-level tracking (one entry per contents
 * item) and the reads by custom reference, paged by `take` (1 to 10, default 10) and `skip` (default 0).
 * A read by custom reference that matches no tracked shipment is a 404 `tracking_not_found`, as Find
 * Shipments answers when nothing matches.
 */

type Tracked = { record: ShipmentRecord; allocation: ShipmentAllocation };

/** A record's contents-level tracking (the data contract's `tracking_contents_response`). */
function contentsTrackingOf(baseUrl: string, { record, allocation }: Tracked, onlyCustomReference?: string) {
  const { shipment_reference, custom_reference, carrier, events, expected_delivery_date } = trackingResponse(
    baseUrl,
    record,
    allocation,
  );
  const contents = (record.body.contents as Record<string, unknown>[] | undefined) ?? [];
  return {
    shipment_reference,
    ...(custom_reference === undefined ? {} : { custom_reference }),
    carrier,
    shipment_contents: contents.flatMap((item, index) =>
      typeof item.reference === 'string' &&
      (onlyCustomReference === undefined || item.custom_reference === onlyCustomReference)
        ? [
            {
              reference: item.reference,
              ...(typeof item.custom_reference === 'string'
                ? { custom_reference: item.custom_reference }
                : {}),
              carrier_references: [allocation.contentsNumbers[index] ?? allocation.shipmentNumber],
              events,
            },
          ]
        : [],
    ),
    expected_delivery_date,
    _links: [
      link(`${baseUrl}/tracking/${record.reference}/shipment_contents`, 'self', record.reference, 'tracking'),
    ],
  };
}

function requireTracked(context: ShipmentsContext): Tracked {
  const record = requireRecord(context.store, context.params.shipmentReference, 'shipmentRef');
  const allocation = record.allocation;
  if (!allocation) {
    notFound(
      'shipmentRef',
      'tracking_not_found',
      `Shipment ${record.reference} is ${record.state}: it has no tracking yet`,
    );
  }
  return { record, allocation };
}

/** GET /tracking/:shipmentReference/shipment_contents. */
export function getShipmentContentsTracking(context: ShipmentsContext): Response {
  return json(contentsTrackingOf(context.baseUrl, requireTracked(context)));
}

/** `take` and `skip` from the query: 1 to 10 and 0 or more; 400 `validation_error` otherwise. */
function pageOf(context: ShipmentsContext): { take: number; skip: number } {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = context.query.get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      invalid([
        detail(
          name,
          'invalid_value',
          `${name} must be an integer from ${min}${max === Infinity ? ' up' : ` to ${max}`}`,
        ),
      ]);
    }
    return value;
  };
  return { take: read('take', 10, 1, 10), skip: read('skip', 0, 0, Infinity) };
}

/** The tracked records `matches` selects, oldest first; 404 when there is none. */
function trackedMatching(context: ShipmentsContext, matches: (record: ShipmentRecord) => boolean): Tracked[] {
  const found = [...context.store.shipments.lifecycle.records.values()].flatMap((record) =>
    record.allocation && matches(record) ? [{ record, allocation: record.allocation }] : [],
  );
  if (found.length === 0) {
    notFound(
      'customReference',
      'tracking_not_found',
      `No tracked shipment has custom reference ${context.params.customReference}`,
    );
  }
  return found;
}

/** The page's answer: its entries under `key`, the total, the paging as asked, and a self link. */
function pageAnswer(context: ShipmentsContext, key: string, all: unknown[], path: string) {
  const { take, skip } = pageOf(context);
  const customReference = context.params.customReference ?? '';
  return json({
    [key]: all.slice(skip, skip + take),
    total_results: all.length,
    take,
    skip,
    _links: [
      link(`${context.baseUrl}${path}?take=${take}&skip=${skip}`, 'self', customReference, 'tracking'),
    ],
  });
}

/** GET /tracking/custom_reference/:customReference: the shipments with that custom reference. */
export function getTrackingByCustomReference(context: ShipmentsContext): Response {
  pageOf(context);
  const customReference = context.params.customReference ?? '';
  const tracked = trackedMatching(context, (record) => record.body.custom_reference === customReference);
  const all = tracked.map(({ record, allocation }) => trackingResponse(context.baseUrl, record, allocation));
  return pageAnswer(
    context,
    'tracking_responses',
    all,
    `/tracking/custom_reference/${encodeURIComponent(customReference)}`,
  );
}

/**
 * GET /tracking/custom_reference/:customReference/shipment_contents: the shipments holding contents items
 * with that custom reference (the items', not the shipment's), each with those items only.
 */
export function getShipmentContentsTrackingByCustomReference(context: ShipmentsContext): Response {
  pageOf(context);
  const customReference = context.params.customReference ?? '';
  const holds = (record: ShipmentRecord) =>
    ((record.body.contents as Record<string, unknown>[] | undefined) ?? []).some(
      (item) => item.custom_reference === customReference,
    );
  const all = trackedMatching(context, holds).map((tracked) =>
    contentsTrackingOf(context.baseUrl, tracked, customReference),
  );
  return pageAnswer(
    context,
    'tracking_contents_responses',
    all,
    `/tracking/custom_reference/${encodeURIComponent(customReference)}/shipment_contents`,
  );
}
