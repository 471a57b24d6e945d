import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { answeredReference, type ShipmentReference } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import {
  type CarrierDetails,
  CarrierDetailsSchema,
  type ExcludedService,
  ExcludedServiceSchema,
  type Link,
  LinksSchema,
  type Price,
  PriceSchema,
  type ShipmentState,
  ShipmentStateSchema,
  type ShipmentsApiErrorBody,
  ShipmentsApiErrorBodySchema,
  type TrackingDetails,
  TrackingDetailsSchema,
} from './wire-shapes.js';

// What the allocation operations send (filters) and answer, in both the OpenAPI files' form and the guides'.

/** Whether, and how, the paperless documents reached the carrier at allocation. */
export interface PaperlessDocumentsOutcome {
  /** Whether they were sent. */
  sent_to_carrier?: boolean | undefined;
  /** `not_supported`, `electronic_only`, `electronic_and_physical` or `not_applicable`. */
  usage_type?:
    | OpenEnum<'not_supported' | 'electronic_only' | 'electronic_and_physical' | 'not_applicable'>
    | undefined;
}
/**
 * What an allocation answers for one shipment. Decide on `state` (`allocated`, `allocating` when
 * queued, `allocation_failed`), never on `message`: a 2xx can still say `allocation_failed`.
 */
export interface AllocateResult {
  /** The shipment, to pass back to the other methods as it is. */
  shipment_reference: ShipmentReference;
  /** The outcome. */
  state: ShipmentState;
  /**
   * For the service's support. Required in the OpenAPI files, but missing from every one of their
   * allocation examples and from the guides' (the service acted all the same): read when present.
   */
  correlation_id?: string | undefined;
  /** What it costs; missing on failure. */
  price?: Price | undefined;
  /** In words, for display. */
  message?: string | null | undefined;
  /** The carrier service allocated. */
  carrier?: CarrierDetails | undefined;
  /** The carrier's tracking numbers. */
  tracking_details?: TrackingDetails | undefined;
  /** The label links (PDF and ZPL, no resolution) and the shipment. */
  _links?: Link[] | null | undefined;
  /** The errors behind a failed attempt. */
  details?: ShipmentsApiErrorBody[] | null | undefined;
  /** The services that could not be used, and why. */
  excluded_services?: ExcludedService[] | null | undefined;
  /** Whether the paperless documents went to the carrier. */
  paperless_documents?: PaperlessDocumentsOutcome | undefined;
}
/** Checks an {@link AllocateResult}: one shipment's outcome of an allocation. */
export const AllocateResultSchema = schemaOf<AllocateResult>()(() =>
  z.looseObject({
    shipment_reference: answeredReference<ShipmentReference>('sp_', 'a shipment reference'),
    state: ShipmentStateSchema,
    correlation_id: z.optional(z.string()),
    price: z.optional(PriceSchema),
    message: z.nullish(z.string()),
    carrier: z.optional(CarrierDetailsSchema),
    tracking_details: z.optional(TrackingDetailsSchema),
    _links: LinksSchema,
    details: z.nullish(z.array(ShipmentsApiErrorBodySchema)),
    excluded_services: z.nullish(z.array(ExcludedServiceSchema)),
    paperless_documents: z.optional(
      z.looseObject({
        sent_to_carrier: z.optional(z.boolean()),
        usage_type: z.optional(openEnum<NonNullable<PaperlessDocumentsOutcome['usage_type']>>()),
      }),
    ),
  }),
);
export const AllocateResultsSchema = lazySchema(() => z.array(AllocateResultSchema));

// Not exported by the package: the wire answer of a queued allocation, read into an AllocateResult.
/**
 * A bulk allocation's answer as the allocation guides show it: the shipments queued, and those rejected
 * with why, rather than the OpenAPI files' list of results.
 */
export interface QueuedAllocation {
  message?: string | null | undefined;
  queued?: string[] | null | undefined;
  rejected?: { code: string; message: string; references?: string[] | null | undefined }[] | null | undefined;
}
export const BulkAllocationAnswerSchema = lazySchema(() =>
  z.union([
    AllocateResultsSchema,
    z.looseObject({
      message: z.nullish(z.string()),
      queued: z.nullish(z.array(z.string())),
      rejected: z.nullish(
        z.array(
          z.looseObject({
            code: z.string(),
            message: z.string(),
            references: z.nullish(z.array(z.string())),
          }),
        ),
      ),
    }),
  ]),
) as unknown as z.ZodMiniType<AllocateResult[] | QueuedAllocation>;

/**
 * Either form of a bulk allocation's answer as the one the methods return: a queued shipment is
 * `allocating`, a rejected one `allocation_failed` with the rejection's code and message.
 */
export function allocateResults(answer: AllocateResult[] | QueuedAllocation): AllocateResult[] {
  if (Array.isArray(answer)) return answer;
  const queued = (answer.queued ?? []).map(
    (reference): AllocateResult => ({
      shipment_reference: reference as ShipmentReference,
      state: 'allocating',
      message: answer.message,
    }),
  );
  const rejected = (answer.rejected ?? []).flatMap((rejection) =>
    (rejection.references ?? []).map(
      (reference): AllocateResult => ({
        shipment_reference: reference as ShipmentReference,
        state: 'allocation_failed',
        message: `${rejection.code}: ${rejection.message}`,
      }),
    ),
  );
  return [...queued, ...rejected];
}

/** The filters of Allocate Shipments with Filters: a service must match them all. */
export interface ShipmentAllocationFilters {
  /** `outbound` or `inbound`. */
  direction: OpenEnum<'outbound' | 'inbound'>;
  /** Tags a service must all carry, at most 10. */
  tags?: string[] | null | undefined;
  /** Whether to include services where the consumer collects. */
  pickup?: boolean | null | undefined;
  /** Whether to include drop-off services. */
  drop_off?: boolean | null | undefined;
}
/** What Allocate Shipments with Filters answers (202). */
export interface AllocateWithFiltersResult {
  /** The request's reference. */
  reference: string;
  /** In words. */
  message: string;
  /** Links to the shipments queued. */
  shipments?: Link[] | null | undefined;
}
/** Checks {@link ShipmentAllocationFilters}. */
export const AllocationFiltersSchema = schemaOf<ShipmentAllocationFilters>()(() =>
  z.strictObject({
    direction: openEnum<ShipmentAllocationFilters['direction']>(),
    tags: z.nullish(z.array(z.string()).check(z.maxLength(10))),
    pickup: z.nullish(z.boolean()),
    drop_off: z.nullish(z.boolean()),
  }),
);
export const AllocateWithFiltersResultSchema = schemaOf<AllocateWithFiltersResult>()(() =>
  z.looseObject({ reference: z.string(), message: z.string(), shipments: LinksSchema }),
);
