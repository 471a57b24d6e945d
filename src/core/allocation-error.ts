/**
 * The error of an allocation that the service refused, in either area: a business outcome (no service can
 * carry it, the quote expired), told apart from an outage.
 */
import type { AllocationSummary } from './allocation-summary.js';
import { type AllocationErrorName, ConsignkitError } from './errors.js';
import type { OperationName } from './operation-names.js';
import type { ConsignmentReference } from './references.js';

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
 * Allocation answered, but not everything was allocated: a business refusal, never an outage, and never
 * retried. Catch it apart from a 5xx: it is not an {@link ApiError}, so no `InternalServerError` or
 * `status >= 500` handler sees it.
 *
 * In area A, the service placed some consignments (`allocated`) and left the others `AllocationFailed`
 * (`unallocated`). Nothing is lost: every consignment passed is in exactly one of the two lists. Allocate
 * the unallocated ones again once the cause is fixed (a carrier service enabled, a delivery promise
 * relaxed); the allocated ones need nothing more.
 *
 * In area B it is a {@link ShipmentAllocationError} (the service's 521): its `shipments` were not
 * allocated, with the service's `reasons`; `allocated` and `unallocated`, which name consignments, are
 * empty there.
 *
 * @example
 * ```ts
 * try {
 *   const summaries = await orders.allocation.allocate(references);
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
  override name: AllocationErrorName = 'AllocationError';
  /** The id of the operation that allocated, `allocateConsignments` or `allocateWithCheapestQuote`. */
  readonly operation: OperationName;
  /** The consignments allocated, in the order they were passed, each with its summary. */
  readonly allocated: AllocatedConsignment[];
  /** The consignments not allocated, in the order they were passed, each with the service's reason. */
  readonly unallocated: UnallocatedConsignment[];
  /**
   * Made by the SDK; exported for `instanceof` and for tests of your own error handling. `message`, for
   * a subclass, replaces the one made from the consignments.
   */
  constructor(
    operation: OperationName,
    allocated: AllocatedConsignment[],
    unallocated: UnallocatedConsignment[],
    message?: string,
  ) {
    const listed = unallocated
      .map(({ consignmentReference, reason }) => `${consignmentReference}${reason ? ` (${reason})` : ''}`)
      .join(', ');
    super(
      message ??
        `${operation}: ${unallocated.length} of ${allocated.length + unallocated.length} consignment(s) not allocated: ${listed}`,
    );
    this.operation = operation;
    this.allocated = allocated;
    this.unallocated = unallocated;
  }
}
