import { ConsignkitError } from '../core/errors.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../core/references.js';
import type { AllocationSummary, ApiLink } from './schemas.js';

/** A consignment that allocation placed with a carrier service, and the summary that says so. */
export interface AllocatedConsignment {
  /** The consignment allocated. */
  consignmentReference: ConsignmentReference;
  /** Its allocation summary, as the service sent it (`CarrierServiceReference`, legs, links…). */
  summary: AllocationSummary;
}

/** A consignment that allocation did not place with any carrier service. */
export interface UnallocatedConsignment {
  /** The consignment left unallocated; the service leaves it `AllocationFailed`. */
  consignmentReference: ConsignmentReference;
  /**
   * Why, in the service's words: the consignment's `FailedAllocation.Message`, or the `Description` of
   * a summary that reports a failure. `undefined` when the service did not say (or could not be asked).
   */
  reason: string | undefined;
}

/**
 * Allocation answered, but not every consignment was allocated: the service placed some (`allocated`)
 * and left the others `AllocationFailed` (`unallocated`). Nothing is lost: every consignment passed is in
 * exactly one of the two lists. Allocate the unallocated ones again once the cause is fixed (a carrier
 * service enabled, a delivery promise relaxed); the allocated ones need nothing more.
 *
 * @example
 * ```ts
 * try {
 *   const summaries = await orders.allocateConsignments(references);
 * } catch (error) {
 *   if (!(error instanceof AllocationError)) throw error;
 *   for (const { consignmentReference, reason } of error.unallocated) {
 *     console.warn(`${consignmentReference} not allocated: ${reason ?? 'no reason given'}`);
 *   }
 *   printLabels(error.allocated.map(({ consignmentReference }) => consignmentReference));
 * }
 * ```
 */
export class AllocationError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'AllocationError' as const;
  /** The SDK method that allocated, `allocateConsignments` or `allocateWithCheapestQuote`. */
  readonly operation: string;
  /** The consignments allocated, in the order they were passed, each with its summary. */
  readonly allocated: AllocatedConsignment[];
  /** The consignments not allocated, in the order they were passed, each with the service's reason. */
  readonly unallocated: UnallocatedConsignment[];
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(operation: string, allocated: AllocatedConsignment[], unallocated: UnallocatedConsignment[]) {
    const listed = unallocated
      .map(({ consignmentReference, reason }) => `${consignmentReference}${reason ? ` (${reason})` : ''}`)
      .join(', ');
    super(
      `${operation}: ${unallocated.length} of ${allocated.length + unallocated.length} consignment(s) not allocated: ${listed}`,
    );
    this.operation = operation;
    this.allocated = allocated;
    this.unallocated = unallocated;
  }
}

const isConsignmentReference = (value: string): value is ConsignmentReference =>
  ConsignmentReferenceSchema.safeParse(value).success;

/** The consignment a summary's links name (`…/consignments/EC-…`, `…/labels/EC-…`), if any. */
export function consignmentOfSummary(summary: AllocationSummary): ConsignmentReference | undefined {
  // Read defensively: with `validation: 'off'` the answer arrives unchecked.
  const links: unknown = summary?.ApiLinks;
  if (!Array.isArray(links)) return undefined;
  for (const link of links as (ApiLink | null)[]) {
    const href = link?.Href;
    if (typeof href !== 'string') continue;
    const segments = href.split(/[?#]/, 1)[0]!.split('/');
    const found = segments.find(isConsignmentReference);
    if (found) return found;
  }
  return undefined;
}

/** A summary that reports a failure rather than an allocation: a numeric `StatusCode` of 400 or more. */
const reportsFailure = (summary: AllocationSummary) =>
  typeof summary?.StatusCode === 'number' && summary.StatusCode >= 400;

/**
 * Matches the summaries to the consignments passed. A summary belongs to the consignment its links name;
 * the service handles consignments in turn, so a summary without such a link takes the first consignment
 * still unmatched. Consignments with no summary, or with one that reports a failure, were not allocated.
 */
export function matchSummaries(
  requested: readonly ConsignmentReference[],
  summaries: readonly AllocationSummary[],
): {
  allocated: AllocatedConsignment[];
  failed: Map<ConsignmentReference, string | undefined>;
  /** Summaries that belong to no consignment passed: kept, so that nothing the service said is lost. */
  unmatched: AllocationSummary[];
} {
  const bySummary = new Map<ConsignmentReference, AllocationSummary>();
  const unlinked: AllocationSummary[] = [];
  for (const summary of summaries) {
    const reference = consignmentOfSummary(summary);
    if (reference && requested.includes(reference) && !bySummary.has(reference)) {
      bySummary.set(reference, summary);
    } else unlinked.push(summary);
  }
  for (const reference of requested) {
    if (!bySummary.has(reference) && unlinked.length > 0) bySummary.set(reference, unlinked.shift()!);
  }
  const allocated: AllocatedConsignment[] = [];
  const failed = new Map<ConsignmentReference, string | undefined>();
  for (const consignmentReference of new Set(requested)) {
    const summary = bySummary.get(consignmentReference);
    if (summary && !reportsFailure(summary)) allocated.push({ consignmentReference, summary });
    else
      failed.set(
        consignmentReference,
        typeof summary?.Description === 'string' ? summary.Description : undefined,
      );
  }
  return { allocated, failed, unmatched: unlinked };
}
