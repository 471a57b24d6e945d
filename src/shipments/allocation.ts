import { Resource } from '../core/resource.js';
import * as z from 'zod/mini';
import { ApiError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import {
  answeredReference,
  prefixedReference,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { type Call, defineOperation, type Operation, type Transport } from '../core/transport.js';
import { allocationRefusal } from './allocation-error.js';
import { ServiceGroupReferenceSchema } from './quotes.js';
import type { ResourceResult } from './wire-shapes.js';
import {
  CARRIER_STATES,
  type CarrierDetails,
  CarrierDetailsSchema,
  COLLECTION_BOOKING_STATES,
  type ExcludedService,
  ExcludedServiceSchema,
  IssuedResourceResultSchema,
  type Link,
  LinksSchema,
  type Price,
  PriceSchema,
  resourceResultOf,
  type ShipmentState,
  ShipmentStateSchema,
  type ShipmentsApiErrorBody,
  ShipmentsApiErrorBodySchema,
  type TrackingDetails,
  TrackingDetailsSchema,
} from './wire-shapes.js';

/** What the operation answers, its `reference` the shipment reference: pass it back to the methods as it is. */
type ShipmentResult = ResourceResult<ShipmentReference>;
const ShipmentResultSchema = resourceResultOf<ShipmentReference>(
  IssuedResourceResultSchema,
  'sp_',
  'a shipment reference',
);

/** A quote's reference, `qu_…`, from a {@link ShipmentQuoteResult}'s `quotes` (never the result's own `qc_`). */
export type QuoteReference = `qu_${string}`;
const QuoteReferenceSchema = prefixedReference<QuoteReference>('qu_', 'a quote reference');
/** A carrier service's reference (`FF_LINET-00001`), or a virtual service's. */
const ServiceReferenceSchema = lazySchema(() =>
  z.string({ error: 'expected a carrier service reference' }).check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,49}$/, {
      error: 'expected a carrier service reference (at most 50 URL-safe characters)',
    }),
  ),
);

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

/**
 * A bulk allocation's answer as the allocation guides show it: the shipments queued, and those rejected
 * with why, rather than the OpenAPI files' list of results.
 */
