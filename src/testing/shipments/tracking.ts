import { json } from '../router.js';
import { link } from './answer-parts.js';
import { notFound } from './errors.js';
import {
  requireRecord,
  type ShipmentAllocation,
  type ShipmentRecord,
  type ShipmentsContext,
} from './state.js';

/**
 * Get Tracking Events. A shipment has carrier numbers once it is allocated (before that there is nothing
 * to track: 404 `tracking_not_found`), and events once it is manifested; a state set by hand (for example
 * `delivered`) adds its event. Errors take the tracking file's shape: `reference`, and no `_links`.
 */
export function getTracking(context: ShipmentsContext): Response {
  const { baseUrl } = context;
  const record = requireRecord(context.store, context.params.shipmentReference, 'shipmentRef');
  const allocation = record.allocation;
  if (!allocation) {
    notFound(
      'shipmentRef',
      'tracking_not_found',
      `Shipment ${record.reference} is ${record.state}: it has no tracking yet`,
    );
  }
  return json(trackingResponse(baseUrl, record, allocation));
}

/** A tracked record's tracking response (the tracking file's `TrackingResponse`). */
export function trackingResponse(baseUrl: string, record: ShipmentRecord, allocation: ShipmentAllocation) {
  const { service } = allocation;
  const customReference = record.body.custom_reference;
  const delivery = new Date(
    Date.parse(allocation.date) + (1 + service.transitDays) * 86_400_000,
  ).toISOString();
  return {
    shipment_reference: record.reference,
    ...(typeof customReference === 'string' ? { custom_reference: customReference } : {}),
    carrier_references: [allocation.shipmentNumber, ...allocation.contentsNumbers],
    carrier: {
      reference: service.carrierReference,
      service_reference: service.reference,
      name: service.carrierName,
      service_name: service.name,
      tags: [...service.tags],
    },
    events: record.events.map((event) => ({ ...event })),
    expected_delivery_date: record.actualDeliveryDate ?? delivery,
    _links: [
      link(`${baseUrl}/tracking/${record.reference}`, 'self', record.reference, 'tracking'),
      link(`${baseUrl}/shipments/${record.reference}`, 'shipment', record.reference, 'shipment'),
    ],
  };
}
