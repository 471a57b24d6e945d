import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { ApiError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import {
  type QuoteReference,
  QuoteReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { type Call, defineOperation, type Operation } from '../core/transport.js';
import type { WaitOptions } from '../core/wait-for.js';
import { allocationRefusal } from './allocation-error.js';
import {
  type AllocateResult,
  AllocateResultSchema,
  AllocateResultsSchema,
  type AllocateWithFiltersResult,
  AllocateWithFiltersResultSchema,
  AllocationFiltersSchema,
  allocateResults,
  BulkAllocationAnswerSchema,
  type QueuedAllocation,
  type ShipmentAllocationFilters,
} from './allocation-shapes.js';
import { ServiceGroupReferenceSchema } from './quotes.js';
import { shipmentOperations } from './shipments/operations.js';
import { type ShipmentResult, ShipmentResultSchema } from './shipments/shipments.js';
import { type ShipmentWaitResult, waitForAllocation } from './waiting.js';
import { CARRIER_STATES, COLLECTION_BOOKING_STATES } from './wire-shapes.js';

/** A carrier service's reference (`FF_LINET-00001`), or a virtual service's. */
const ServiceReferenceSchema = lazySchema(() =>
  z.string({ error: 'expected a carrier service reference' }).check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,49}$/, {
      error: 'expected a carrier service reference (at most 50 URL-safe characters)',
    }),
  ),
);

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

