import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { listOrEmpty } from '../core/lists.js';
import { openEnum } from '../core/open-enum.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ConsignmentReference,
  type ManifestReference,
  ManifestReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { checkInput } from '../core/validation.js';
import { type WaitOptions, waitFor } from '../core/wait-for.js';
import { CARRIER_STATES } from './allocation/schemas.js';
import { Consignments } from './consignments/consignments.js';
import {
  type ConsignmentWaitResult,
  checkedConsignments,
  consignmentWaitPlan,
  manifestStatus,
} from './waiting.js';
import {
  amount,
  ConsignmentReferencesBodySchema,
  type ConsignmentState,
  CustomerManifestResponseSchema,
  consignmentsInBody,
  fieldsOfBody,
  issuedReference,
  type OperationResult,
  OperationResultSchema,
  pdfOf,
  text,
} from './wire-shapes.js';

// Manifests: consignments transmitted to their carriers, by list or by query, and the customer
// manifests that record them.

/** A range of scheduled shipping dates, for a {@link ManifestQuery}. */
export interface ShippingDateRange {
  /** The first shipping date of the range (an ISO 8601 date). */
  StartDate: string;
  /** The last shipping date of the range (an ISO 8601 date). */
  EndDate: string;
}
export const ShippingDateRangeSchema = schemaOf<ShippingDateRange>()(() =>
  z.looseObject({ StartDate: z.string(), EndDate: z.string() }),
);

/**
 * The filters of Manifest Consignments From Query: the consignments that match every filter given are
 * queued for manifesting. `States` is required (the vendor marks it so: without it the query would
 * manifest everything eligible). Only these keys are accepted: a misspelt one (`State` for `States`) is a
 * {@link RequestValidationError} naming it, and nothing is sent. A service that ignores unknown keys
 * would otherwise manifest every eligible consignment, and every manifest is transmitted to the carriers.
 *
 * Sent as the service reads it: the real query has only the list `ShippingLocationReferences`, so a
 * singular `ShippingLocationReference` is sent inside that list (merged with it, each reference once),
 * never under its own key, which the service would ignore. `ShippingDateRanges` is sent in the shape
 * given: one object is the vendor's type, a list the spec's example, and neither can be turned into the
 * other without losing ranges or guessing.
 */
export interface ManifestQuery {
  /**
   * The shipping location the consignments ship from: sent as `ShippingLocationReferences: [it]`. Leave
   * the key out to manifest every location; given, it must name one (`undefined`, `null` or `''` is
   * refused, as a configuration value that is missing would otherwise manifest every warehouse).
   */
  ShippingLocationReference?: string;
  /** The shipping locations the consignments ship from (the service's own key); given, it must name one. */
  ShippingLocationReferences?: string[];
  /**
   * The states to match, at least one; only `Allocated`, `ManifestFailed` (the spec writes
   * `Manifest Failed`; both are accepted) and `ReadyToShip` are eligible.
   */
  States: ConsignmentState[];
  /** The carriers the consignments are allocated to. */
  Carriers?: string[] | undefined;
  /** Whether the consignments' labels have been printed. */
  LabelsPrinted?: boolean | undefined;
  /** The scheduled shipping date (an ISO 8601 date). */
  ShippingDate?: string | undefined;
  /** A range of scheduled shipping dates (the vendor's type), or several (the spec's example). */
  ShippingDateRanges?: ShippingDateRange | ShippingDateRange[] | undefined;
}
const LOCATION_KEYS = ['ShippingLocationReference', 'ShippingLocationReferences'] as const;

/**
 * A query with a location key names a location: `{ ShippingLocationReference: process.env.WAREHOUSE }`
 * with the variable unset must not become "every location".
 */
function namesALocationIfAsked(query: object): boolean {
  if (!LOCATION_KEYS.some((key) => key in query)) return true;
  const { ShippingLocationReference: single, ShippingLocationReferences: list } = query as ManifestQuery;
  return [single, ...(Array.isArray(list) ? list : [])].some(
    (location) => typeof location === 'string' && location.trim() !== '',
  );
}

