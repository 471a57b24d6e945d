import * as z from 'zod/mini';
import { RequestValidationError } from '../../core/errors.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { withLists } from '../../core/lists.js';
import { openEnum } from '../../core/open-enum.js';
import { pagedList } from '../../core/paging.js';
import type { ConsignmentReference } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { SHIPPING_TERMS, type ShippingTerms } from '../customs.js';
import {
  type ApiLink,
  ApiLinkSchema,
  type ConsignmentState,
  type Direction,
  flag,
  type Money,
  MoneySchema,
  type OrderSource,
  text,
  type Weight,
  WeightSchema,
} from '../wire-shapes.js';
import { state } from './consignment.js';

// Search Consignments and Get Consignment References: the consignments a filter matches. Answers are
// open; the filter is exact, because the service ignores a key it does not know.

/**
 * One consignment as Search Consignments lists it (the vendor's `ConsignmentSummary`): flat, with the
 * destination's lines, the carrier service, the failed allocation's and manifest's details and the
 * milestones' dates. The vendor names the state `State`; `ConsignmentState` is read too. Dates are
 * ISO 8601 with an offset, `null` until the consignment has them.
 */
export interface ConsignmentSummary {
  /** `EC-…`. */
  Reference?: ConsignmentReference | null | undefined;
  /**
   * Its state, as some answers name it.
   *
   * @deprecated Read {@link ConsignmentSummary.ConsignmentState}: the SDK fills it from `State` when only
   * `State` is sent.
   */
  State?: ConsignmentState | null | undefined;
  /** Its state (filled from `State` when the service sends only that), as Get Consignment names it. */
  ConsignmentState?: ConsignmentState | null | undefined;
  /** Your own reference for it. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** `Api` or `Web`. */
  Source?: OrderSource | null | undefined;
  /** The carrier of the service it is allocated to. */
  MpdCarrierReference?: string | null | undefined;
  /** The carrier service it is allocated to. */
  MpdCarrierServiceReference?: string | null | undefined;
  /** That service's display name. */
  MpdCarrierServiceName?: string | null | undefined;
  /** The service group it was allocated through, when it was. */
  MpdCarrierServiceGroupReference?: string | null | undefined;
  /** That group's name. */
  MpdCarrierServiceGroupName?: string | null | undefined;
  /** First line of the destination. */
  DestinationAddressLine1?: string | null | undefined;
  /** The destination's town. */
  DestinationAddressTown?: string | null | undefined;
  /** The destination's postcode. */
  DestinationAddressPostcode?: string | null | undefined;
  /** The destination's country (ISO 3166 alpha-2). */
  DestinationAddressCountry?: string | null | undefined;
  /** The shipping location of the destination, when it is one of yours (or of the origin, as the service fills it). */
  DestinationShippingLocationReference?: string | null | undefined;
  /** When it was created. */
  DateCreated?: string | null | undefined;
  /** The day it ships. */
  ShippingDate?: string | null | undefined;
  /** When it was shipped (dispatched from the shipping location). */
  ShippedDate?: string | null | undefined;
  /** The delivery day asked for. */
  RequestedDeliveryDate?: string | null | undefined;
  /** Whether it must arrive on `RequestedDeliveryDate` exactly (`true`) or by then. */
  RequestedDeliveryDateIsToBeExactlyOnTheDateSpecified?: boolean | null | undefined;
  /** The delivery day the carrier estimates. */
  EstimatedDeliveryDate?: string | null | undefined;
  /** When it was allocated. */
  AllocationDate?: string | null | undefined;
  /** When the carrier collected it. */
  CollectionDate?: string | null | undefined;
  /** When a delivery was attempted. */
  AttemptedDeliveryDate?: string | null | undefined;
  /** When it was delivered. */
  DeliveryDate?: string | null | undefined;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean | null | undefined;
  /** When its labels were first printed. */
  DateLabelsWereFirstPrinted?: string | null | undefined;
  /** Whether it will miss its delivery promise. */
  IsLate?: boolean | null | undefined;
  /** The Incoterms of an international consignment (`DAP`, `DDP`…). */
  ShippingTerms?: ShippingTerms | null | undefined;
  /** When its last allocation was tried, when it failed. */
  FailedAllocationAttemptedAllocationDate?: string | null | undefined;
  /** Why its last allocation failed. */
  FailedAllocationMessage?: string | null | undefined;
  /** The carrier service that failed allocation tried. */
  FailedAllocationMpdCarrierServiceReference?: string | null | undefined;
  /** That service's display name. */
  FailedAllocationMpdCarrierServiceName?: string | null | undefined;
  /** The service group that failed allocation tried. */
  FailedAllocationMpdCarrierServiceGroupReference?: string | null | undefined;
  /** That group's name. */
  FailedAllocationMpdCarrierServiceGroupName?: string | null | undefined;
  /** Why its last manifest failed. */
  FailedManifestMessage?: string | null | undefined;
  /** When its last manifest failed. */
  FailedManifestTimeStamp?: string | null | undefined;
  /** Its total declared value. */
  Value?: Money | null | undefined;
  /** Its total weight. */
  Weight?: Weight | null | undefined;
  /** A link to the full consignment. */
  ApiLink?: ApiLink | null | undefined;
}
export const ConsignmentSummarySchema = schemaOf<ConsignmentSummary>()(() =>
  z.looseObject({
    Reference: z.nullish(z.string() as unknown as z.ZodMiniType<ConsignmentReference, ConsignmentReference>),
    State: state,
    ConsignmentState: state,
    ConsignmentReferenceProvidedByCustomer: text,
    Source: z.nullish(openEnum<OrderSource>()),
    MpdCarrierReference: text,
    MpdCarrierServiceReference: text,
    MpdCarrierServiceName: text,
    MpdCarrierServiceGroupReference: text,
    MpdCarrierServiceGroupName: text,
    DestinationAddressLine1: text,
    DestinationAddressTown: text,
    DestinationAddressPostcode: text,
    DestinationAddressCountry: text,
    DestinationShippingLocationReference: text,
    DateCreated: text,
    ShippingDate: text,
    ShippedDate: text,
    RequestedDeliveryDate: text,
    RequestedDeliveryDateIsToBeExactlyOnTheDateSpecified: flag,
    EstimatedDeliveryDate: text,
    AllocationDate: text,
    CollectionDate: text,
    AttemptedDeliveryDate: text,
    DeliveryDate: text,
    LabelsPrinted: flag,
    DateLabelsWereFirstPrinted: text,
    IsLate: flag,
    ShippingTerms: z.nullish(openEnum<ShippingTerms>(SHIPPING_TERMS)),
    FailedAllocationAttemptedAllocationDate: text,
    FailedAllocationMessage: text,
    FailedAllocationMpdCarrierServiceReference: text,
    FailedAllocationMpdCarrierServiceName: text,
    FailedAllocationMpdCarrierServiceGroupReference: text,
    FailedAllocationMpdCarrierServiceGroupName: text,
    FailedManifestMessage: text,
    FailedManifestTimeStamp: text,
    Value: z.nullish(MoneySchema),
    Weight: z.nullish(WeightSchema),
    ApiLink: z.nullish(ApiLinkSchema),
  }),
);

