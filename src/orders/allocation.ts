import * as z from 'zod/mini';
import {
  type AllocatedConsignment,
  AllocationError,
  type UnallocatedConsignment,
} from '../core/allocation-error.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type Call, defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import type { Transport } from '../core/transport.js';
import {
  type ApiLink,
  ApiLinkSchema,
  type ConsignmentLeg,
  ConsignmentLegSchema,
  ConsignmentReferenceListSchema,
  ConsignmentReferencesBodySchema,
  consignmentsInBody,
  text,
} from './wire-shapes.js';

export { type AllocatedConsignment, AllocationError, type UnallocatedConsignment };

// Allocation: consignments placed with carrier services, and what the service says of those it could
// not place.

/**
 * What allocation returns for each allocated consignment: the carrier service chosen and the legs of
 * the journey. The spec does not show its fields; these are the real service's.
 */
export interface AllocationSummary {
  /** The outcome's status code (sent as a number or a string). */
  StatusCode?: number | string | null | undefined;
  /** The outcome, in words. */
  Description?: string | null | undefined;
  /** Links to the consignment's `detail` and its `label`. */
  ApiLinks?: ApiLink[] | null | undefined;
  /** The legs of the journey, each with its carrier and tracking references. */
  ConsignmentLegs?: ConsignmentLeg[] | null | undefined;
  /** The carrier chosen. */
  CarrierReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
  /** The carrier service chosen. */
  CarrierServiceReference?: string | null | undefined;
  /** The carrier service's display name. */
  CarrierServiceName?: string | null | undefined;
}
export const AllocationSummarySchema = schemaOf<AllocationSummary>()(() =>
  z.looseObject({
    StatusCode: z.nullish(z.union([z.number(), z.string()])),
    Description: text,
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
    ConsignmentLegs: z.nullish(z.array(ConsignmentLegSchema)),
    CarrierReference: text,
    CarrierName: text,
    CarrierServiceReference: text,
    CarrierServiceName: text,
  }),
);

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
 */
