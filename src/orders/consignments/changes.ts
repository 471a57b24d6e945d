import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { defineOperation, type OutcomeRule } from '../../core/operation.js';
import type { OperationName } from '../../core/operation-names.js';
import { ConsignmentReferenceListSchema, consignmentsInBody, OperationResultSchema } from '../wire-shapes.js';

// What moves a consignment back or aside: deallocating, cancelling, and setting it (not) ready to ship.
// Cancelling and readiness are methods of `Consignments` (consignments.ts); deallocating, of
// `ConsignmentAllocator` (allocation/allocation.ts), which declares its own rules.

/** Where Cancel Consignment(s) start a consignment from, and where they lead it. */
export const CANCELLED = {
  from: ['Unallocated', 'AllocationFailed', 'Allocated', 'ManifestFailed'],
  to: ['Cancelling', 'Cancelled'],
};

/** A PUT of a bare list of consignments, answered with a result each. */
export function listChange(name: OperationName, path: string, outcome: OutcomeRule) {
  return defineOperation({
    name,
    outcome,
    method: 'PUT',
    path: `consignments/${path}`,
    body: ConsignmentReferenceListSchema,
    response: lazySchema(() => z.array(OperationResultSchema)),
    retry: 'non-repeatable',
    references: consignmentsInBody,
  });
}