/** One page of Search Consignments: `Count` is how many match in all, not how many this page holds. */
export interface ConsignmentSearchPage {
  /** How many consignments match the filter, over every page. */
  Count: number;
  /** This page's consignments: empty when none match (the service then writes `null`). */
  ConsignmentSummaries: ConsignmentSummary[];
}
export const ConsignmentSearchPageSchema = schemaOf<ConsignmentSearchPage>()(() =>
  z.looseObject({ Count: z.number(), ConsignmentSummaries: z.array(ConsignmentSummarySchema) }),
);
/** A page as the service writes it: `ConsignmentSummaries` is `null` when nothing matches. */
export const ConsignmentSearchAnswerSchema = lazySchema(() =>
  z.looseObject({ Count: z.number(), ConsignmentSummaries: z.nullish(z.array(ConsignmentSummarySchema)) }),
);

/** A date, or a day, for a {@link ConsignmentFilter}: sent as ISO 8601. */
export type FilterDate = string | Date;

/**
 * What Search Consignments and Get Consignment References filter by: every property the vendor's contracts
 * list, each matched by the service, all of them together. A key the SDK does not know is refused before
 * sending, because the service ignores a filter it does not know and would answer with more consignments
 * than were asked for. Keys are written as the vendor's guide writes them (`State`); they are sent as its
 * data contracts name them (`state`).
 */
