import * as z from 'zod/mini';
import { type Call, defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import type { Transport } from '../core/transport.js';
import {
  AllocationError,
  type AllocationSummary,
  AllocationSummarySchema,
  matchSummaries,
} from './allocation.js';

/**
 * Allocation to a chosen carrier service, quote, service group, or to the cheapest service passing some
 * filters. Each answers allocation summaries; a consignment left unallocated is an {@link AllocationError}
 * naming it and the service's reason, never a summary quietly missing.
 */

/** Where an allocation starts from, and where it leads: what `reconcile` reads in each consignment. */
export const ALLOCATION_OUTCOME = {
  from: ['Unallocated', 'AllocationFailed'],
  to: ['Allocating', 'Allocated'],
} as const;

const consignmentList = z
  .array(ConsignmentReferenceSchema)
  .check(z.minLength(1, 'at least one consignment reference is needed'));

/** For `OutcomeUnknownError`: the consignments the body names. */
function consignmentsInBody(call: Call): string[] {
  const references = (call.body as { ConsignmentReferences?: unknown } | undefined)?.ConsignmentReferences;
  return Array.isArray(references) ? references.filter((value) => typeof value === 'string') : [];
}

/** The pages disagree on one summary or a list (the guides say one, the C# contract a list): read both. */
const oneOrList = z.union([AllocationSummarySchema, z.array(AllocationSummarySchema)]);
const asList = (body: AllocationSummary | AllocationSummary[]) => (Array.isArray(body) ? body : [body]);

/** Get Consignment, read only for why an allocation failed. */
const readFailedAllocation = defineOperation({
  name: 'getConsignment',
  vendor: 'Get Consignment',
  method: 'GET',
  path: 'consignments/{consignmentReference}',
  params: { consignmentReference: ConsignmentReferenceSchema },
  response: z.looseObject({
    FailedAllocation: z.nullish(z.looseObject({ Message: z.nullish(z.string()) })),
  }),
  retry: 'repeatable',
});

/**
 * The summaries in the order of `requested`, or an {@link AllocationError} naming what was not
 * allocated, each with the service's reason (its summary's `Description`, else the consignment's
 * `FailedAllocation.Message`).
 */
export async function settleAllocation(
  transport: Transport,
  operation: string,
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

/** Only a read, so it may fail without harm: the allocation has happened either way. */
async function failedAllocationMessage(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options: RequestOptions | undefined,
): Promise<string | undefined> {
  try {
    const consignment = await transport.send(
      readFailedAllocation,
      { params: { consignmentReference } },
      options,
    );
    return consignment.FailedAllocation?.Message ?? undefined;
  } catch {
    return undefined;
  }
}

async function settleOne(
  transport: Transport,
  operation: string,
  consignmentReference: ConsignmentReference,
  summaries: AllocationSummary[],
  options: RequestOptions | undefined,
): Promise<AllocationSummary> {
  const settled = await settleAllocation(transport, operation, [consignmentReference], summaries, options);
  return (Array.isArray(settled) ? settled[0] : settled) as AllocationSummary;
}

// --- Allocate With Carrier Service -----------------------------------------------------------------

const allocateWithCarrierServiceOperation = defineOperation({
  name: 'allocateWithCarrierService',
  vendor: 'Allocate With Carrier Service',
  method: 'PUT',
  path: 'allocation/allocatewithcarrierservice',
  body: z.looseObject({ MpdCarrierServiceReference: z.string(), ConsignmentReferences: consignmentList }),
  response: oneOrList,
  result: asList,
  retry: 'non-repeatable',
  outcome: ALLOCATION_OUTCOME,
  references: consignmentsInBody,
});

/** Allocate With Carrier Service: every consignment to one named service. */
export async function allocateWithCarrierService(
  transport: Transport,
  consignmentReferences: ConsignmentReference[],
  carrierServiceReference: string,
  options?: RequestOptions,
): Promise<AllocationSummary[]> {
  const body = {
    MpdCarrierServiceReference: carrierServiceReference,
    ConsignmentReferences: consignmentReferences,
  };
  const summaries = await transport.send(allocateWithCarrierServiceOperation, { body }, options);
  return settleAllocation(transport, 'allocateWithCarrierService', consignmentReferences, summaries, options);
}

// --- Allocate With Quote ---------------------------------------------------------------------------

const quoteReferenceSchema = z.string().check(z.minLength(1, 'a quote reference is needed'));

const allocateWithQuoteOperation = defineOperation({
  name: 'allocateWithQuote',
  vendor: 'Allocate With Quote',
  method: 'PUT',
  path: 'allocation/{consignmentReference}/allocatewithquote/{quoteReference}',
  params: { consignmentReference: ConsignmentReferenceSchema, quoteReference: quoteReferenceSchema },
  response: oneOrList,
  result: asList,
  retry: 'non-repeatable',
  outcome: ALLOCATION_OUTCOME,
  references: (call) => [String(call.params?.consignmentReference ?? '')],
});

/** Allocate With Quote: one consignment to the service a quote of its own names. */
export async function allocateWithQuote(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  quoteReference: string,
  options?: RequestOptions,
): Promise<AllocationSummary> {
  const summaries = await transport.send(
    allocateWithQuoteOperation,
    { params: { consignmentReference, quoteReference } },
    options,
  );
  return settleOne(transport, 'allocateWithQuote', consignmentReference, summaries, options);
}

// --- Allocate With Service Group -------------------------------------------------------------------

const serviceGroupSchema = z.string().check(z.minLength(1, 'a service group reference is needed'));

const allocateWithServiceGroupOperation = defineOperation({
  name: 'allocateWithServiceGroup',
  vendor: 'Allocate Consignment With Service Group',
  method: 'PUT',
  path: 'allocation/{consignmentReference}/allocatewithservicegroup/{serviceGroupReference}',
  params: { consignmentReference: ConsignmentReferenceSchema, serviceGroupReference: serviceGroupSchema },
  response: oneOrList,
  result: asList,
  retry: 'non-repeatable',
  outcome: ALLOCATION_OUTCOME,
  references: (call) => [String(call.params?.consignmentReference ?? '')],
});

/** Allocate Consignment With Service Group: one consignment to the cheapest eligible service of a group. */
export async function allocateWithServiceGroup(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  serviceGroupReference: string,
  options?: RequestOptions,
): Promise<AllocationSummary> {
  const summaries = await transport.send(
    allocateWithServiceGroupOperation,
    { params: { consignmentReference, serviceGroupReference } },
    options,
  );
  return settleOne(transport, 'allocateWithServiceGroup', consignmentReference, summaries, options);
}

// --- Allocate With Service Filters -----------------------------------------------------------------

/**
 * What narrows the services the allocation rules already allow; the cheapest remaining wins.
 */
export interface AllocationFilters {
  /** `Outbound` or `Inbound`: only services that travel that way. */
  ServiceDirection: 'Outbound' | 'Inbound' | (string & Record<never, never>);
  /** `true`: only services the customer collects from a shop; `false`: none of them. Left out: either. */
  IsPickup?: boolean | undefined;
  /** `true`: only services the sender drops off; `false`: none of them. Left out: either. */
  IsDropOff?: boolean | undefined;
}
export const AllocationFiltersSchema = schemaOf<AllocationFilters>()(
  z.strictObject({
    ServiceDirection: z.string() as unknown as z.ZodMiniType<
      AllocationFilters['ServiceDirection'],
      AllocationFilters['ServiceDirection']
    >,
    IsPickup: z.optional(z.boolean()),
    IsDropOff: z.optional(z.boolean()),
  }),
);

const allocateWithServiceFiltersOperation = defineOperation({
  name: 'allocateWithServiceFilters',
  vendor: 'Allocate With Service Filters',
  method: 'PUT',
  path: 'allocation/allocateConsignmentsWithServiceFilters',
  body: z.looseObject({ ConsignmentReferences: consignmentList, Filters: AllocationFiltersSchema }),
  response: oneOrList,
  result: asList,
  retry: 'non-repeatable',
  outcome: ALLOCATION_OUTCOME,
  references: consignmentsInBody,
});

/** Allocate With Service Filters: each consignment to the cheapest service that passes the filters. */
export async function allocateWithServiceFilters(
  transport: Transport,
  consignmentReferences: ConsignmentReference[],
  filters: AllocationFilters,
  options?: RequestOptions,
): Promise<AllocationSummary[]> {
  const body = { ConsignmentReferences: consignmentReferences, Filters: filters };
  const summaries = await transport.send(allocateWithServiceFiltersOperation, { body }, options);
  return settleAllocation(transport, 'allocateWithServiceFilters', consignmentReferences, summaries, options);
}

/** The operations of this module, for the area's list. */
export const allocateWithOperations = [
  allocateWithCarrierServiceOperation,
  allocateWithQuoteOperation,
  allocateWithServiceGroupOperation,
  allocateWithServiceFiltersOperation,
];
