import * as z from 'zod/mini';
import { schemaOf } from '../../core/schema-of.js';
import {
  type ApiLink,
  ApiLinkSchema,
  type ConsignmentLeg,
  ConsignmentLegSchema,
  text,
} from '../wire-shapes.js';

// Allocation's types: the summary the service answers for each consignment it placed, the filters that
// narrow the services, and the states allocation starts from and leads to.

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