export interface ConsignmentFilter {
  /** Only consignments in this state. */
  State?: ConsignmentState | undefined;
  /** `Outbound` or `Inbound`. */
  Direction?: Direction | undefined;
  /** Only those shipping from this location. */
  ShippingLocationReference?: string | undefined;
  /** The consignment's `EC-` reference. */
  Reference?: string | undefined;
  /** Your own reference for it. */
  ReferenceProvidedByCustomer?: string | undefined;
  /** A carrier's tracking reference of one of its packages. */
  TrackingReference?: string | undefined;
  /** The carrier service it is allocated to. */
  CarrierService?: string | undefined;
  /** `Api` or `Web`. */
  Source?: OrderSource | undefined;
  /** The destination's postcode. */
  PostCode?: string | undefined;
  /** The destination's country (ISO 3166 alpha-2). */
  DestinationCountryCode?: string | undefined;
  /** The destination's region. */
  DestinationRegion?: string | undefined;
  /**
   * Whether its labels have been printed: a boolean, or text, as the vendor's contract types it (`'true'`,
   * `'false'`); the service reads the text.
   */
  LabelsPrinted?: boolean | string | undefined;
  /** Free text matched against its references and addresses. */
  SearchTerm?: string | undefined;
  /** Created on or after. */
  CreatedDateFrom?: FilterDate | undefined;
  /** Created on or before. */
  CreatedDateTo?: FilterDate | undefined;
  /** Shipping on or after. */
  ShippingDateFrom?: FilterDate | undefined;
  /** Shipping on or before. */
  ShippingDateTo?: FilterDate | undefined;
  /** Delivery asked for on or after. */
  RequestedDeliveryDateFrom?: FilterDate | undefined;
  /** Delivery asked for on or before. */
  RequestedDeliveryDateTo?: FilterDate | undefined;
  /** Shipped on or after. */
  ShippedDateFrom?: FilterDate | undefined;
  /** Shipped on or before. */
  ShippedDateTo?: FilterDate | undefined;
  /** Delivery scheduled on or after. */
  ScheduledDeliveryDateFrom?: FilterDate | undefined;
  /** Delivery scheduled on or before. */
  ScheduledDeliveryDateTo?: FilterDate | undefined;
  /** At least this heavy, in grams. */
  WeightInGramsFrom?: number | undefined;
  /** At most this heavy, in grams. */
  WeightInGramsTo?: number | undefined;
  /** Worth at least this much. */
  ValueFrom?: number | undefined;
  /** Worth at most this much. */
  ValueTo?: number | undefined;
  /** Created on or after (the vendor's older name for `CreatedDateFrom`). */
  StartFrom?: FilterDate | undefined;
  /** Created on or before (the vendor's older name for `CreatedDateTo`). */
  EndAt?: FilterDate | undefined;
  /** At least this heavy, in kilograms. */
  WeightInKgFrom?: number | undefined;
  /** At most this heavy, in kilograms. */
  WeightInKgTo?: number | undefined;
  /** Allocated to this carrier (its reference, `ROYALMAIL`). */
  Carriers?: string | undefined;
  /** A carrier's package number of one of its packages. */
  PackageNumber?: string | undefined;
  /** The carrier's consignment number. */
  ConsignmentNumber?: string | undefined;
  /** The client's reference; the vendor's reference names it without saying more. */
  ClientReference?: string | undefined;
  /** An attribute of the state; the vendor's reference names it without saying more. */
  StateAttribute?: string | undefined;
  /** How `SearchTerm` is read; the vendor names the type (`SearchTermType`) without listing its values. */
  SearchTermType?: string | undefined;
  /** The consignment's `CReference`: the number in its `EC-` reference, as the service stores it. */
  CReference?: number | undefined;
  /** A package's `PReference`: the number in its `EP-` reference, as the service stores it. */
  PReference?: number | undefined;
  /**
   * How many consignments Get Consignment References (or Get Late Consignments) answers, sent as given.
   * Search Consignments pages by itself: give it `pageSize` instead (it refuses this key).
   */
  PageSize?: number | undefined;
  /**
   * The page Get Consignment References (or Get Late Consignments) answers, with `PageSize`; the vendor
   * does not say whether pages count from 0 or 1. Refused by Search Consignments.
   */
  StartPage?: number | undefined;
}

