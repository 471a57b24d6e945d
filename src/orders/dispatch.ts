import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { defineOperation } from '../core/operation.js';
import { schemaOf } from '../core/schema-of.js';
import { CARRIER_STATES } from './allocation/schemas.js';
import {
  type ApiLink,
  ApiLinkSchema,
  ConsignmentReferencesBodySchema,
  consignmentsInBody,
  text,
} from './wire-shapes.js';

// Dispatch (`Consignments.dispatch`): marking manifested consignments as gone from the shipping location, for carriers that send
// no tracking of their own (the states page's "Mark as Dispatched", from `Manifested` only).

/** One consignment's result from Dispatch Consignments (the vendor's `DispatchResponse`). */
export interface DispatchResult {
  /** The consignment, `EC-…`. */
  ConsignmentReferenceForAllLegsAssignedByMpd?: string | null | undefined;
  /** `Success`, `Failed` or `NotFound` (a name, or its number 0, 1, 2, as the service sends it). */
  Status?: string | number | null | undefined;
  /** The HTTP status of this consignment's dispatch (200, 400, 404…). */
  HttpStatusCode?: number | null | undefined;
  /** What happened, in words. */
  Message?: string | null | undefined;
  /** Links to the consignment. */
  ApiLinks?: ApiLink[] | null | undefined;
}
export const DispatchResultSchema = schemaOf<DispatchResult>()(() =>
  z.looseObject({
    ConsignmentReferenceForAllLegsAssignedByMpd: text,
    Status: z.nullish(z.union([z.string(), z.number()])),
    HttpStatusCode: z.nullish(z.number()),
    Message: text,
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  }),
);

/**
 * Dispatch Consignments, declared beside its answer; `Consignments.dispatch` points at it and sends it.
 *
 * @vendor Dispatch Consignments
 */
export const dispatchConsignments = defineOperation({
  name: 'dispatchConsignments',
  method: 'PUT',
  path: 'consignments/Dispatch',
  body: ConsignmentReferencesBodySchema,
  response: lazySchema(() => z.array(DispatchResultSchema)),
  retry: 'non-repeatable',
  // Any carrier state after Dispatched (in transit, delivered…) proves it was dispatched.
  outcome: { from: ['Manifested'], to: CARRIER_STATES },
  references: consignmentsInBody,
});
