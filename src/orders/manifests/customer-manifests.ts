import * as z from 'zod/mini';
import { ResponseValidationError } from '../../core/errors.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { withLists } from '../../core/lists.js';
import { openObject } from '../../core/open-object.js';
import type { OperationName } from '../../core/operation-names.js';
import { pagedList } from '../../core/paging.js';
import { schemaOf } from '../../core/schema-of.js';
import { decodeBase64 } from '../../documents/base64.js';
import { type SubscriptionCarrierServices, SubscriptionCarrierServicesSchema } from '../carrier-services.js';
import { type ShippingLocation, ShippingLocationSchema } from '../shipping-locations.js';
import { amount, type CustomerManifestResponseSchema, text } from '../wire-shapes.js';

// The customer manifests: what manifesting recorded, listed, filtered page by page, and their files.

/** The filter of Get Customer Manifests: strict, so a misspelt key is an error, not a silent "every location". */
export const CustomerManifestsFilterSchema = lazySchema(() =>
  z.strictObject({
    shippingLocationReference: z.optional(z.string()),
  }),
);

/** One entry of Get Customer Manifests: a manifest made for one carrier and shipping location. */
export interface ManifestSummary {
  /** The manifest's unique reference (32 hex characters): what `getCustomerManifest` takes. */
  ManifestReference: string;
  /** Where the service stores the file. */
  ManifestFileStorageContainer?: string | null | undefined;
  /** The PDF's file name. */
  ManifestFileName?: string | null | undefined;
  /** The shipping location the consignments ship from. */
  ShippingLocationReference?: string | null | undefined;
  /** That location's name, or `null`. */
  ShippingLocationName?: string | null | undefined;
  /** When the manifest was made: ISO 8601 with an offset. */
  Created?: string | null | undefined;
  /** The carrier the consignments were manifested to. */
  CarrierName?: string | null | undefined;
  /** How many consignments (bookings) the manifest holds. */
  BookingsCount?: number | null | undefined;
  /** The file name sent to the carrier, or `null`. */
  ManifestFileNameSentToCarrier?: string | null | undefined;
}
export const ManifestSummarySchema = schemaOf<ManifestSummary>()(() =>
  z.looseObject({
    ManifestReference: z.string(),
    ManifestFileStorageContainer: text,
    ManifestFileName: text,
    ShippingLocationReference: text,
    ShippingLocationName: text,
    Created: text,
    CarrierName: text,
    BookingsCount: amount,
    ManifestFileNameSentToCarrier: text,
  }),
);

/**
 * The filter of Get Customer Manifests by filter (the vendor's `ConsignmentManifestsFilterRequest`, its
 * `Take` and `Skip` left to the paging). Every key is optional; an empty filter lists every manifest.
 * Only these keys are accepted: a misspelt one is a {@link RequestValidationError}, and nothing is sent.
 */
export interface ManifestFilter {
  /** Manifests made at or after this time (ISO 8601). */
  CreatedDateStart?: string | null | undefined;
  /** Manifests made at or before this time (ISO 8601). */
  CreatedDateEnd?: string | null | undefined;
  /** Only these carriers' manifests, by `CarrierName`. */
  CarrierNames?: string[] | null | undefined;
  /** Only these shipping locations' manifests, by reference. */
  ShippingLocationRefs?: string[] | null | undefined;
  /**
   * The carrier services to match. The reference types it `SubscriptionCarrierServiceResponse` without
   * defining it: sent as given.
   */
  CarrierServices?: Record<string, unknown> | null | undefined;
}
const filterShape = () => ({
  CreatedDateStart: z.nullish(z.string()),
  CreatedDateEnd: z.nullish(z.string()),
  CarrierNames: z.nullish(z.array(z.string())),
  ShippingLocationRefs: z.nullish(z.array(z.string())),
  CarrierServices: z.nullish(
    openObject<'the reference names its type, SubscriptionCarrierServiceResponse, without defining it'>(),
  ),
});
export const ManifestFilterSchema = schemaOf<ManifestFilter>()(() => z.strictObject(filterShape()));