interface QueuedAllocation {
  message?: string | null | undefined;
  queued?: string[] | null | undefined;
  rejected?: { code: string; message: string; references?: string[] | null | undefined }[] | null | undefined;
}
const BulkAllocationAnswerSchema = lazySchema(() =>
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
function allocateResults(answer: AllocateResult[] | QueuedAllocation): AllocateResult[] {
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

/** The states allocation starts from, and those it leads to (a shipment that went on has been allocated). */
const ALLOCATE = {
  from: ['unallocated', 'allocation_failed'],
  to: [
    'allocating',
    'allocated',
    'booking',
    'booking_failed',
    'booked',
    ...COLLECTION_BOOKING_STATES,
    'ready_to_ship',
    'manifesting',
    'manifest_failed',
    'manifested',
    ...CARRIER_STATES,
  ],
} as const;

const listOf = (max: number) => z.array(ShipmentReferenceSchema).check(z.minLength(1), z.maxLength(max));
const bulkReferences = (call: Call) => [...((call.body as { shipments: string[] }).shipments ?? [])];

/** A 407 is the files' partial success of two bulk allocations; where it carries results, they are the answer. */
async function allowingPartial<T>(send: Promise<T>, partial: z.ZodMiniType<T> | undefined): Promise<T> {
  try {
    return await send;
  } catch (error) {
    if (partial && error instanceof ApiError && error.status === 407) {
      const read = partial.safeParse(error.body);
      if (read.success) return read.data;
    }
    throw error;
  }
}

function bulkOperation(
  name: OperationName,
  vendor: string,
  path: string,
  extra: Record<string, z.ZodMiniType>,
) {
  return defineOperation<AllocateResult[] | QueuedAllocation, AllocateResult[]>({
    name,
    vendor,
    method: 'PUT',
    path,
    body: lazySchema(() => z.strictObject({ shipments: listOf(100), ...extra })),
    // The OpenAPI files answer a list of results; the guides, the shipments queued and rejected.
    response: BulkAllocationAnswerSchema,
    result: allocateResults,
    retry: 'non-repeatable',
    outcome: ALLOCATE,
    references: bulkReferences,
    refusal: allocationRefusal,
  });
}

export const allocateShipmentsOperation = bulkOperation(
  'allocateShipments',
  'Allocate Shipments with Default Rules',
  'shipments/allocate',
  {},
);
/** Allocate Shipments with Default Rules: queues 1 to 100 shipments. */
export function allocateShipments(
  transport: Transport,
  shipments: ShipmentReference[],
  options?: RequestOptions,
): Promise<AllocateResult[]> {
  return transport.send(allocateShipmentsOperation, { body: { shipments } }, options);
}

export const allocateShipmentsWithCarrierServiceOperation = bulkOperation(
  'allocateShipmentsWithCarrierService',
  'Allocate Shipments with Carrier Service',
  'shipments/allocate/service',
  { carrier_service_reference: lazySchema(() => z.string().check(z.minLength(1))) },
);
/** Allocate Shipments with Carrier Service: 202 when all were queued, 207 when some were not. */
export function allocateShipmentsWithCarrierService(
  transport: Transport,
  shipments: ShipmentReference[],
  carrierServiceReference: string,
  options?: RequestOptions,
): Promise<AllocateResult[]> {
  return transport.send(
    allocateShipmentsWithCarrierServiceOperation,
    { body: { shipments, carrier_service_reference: carrierServiceReference } },
    options,
  );
}

export const allocateShipmentsWithServiceGroupOperation = bulkOperation(
  'allocateShipmentsWithServiceGroup',
  'Allocate Shipments with Service Group',
  'shipments/allocate/service_group',
  { service_group: lazySchema(() => z.string().check(z.minLength(1))) },
);
/** Allocate Shipments with Service Group: a 407 with results is read as the partial success it is. */
export function allocateShipmentsWithServiceGroup(
  transport: Transport,
  shipments: ShipmentReference[],
  serviceGroup: string,
  options?: RequestOptions,
): Promise<AllocateResult[]> {
  return allowingPartial(
    transport.send(
      allocateShipmentsWithServiceGroupOperation,
      { body: { shipments, service_group: serviceGroup } },
      options,
    ),
    AllocateResultsSchema,
  );
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

export const allocateShipmentsWithFiltersOperation = defineOperation<AllocateWithFiltersResult>({
  name: 'allocateShipmentsWithFilters',
  vendor: 'Allocate Shipments with Filters',
  method: 'PUT',
  path: 'shipments/allocate/filters',
  body: lazySchema(() => z.strictObject({ shipments: listOf(100), filters: AllocationFiltersSchema })),
  response: AllocateWithFiltersResultSchema,
  retry: 'non-repeatable',
  outcome: ALLOCATE,
  references: bulkReferences,
  refusal: allocationRefusal,
});
/** Allocate Shipments with Filters. */
export function allocateShipmentsWithFilters(
  transport: Transport,
  shipments: ShipmentReference[],
  filters: ShipmentAllocationFilters,
  options?: RequestOptions,
): Promise<AllocateWithFiltersResult> {
  return transport.send(allocateShipmentsWithFiltersOperation, { body: { shipments, filters } }, options);
}

function singleOperation(
  name: OperationName,
  vendor: string,
  path: string,
  params: Record<string, z.ZodMiniType> = {},
): Operation<AllocateResult> {
  return defineOperation<AllocateResult>({
    name,
    vendor,
    method: 'PUT',
    path,
    params: { shipmentReference: ShipmentReferenceSchema, ...params },
    response: AllocateResultSchema,
    retry: 'non-repeatable',
    outcome: ALLOCATE,
    references: (call) => [String(call.params?.shipmentReference)],
    refusal: allocationRefusal,
  });
}

export const allocateShipmentOperation = singleOperation(
  'allocateShipment',
  'Allocate Shipment with Default Rules',
  'shipments/{shipmentReference}/allocate',
);
/** Allocate Shipment with Default Rules (older file only). */
export function allocateShipment(
  transport: Transport,
  shipment: ShipmentReference,
  options?: RequestOptions,
): Promise<AllocateResult> {
  return transport.send(allocateShipmentOperation, { params: { shipmentReference: shipment } }, options);
}

export const allocateShipmentWithQuoteOperation = singleOperation(
  'allocateShipmentWithQuote',
  'Allocate Shipment with Quote',
  'shipments/{shipmentReference}/allocate/quote/{quoteReference}',
  { quoteReference: QuoteReferenceSchema },
);
/** Allocate Shipment with Quote. */
export function allocateShipmentWithQuote(
  transport: Transport,
  shipment: ShipmentReference,
  quote: QuoteReference,
  options?: RequestOptions,
): Promise<AllocateResult> {
  return transport.send(
    allocateShipmentWithQuoteOperation,
    { params: { shipmentReference: shipment, quoteReference: quote } },
    options,
  );
}

export const allocateShipmentWithCarrierServiceOperation = singleOperation(
  'allocateShipmentWithCarrierService',
  'Allocate Shipment with Carrier Service',
  'shipments/{shipmentReference}/allocate/service/{serviceReference}',
  { serviceReference: ServiceReferenceSchema },
);
/** Allocate Shipment with Carrier Service. */
export function allocateShipmentWithCarrierService(
  transport: Transport,
  shipment: ShipmentReference,
  serviceReference: string,
  options?: RequestOptions,
): Promise<AllocateResult> {
  return transport.send(
    allocateShipmentWithCarrierServiceOperation,
    { params: { shipmentReference: shipment, serviceReference } },
    options,
  );
}

export const allocateShipmentWithServiceGroupOperation = singleOperation(
  'allocateShipmentWithServiceGroup',
  'Allocate Shipment with Service Group',
  'shipments/{shipmentReference}/allocate/service_group/{groupReference}',
  { groupReference: ServiceGroupReferenceSchema },
);
/** Allocate Shipment with Service Group. */
export function allocateShipmentWithServiceGroup(
  transport: Transport,
  shipment: ShipmentReference,
  serviceGroup: string,
  options?: RequestOptions,
): Promise<AllocateResult> {
  return transport.send(
    allocateShipmentWithServiceGroupOperation,
    { params: { shipmentReference: shipment, groupReference: serviceGroup } },
    options,
  );
}

export const allocateShipmentWithVirtualServiceOperation = singleOperation(
  'allocateShipmentWithVirtualService',
  'Allocate Shipment with Virtual Service',
  'shipments/{shipmentReference}/allocate/virtual_service/{virtualService}',
  { virtualService: ServiceReferenceSchema },
);
/** Allocate Shipment with Virtual Service. */
export function allocateShipmentWithVirtualService(
  transport: Transport,
  shipment: ShipmentReference,
  virtualService: string,
  options?: RequestOptions,
): Promise<AllocateResult> {
  return transport.send(
    allocateShipmentWithVirtualServiceOperation,
    { params: { shipmentReference: shipment, virtualService } },
    options,
  );
}

export const deallocateShipmentOperation = defineOperation<ShipmentResult>({
  name: 'deallocateShipment',
  vendor: 'De-allocate Shipment',
  method: 'DELETE',
  path: 'shipments/{shipmentReference}/allocation',
  params: { shipmentReference: ShipmentReferenceSchema },
  response: ShipmentResultSchema,
  retry: 'non-repeatable',
  outcome: {
    from: [
      'allocated',
      'ready_to_ship',
      'manifest_failed',
      'booking_failed',
      'booked',
      'collection_booked',
      'collection_booking_failed',
    ],
    to: ['unallocated'],
  },
});
/** De-allocate Shipment (older file only). */
export function deallocateShipment(
  transport: Transport,
  shipment: ShipmentReference,
  options?: RequestOptions,
): Promise<ShipmentResult> {
  return transport.send(deallocateShipmentOperation, { params: { shipmentReference: shipment } }, options);
}

/** Allocating shipments to carrier services, and deallocating them. */
export class ShipmentAllocation extends Resource {}
