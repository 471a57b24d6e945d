import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import type { ConsignmentReference } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import type { Transport } from '../core/transport.js';
import { ConsignmentReferencesBodySchema, consignmentsInBody, text } from './wire-shapes.js';

// Dispatch: marking manifested consignments as gone from the shipping location, for carriers that send
// no tracking of their own (the states page's "Mark as Dispatched", from `Manifested` only).

/** One consignment's result from Dispatch Consignments (the vendor's `DispatchResponse`). */
export interface DispatchResult {
  /** `Success`, `Failed` or `NotFound` (a name, or its number 0, 1, 2, as the service sends it). */
  Status?: string | number | null | undefined;
  /** The HTTP status of this consignment's dispatch (200, 400, 404…). */
  HttpStatusCode?: number | null | undefined;
  /** What happened, in words. */
  Message?: string | null | undefined;
}
export const DispatchResultSchema = schemaOf<DispatchResult>()(() =>
  z.looseObject({
    Status: z.nullish(z.union([z.string(), z.number()])),
    HttpStatusCode: z.nullish(z.number()),
    Message: text,
  }),
);

const dispatchConsignmentsOperation = defineOperation({
  name: 'dispatchConsignments',
  vendor: 'Dispatch Consignments',
  method: 'PUT',
  path: 'consignments/Dispatch',
  body: ConsignmentReferencesBodySchema,
  response: lazySchema(() => z.array(DispatchResultSchema)),
  retry: 'non-repeatable',
  outcome: { from: ['Manifested'], to: ['Dispatched'] },
  references: consignmentsInBody,
});

/** Dispatch Consignments. */
export function dispatchConsignments(
  transport: Transport,
  consignmentReferences: ConsignmentReference[],
  options?: RequestOptions,
): Promise<DispatchResult[]> {
  const body = { ConsignmentReferences: consignmentReferences };
  return transport.send(dispatchConsignmentsOperation, { body }, options);
}

/** The operations of dispatch, for the area's list. */
export const dispatchOperations = [dispatchConsignmentsOperation];