/** Checks a {@link ManifestQuery}: strict, so that a misspelt filter is an error, not "manifest everything". */
export const ManifestQuerySchema = schemaOf<ManifestQuery>()(() =>
  z
    .strictObject({
      ShippingLocationReference: z.optional(z.string()),
      ShippingLocationReferences: z.optional(z.array(z.string())),
      States: z
        .array(openEnum<ConsignmentState>())
        .check(
          z.minLength(
            1,
            'at least one state is required: without States the service manifests everything eligible',
          ),
        ),
      Carriers: z.optional(z.array(z.string())),
      LabelsPrinted: z.optional(z.boolean()),
      ShippingDate: z.optional(z.string()),
      ShippingDateRanges: z.optional(z.union([ShippingDateRangeSchema, z.array(ShippingDateRangeSchema)])),
    })
    .check(
      z.refine(namesALocationIfAsked, {
        error:
          'a location key was given but names no location (undefined, null or empty): left as it is, the query would manifest every location; leave both keys out to mean every location',
        path: ['ShippingLocationReference'],
      }),
    ),
);

/** A checked {@link ManifestQuery} as the service reads it: the singular location folded into the list. */
export function manifestQueryBody(query: ManifestQuery): Omit<ManifestQuery, 'ShippingLocationReference'> {
  const { ShippingLocationReference: single, ShippingLocationReferences: list } = query;
  const locations = [...new Set([...(list ?? []), ...(single === undefined ? [] : [single])])];
  const body: Record<string, unknown> = {};
  // In the caller's key order, the list where the first of the two keys was.
  for (const [key, value] of Object.entries(query)) {
    if (key === 'ShippingLocationReference' || key === 'ShippingLocationReferences') {
      if (value !== undefined) body.ShippingLocationReferences = locations;
    } else body[key] = value;
  }
  return body as Omit<ManifestQuery, 'ShippingLocationReference'>;
}

/** What Manifest Consignments From Query answers: a count in words, and the consignments refused. */
export interface ManifestFromQueryResult {
  /** How many consignments the query found, how many were queued, and how many failed to be queued. */
  Message?: string | null | undefined;
  /**
   * The consignments that could not be queued. Kept as the service sent it: `null` or missing when it
   * sends no list (read `Message` for the counts), so check before iterating.
   */
  FailedConsignments?: ConsignmentReference[] | null | undefined;
}
export const ManifestFromQueryResultSchema = schemaOf<ManifestFromQueryResult>()(() =>
  z.looseObject({
    Message: text,
    // A manifest has been transmitted by the time this is read: refusing a missing list would only hide that.
    FailedConsignments: z.nullish(z.array(issuedReference<ConsignmentReference>())),
  }),
);

/**
 * The counts of a query manifest, read from its `Message` ("Query found 3 consignment(s). 2 successfully
 * queued to manifest. 1 failed to be added to the queue"). A count whose phrase the service's wording
 * does not hold is `undefined`: the wording is not a contract, so read `Message` when one is missing.
 */
export interface ManifestQueryCounts {
  /** How many consignments matched the query. */
  found: number | undefined;
  /** How many were queued for manifesting. */
  queued: number | undefined;
  /** How many could not be queued (listed in `FailedConsignments`). */
  failed: number | undefined;
}

/** What `manifestConsignmentsFromQuery` returns: the service's answer, and its counts as numbers. */
export type ManifestQueryOutcome = ManifestFromQueryResult & {
  /** The counts of `Message`, as numbers. */
  counts: ManifestQueryCounts;
};

