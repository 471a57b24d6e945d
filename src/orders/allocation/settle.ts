import * as z from 'zod/mini';
import { type AllocatedConsignment, AllocationError } from '../../core/allocation-error.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { defineOperation } from '../../core/operation.js';
import type { OperationName } from '../../core/operation-names.js';
import type { RequestOptions } from '../../core/options.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../../core/references.js';
import type { Transport } from '../../core/transport.js';
import type { ApiLink } from '../wire-shapes.js';
import type { AllocationSummary } from './schemas.js';

// Reading an allocation's answer: which summary is whose, and what the service says of the consignments it
// could not place. Allocation and Select Option (a delivery option selected as a consignment) share it.

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

/**
 * Get Consignment, read only for the `FailedAllocation` of a consignment allocation left unallocated;
 * everything else in the answer is let through unchecked.
 * @vendor Get Consignment
 */
export const readFailedAllocationOperation = defineOperation({
  name: 'getConsignment',
  method: 'GET',
  path: 'consignments/{consignmentReference}',
  params: { consignmentReference: ConsignmentReferenceSchema },
  response: lazySchema(() =>
    z.looseObject({
      FailedAllocation: z.nullish(z.looseObject({ Message: z.nullish(z.string()) })),
    }),
  ),
  retry: 'repeatable',
});

/**
 * The service's reason a consignment was not allocated, from its `FailedAllocation`. Only a read, so
 * it may fail without harm: the allocation has happened either way, and the reason is then unknown.
 */
async function failedAllocationMessage(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options: RequestOptions | undefined,
): Promise<string | undefined> {
  try {
    const consignment = await transport.send(
      readFailedAllocationOperation,
      { params: { consignmentReference } },
      options,
    );
    return consignment.FailedAllocation?.Message ?? undefined;
  } catch {
    return undefined;
  }
}

/** The summaries in the order of `requested`, or an {@link AllocationError} naming what was not allocated. */
export async function settleAllocation(
  transport: Transport,
  operation: OperationName,
  requested: readonly ConsignmentReference[],
  summaries: AllocationSummary[],
  options: RequestOptions | undefined,
): Promise<AllocationSummary[]> {
  // Unchecked (`validation: 'off'`) and not a list: returned as sent, as that mode promises.
  if (!Array.isArray(summaries)) return summaries;
  const { allocated, failed, unmatched } = matchSummaries(requested, summaries);
  if (failed.size === 0) return [...allocated.map(({ summary }) => summary), ...unmatched];
  const unallocated = await Promise.all(
    [...failed].map(async ([consignmentReference, described]) => ({
      consignmentReference,
      reason: described ?? (await failedAllocationMessage(transport, consignmentReference, options)),
    })),
  );
  throw new AllocationError(operation, allocated, unallocated);
}

/** {@link settleAllocation} for one consignment: its summary. */
export async function settleOne(
  transport: Transport,
  operation: OperationName,
  consignmentReference: ConsignmentReference,
  summaries: AllocationSummary[],
  options: RequestOptions | undefined,
): Promise<AllocationSummary> {
  const settled = await settleAllocation(transport, operation, [consignmentReference], summaries, options);
  return (Array.isArray(settled) ? settled[0] : settled) as AllocationSummary;
}