function bulkOperation(name: OperationName, path: string, extra: Record<string, z.ZodMiniType>) {
  return defineOperation<AllocateResult[] | QueuedAllocation, AllocateResult[]>({
    name,
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

function singleOperation(
  name: OperationName,
  path: string,
  params: Record<string, z.ZodMiniType> = {},
): Operation<AllocateResult> {
  return defineOperation<AllocateResult>({
    name,
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

/** Allocating shipments to carrier services, and deallocating them. */
export class ShipmentAllocator extends Resource {
  /** @vendor Allocate Shipment with Default Rules @internal */
  static readonly allocate = singleOperation('allocateShipment', 'shipments/{shipmentReference}/allocate');

  /**
   * Allocate Shipment with Default Rules, **only in the vendor's older OpenAPI file**: allocates one
   * `unallocated` or `allocation_failed` shipment by your account's rules; 200 when allocated, 202 when
   * queued. Check `state`: a 2xx can still say `allocation_failed`. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is in a state that cannot be allocated.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   *
   * @example
   * ```ts
   * const { state } = await shipments.allocation.allocate('sp_01hzy…');
   * if (state === 'allocating') await shipments.allocation.wait(['sp_01hzy…']);
   * ```
   */
  allocate(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<AllocateResult> {
    return transportOf(this).send(ShipmentAllocator.allocate, { params: { shipmentReference } }, options);
  }

  /** @vendor Allocate Shipments with Default Rules @internal */
  static readonly allocateMany = bulkOperation('allocateShipments', 'shipments/allocate', {});

  /**
   * Allocate Shipments with Default Rules: queues 1 to 100 `unallocated` or `allocation_failed` shipments
   * for allocation by your account's rules (202, one result each, `state` `allocating`); follow each with
   * {@link ShipmentsClient.get} or {@link ShipmentAllocator.wait}. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for no shipment, more than 100, or one that is
   *   not `sp_…`.
   * @throws {@link ApiError} with `status` 407 when some were allocated and others not (the file's
   *   partial success, with an error body): read each shipment's state. Node's and browsers' `fetch`
   *   turn a 407 into a network error (the fetch standard reserves 407 for proxies), so with them this
   *   answer arrives as the {@link OutcomeUnknownError} below.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came (or a 407 that
   *   fetch would not read): settle it with {@link ShipmentsClient.reconcile}.
   */
  allocateMany(shipmentReferences: ShipmentReference[], options?: RequestOptions): Promise<AllocateResult[]> {
    return transportOf(this).send(
      ShipmentAllocator.allocateMany,
      { body: { shipments: shipmentReferences } },
      options,
    );
  }

  /** @vendor Allocate Shipment with Carrier Service @internal */
  static readonly allocateWithCarrierService = singleOperation(
    'allocateShipmentWithCarrierService',
    'shipments/{shipmentReference}/allocate/service/{serviceReference}',
    { serviceReference: ServiceReferenceSchema },
  );

  /**
   * Allocate Shipment with Carrier Service: allocates the shipment to one carrier service, if your
   * allocation rules allow it; 200 when allocated, 202 when queued. Check `state`. Non-repeatable.
   *
   * @param serviceReference - The carrier service's reference (`FF_LINET-00001`).
   * @throws {@link NotFoundError} for an unknown shipment or service.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateWithCarrierService(
    shipmentReference: ShipmentReference,
    serviceReference: string,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return transportOf(this).send(
      ShipmentAllocator.allocateWithCarrierService,
      { params: { shipmentReference, serviceReference } },
      options,
    );
  }

  /** @vendor Allocate Shipments with Carrier Service @internal */
  static readonly allocateManyWithCarrierService = bulkOperation(
    'allocateShipmentsWithCarrierService',
    'shipments/allocate/service',
    { carrier_service_reference: lazySchema(() => z.string().check(z.minLength(1))) },
  );

  /**
   * Allocate Shipments with Carrier Service: queues 1 to 100 shipments for one carrier service (202);
   * a 207 (some queued, some not) is answered the same way, one result each: check each `state`.
   * Non-repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment or service.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateManyWithCarrierService(
    shipmentReferences: ShipmentReference[],
    carrierServiceReference: string,
    options?: RequestOptions,
  ): Promise<AllocateResult[]> {
    return transportOf(this).send(
      ShipmentAllocator.allocateManyWithCarrierService,
      { body: { shipments: shipmentReferences, carrier_service_reference: carrierServiceReference } },
      options,
    );
  }

  /** @vendor Allocate Shipment with Service Group @internal */
  static readonly allocateWithServiceGroup = singleOperation(
    'allocateShipmentWithServiceGroup',
    'shipments/{shipmentReference}/allocate/service_group/{groupReference}',
    { groupReference: ServiceGroupReferenceSchema },
  );

  /**
   * Allocate Shipment with Service Group: allocates the shipment to the cheapest eligible service of a
   * carrier service group; 200 when allocated, 202 when queued. Check `state`. Non-repeatable.
   *
   * @param serviceGroup - The carrier service group's reference (`valuableGoods`): not a shipment group.
   * @throws {@link NotFoundError} for an unknown shipment or service group.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateWithServiceGroup(
    shipmentReference: ShipmentReference,
    serviceGroup: string,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return transportOf(this).send(
      ShipmentAllocator.allocateWithServiceGroup,
      { params: { shipmentReference, groupReference: serviceGroup } },
      options,
    );
  }

  /** @vendor Allocate Shipments with Service Group @internal */
  static readonly allocateManyWithServiceGroup = bulkOperation(
    'allocateShipmentsWithServiceGroup',
    'shipments/allocate/service_group',
    { service_group: lazySchema(() => z.string().check(z.minLength(1))) },
  );

  /**
   * Allocate Shipments with Service Group: queues 1 to 100 shipments for the cheapest service of a
   * carrier service group (202). The file's 407 (some allocated, some not) carries one result each and is
   * returned as they are: check each `state`. Only a `fetch` that hands a 407 over reads it so: Node's
   * and browsers' `fetch` turn a 407 into a network error (the fetch standard reserves it for proxies),
   * which is an {@link OutcomeUnknownError} here. Non-repeatable.
   *
   * @param serviceGroup - The carrier service group's reference (`valuableGoods`): not a shipment group.
   * @throws {@link NotFoundError} for an unknown shipment or service group.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came (or a 407 that
   *   fetch would not read): settle it with {@link ShipmentsClient.reconcile}.
   */
  allocateManyWithServiceGroup(
    shipmentReferences: ShipmentReference[],
    serviceGroup: string,
    options?: RequestOptions,
  ): Promise<AllocateResult[]> {
    return allowingPartial(
      transportOf(this).send(
        ShipmentAllocator.allocateManyWithServiceGroup,
        { body: { shipments: shipmentReferences, service_group: serviceGroup } },
        options,
      ),
      AllocateResultsSchema,
    );
  }

  /** @vendor Allocate Shipment with Quote @internal */
  static readonly allocateWithQuote = singleOperation(
    'allocateShipmentWithQuote',
    'shipments/{shipmentReference}/allocate/quote/{quoteReference}',
    { quoteReference: QuoteReferenceSchema },
  );

  /**
   * Allocate Shipment with Quote: allocates the shipment with a quote made for it (`qu_…`, from
   * {@link ShipmentQuotes.getForShipment}) before it expires; 200 when allocated (labels can then
   * be fetched), 202 when queued. Check `state`. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not `qu_…` (the quote
   *   result's own `qc_…` never allocates).
   * @throws {@link NotFoundError} for an unknown shipment or quote.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   *
   * @example
   * ```ts
   * const cheapest = cheapestShipmentQuote((await shipments.quotes.getForShipment(reference)).quotes);
   * if (cheapest) await shipments.allocation.allocateWithQuote(reference, cheapest.reference);
   * ```
   */
  allocateWithQuote(
    shipmentReference: ShipmentReference,
    quoteReference: QuoteReference,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return transportOf(this).send(
      ShipmentAllocator.allocateWithQuote,
      { params: { shipmentReference, quoteReference } },
      options,
    );
  }

  /** @vendor Allocate Shipment with Virtual Service @internal */
  static readonly allocateWithVirtualService = singleOperation(
    'allocateShipmentWithVirtualService',
    'shipments/{shipmentReference}/allocate/virtual_service/{virtualService}',
    { virtualService: ServiceReferenceSchema },
  );

  /**
   * Allocate Shipment with Virtual Service: allocates by a reference that names either a carrier
   * service or a service group (200). Check `state`. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the reference names both (`non_unique_reference`).
   * @throws {@link NotFoundError} when it names neither, or for an unknown shipment.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateWithVirtualService(
    shipmentReference: ShipmentReference,
    virtualService: string,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return transportOf(this).send(
      ShipmentAllocator.allocateWithVirtualService,
      { params: { shipmentReference, virtualService } },
      options,
    );
  }

  /** @vendor Allocate Shipments with Filters @internal */
  static readonly allocateManyWithFilters = defineOperation<AllocateWithFiltersResult>({
    name: 'allocateShipmentsWithFilters',
    method: 'PUT',
    path: 'shipments/allocate/filters',
    body: lazySchema(() => z.strictObject({ shipments: listOf(100), filters: AllocationFiltersSchema })),
    response: AllocateWithFiltersResultSchema,
    retry: 'non-repeatable',
    outcome: ALLOCATE,
    references: bulkReferences,
    refusal: allocationRefusal,
  });

  /**
   * Allocate Shipments with Filters: queues 1 to 100 shipments for the services matching the filters
   * (`direction`, and optionally `tags`, `pickup`, `drop_off`). Answers the request's reference and links
   * to the shipments queued (202). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for no shipment, more than 100, or a bad filter.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateManyWithFilters(
    shipmentReferences: ShipmentReference[],
    filters: ShipmentAllocationFilters,
    options?: RequestOptions,
  ): Promise<AllocateWithFiltersResult> {
    return transportOf(this).send(
      ShipmentAllocator.allocateManyWithFilters,
      { body: { shipments: shipmentReferences, filters } },
      options,
    );
  }

  /** @vendor De-allocate Shipment @internal */
  static readonly deallocate = defineOperation<ShipmentResult>({
    name: 'deallocateShipment',
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

  /**
   * De-allocate Shipment, **only in the vendor's older OpenAPI file**: undoes an allocation (not once in
   * transit); 200, or 202 when queued. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is not allocated, or is in transit.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been de-allocated but no answer came: settle it
   *   with {@link ShipmentsClient.reconcile}.
   */
  deallocate(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<ShipmentResult> {
    return transportOf(this).send(ShipmentAllocator.deallocate, { params: { shipmentReference } }, options);
  }

  /** What waiting sends: Get Shipment, over and over. @internal */
  static readonly wait = [shipmentOperations.get];

  /**
   * Waits for queued allocations: reads each shipment (Get Shipment, repeatable reads only) until it is
   * allocated (or past it: booked, ready to ship, manifested…), failed (`allocation_failed`, cancelled, not
   * found) or the deadline passes, polling with backoff. `allocating` is queued: it comes back `pending`
   * at the deadline, and must never be allocated again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `sp_…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   *
   * @example
   * ```ts
   * const results = await shipments.allocation.wait(references, { deadline: 60_000 });
   * const stillQueued = results.filter((result) => result.status === 'pending');
   * ```
   */
  wait(
    shipmentReferences: readonly ShipmentReference[],
    options?: WaitOptions,
  ): Promise<ShipmentWaitResult[]> {
    return waitForAllocation(transportOf(this), shipmentReferences, options);
  }
}