/** The counts in a query manifest's `Message`. */
export function manifestQueryOutcome(result: ManifestFromQueryResult): ManifestQueryOutcome {
  // Unchecked (`validation: 'off'`) and not an object: returned as sent, as that mode promises.
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    return result as unknown as ManifestQueryOutcome;
  const message = typeof result.Message === 'string' ? result.Message : '';
  const count = (pattern: RegExp) => {
    const match = pattern.exec(message);
    return match ? Number(match[1]) : undefined;
  };
  return {
    ...result,
    counts: {
      found: count(/found\s+(\d+)/i),
      queued: count(/(\d+)\s+(?:consignment\(s\)\s+)?(?:successfully\s+)?queued/i),
      failed: count(/(\d+)\s+(?:consignment\(s\)\s+)?failed/i),
    },
  };
}

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
 * Where a manifest starts from and leads to. `ManifestFailed` counts as not manifested: the carrier
 * refused, and asking again is what is left to do. A queued manifest (`Manifesting`) is done; a
 * consignment with the carrier was manifested.
 */
const MANIFESTED = {
  from: ['Allocated', 'ReadyToShip', 'ManifestFailed'],
  to: ['Manifesting', 'Manifested', ...CARRIER_STATES],
};

/** Manifests: consignments transmitted to their carriers, by list or by query, and the customer manifests. */
export class ConsignmentManifests extends Resource {
  /** @internal */
  static readonly manifest = defineOperation({
    name: 'manifestConsignments',
    vendor: 'Manifest Consignments',
    method: 'PUT',
    path: 'consignments/manifest',
    body: ConsignmentReferencesBodySchema,
    response: lazySchema(() => z.array(OperationResultSchema)),
    retry: 'non-repeatable',
    outcome: MANIFESTED,
    references: consignmentsInBody,
  });

  /**
   * Manifest Consignments: transmits the consignments' data to their carriers, which then collect
   * them. Each must be `Allocated`, `Manifest Failed` or `ReadyToShip`; each gets its own result
   * (check `IsSuccess`). Every successful call transmits to the carrier, so batch them and align them
   * with collection times. Non-repeatable: never sent twice by the SDK.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link ApiError} when a consignment is in another state.
   * @throws {@link OutcomeUnknownError} when the manifest may have been transmitted but no answer came:
   *   settle it with {@link OrdersClient.reconcile}, which reads each consignment's state, before sending
   *   again.
   *
   * @example
   * ```ts
   * const results = await orders.manifests.manifest([consignment]);
   * const refused = results.filter((result) => !result.IsSuccess);
   * ```
   */
  manifest(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    const body = { ConsignmentReferences: consignmentReferences };
    return transportOf(this).send(ConsignmentManifests.manifest, { body }, options);
  }

  /** @internal */
  static readonly manifestFromQuery = defineOperation({
    name: 'manifestConsignmentsFromQuery',
    vendor: 'Manifest Consignments From Query',
    method: 'POST',
    path: 'consignments/manifestFromQuery',
    body: ManifestQuerySchema,
    wireBody: manifestQueryBody,
    response: ManifestFromQueryResultSchema,
    result: manifestQueryOutcome,
    retry: 'non-repeatable',
    // A query names no consignment: reconcile lists the consignments it has left, each not manifested.
    outcome: MANIFESTED,
    references: fieldsOfBody('ShippingLocationReference', 'ShippingLocationReferences'),
    // The query is what settling reads again (what still matches it); it holds no personal data.
    settleWith: (call) => ({ body: call.body }),
    // Another query on the same location is another call: the query's digest tells them apart.
    ledgerKey: (call) => ({ asks: { digest: call.body } }),
  });

