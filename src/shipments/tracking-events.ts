import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { answeredReference, type ShipmentReference } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';

/**
 * A tracking event's code (27 in the tracking file). Six are no state's name (`collected_by_carrier`,
 * `for_information`…): do not map codes to shipment states by name.
 */
export type TrackingEventCode = OpenEnum<
  | 'action_required'
  | 'at_customs'
  | 'awaiting_drop_off'
  | 'carrier_changed'
  | 'cleared_through_customs'
  | 'collected_by_carrier'
  | 'collection_failed'
  | 'damaged'
  | 'delayed'
  | 'delivered'
  | 'delivered_damaged'
  | 'delivery_failed'
  | 'delivery_failed_card_left'
  | 'destroyed'
  | 'dropped_off'
  | 'exchange_failed'
  | 'exchange_succeeded'
  | 'failed_to_collect'
  | 'for_information'
  | 'held_by_carrier'
  | 'in_transit'
  | 'in_transit_waiting'
  | 'lost'
  | 'missing'
  | 'out_for_delivery'
  | 'partially_delivered'
  | 'returned_to_sender'
>;
/**
 * One carrier event, as every tracking read answers it (Get Tracking Events, and the guides' reads by
 * contents and by custom reference): `lat_long` is `null` in every guide example, and the other optional
 * fields may be left out.
 */
export interface ShipmentTrackingEvent {
  /** The event's `tr_` reference. */
  reference: string;
  /** When it happened, in the carrier's time, as written. */
  timestamp: string;
  /** When the service received it. */
  received_timestamp: string;
  /** What happened, as a code. */
  event_code: TrackingEventCode;
  /** What happened, in words. */
  description: string;
  /** Who signed, for a delivery. */
  signee?: string | null | undefined;
  /** Where. */
  location?: string | null | undefined;
  /** Where, on the map; `null` when the carrier sent no coordinates (the vendor's guide has `null` on every event). */
  lat_long?:
    | {
        /** In degrees. */
        latitude: number;
        /** In degrees. */
        longitude: number;
      }
    | null
    | undefined;
}
/** A link of a tracking answer: the tracking file lets each of its fields be `null`. */
export interface TrackingLink {
  /** `self` or `shipment`. */
  rel?: string | null | undefined;
  /** The URL. */
  href?: string | null | undefined;
  /** `tracking` or `shipment`. */
  type?: string | null | undefined;
  /** The reference linked. */
  reference?: string | null | undefined;
}
export const ShipmentTrackingEventSchema = schemaOf<ShipmentTrackingEvent>()(() =>
  z.looseObject({
    reference: z.string(),
    // Read as written: one guide example has `2019-07-23T12:00.00+01:00`.
    timestamp: z.string(),
    received_timestamp: z.string(),
    event_code: openEnum<TrackingEventCode>(),
    description: z.string(),
    signee: z.nullish(z.string()),
    location: z.nullish(z.string()),
    lat_long: z.nullish(z.looseObject({ latitude: z.number(), longitude: z.number() })),
  }),
);
export const TrackingLinksSchema = lazySchema(() =>
  z.nullish(
    z.array(
      schemaOf<TrackingLink>()(() =>
        z.looseObject({
          rel: z.nullish(z.string()),
          href: z.nullish(z.string()),
          type: z.nullish(z.string()),
          reference: z.nullish(z.string()),
        }),
      ),
    ),
  ),
);

/** What Get Tracking Events answers. */
export interface TrackingResponse {
  /** The shipment. */
  shipment_reference: ShipmentReference;
  /** Your reference for it. */
  custom_reference?: string | null | undefined;
  /** The carrier's tracking numbers, at least one. */
  carrier_references: string[];
  /** The carrier and service; in this file `reference` and `service_reference` are required. */
  carrier: {
    /** The carrier's reference. */
    reference: string;
    /** The carrier's name. */
    name?: string | null | undefined;
    /** The carrier service's reference. */
    service_reference: string;
    /** The carrier service's name. */
    service_name?: string | null | undefined;
    /** The service's tags. */
    tags?: string[] | null | undefined;
  };
  /** The events, newest first in the vendor's examples. */
  events?: ShipmentTrackingEvent[] | null | undefined;
  /** As the carrier last said. */
  expected_delivery_date?: string | null | undefined;
  /** Links. */
  _links?: TrackingLink[] | null | undefined;
}

export const TrackingResponseSchema = schemaOf<TrackingResponse>()(() =>
  z.looseObject({
    shipment_reference: answeredReference<ShipmentReference>('sp_', 'a shipment reference'),
    custom_reference: z.nullish(z.string()),
    carrier_references: z.array(z.string()).check(z.minLength(1)),
    carrier: z.looseObject({
      reference: z.string(),
      name: z.nullish(z.string()),
      service_reference: z.string(),
      service_name: z.nullish(z.string()),
      tags: z.nullish(z.array(z.string())),
    }),
    events: z.nullish(z.array(ShipmentTrackingEventSchema)),
    expected_delivery_date: z.nullish(z.string()),
    _links: TrackingLinksSchema,
  }),
);
