import * as z from 'zod/mini';
import { AllocationError } from '../../core/allocation-error.js';
import { type ClientBase, transportOf } from '../../core/client-base.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { type Call, defineOperation, type Operation } from '../../core/operation.js';
import type { RequestOptions } from '../../core/options.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { type WaitOptions, waitFor } from '../../core/wait-for.js';
import { Consignments } from '../consignments/consignments.js';
import {
  allocationStatus,
  type ConsignmentWaitResult,
  checkedConsignments,
  consignmentWaitPlan,
} from '../waiting.js';
import {
  ConsignmentReferenceListSchema,
  ConsignmentReferencesBodySchema,
  consignmentsInBody,
  type OperationResult,
  OperationResultSchema,
} from '../wire-shapes.js';
import { AllocationByShipDate } from './by-ship-date.js';
import {
  ALLOCATION_OUTCOME,
  type AllocationFilters,
  AllocationFiltersSchema,
  type AllocationSummary,
  AllocationSummarySchema,
  consignmentInPath,
  type SummaryEach,
} from './schemas.js';
import { settleAllocation, settleOne } from './settle.js';
import { AllocationWithLabels } from './with-labels.js';

export type { AllocatedConsignment, UnallocatedConsignment } from '../../core/allocation-error.js';
export type { AllocationFilters, AllocationSummary, SummaryEach };
export { AllocationError };

/** The pages disagree on one summary or a list (the guides say one, the C# contract a list): read both. */
const oneOrList = lazySchema(() => z.union([AllocationSummarySchema, z.array(AllocationSummarySchema)]));
const asList = (body: AllocationSummary | AllocationSummary[]) => (Array.isArray(body) ? body : [body]);

/** The consignments a call allocated, as they were checked and sent: the list to read the answer against. */
const sentReferences = (sent: Call) => consignmentsInBody(sent) as ConsignmentReference[];

const quoteReferenceSchema = lazySchema(() =>
  z.string().check(z.minLength(1, 'a quote reference is needed')),
);
const serviceGroupSchema = lazySchema(() =>
  z.string().check(z.minLength(1, 'a service group reference is needed')),
);

/** Deallocating leads an allocated (or manifested) consignment back to `Unallocated`. */
type Summaries = AllocationSummary | AllocationSummary[];

/**
 * An allocation's declaration: a non-repeatable PUT whose lost answer is settled by the consignments'
 * states, answering one summary or a list (read as a list), and keyed by the consignments of its body
 * unless it says otherwise.
 */
const allocation = <Result = AllocationSummary[]>(
  declared: Pick<Operation<Summaries, Result>, 'name' | 'path' | 'params' | 'body' | 'references'> &
    Partial<Pick<Operation<Summaries, Result>, 'response' | 'result'>>,
) =>
  defineOperation<Summaries, Result>({
    method: 'PUT',
    response: oneOrList,
    result: asList as (body: Summaries) => Result,
    retry: 'non-repeatable',
    outcome: ALLOCATION_OUTCOME,
    references: consignmentsInBody,
    ...declared,
  });

const DEALLOCATED = { from: ['Allocated', 'Manifested', 'ManifestFailed'], to: ['Unallocated'] };

/**
 * Allocation: consignments placed with carrier services (by the allocation rules, the cheapest quote, a
 * named service, a quote, a service group or service filters), taken off them again, and waited for.
 */
export class ConsignmentAllocator extends Resource {
  /** Allocation and labels in one call: `orders.allocation.withLabels.allocate(consignment, 'PDF')`. */
  readonly withLabels: AllocationWithLabels;
  /** Every consignment due to ship by a date: `orders.allocation.byShipDate.allocate({ ShipByDate })`. */
  readonly byShipDate: AllocationByShipDate;

  /** Mounted by the client's constructor; not meant to be built on its own. */
  constructor(client: ClientBase) {
    super(client);
    this.withLabels = new AllocationWithLabels(client);
    this.byShipDate = new AllocationByShipDate(client);
  }

