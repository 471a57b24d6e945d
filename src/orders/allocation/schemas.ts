import * as z from 'zod/mini';
import type { AllocationSummary, ApiLink, ConsignmentLeg } from '../../core/allocation-summary.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import type { Call } from '../../core/operation.js';
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

/** Whose label an {@link AllocateAndGetLabelsResult} holds: the consignment's, or its return consignment's. */
export type AllocationLabelType = OpenEnum<'Consignment' | 'Return'>;

/** What became of one part of an allocate-and-get-labels request (the C# `ConsignmentOperationResult`). */
export type ConsignmentOperationResult = OpenEnum<
  | 'Unknown'
  | 'ConsignmentCreated'
  | 'ConsignmentAllocated'
  | 'ConsignmentAllocationFailed'
  | 'ConsignmentCreationFailed'
  | 'OperationFailed'
  | 'OperationSucceed'
  | 'OperationPartialSuccess'
  | 'ReturnConsignmentCreated'
  | 'ReturnConsignmentAllocated'
  | 'ReturnConsignmentAllocationFailed'
  | 'ReturnConsignmentCreationFailed'
>;

/**
 * One label of an allocate-and-get-labels answer, with the allocation it follows from: the consignment's,
 * and a second one for its return consignment when it has one.
 */
export interface AllocateAndGetLabelsResult {
  /** Whose label this is: `Consignment` or `Return`. */
  LabelType: AllocationLabelType;
  /** The HTTP status of this part of the request (200 when it succeeded). */
  StatusCode: number;
  /** Base64 of the label file, in the format asked for. */
  LabelContent?: string | null | undefined;
  /** The label file's media type (`application/pdf`…). */
  LabelFileType?: string | null | undefined;
  /** Whether this part succeeded: `ConsignmentAllocated`, `ConsignmentAllocationFailed`… */
  Result: ConsignmentOperationResult;
  /** The legs of the journey, each with its carrier and tracking references. */
  ConsignmentLegs: ConsignmentLeg[] | null;
  /** The carrier chosen. */
  CarrierReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
  /** The carrier service chosen. */
  CarrierServiceReference?: string | null | undefined;
  /** The carrier service's display name. */
  CarrierServiceName?: string | null | undefined;
  /** The outcome, in words. */
  Message?: string | null | undefined;
  /** Links to what the allocation made or names: the consignment, its labels. */
  ApiLinks?: ApiLink[] | null | undefined;
}
export const AllocateAndGetLabelsResultSchema = schemaOf<AllocateAndGetLabelsResult>()(() =>
  z.looseObject({
    LabelType: openEnum<'Consignment' | 'Return'>(['Consignment', 'Return']),
    StatusCode: z.number(),
    LabelContent: text,
    LabelFileType: text,
    Result: z.string() as unknown as z.ZodMiniType<ConsignmentOperationResult, ConsignmentOperationResult>,
    // Required by the contract: always sent, `null` read as none.
    ConsignmentLegs: z.nullable(z.array(ConsignmentLegSchema)),
    CarrierReference: text,
    CarrierName: text,
    CarrierServiceReference: text,
    CarrierServiceName: text,
    Message: text,
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  }),
);

/** The answer of the allocate-and-get-labels operations: one result per label. */
export interface AllocateAndGetLabelsResponse {
  /** One per label: the consignment's, then its return consignment's when it has one. */
  Responses?: AllocateAndGetLabelsResult[] | null | undefined;
}
export const AllocateAndGetLabelsResponseSchema = schemaOf<AllocateAndGetLabelsResponse>()(() =>
  z.looseObject({ Responses: z.nullish(z.array(AllocateAndGetLabelsResultSchema)) }),
);

/**
 * What the SDK does not know of a ship-by date allocation: every `Unallocated` consignment due to ship by
 * `ShipByDate` (at one shipping location, when given) is allocated.
 */
export interface AllocateAllRequest {
  /**
   * The last shipping day (`2026-03-02`) or moment (`2026-03-02T17:00:00Z`): consignments due to ship by
   * then are allocated. Sent in the path and the body.
   */
  ShipByDate: string;
  /** Only the consignments of this shipping location; left out, every location's. */
  ShippingLocationReference?: string | undefined;
}

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

/** The references of an allocation of the one consignment its path names. */
export const consignmentInPath = (call: Call) => [String(call.params?.consignmentReference ?? '')];
