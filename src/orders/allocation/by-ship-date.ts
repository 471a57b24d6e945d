import * as z from 'zod/mini';
import { transportOf } from '../../core/client-base.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { type Call, defineOperation } from '../../core/operation.js';
import type { OperationName } from '../../core/operation-names.js';
import type { RequestOptions } from '../../core/options.js';
import type { ConsignmentReference } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import type { Schema } from '../../core/schema.js';
import { checkInput } from '../../core/validation.js';
import { fieldsOfBody } from '../wire-shapes.js';
import {
  ALLOCATION_OUTCOME,
  type AllocateAllRequest,
  type AllocationSummary,
  AllocationSummarySchema,
} from './schemas.js';
import { consignmentOfSummary, settleAllocation } from './settle.js';

// Allocating every consignment due to ship by a date: a query, as Manifest From Query is, not a list.

/** A day (`2026-03-02`) or a moment with its offset (`2026-03-02T17:00:00Z`), and a real one. */
const SHIP_BY = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const isShipByDate = (value: string) =>
  SHIP_BY.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  // `2026-02-30` parses in some engines (as 2 March): the day must be the one written.
  new Date(Date.parse(value.slice(0, 10))).toISOString().slice(0, 10) === value.slice(0, 10);
const shipByDateSchema = lazySchema(() =>
  z.string().check(
    z.refine(isShipByDate, {
      error:
        'ShipByDate must be a date (2026-03-02) or a date and time with its offset (2026-03-02T17:00:00Z)',
    }),
  ),
);
const nonEmpty = (what: string) => z.string().check(z.minLength(1, `${what} must not be empty`));

const requestSchema = (choice: Record<string, () => z.ZodMiniType<string>>) =>
  lazySchema(() =>
    z.strictObject({
      ShipByDate: shipByDateSchema,
      // An empty location would read as every location's consignments: refused, never sent.
      ShippingLocationReference: z.optional(nonEmpty('ShippingLocationReference')),
      ...Object.fromEntries(Object.entries(choice).map(([key, schema]) => [key, schema()])),
    }),
  ) as Schema<AllocateAllRequest>;

/** A ship-by date allocation with a carrier service: every due consignment goes to that service. */
export interface AllocateAllWithCarrierServiceRequest extends AllocateAllRequest {
  /** The carrier service (its `MpdCarrierServiceReference`, the portal's service code). */
  MpdCarrierServiceReference: string;
}
/** A ship-by date allocation within a service group: each due consignment to the group's cheapest. */
export interface AllocateAllWithServiceGroupRequest extends AllocateAllRequest {
  /** The service group (its "Service Group Code" in the portal). */
  MpdCarrierServiceGroupReference: string;
}

/**
 * One ship-by date variant. A query names no consignment: a lost answer is settled by what it has left
 * (`reconcile` lists the `Unallocated` consignments still due by the date, each not done), as Manifest
 * From Query's is. The ledger claims the location it names (`*`: none) and tells one query from
 * another by its digest: the same date, location and service is the same call, met again.
 */
function byShipDate(name: OperationName, path: string, body: Schema) {
  return defineOperation({
    name,
    method: 'PUT',
    path: `allocation/${path}/{shipByDate}`,
    params: { shipByDate: shipByDateSchema },
    body,
    response: lazySchema(() => z.array(AllocationSummarySchema)),
    retry: 'non-repeatable',
    outcome: ALLOCATION_OUTCOME,
    references: fieldsOfBody('ShippingLocationReference'),
    // The query is what settling reads again; a date, a location and a service hold no personal data.
    settleWith: (call: Call) => ({ body: call.body }),
    ledgerKey: (call: Call) => ({ asks: { digest: call.body } }),
  });
}

/**
 * Allocation by ship-by date: every `Unallocated` consignment due to ship by a date (at one shipping
 * location, or all), by the default rules, to one carrier service, or within a service group.
 */