  /**
   * Manifest Consignments From Query: queues every consignment matching `query` for manifesting (only
   * `Allocated`, `Manifest Failed` and `ReadyToShip` ones are eligible) and reports how many were found,
   * queued and refused: in words in `Message`, and as numbers in `counts` (each `undefined` when the
   * service's wording does not hold it; see {@link ManifestQueryCounts}). Every successful call
   * transmits data to the carrier. Non-repeatable: never sent twice by the SDK.
   *
   * @throws {@link RequestValidationError} before sending, for a filter key the query does not know (a
   *   misspelt `State`) or a query without `States`: ignored or missing, it would manifest every
   *   eligible consignment.
   * @throws {@link OutcomeUnknownError} when consignments may have been queued but no answer came.
   *
   * @example
   * ```ts
   * const { counts } = await orders.manifests.manifestFromQuery({ States: ['ReadyToShip'] });
   * console.log(`${counts.queued} queued, ${counts.failed} refused`);
   * ```
   */
  async manifestFromQuery(query: ManifestQuery, options?: RequestOptions): Promise<ManifestQueryOutcome> {
    // Checked as given before the transport copies it for the wire: the copy drops a key whose value is
    // `undefined`, and an unset location would then read as "every location".
    checkInput(ManifestQuerySchema, query, 'manifest query');
    return transportOf(this).send(ConsignmentManifests.manifestFromQuery, { body: query }, options);
  }

  /** @internal */
  static readonly list = defineOperation({
    name: 'getCustomerManifests',
    vendor: 'Get Customer Manifests',
    method: 'GET',
    path: 'consignments/customer/manifests',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(ManifestSummarySchema))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Customer Manifests: lists the current customer manifests, or only those of one shipping
   * location. Pass an entry's `ManifestReference` to {@link ConsignmentManifests.get}. Repeatable.
   *
   * @param filter - `shippingLocationReference`: list only that location's manifests. Any other key is
   *   refused rather than ignored (a misspelt filter would otherwise list every location).
   * @throws {@link RequestValidationError} before sending, for an unknown key in `filter`.
   */
  async list(
    filter: { shippingLocationReference?: string } = {},
    options?: RequestOptions,
  ): Promise<ManifestSummary[]> {
    const { shippingLocationReference } = checkInput(
      CustomerManifestsFilterSchema,
      filter,
      'getCustomerManifests filter',
    );
    return transportOf(this).send(
      ConsignmentManifests.list,
      { query: { shippingLocationReference } },
      options,
    );
  }

  /** @internal */
  static readonly get = defineOperation({
    name: 'getCustomerManifest',
    vendor: 'Get Customer Manifest',
    method: 'GET',
    path: 'consignments/customer/manifest/{manifestReference}',
    params: { manifestReference: ManifestReferenceSchema },
    response: CustomerManifestResponseSchema,
    result: pdfOf('getCustomerManifest'),
    retry: 'repeatable',
    acceptsText: true,
  });

  /**
   * Get Customer Manifest: downloads a customer manifest and returns the PDF's bytes, decoded from
   * Base64 and checked to be a PDF. Save it with `saveDocument` from `consignkit/node`. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown manifest.
   * @throws {@link ResponseValidationError} when the answer is not Base64 of a PDF.
   *
   * @example
   * ```ts
   * const [latest] = await orders.manifests.list();
   * if (latest) await saveDocument(await orders.manifests.get(latest.ManifestReference), 'manifest.pdf');
   * ```
   */
  get(manifestReference: ManifestReference, options?: RequestOptions): Promise<Uint8Array> {
    return transportOf(this).send(ConsignmentManifests.get, { params: { manifestReference } }, options);
  }

  /** @internal Get Consignment Status, polled until each consignment has moved on. */
  static readonly wait = [Consignments.getStatus];

  /**
   * Waits for queued manifests: reads each consignment's state (Get Consignment Status, repeatable reads
   * only) until it is manifested (or with the carrier), failed (`ManifestFailed`, cancelled, unallocated,
   * not found) or the deadline passes, polling with backoff. `Manifesting` is queued: it comes back
   * `pending` at the deadline, and must never be manifested again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `EC-…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   */
  // Async so that a bad reference rejects, as every failure of the wait does, rather than throws.
  async wait(
    consignmentReferences: readonly ConsignmentReference[],
    options?: WaitOptions,
  ): Promise<ConsignmentWaitResult[]> {
    const method = 'manifests.wait';
    return waitFor(
      consignmentWaitPlan(transportOf(this), method, manifestStatus),
      checkedConsignments(method, consignmentReferences),
      options,
    );
  }
}
