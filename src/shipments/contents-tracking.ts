import * as z from 'zod/mini';
import { RequestValidationError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import type { OperationName } from '../core/operation-names.js';
import { pagedList } from '../core/paging.js';
import { schemaOf } from '../core/schema-of.js';
import { checkInput } from '../core/validation.js';
import {
  type ShipmentTrackingEvent,
  ShipmentTrackingEventSchema,
  type TrackingLink,
  TrackingLinksSchema,
} from './tracking-events.js';

// What the tracking reads only the vendor's guides document answer (`getting_content_level_events.md`,
// `getting_shipment_events.md` on the doc-centre's content/shipments branch), and how the reads by custom
// reference page: contents-level tracking answers one entry per contents item (`sc_`); the reads by custom
// reference page with `take` (at most 10) and `skip`.

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

/** One contents item's tracking (the data contract's `contents_tracking_event`). */
export interface ContentsTracking {
  /** The contents item, `sc_…`. */
  reference: string;
  /** Your reference for the item, when it has one. */
  custom_reference?: string | null | undefined;
  /** The carrier's tracking numbers for the item. */
  carrier_references?: string[] | null | undefined;
  /** Its events, newest first in the guide's example. */
  events?: ShipmentTrackingEvent[] | null | undefined;
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
/** Checks a {@link ShipmentContentsTracking} (Get Contents-Level Tracking Events). */
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
            events: z.nullish(z.array(ShipmentTrackingEventSchema)),
          }),
        ),
      ),
    ),
    expected_delivery_date: z.nullish(z.string()),
    _links: TrackingLinksSchema,
  }),
);

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
  operation: OperationName,
  send: (query: { take: number; skip: number }) => Promise<Answer>,
  entriesOf: (answer: Answer) => Entry[],
  pageSize: number,
  keyOf: (entry: Entry) => string | undefined,
): TrackingSearch<Entry> {
  return pagedList({
    operation,
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
