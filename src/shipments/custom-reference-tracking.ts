import * as z from 'zod/mini';
import { schemaOf } from '../core/schema-of.js';
import { type TrackingCarrier, TrackingCarrierSchema } from './contents-tracking.js';
import {
  type ShipmentTrackingEvent,
  ShipmentTrackingEventSchema,
  type TrackingLink,
  TrackingLinksSchema,
} from './tracking-events.js';

// What Get Tracking Events by Custom Reference answers: only the guide documents it
// (`getting_shipment_events.md`, in a section the vendor commented out), with one example, which names the
// carrier `carrier_details`.

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
  events?: ShipmentTrackingEvent[] | null | undefined;
  /** As the carrier last said. */
  expected_delivery_date?: string | null | undefined;
  /** Links. */
  _links?: TrackingLink[] | null | undefined;
}
/** Checks a {@link CustomReferenceTracking}: one shipment of Get Tracking Events by Custom Reference. */
export const CustomReferenceTrackingSchema = schemaOf<CustomReferenceTracking>()(() =>
  z.looseObject({
    shipment_reference: z.string(),
    custom_reference: z.nullish(z.string()),
    carrier_references: z.nullish(z.array(z.string())),
    carrier: z.nullish(TrackingCarrierSchema),
    carrier_details: z.nullish(TrackingCarrierSchema),
    events: z.nullish(z.array(ShipmentTrackingEventSchema)),
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