/** What the paging adds to a {@link ManifestFilter} for each page. */
export interface ManifestFilterPage {
  /** How many manifests the page holds at most. */
  Take: number;
  /** How many manifests come before the page. */
  Skip: number;
}

/** The body of one page's request: the checked filter, and the page. */
export const ManifestFilterBodySchema = lazySchema(() =>
  z.strictObject({
    ...filterShape(),
    Take: z.int().check(z.minimum(1)),
    Skip: z.int().check(z.minimum(0)),
  }),
);

/** A page of Get Customer Manifests by filter (the vendor's `ManifestsView`), as the service sends it. */
export interface ManifestsView {
  /** The page's manifests, oldest first. */
  Manifests?: ManifestSummary[] | null | undefined;
  /** How many manifests match the filter over every page. */
  TotalRecords?: number | null | undefined;
  /** How many manifests the page holds at most. */
  PageSize?: number | null | undefined;
  /** The shipping locations of the organisation, for filtering by `ShippingLocationRefs`. */
  ShippingLocationRefs?: ShippingLocation[] | null | undefined;
  /**
   * The carrier services, for filtering by `CarrierServices` (the reference names the type without
   * defining it; read as Get Carrier Services answers).
   */
  CarrierServices?: SubscriptionCarrierServices | null | undefined;
}
export const ManifestsViewSchema = schemaOf<ManifestsView>()(() =>
  z.looseObject({
    Manifests: z.nullish(z.array(ManifestSummarySchema)),
    TotalRecords: amount,
    PageSize: amount,
    ShippingLocationRefs: z.nullish(z.array(ShippingLocationSchema)),
    CarrierServices: z.nullish(SubscriptionCarrierServicesSchema),
  }),
);

/** A page of {@link ManifestsView}, its manifests a list (none when the service sends `null`). */
export interface ManifestsPage extends Omit<ManifestsView, 'Manifests'> {
  /** The page's manifests. */
  Manifests: ManifestSummary[];
}

/** The page as read: `Manifests` a list. */
export const manifestsPageOf = (view: ManifestsView): ManifestsPage => withLists(view, 'Manifests');

/** The customer manifests a filter matches, page after page: `for await`, `page(index)`, `toArray()`. */
export interface ManifestSearch extends AsyncIterable<ManifestSummary> {
  /** How many manifests each request asks for. */
  readonly pageSize: number;
  /** One page, counting from 0. */
  page(index?: number): Promise<ManifestsPage>;
  /** Every matching manifest, reading every page. */
  toArray(): Promise<ManifestSummary[]>;
}

/** A manifest search over `fetchPage(take, skip)`. */
export function manifestSearch(
  pageSize: number,
  fetchPage: (take: number, skip: number) => Promise<ManifestsPage>,
): ManifestSearch {
  return pagedList({
    operation: 'getCustomerManifestsFiltered',
    pageSize,
    fetchPage: ({ take, skip }) => fetchPage(take, skip),
    itemsOf: (page) => page.Manifests,
    totalOf: (page) => page.TotalRecords ?? undefined,
    keyOf: (manifest) => manifest.ManifestReference,
  });
}

/**
 * A file sent as Base64 in any format (the manifest file sent to a carrier: CSV, XML or EDI, as the
 * carrier takes it), decoded to its bytes. Not Base64 is a {@link ResponseValidationError}.
 */
export function bytesOf(operation: OperationName) {
  return (body: z.infer<typeof CustomerManifestResponseSchema>): Uint8Array => {
    const encoded = typeof body === 'string' ? body : 'File' in body ? body.File : body.file;
    try {
      return decodeBase64(String(encoded));
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      throw new ResponseValidationError(`${operation}: ${problem}`, {
        issues: [{ path: [], message: problem }],
        body,
        operation,
      });
    }
  };
}
