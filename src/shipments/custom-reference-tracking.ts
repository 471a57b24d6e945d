import * as z from 'zod/mini';
import type { RequestOptions } from '../core/options.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation, type Transport } from '../core/transport.js';
import {
  type CustomReferencePaging,
  CustomReferenceSchema,
  checkedCustomReference,
  customReferenceList,
  type GuideTrackingEvent,
  GuideTrackingEventSchema,
  pageSizeOf,
  type TrackingCarrier,
  TrackingCarrierSchema,
  TrackingLinksSchema,
  type TrackingSearch,
} from './contents-tracking.js';
import type { TrackingLink } from './tracking.js';

// Get Tracking Events by Custom Reference: only the guide documents it (`getting_shipment_events.md`, in a
// section the vendor commented out), with one example, which names the carrier `carrier_details`.

/** One shipment's tracking, as the read by custom reference answers it. */
export interface CustomReferenceTracking {
  /** The shipment, `sp_…`. */
  shipment_reference: string;
  /** Your reference for it: the one asked for. */
  custom_reference?: string | null | undefined;
  /** The carrier's tracking numbers. */
  carrier_references?: string[] | null | undefined;
  /** The carrier and service, as Get Tracking Events names them. */
  carrier?: TrackingCarrier | null | undefined;
  /** The same, under the name the guide's example uses. */
  carrier_details?: TrackingCarrier | null | undefined;
  /** The events, newest first in the guide's example. */
  events?: GuideTrackingEvent[] | null | undefined;
  /** As the carrier last said. */
  expected_delivery_date?: string | null | undefined;
  /** Links. */
  _links?: TrackingLink[] | null | undefined;
}
export const CustomReferenceTrackingSchema = schemaOf<CustomReferenceTracking>()(() =>
  z.looseObject({
    shipment_reference: z.string(),
    custom_reference: z.nullish(z.string()),
    carrier_references: z.nullish(z.array(z.string())),
    carrier: z.nullish(TrackingCarrierSchema),
    carrier_details: z.nullish(TrackingCarrierSchema),
    events: z.nullish(z.array(GuideTrackingEventSchema)),
    expected_delivery_date: z.nullish(z.string()),
    _links: TrackingLinksSchema,
  }),
);

/** What Get Tracking Events by Custom Reference answers, a page at a time (`tracking_response_list`). */
export interface CustomReferenceTrackingList {
  /** The shipments with that custom reference. */
  tracking_responses?: CustomReferenceTracking[] | null | undefined;
  /** How many match over every page. */
  total_results?: number | null | undefined;
  /** As asked. */
  take?: number | null | undefined;
  /** As asked. */
  skip?: number | null | undefined;
  /** Links. */
  _links?: TrackingLink[] | null | undefined;
}
export const CustomReferenceTrackingListSchema = schemaOf<CustomReferenceTrackingList>()(() =>
  z.looseObject({
    tracking_responses: z.nullish(z.array(CustomReferenceTrackingSchema)),
    total_results: z.nullish(z.number()),
    take: z.nullish(z.number()),
    skip: z.nullish(z.number()),
    _links: TrackingLinksSchema,
  }),
);

export const getTrackingByCustomReferenceOperation = defineOperation<CustomReferenceTrackingList>({
  name: 'getTrackingByCustomReference',
  vendor: 'Get Tracking Events by Custom Reference',
  method: 'GET',
  path: 'tracking/custom_reference/{customReference}',
  params: { customReference: CustomReferenceSchema },
  response: CustomReferenceTrackingListSchema,
  retry: 'repeatable',
});

/** Get Tracking Events by Custom Reference, sent page by page as it is read. */
export function getTrackingByCustomReference(
  transport: Transport,
  customReference: string,
  paging?: CustomReferencePaging,
  options?: RequestOptions,
): TrackingSearch<CustomReferenceTracking> {
  checkedCustomReference(customReference);
  const pageSize = pageSizeOf(paging);
  return customReferenceList(
    (query) =>
      transport.send(getTrackingByCustomReferenceOperation, { params: { customReference }, query }, options),
    (answer) => answer.tracking_responses ?? [],
    pageSize,
    (entry) => entry.shipment_reference,
  );
}