const readFailedAllocationOperation = defineOperation({
  name: 'getConsignment',
  vendor: 'Get Consignment',
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

/** The pages disagree on one summary or a list (the guides say one, the C# contract a list): read both. */
const oneOrList = lazySchema(() => z.union([AllocationSummarySchema, z.array(AllocationSummarySchema)]));
const asList = (body: AllocationSummary | AllocationSummary[]) => (Array.isArray(body) ? body : [body]);

/** The consignments a call allocated, as they were checked and sent: the list to read the answer against. */
const sentReferences = (sent: Call) => consignmentsInBody(sent) as ConsignmentReference[];

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

/**
 * Where allocation starts from and leads to. `AllocationFailed` counts as not allocated: the rules found no
 * carrier service, and asking again is what is left to do.
 */
/**
 * States a consignment reaches only once the carrier has it: each proves that it was manifested, and
 * allocated before that.
 */
export const CARRIER_STATES = [
  'Dispatched',
  'AtDropOffPoint',
  'Collected',
  'InTransit',
  'InTransitWaiting',
  'Delayed',
  'OutForDelivery',
  'DeliveryFailed',
  'DeliveryFailedCardLeft',
  'AtCollectionPoint',
  'AtCustoms',
  'HeldByCarrier',
  'Delivered',
  'PartiallyDelivered',
  'DeliveredDamaged',
] as const;

/**
 * Any later state proves an earlier step: a consignment ready to ship, being manifested, manifested (or
 * whose manifest failed) or with the carrier was allocated. A queued allocation (`Allocating`) is done.
 */
export const ALLOCATION_OUTCOME = {
  from: ['Unallocated', 'AllocationFailed'],
  to: [
    'Allocating',
    'Allocated',
    'ReadyToShip',
    'Manifesting',
    'Manifested',
    'ManifestFailed',
    ...CARRIER_STATES,
  ],
} as const;

const allocateConsignmentsOperation = defineOperation({
  name: 'allocateConsignments',
  vendor: 'Allocate Using Default Rules',
  method: 'PUT',
  path: 'allocation/allocate',
  body: ConsignmentReferencesBodySchema,
  response: lazySchema(() => z.array(AllocationSummarySchema)),
  retry: 'non-repeatable',
  outcome: ALLOCATION_OUTCOME,
  references: consignmentsInBody,
});

/** Allocate Using Default Rules: the summaries in the order passed, or an {@link AllocationError}. */
export async function allocateConsignments(
  transport: Transport,
  consignmentReferences: ConsignmentReference[],
  options?: RequestOptions,
): Promise<AllocationSummary[]> {
  const body = { ConsignmentReferences: consignmentReferences };
  const { result, sent } = await transport.exchange(allocateConsignmentsOperation, { body }, options);
  return settleAllocation(transport, 'allocateConsignments', sentReferences(sent), result, options);
}

const allocateWithCheapestQuoteOperation = defineOperation({
  name: 'allocateWithCheapestQuote',
  vendor: 'Allocate Consignment',
  method: 'PUT',
  path: 'allocation/{consignmentReference}/allocatewithcheapestquote',
  params: { consignmentReference: ConsignmentReferenceSchema },
  // The spec answers one summary, the vendor's C# SDK a list of them: read both.
  response: lazySchema(() => z.union([AllocationSummarySchema, z.array(AllocationSummarySchema)])),
  // An empty list is no answer: a ResponseValidationError that says the service has acted.
  result: (body) => (Array.isArray(body) ? body[0] : body),
  retry: 'non-repeatable',
  outcome: ALLOCATION_OUTCOME,
});

/** Allocate Consignment: its summary, or an {@link AllocationError}. */
export async function allocateWithCheapestQuote(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options?: RequestOptions,
): Promise<AllocationSummary> {
  const summary = await transport.send(
    allocateWithCheapestQuoteOperation,
    { params: { consignmentReference } },
    options,
  );
  const [settled] = await settleAllocation(
    transport,
    'allocateWithCheapestQuote',
    [consignmentReference],
    [summary],
    options,
  );
  return settled ?? summary;
}

// --- Allocate With Carrier Service -----------------------------------------------------------------

const allocateWithCarrierServiceOperation = defineOperation({
  name: 'allocateWithCarrierService',
  vendor: 'Allocate With Carrier Service',
  method: 'PUT',
  path: 'allocation/allocatewithcarrierservice',
  body: lazySchema(() =>
    z.looseObject({
      MpdCarrierServiceReference: z.string(),
      ConsignmentReferences: ConsignmentReferenceListSchema,
    }),
  ),
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
  const { result, sent } = await transport.exchange(allocateWithCarrierServiceOperation, { body }, options);
  return settleAllocation(transport, 'allocateWithCarrierService', sentReferences(sent), result, options);
}

// --- Allocate With Quote ---------------------------------------------------------------------------

const quoteReferenceSchema = lazySchema(() =>
  z.string().check(z.minLength(1, 'a quote reference is needed')),
);

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

const serviceGroupSchema = lazySchema(() =>
  z.string().check(z.minLength(1, 'a service group reference is needed')),
);

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
export const AllocationFiltersSchema = schemaOf<AllocationFilters>()(() =>
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
  body: lazySchema(() =>
    z.looseObject({
      ConsignmentReferences: ConsignmentReferenceListSchema,
      Filters: AllocationFiltersSchema,
    }),
  ),
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
  const { result, sent } = await transport.exchange(allocateWithServiceFiltersOperation, { body }, options);
  return settleAllocation(transport, 'allocateWithServiceFilters', sentReferences(sent), result, options);
}

/** The operations of allocation, for the area's list. */
export const allocationOperations = [
  allocateConsignmentsOperation,
  allocateWithCheapestQuoteOperation,
  readFailedAllocationOperation,
  allocateWithCarrierServiceOperation,
  allocateWithQuoteOperation,
  allocateWithServiceGroupOperation,
  allocateWithServiceFiltersOperation,
];

/** Allocating consignments to carrier services, and deallocating them. */
export class ConsignmentAllocation extends Resource {}
