import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { defineOperation, type OutcomeRule } from '../../core/operation.js';
import type { OperationName } from '../../core/operation-names.js';
import type { RequestOptions } from '../../core/options.js';
import type { ConsignmentReference } from '../../core/references.js';
import type { Transport } from '../../core/transport.js';
import {
  ConsignmentReferenceListSchema,
  consignmentsInBody,
  type OperationResult,
  OperationResultSchema,
} from '../wire-shapes.js';
import { consignmentPath } from './consignment.js';

// What moves a consignment back or aside: deallocating, cancelling, and setting it (not) ready to ship.
// Cancelling and readiness are methods of `Consignments` (consignments.ts); deallocating, of allocation.

const DEALLOCATED = { from: ['Allocated', 'Manifested', 'ManifestFailed'], to: ['Unallocated'] };
/** Where Cancel Consignment(s) start a consignment from, and where they lead it. */
export const CANCELLED = {
  from: ['Unallocated', 'AllocationFailed', 'Allocated', 'ManifestFailed'],
  to: ['Cancelling', 'Cancelled'],
};

const deallocateConsignmentOperation = defineOperation<void>({
  name: 'deallocateConsignment',
  vendor: 'Deallocate Consignment',
  method: 'PUT',
  path: 'consignments/{consignmentReference}/deallocate',
  params: consignmentPath,
  retry: 'non-repeatable',
  outcome: DEALLOCATED,
});

/** Deallocate Consignment. */
export function deallocateConsignment(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options?: RequestOptions,
): Promise<void> {
  return transport.send(deallocateConsignmentOperation, { params: { consignmentReference } }, options);
}

/** A PUT of a bare list of consignments, answered with a result each. */
export function listChange(name: OperationName, vendor: string, path: string, outcome: OutcomeRule) {
  return defineOperation({
    name,
    vendor,
    outcome,
    method: 'PUT',
    path: `consignments/${path}`,
    body: ConsignmentReferenceListSchema,
    response: lazySchema(() => z.array(OperationResultSchema)),
    retry: 'non-repeatable',
    references: consignmentsInBody,
  });
}

const deallocateConsignmentsOperation = listChange(
  'deallocateConsignments',
  'Deallocate Consignments',
  'deallocatelist',
  DEALLOCATED,
);

/** Deallocate Consignments. */
export function deallocateConsignments(
  transport: Transport,
  consignmentReferences: ConsignmentReference[],
  options?: RequestOptions,
): Promise<OperationResult[]> {
  return transport.send(deallocateConsignmentsOperation, { body: consignmentReferences }, options);
}

/** The operations that change consignments' states, for the area's list. */
export const changeOperations = [deallocateConsignmentOperation, deallocateConsignmentsOperation];
