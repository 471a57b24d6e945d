import { carrierDetails } from './carrier-services.js';
import type { ShipmentAllocation, ShipmentRecord } from './state.js';

/** The parts of area B's answers that several routes share: links, resource results, a shipment's allocation. */

export interface Link {
  href: string;
  rel: string;
  reference: string | null;
  type: string;
}

export const link = (href: string, rel: string, reference: string | null, type: string): Link => ({
  href,
  rel,
  reference,
  type,
});

/** The files' `ResourceResult`: nothing but these five fields. */
export function resourceResult(
  reference: string,
  message: string,
  links: Link[],
  customReference?: string | null,
): Record<string, unknown> {
  return {
    reference,
    ...(customReference ? { custom_reference: customReference } : {}),
    message,
    _links: links,
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