  /** Sends an allocation of the consignments of `body`, and settles their summaries. */
  async #many<Wire>(
    operation: Operation<Wire, AllocationSummary[]>,
    body: object,
    options: RequestOptions | undefined,
  ): Promise<AllocationSummary[]> {
    const transport = transportOf(this);
    const { result, sent } = await transport.exchange(operation, { body }, options);
    return settleAllocation(transport, operation.name, sentReferences(sent), result, options);
  }

  /** Sends an allocation of one consignment, the choice (quote, group) in its path, and settles its summary. */
  async #one(
    operation: Operation<Summaries, AllocationSummary[]>,
    consignmentReference: ConsignmentReference,
    choice: Record<string, string>,
    options: RequestOptions | undefined,
  ): Promise<AllocationSummary> {
    const transport = transportOf(this);
    const summaries = await transport.send(
      operation,
      { params: { consignmentReference, ...choice } },
      options,
    );
    return settleOne(transport, operation.name, consignmentReference, summaries, options);
  }

  /** @vendor Allocate Using Default Rules @internal */
  static readonly allocate = defineOperation({
    name: 'allocateConsignments',
    method: 'PUT',
    path: 'allocation/allocate',
    body: ConsignmentReferencesBodySchema,
    response: lazySchema(() => z.array(AllocationSummarySchema)),
    retry: 'non-repeatable',
    outcome: ALLOCATION_OUTCOME,
    references: consignmentsInBody,
  });

  /**
   * Allocate Using Default Rules: allocates each consignment in turn to the cheapest eligible carrier
   * service (enabled, shipping to the destination, meeting any delivery promise, allowed by the
   * organisation's allocation rules), and returns their summaries in the order the consignments were
   * passed: `summaries[i]` is `consignmentReferences[i]`'s, each with the carrier service chosen
   * (`CarrierServiceReference`); a summary that belongs to none of them (the service never sends one)
   * follows, kept rather than dropped. Non-repeatable.
   *
   * The service answers only for the consignments it allocated. When any consignment was not allocated,
   * this throws an {@link AllocationError} instead, which lists the allocated consignments with their
   * summaries and the others with the service's reason (read from each one's `FailedAllocation`): no
   * consignment is ever silently missing.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link AllocationError} when some or all of the consignments were not allocated (no carrier
   *   service eligible): the service has acted on the others.
   * @throws {@link BadRequestError} when the service refuses the request (a consignment not
   *   `Unallocated` or `AllocationFailed`…).
   * @throws {@link OutcomeUnknownError} when consignments may have been allocated but no answer came.
   *
   * @example
   * ```ts
   * const [summary] = await orders.allocation.allocate([consignment]);
   * console.log(summary.CarrierServiceReference);
   * ```
   */
  async allocate<const References extends readonly ConsignmentReference[]>(
    consignmentReferences: References,
    options?: RequestOptions,
  ): Promise<SummaryEach<References>> {
    // Checked as a list of references before sending, whatever the caller passed at run time.
    const body = { ConsignmentReferences: consignmentReferences as unknown as ConsignmentReference[] };
    return this.#many(ConsignmentAllocator.allocate, body, options) as Promise<SummaryEach<References>>;
  }

  /** @vendor Allocate Consignment @internal */
  static readonly allocateWithCheapestQuote = allocation({
    name: 'allocateWithCheapestQuote',
    path: 'allocation/{consignmentReference}/allocatewithcheapestquote',
    params: { consignmentReference: ConsignmentReferenceSchema },
    references: consignmentInPath,
    // The spec answers one summary, the vendor's C# SDK a list of them: read both.
    // An empty list is no answer: a ResponseValidationError that says the service has acted.
    result: (body) => (Array.isArray(body) ? body[0] : body),
  });

  /**
   * Allocate Consignment: allocates one consignment to the cheapest quote and returns its summary.
   * Non-repeatable. The spec answers one summary and the vendor's SDK a list of them: either is read,
   * and the (first) summary returned.
   *
   * @throws {@link AllocationError} when the answer reports that it was not allocated.
   * @throws {@link BadRequestError} when it cannot be allocated (not `Unallocated` or
   *   `AllocationFailed`, no quote available…), or {@link NotFoundError} for an unknown consignment.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came.
   * @throws {@link ResponseValidationError} for an answer with no summary (an empty list): the message
   *   says the service has acted, and names the consignment.
   */
  async allocateWithCheapestQuote(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    const transport = transportOf(this);
    const summary = await transport.send(
      ConsignmentAllocator.allocateWithCheapestQuote,
      { params: { consignmentReference } },
      options,
    );
    const [settled] = await settleAllocation(
      transport,
      'allocateWithCheapestQuote',
      [consignmentReference],
      [summary as AllocationSummary],
      options,
    );
    return settled ?? (summary as AllocationSummary);
  }

  /** @vendor Allocate With Carrier Service @internal */
  static readonly allocateWithCarrierService = allocation({
    name: 'allocateWithCarrierService',
    path: 'allocation/allocatewithcarrierservice',
    body: lazySchema(() =>
      z.looseObject({
        MpdCarrierServiceReference: z.string(),
        ConsignmentReferences: ConsignmentReferenceListSchema,
      }),
    ),
  });

  /**
   * Allocate With Carrier Service (Classic 2c, Order Flex 3c): allocates each consignment, in turn, to
   * the carrier service named (a quote's `MpdCarrierServiceReference`, the portal's service code), and
   * returns one summary per consignment, in the order passed. A consignment that service cannot carry is
   * left `AllocationFailed`, and nothing else is tried for it. Non-repeatable.
   *
   * @throws {@link AllocationError} when any consignment was not allocated: it lists the allocated ones
   *   with their summaries and the others with the service's reason.
   * @throws {@link BadRequestError} for an unknown service, or a consignment not `Unallocated` or
   *   `AllocationFailed`.
   * @throws {@link OutcomeUnknownError} when they may have been allocated but no answer came: settle it
   *   with {@link OrdersClient.reconcile}.
   */
  async allocateWithCarrierService<const References extends readonly ConsignmentReference[]>(
    consignmentReferences: References,
    carrierServiceReference: string,
    options?: RequestOptions,
  ): Promise<SummaryEach<References>> {
    const body = {
      MpdCarrierServiceReference: carrierServiceReference,
      ConsignmentReferences: consignmentReferences as unknown as ConsignmentReference[],
    };
    return this.#many(ConsignmentAllocator.allocateWithCarrierService, body, options) as Promise<
      SummaryEach<References>
    >;
  }

  /** @vendor Allocate With Quote @internal */
  static readonly allocateWithQuote = allocation({
    name: 'allocateWithQuote',
    path: 'allocation/{consignmentReference}/allocatewithquote/{quoteReference}',
    params: { consignmentReference: ConsignmentReferenceSchema, quoteReference: quoteReferenceSchema },
    references: consignmentInPath,
  });

  /**
   * Allocate With Quote (step 3 of the Quotes flow): allocates a consignment to the carrier service of
   * one of its own quotes (from {@link ConsignmentQuotes.getForConsignment}), before the quote's
   * `ExpiryDate`, and returns its summary (the service answers a list of one, or one). Non-repeatable.
   *
   * @throws {@link AllocationError} when the answer reports that it was not allocated.
   * @throws {@link BadRequestError} for another consignment's quote, an expired one, or a consignment not
   *   `Unallocated` or `AllocationFailed`; {@link NotFoundError} for an unknown quote.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came.
   *
   * @example
   * ```ts
   * const { Quotes } = await orders.quotes.getForConsignment(consignment);
   * const cheapest = cheapestQuote(Quotes);
   * if (cheapest) await orders.allocation.allocateWithQuote(consignment, cheapest.QuoteReference);
   * ```
   */
  async allocateWithQuote(
    consignmentReference: ConsignmentReference,
    quoteReference: string,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    return this.#one(
      ConsignmentAllocator.allocateWithQuote,
      consignmentReference,
      { quoteReference },
      options,
    );
  }

  /** @vendor Allocate Consignment With Service Group @internal */
  static readonly allocateWithServiceGroup = allocation({
    name: 'allocateWithServiceGroup',
    path: 'allocation/{consignmentReference}/allocatewithservicegroup/{serviceGroupReference}',
    params: { consignmentReference: ConsignmentReferenceSchema, serviceGroupReference: serviceGroupSchema },
    references: consignmentInPath,
  });

  /**
   * Allocate Consignment With Service Group (Classic 2b, Order Flex 3b, one consignment per call): the
   * allocation rules remove the group's unsuitable services, and the cheapest left wins. The group is its
   * code in the portal ("Service Group Code"), or a `Reference` of
   * {@link ConsignmentQuotes.getForServiceGroups}. Non-repeatable.
   *
   * @throws {@link BadRequestError} when no service of the group can take it (it is then
   *   `AllocationFailed`, and the error's message says why), or it is not `Unallocated` or
   *   `AllocationFailed`; {@link NotFoundError} for an unknown group.
   * @throws {@link AllocationError} when the answer reports that it was not allocated.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came.
   */
  async allocateWithServiceGroup(
    consignmentReference: ConsignmentReference,
    serviceGroupReference: string,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    return this.#one(
      ConsignmentAllocator.allocateWithServiceGroup,
      consignmentReference,
      { serviceGroupReference },
      options,
    );
  }

  /** @vendor Allocate With Service Group @internal */
  static readonly allocateManyWithServiceGroup = allocation({
    name: 'allocateConsignmentsWithServiceGroup',
    path: 'allocation/allocatewithservicegroup',
    body: lazySchema(() =>
      z.looseObject({
        MpdCarrierServiceGroupReference: serviceGroupSchema,
        ConsignmentReferences: ConsignmentReferenceListSchema,
      }),
    ),
    // Keyed by each consignment, as the other list allocations are: the group says how, not what.
  });

  /**
   * Allocate With Service Group (the list form; the flow pages send one consignment per call with
   * {@link ConsignmentAllocator.allocateWithServiceGroup}): allocates each consignment, in turn, to the
   * cheapest eligible service of the group, and returns one summary per consignment, in the order passed.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or group, or a reference that
   *   is not `EC-…`.
   * @throws {@link AllocationError} when any consignment was not allocated: it lists the allocated ones
   *   with their summaries and the others with the service's reason.
   * @throws {@link BadRequestError} for a consignment not `Unallocated` or `AllocationFailed`;
   *   {@link NotFoundError} for an unknown group.
   * @throws {@link OutcomeUnknownError} when they may have been allocated but no answer came: settle it
   *   with {@link OrdersClient.reconcile}.
   *
   * @example
   * ```ts
   * const summaries = await orders.allocation.allocateManyWithServiceGroup([first, second], 'NEXT-DAY');
   * ```
   */
  async allocateManyWithServiceGroup<const References extends readonly ConsignmentReference[]>(
    consignmentReferences: References,
    serviceGroupReference: string,
    options?: RequestOptions,
  ): Promise<SummaryEach<References>> {
    const body = {
      MpdCarrierServiceGroupReference: serviceGroupReference,
      ConsignmentReferences: consignmentReferences as unknown as ConsignmentReference[],
    };
    return this.#many(ConsignmentAllocator.allocateManyWithServiceGroup, body, options) as Promise<
      SummaryEach<References>
    >;
  }

  /** @vendor Allocate With Service Filters @internal */
  static readonly allocateWithServiceFilters = allocation({
    name: 'allocateWithServiceFilters',
    path: 'allocation/allocateConsignmentsWithServiceFilters',
    body: lazySchema(() =>
      z.looseObject({
        ConsignmentReferences: ConsignmentReferenceListSchema,
        Filters: AllocationFiltersSchema,
      }),
    ),
  });

  /**
   * Allocate With Service Filters: allocates each consignment to the cheapest service the allocation
   * rules allow that also travels `ServiceDirection` and, for each flag given, is (`true`) or is not
   * (`false`) a pickup (`IsPickup`) or drop-off (`IsDropOff`) service. One summary per consignment, in the
   * order passed. Non-repeatable. (No flow page uses it; its page is the vendor's older format.)
   *
   * @throws {@link RequestValidationError} before sending, for filters without `ServiceDirection` or with a
   *   key they do not know (a misspelt filter would be ignored, and allocate more widely than asked).
   * @throws {@link AllocationError} when any consignment was not allocated (no service passes).
   * @throws {@link OutcomeUnknownError} when they may have been allocated but no answer came.
   */
  async allocateWithServiceFilters(
    consignmentReferences: ConsignmentReference[],
    filters: AllocationFilters,
    options?: RequestOptions,
  ): Promise<AllocationSummary[]> {
    const body = { ConsignmentReferences: consignmentReferences, Filters: filters };
    return this.#many(ConsignmentAllocator.allocateWithServiceFilters, body, options);
  }

  /** @vendor Deallocate Consignment @internal */
  static readonly deallocate = defineOperation<void>({
    name: 'deallocateConsignment',
    method: 'PUT',
    path: 'consignments/{consignmentReference}/deallocate',
    params: { consignmentReference: ConsignmentReferenceSchema },
    retry: 'non-repeatable',
    outcome: DEALLOCATED,
  });

  /**
   * Deallocate Consignment: takes an `Allocated`, `Manifested` or `ManifestFailed` consignment off its
   * carrier service. It returns to `Unallocated`, its labels are void, and it can then be edited,
   * cancelled or allocated again. Non-repeatable: retried only when the request provably never reached the
   * service.
   *
   * @throws {@link BadRequestError} when the consignment is in another state, or {@link NotFoundError}.
   * @throws {@link OutcomeUnknownError} when it may have been deallocated but no answer came: settle it
   *   with {@link OrdersClient.reconcile}.
   */
  deallocate(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<void> {
    return transportOf(this).send(
      ConsignmentAllocator.deallocate,
      { params: { consignmentReference } },
      options,
    );
  }

  /** @vendor Deallocate Consignments @internal */
  static readonly deallocateMany = defineOperation({
    name: 'deallocateConsignments',
    method: 'PUT',
    path: 'consignments/deallocatelist',
    // A bare list of consignments, answered with a result each.
    body: ConsignmentReferenceListSchema,
    response: lazySchema(() => z.array(OperationResultSchema)),
    retry: 'non-repeatable',
    outcome: DEALLOCATED,
    references: consignmentsInBody,
  });

  /**
   * Deallocate Consignments: deallocates each consignment in turn, as
   * {@link ConsignmentAllocator.deallocate} does, and returns one result each (check `IsSuccess`).
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link OutcomeUnknownError} when some may have been deallocated but no answer came.
   */
  deallocateMany(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return transportOf(this).send(
      ConsignmentAllocator.deallocateMany,
      { body: consignmentReferences },
      options,
    );
  }

  /** @internal Get Consignment Status, polled until each consignment has moved on. */
  static readonly wait = [Consignments.getStatus];

  /**
   * Waits for queued allocations: reads each consignment's state (Get Consignment Status, repeatable reads
   * only) until it is allocated (or past it: ready to ship, manifested…), failed (`AllocationFailed`,
   * cancelled, not found) or the deadline passes, polling with backoff. `Allocating` is queued: it comes
   * back `pending` at the deadline, and must never be allocated again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `EC-…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   *
   * @example
   * ```ts
   * const results = await orders.allocation.wait([consignment], { deadline: 60_000 });
   * const pending = results.filter((result) => result.status === 'pending');
   * ```
   */
  // Async so that a bad reference rejects, as every failure of the wait does, rather than throws.
  async wait(
    consignmentReferences: readonly ConsignmentReference[],
    options?: WaitOptions,
  ): Promise<ConsignmentWaitResult[]> {
    const method = 'allocation.wait';
    return waitFor(
      consignmentWaitPlan(transportOf(this), method, allocationStatus),
      checkedConsignments(method, consignmentReferences),
      options,
    );
  }
}
