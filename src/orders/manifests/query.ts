import * as z from 'zod/mini';
import { openEnum } from '../../core/open-enum.js';
import type { ConsignmentReference } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { type ConsignmentState, issuedReference, text } from '../wire-shapes.js';

// Manifest Consignments From Query: the query, as checked and as sent, and what the service answers.

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
          'a location key names no location (undefined, null or empty), so the query would manifest every location: name one, or leave both keys out to mean all',
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