const filterText = lazySchema(() => z.optional(z.string().check(z.minLength(1, 'must not be empty'))));
const filterDate = lazySchema(() =>
  z.optional(
    z.union([
      z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO 8601 date')),
      z.custom<Date>((date) => date instanceof Date && !Number.isNaN(date.getTime()), 'must be a valid date'),
    ]),
  ),
);
const filterNumber = lazySchema(() =>
  z.optional(z.number().check(z.refine(Number.isFinite, 'must be a finite number'))),
);

const filterWholeNumber = lazySchema(() => z.optional(z.int().check(z.minimum(0))));

/** Checks a {@link ConsignmentFilter}: strict, a key it does not know is refused. */
export const ConsignmentFilterSchema = schemaOf<ConsignmentFilter>()(() =>
  z.strictObject({
    State: z.optional(openEnum<ConsignmentState>()),
    Direction: z.optional(openEnum<Direction>()),
    ShippingLocationReference: filterText,
    Reference: filterText,
    ReferenceProvidedByCustomer: filterText,
    TrackingReference: filterText,
    CarrierService: filterText,
    Source: z.optional(openEnum<OrderSource>()),
    PostCode: filterText,
    DestinationCountryCode: filterText,
    DestinationRegion: filterText,
    LabelsPrinted: z.optional(z.union([z.boolean(), z.string().check(z.minLength(1, 'must not be empty'))])),
    SearchTerm: filterText,
    CreatedDateFrom: filterDate,
    CreatedDateTo: filterDate,
    ShippingDateFrom: filterDate,
    ShippingDateTo: filterDate,
    RequestedDeliveryDateFrom: filterDate,
    RequestedDeliveryDateTo: filterDate,
    ShippedDateFrom: filterDate,
    ShippedDateTo: filterDate,
    ScheduledDeliveryDateFrom: filterDate,
    ScheduledDeliveryDateTo: filterDate,
    WeightInGramsFrom: filterNumber,
    WeightInGramsTo: filterNumber,
    ValueFrom: filterNumber,
    ValueTo: filterNumber,
    StartFrom: filterDate,
    EndAt: filterDate,
    WeightInKgFrom: filterNumber,
    WeightInKgTo: filterNumber,
    Carriers: filterText,
    PackageNumber: filterText,
    ConsignmentNumber: filterText,
    ClientReference: filterText,
    StateAttribute: filterText,
    SearchTermType: filterText,
    CReference: filterWholeNumber,
    PReference: filterWholeNumber,
    PageSize: filterWholeNumber,
    StartPage: filterWholeNumber,
  }),
);

