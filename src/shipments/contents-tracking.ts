import * as z from 'zod/mini';
import { RequestValidationError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import { openEnum } from '../core/open-enum.js';
import type { RequestOptions } from '../core/options.js';
import { pagedList } from '../core/paging.js';
import { type ShipmentReference, ShipmentReferenceSchema } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation, type Transport } from '../core/transport.js';
import { checkInput } from '../core/validation.js';
import type { TrackingEventCode, TrackingLink } from './tracking.js';

// Tracking routes that only the vendor's guides document (`getting_content_level_events.md` and the
// commented-out section of `getting_shipment_events.md` on the doc-centre's content/shipments branch): no
// OpenAPI file has them. Contents-level tracking answers one entry per contents item (`sc_`); the reads
// by custom reference page with `take` (at most 10) and `skip`.

/**
 * One carrier event, as the guides show them: `lat_long` is `null` in every guide example, and the other
 * optional fields may be left out. The fields are those Get Tracking Events answers.
 */
export interface GuideTrackingEvent {
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
  /** Where, on the map; `null` when the carrier gave no coordinates. */
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
export const GuideTrackingEventSchema = schemaOf<GuideTrackingEvent>()(() =>
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

/** The carrier and service of a tracked shipment. */
export interface TrackingCarrier {
  /** The carrier's reference. */
  reference?: string | null | undefined;
  /** The carrier's name. */
  name?: string | null | undefined;
  /** The carrier service's reference. */
  service_reference?: string | null | undefined;
  /** The carrier service's name. */
  service_name?: string | null | undefined;
}
export const TrackingCarrierSchema = schemaOf<TrackingCarrier>()(() =>
  z.looseObject({
    reference: z.nullish(z.string()),
    name: z.nullish(z.string()),
    service_reference: z.nullish(z.string()),
    service_name: z.nullish(z.string()),
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

/** One contents item's tracking (the data contract's `contents_tracking_event`). */
export interface ContentsTracking {
  /** The contents item, `sc_…`. */
  reference: string;
  /** Your reference for the item, when it has one. */
  custom_reference?: string | null | undefined;
  /** The carrier's tracking numbers for the item. */
  carrier_references?: string[] | null | undefined;
  /** Its events, newest first in the guide's example. */
  events?: GuideTrackingEvent[] | null | undefined;
}

/** A shipment's contents-level tracking (the data contract's `tracking_contents_response`). */
export interface ShipmentContentsTracking {
  /** The shipment, `sp_…`. */
  shipment_reference: string;
  /** Your reference for the shipment, when it has one. */
  custom_reference?: string | null | undefined;
  /** The carrier and service. */
  carrier?: TrackingCarrier | null | undefined;
  /** One entry per contents item. */
  shipment_contents?: ContentsTracking[] | null | undefined;
  /** As the carrier last said. */
  expected_delivery_date?: string | null | undefined;
  /** Links. */
  _links?: TrackingLink[] | null | undefined;
}
export const ShipmentContentsTrackingSchema = schemaOf<ShipmentContentsTracking>()(() =>
  z.looseObject({
    shipment_reference: z.string(),
    custom_reference: z.nullish(z.string()),
    carrier: z.nullish(TrackingCarrierSchema),
    shipment_contents: z.nullish(
      z.array(
        schemaOf<ContentsTracking>()(() =>
          z.looseObject({
            reference: z.string(),
            custom_reference: z.nullish(z.string()),
            carrier_references: z.nullish(z.array(z.string())),
            events: z.nullish(z.array(GuideTrackingEventSchema)),
          }),
        ),
      ),
    ),
    expected_delivery_date: z.nullish(z.string()),
    _links: TrackingLinksSchema,
  }),
);

export const getShipmentContentsTrackingOperation = defineOperation<ShipmentContentsTracking>({
  name: 'getShipmentContentsTracking',
  vendor: 'Get Contents-Level Tracking Events',
  method: 'GET',
  path: 'tracking/{shipmentReference}/shipment_contents',
  params: { shipmentReference: ShipmentReferenceSchema },
  response: ShipmentContentsTrackingSchema,
  retry: 'repeatable',
});

/** Get Contents-Level Tracking Events. */
export function getShipmentContentsTracking(
  transport: Transport,
  shipment: ShipmentReference,
  options?: RequestOptions,
): Promise<ShipmentContentsTracking> {
  return transport.send(
    getShipmentContentsTrackingOperation,
    { params: { shipmentReference: shipment } },
    options,
  );
}

/**
 * A custom reference as the reads by custom reference take it: 1 to 50 characters, any text (it is
 * percent-encoded into the path).
 */
export const CustomReferenceSchema = lazySchema(() =>
  z
    .string({ error: 'expected a custom reference' })
    .check(
      z.minLength(1, 'a custom reference is 1 to 50 characters'),
      z.maxLength(50, 'a custom reference is 1 to 50 characters'),
    ),
);

/** How a read by custom reference pages: `pageSize` shipments a request, 1 to 10 (the guides' maximum). */
export interface CustomReferencePaging {
  /** Shipments a request asks for: 1 to 10; default 10. */
  pageSize?: number | undefined;
}

/** The page size asked for, checked before anything is sent. */
export function pageSizeOf(paging: CustomReferencePaging = {}): number {
  const pageSize = paging.pageSize ?? 10;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10) {
    const message = `pageSize must be an integer from 1 to 10 (the service takes at most 10), got ${String(pageSize)}`;
    throw new RequestValidationError(`Invalid paging: ${message}`, [{ path: ['pageSize'], message }]);
  }
  return pageSize;
}

/** One page of a read by custom reference: its entries, and how many match over every page. */
export interface CustomReferencePage<Entry> {
  /** The entries of this page. */
  entries: Entry[];
  /** How many match over every page, when the service says. */
  total_results?: number | null | undefined;
  /** The page as the service answered it. */
  answer: Record<string, unknown>;
}

/**
 * A read by custom reference, sent a page at a time as it is read: iterate it with `for await`, take one
 * page with {@link TrackingSearch.page} (which also tells `total_results`), or read every entry with
 * {@link TrackingSearch.toArray}. Nothing is sent until it is read; a shipment already yielded is not
 * yielded twice.
 */
export interface TrackingSearch<Entry> extends AsyncIterable<Entry> {
  /** How many shipments each request asks for. */
  readonly pageSize: number;
  /** One page, counting from 0. */
  page(index?: number): Promise<CustomReferencePage<Entry>>;
  /** Every entry, reading every page. */
  toArray(): Promise<Entry[]>;
}

/** The custom reference, checked at once rather than when the first page is read. */
export function checkedCustomReference(customReference: string): string {
  return checkInput(CustomReferenceSchema, customReference, 'customReference', ['customReference']);
}

/** A paged read by custom reference, over `send` (one page's request). */
export function customReferenceList<Answer extends { total_results?: number | null | undefined }, Entry>(
  send: (query: { take: number; skip: number }) => Promise<Answer>,
  entriesOf: (answer: Answer) => Entry[],
  pageSize: number,
  keyOf: (entry: Entry) => string | undefined,
): TrackingSearch<Entry> {
  return pagedList({
    pageSize,
    fetchPage: async ({ take, skip }) => {
      const answer = await send({ take, skip });
      return {
        entries: entriesOf(answer),
        total_results: answer.total_results,
        answer,
      };
    },
    itemsOf: (page) => page.entries,
    totalOf: (page) => page.total_results ?? undefined,
    keyOf,
  });
}

/** What Get Contents-Level Tracking Events by Custom Reference answers, a page at a time. */
export interface ShipmentContentsTrackingList {
  /** The shipments with contents of that custom reference (the guide's `tracking_contents_responses`). */
  tracking_contents_responses?: ShipmentContentsTracking[] | null | undefined;
  /** The same list, if the service names it as the shipment-level read does. */
  tracking_responses?: ShipmentContentsTracking[] | null | undefined;
  /** How many match over every page. */
  total_results?: number | null | undefined;
  /** As asked. */
  take?: number | null | undefined;
  /** As asked. */
  skip?: number | null | undefined;
  /** Links. */
  _links?: TrackingLink[] | null | undefined;
}
export const ShipmentContentsTrackingListSchema = schemaOf<ShipmentContentsTrackingList>()(() =>
  z.looseObject({
    tracking_contents_responses: z.nullish(z.array(ShipmentContentsTrackingSchema)),
    tracking_responses: z.nullish(z.array(ShipmentContentsTrackingSchema)),
    total_results: z.nullish(z.number()),
    take: z.nullish(z.number()),
    skip: z.nullish(z.number()),
    _links: TrackingLinksSchema,
  }),
);

export const getShipmentContentsTrackingByCustomReferenceOperation =
  defineOperation<ShipmentContentsTrackingList>({
    name: 'getShipmentContentsTrackingByCustomReference',
    vendor: 'Get Contents-Level Tracking Events by Custom Reference',
    method: 'GET',
    path: 'tracking/custom_reference/{customReference}/shipment_contents',
    params: { customReference: CustomReferenceSchema },
    response: ShipmentContentsTrackingListSchema,
    retry: 'repeatable',
  });

/** Get Contents-Level Tracking Events by Custom Reference, sent page by page as it is read. */
export function getShipmentContentsTrackingByCustomReference(
  transport: Transport,
  customReference: string,
  paging?: CustomReferencePaging,
  options?: RequestOptions,
): TrackingSearch<ShipmentContentsTracking> {
  checkedCustomReference(customReference);
  const pageSize = pageSizeOf(paging);
  const send = (query: { take: number; skip: number }) =>
    transport.send(
      getShipmentContentsTrackingByCustomReferenceOperation,
      { params: { customReference }, query },
      options,
    );
  return customReferenceList(
    send,
    (answer) => answer.tracking_contents_responses ?? answer.tracking_responses ?? [],
    pageSize,
    (entry) => entry.shipment_reference,
  );
}
