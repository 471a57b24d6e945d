import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { openObject } from '../core/open-object.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { type ShippingLocationReference, ShippingLocationReferenceSchema } from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { text } from './wire-shapes.js';

// The collection calendar: when a carrier collects from a shipping location.

/**
 * When a carrier collects from one shipping location (the vendor's `CollectionCalendar`). The data
 * contract names only the operation; the fields are those of the vendor's .NET SDK type. Neither source
 * describes a rule or an exception, so each is kept as the service sent it.
 */
export interface CollectionCalendar {
  /** The carrier, as the request named it. */
  MpdCarrierReference?: string | null | undefined;
  /** The shipping location, as the request named it. */
  ShippingLocationReference?: string | null | undefined;
  /** The regular collections (days and times), as the service sent them. */
  CalendarRules?: Record<string, unknown>[] | null | undefined;
  /** The days that differ from the rules (bank holidays…), as the service sent them. */
  CalendarExceptions?: Record<string, unknown>[] | null | undefined;
  /** The carrier services the calendar applies to (their references). */
  ApplicableMpdCarrierServices?: string[] | null | undefined;
}
const entries = lazySchema(() =>
  z.nullish(z.array(openObject<'neither the reference nor a page describes a calendar rule or exception'>())),
);
export const CollectionCalendarSchema = schemaOf<CollectionCalendar>()(() =>
  z.looseObject({
    MpdCarrierReference: text,
    ShippingLocationReference: text,
    CalendarRules: entries,
    CalendarExceptions: entries,
    ApplicableMpdCarrierServices: z.nullish(z.array(z.string())),
  }),
);

/** A carrier's reference (`ROYALMAIL`), as {@link CarrierService} `MpdCarrierReference` gives it. */
const CarrierReferenceSchema = lazySchema(() =>
  z
    .string({ error: 'expected a carrier reference' })
    .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, { error: 'expected a carrier reference' })),
);

/** When carriers collect from the organisation's shipping locations. */
export class CollectionCalendars extends Resource {
  /** @vendor Get Collection Calendar @internal */
  static readonly get = defineOperation({
    name: 'getCollectionCalendar',
    method: 'GET',
    path: 'collectioncalendar/{shippingLocationReference}/{mpdCarrierReference}',
    params: {
      shippingLocationReference: ShippingLocationReferenceSchema,
      mpdCarrierReference: CarrierReferenceSchema,
    },
    response: CollectionCalendarSchema,
    retry: 'repeatable',
  });

  /**
   * Get Collection Calendar: when a carrier collects from a shipping location, its `CalendarRules` and
   * `CalendarExceptions` (kept as the service sends them: no vendor source describes their fields) and
   * the carrier services it applies to. Repeatable.
   *
   * @param mpdCarrierReference - The carrier, as a carrier service's `MpdCarrierReference` names it.
   * @throws {@link RequestValidationError} before sending, for a reference that is not a path segment.
   * @throws {@link NotFoundError} for an unknown location or carrier, or no calendar for them.
   *
   * @example
   * ```ts
   * const [service] = await orders.carrierServices.list();
   * const calendar = await orders.collectionCalendar.get('SL-LONDON', service.MpdCarrierReference ?? 'ROYALMAIL');
   * ```
   */
  get(
    shippingLocationReference: ShippingLocationReference,
    mpdCarrierReference: string,
    options?: RequestOptions,
  ): Promise<CollectionCalendar> {
    return transportOf(this).send(
      CollectionCalendars.get,
      { params: { shippingLocationReference, mpdCarrierReference } },
      options,
    );
  }
}
