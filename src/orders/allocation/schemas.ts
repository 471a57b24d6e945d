import * as z from 'zod/mini';
import type { AllocationSummary } from '../../core/allocation-summary.js';
import { schemaOf } from '../../core/schema-of.js';
import { ApiLinkSchema, ConsignmentLegSchema, text } from '../wire-shapes.js';

// Declared in core, whose allocation error carries it.
export type { AllocationSummary } from '../../core/allocation-summary.js';

// Allocation's types: the summary the service answers for each consignment it placed, the filters that
// narrow the services, and the states allocation starts from and leads to.

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

/**
 * One {@link AllocationSummary} per consignment passed, in the order passed: a tuple of the same length
 * when the references are a tuple (`const [summary] = await orders.allocation.allocate([ref])` is
 * defined), else an array.
 */
export type SummaryEach<References extends readonly unknown[]> = {
  -readonly [Index in keyof References]: AllocationSummary;
};

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
/** Checks {@link AllocationFilters}; an unknown key is refused rather than sent. */
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
 * Where allocation starts from and leads to. `AllocationFailed` counts as not allocated: the rules found no
 * carrier service, and asking again is what is left to do. Any later state proves an earlier step: a consignment ready to ship, being manifested, manifested (or
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