/**
 * A filter whose keys are all given but unset (`{ ShippingLocationReference: process.env.WAREHOUSE }`
 * with the variable unset) would match every consignment: it is refused, as the manifest query's is.
 * An empty filter, written as such, still means every consignment.
 */
export function refuseUnsetFilter(filter: ConsignmentFilter, what: string): void {
  const keys = Object.keys(filter ?? {});
  const unset = (value: unknown) => value === undefined || value === null || value === '';
  if (keys.length > 0 && keys.every((key) => unset((filter as Record<string, unknown>)[key]))) {
    const message = `every key of the filter is unset (${keys.join(', ')}): it would match every consignment; pass {} to mean every consignment`;
    throw new RequestValidationError(`Invalid ${what}: ${message}`, [{ path: [keys[0] as string], message }]);
  }
}

/**
 * Search Consignments pages by position in its path (`take`, `skip`): a filter's `PageSize` or
 * `StartPage` would page a second time, on top, so it is refused with what to use instead.
 */
export function refusePagingInFilter(filter: ConsignmentFilter): void {
  for (const key of ['PageSize', 'StartPage'] as const) {
    if (filter?.[key] === undefined) continue;
    const message = `${key} is Get Consignment References' paging; Search Consignments pages by itself: pass { pageSize } as its second argument`;
    throw new RequestValidationError(`Invalid consignments.search filter: ${message}`, [
      { path: [key], message },
    ]);
  }
}

/** The filter as the query string's properties, named as the data contracts name them (`state=…`). */
export function filterQuery(filter: ConsignmentFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [
        key[0]!.toLowerCase() + key.slice(1),
        value instanceof Date ? value.toISOString() : String(value),
      ]),
  );
}

/**
 * The consignments a search matches, fetched a page at a time as they are read. Iterate it with
 * `for await`, take one page with {@link ConsignmentSearch.page} (which also tells `Count`, how many match
 * in all), or every match at once with {@link ConsignmentSearch.toArray}.
 *
 * Pages are read by position (`take`/`skip`), so a consignment that changes while the search runs may
 * move between pages: one already seen is not yielded twice, and one that moved to an earlier page can be
 * missed. Each page is requested only when the one before has been read.
 */
export interface ConsignmentSearch extends AsyncIterable<ConsignmentSummary> {
  /** How many consignments each request asks for. */
  readonly pageSize: number;
  /** One page, counting from 0: its consignments, and `Count`, how many match over every page. */
  page(index?: number): Promise<ConsignmentSearchPage>;
  /** Every matching consignment, reading every page. */
  toArray(): Promise<ConsignmentSummary[]>;
}

/** A search over `fetchPage(take, skip)`. */
export function consignmentSearch(
  pageSize: number,
  fetchPage: (take: number, skip: number) => Promise<ConsignmentSearchPage>,
): ConsignmentSearch {
  return pagedList({
    operation: 'searchConsignments',
    pageSize,
    fetchPage: ({ take, skip }) => fetchPage(take, skip),
    itemsOf: (page) => page.ConsignmentSummaries,
    totalOf: (page) => page.Count,
    keyOf: (summary) => summary.Reference ?? undefined,
  });
}

export const pageSizeSchema = lazySchema(() => z.int().check(z.minimum(1), z.maximum(1000)));

/** One state field to read, whichever name the service used; no summaries (`null`) read as none. */
export function withConsignmentState(
  answer: z.infer<typeof ConsignmentSearchAnswerSchema>,
): ConsignmentSearchPage {
  const page = withLists(answer, 'ConsignmentSummaries');
  return { ...page, ConsignmentSummaries: page.ConsignmentSummaries.map(withSummaryState) };
}

/** The summary with `ConsignmentState` filled from `State` when the service sent only that. */
export function withSummaryState(summary: ConsignmentSummary): ConsignmentSummary {
  return summary.ConsignmentState == null && summary.State != null
    ? { ...summary, ConsignmentState: summary.State }
    : summary;
}