export class AllocationByShipDate extends Resource {
  async #send(
    operation: ReturnType<typeof byShipDate>,
    request: AllocateAllRequest,
    options: RequestOptions | undefined,
  ): Promise<AllocationSummary[]> {
    // Checked as given before the transport copies it: an unset location must not read as every one.
    const checked = checkInput(
      operation.body as Schema<AllocateAllRequest>,
      request,
      'ship-by date allocation',
    );
    const transport = transportOf(this);
    // The path's date is the checked one, so that the path and the body never disagree.
    const summaries = await transport.send(
      operation,
      { params: { shipByDate: checked.ShipByDate }, body: request },
      options,
    );
    // Unchecked (`validation: 'off'`) and not a list: returned as sent.
    if (!Array.isArray(summaries)) return summaries;
    // The consignments are the service's choice: each summary's links name its own.
    const named = summaries
      .map(consignmentOfSummary)
      .filter((reference): reference is ConsignmentReference => reference !== undefined);
    return settleAllocation(transport, operation.name, named, summaries, options);
  }

  /** @vendor Allocate All Unallocated Consignments @internal */
  static readonly allocate = byShipDate('allocateAllUnallocated', 'allocate', requestSchema({}));

  /**
   * Allocate All Unallocated Consignments: allocates every `Unallocated` consignment due to ship by
   * `ShipByDate` (of `ShippingLocationReference` alone, when given) to its cheapest eligible carrier
   * service, and returns one summary per consignment allocated (each names its consignment in its
   * `ApiLinks`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a `ShipByDate` that is not a date (or a
   *   date and time with its offset), an empty location, or a key the request does not know.
   * @throws {@link AllocationError} when any of them was not allocated (no service eligible): it lists the
   *   allocated ones with their summaries and the others with the service's reason.
   * @throws {@link OutcomeUnknownError} when consignments may have been allocated but no answer came:
   *   {@link OrdersClient.reconcile} lists those still left to allocate; sending it again allocates only
   *   those.
   *
   * @example
   * ```ts
   * const summaries = await orders.allocation.byShipDate.allocate({ ShipByDate: '2026-03-02' });
   * console.log(`${summaries.length} consignments allocated`);
   * ```
   */
  allocate(request: AllocateAllRequest, options?: RequestOptions): Promise<AllocationSummary[]> {
    return this.#send(AllocationByShipDate.allocate, request, options);
  }

  /** @vendor Allocate All With Carrier Service @internal */
  static readonly allocateWithCarrierService = byShipDate(
    'allocateAllWithCarrierService',
    'allocatewithcarrierservice',
    requestSchema({ MpdCarrierServiceReference: () => nonEmpty('MpdCarrierServiceReference') }),
  );

  /**
   * Allocate All With Carrier Service: allocates every `Unallocated` consignment due to ship by
   * `ShipByDate` (of one location, when given) to the carrier service `MpdCarrierServiceReference`; one
   * it cannot carry is left `AllocationFailed`. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a bad `ShipByDate`, an empty service or
   *   location, or an unknown key.
   * @throws {@link AllocationError} when any was not allocated.
   * @throws {@link BadRequestError} for an unknown service.
   * @throws {@link OutcomeUnknownError} when consignments may have been allocated but no answer came:
   *   {@link OrdersClient.reconcile} lists those still left.
   *
   * @example
   * ```ts
   * await orders.allocation.byShipDate.allocateWithCarrierService({
   *   ShipByDate: '2026-03-02',
   *   MpdCarrierServiceReference: 'MOCK-24',
   * });
   * ```
   */
  allocateWithCarrierService(
    request: AllocateAllWithCarrierServiceRequest,
    options?: RequestOptions,
  ): Promise<AllocationSummary[]> {
    return this.#send(AllocationByShipDate.allocateWithCarrierService, request, options);
  }

  /** @vendor Allocate All With Service Group @internal */
  static readonly allocateWithServiceGroup = byShipDate(
    'allocateAllWithServiceGroup',
    'allocatewithservicegroup',
    requestSchema({ MpdCarrierServiceGroupReference: () => nonEmpty('MpdCarrierServiceGroupReference') }),
  );

  /**
   * Allocate All With Service Group: allocates every `Unallocated` consignment due to ship by
   * `ShipByDate` (of one location, when given) to the cheapest eligible service of the group
   * `MpdCarrierServiceGroupReference`. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a bad `ShipByDate`, an empty group or
   *   location, or an unknown key.
   * @throws {@link AllocationError} when any was not allocated.
   * @throws {@link NotFoundError} for an unknown group.
   * @throws {@link OutcomeUnknownError} when consignments may have been allocated but no answer came:
   *   {@link OrdersClient.reconcile} lists those still left.
   *
   * @example
   * ```ts
   * await orders.allocation.byShipDate.allocateWithServiceGroup({
   *   ShipByDate: '2026-03-02',
   *   MpdCarrierServiceGroupReference: 'NEXT-DAY',
   * });
   * ```
   */
  allocateWithServiceGroup(
    request: AllocateAllWithServiceGroupRequest,
    options?: RequestOptions,
  ): Promise<AllocationSummary[]> {
    return this.#send(AllocationByShipDate.allocateWithServiceGroup, request, options);
  }
}
