import * as z from 'zod/mini';
import { checkedCopy } from '../../core/call-input.js';
import { transportOf } from '../../core/client-base.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { listOrEmpty } from '../../core/lists.js';
import { customerReferenceIn, defineOperation } from '../../core/operation.js';
import type { RequestOptions } from '../../core/options.js';
import type { ConsignmentReference, OrderReference } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { checkInput, unknownFieldsOf } from '../../core/validation.js';
import { CARRIER_STATES } from '../allocation/schemas.js';
import { type DispatchResult, DispatchResultSchema } from '../dispatch.js';
import {
  ApiLinkSchema,
  ConsignmentReferencesBodySchema,
  consignmentsInBody,
  issuedReference,
  type OperationResult,
} from '../wire-shapes.js';
import { CANCELLED, listChange } from './changes.js';
import {
  type Consignment,
  ConsignmentSchema,
  type ConsignmentStatus,
  ConsignmentStatusSchema,
  consignmentPath,
  OrderConsignmentsResponseSchema,
  type OrderConsignmentsResult,
  OrderReferencesBodySchema,
  withConsignmentLists,
} from './consignment.js';
import {
  type ConsignmentFilter,
  ConsignmentFilterSchema,
  type ConsignmentSearch,
  ConsignmentSearchAnswerSchema,
  consignmentSearch,
  filterQuery,
  pageSizeSchema,
  refusePagingInFilter,
  refuseUnsetFilter,
  withConsignmentState,
} from './search.js';
import {
  type ConsignmentChanges,
  ConsignmentChangesSchema,
  type ConsignmentInput,
  ConsignmentInputSchema,
  consignmentOfLinks,
  customerReferenceOf,
  EVERY_STATE,
  mergeForPatch,
  requireSameConsignment,
  type UpdateConsignmentInput,
  UpdateConsignmentInputSchema,
  withDeliveryDateAs,
} from './writes.js';

/** Consignments: create, read, search, change, cancel, set (not) ready to ship, dispatch. */
export class Consignments extends Resource {
  /** @internal */
  static readonly create = defineOperation({
    name: 'createConsignment',
    vendor: 'Create Consignment',
    method: 'POST',
    path: 'consignments',
    body: ConsignmentInputSchema,
    wireBody: withDeliveryDateAs('RequiredDeliveryDate'),
    response: lazySchema(() => z.array(ApiLinkSchema)),
    result: (links) => consignmentOfLinks(links),
    retry: 'non-repeatable',
    // From nothing to any state: `reconcile` searches the customer reference the error names, and
    // finds nothing to search without one (it then says so, with CREATED_WITHOUT_CUSTOMER_REFERENCE).
    outcome: { from: [], to: EVERY_STATE },
    references: customerReferenceOf,
    customerReference: customerReferenceIn('ConsignmentReferenceProvidedByCustomer'),
  });

  /**
   * Create Consignment: records a consignment directly, without an order (step 1 of the Classic and
   * Quotes flows), and returns its `EC-` reference, taken from the answer's link. It starts
   * `Unallocated`. Packages need weights (kg) and dimensions (cm), or a `PackageSizeReference`; addresses
   * an `Origin` and a `Destination`, one of them at a valid `ShippingLocationReference`. The delivery date
   * may be written `RequiredDeliveryDate` (this page's name) or `RequestedDeliveryDate`; it is sent as
   * `RequiredDeliveryDate`. Non-repeatable: every accepted call makes another consignment.
   *
   * Set `ConsignmentReferenceProvidedByCustomer` (unique to you): it is what {@link OrdersClient.reconcile}
   * finds the consignment by when the answer is lost. Without it, nothing can.
   *
   * @throws {@link RequestValidationError} before sending, for no package, no `Origin` or `Destination`,
   *   no `ShippingLocationReference` on either, or both spellings of the delivery date.
   * @throws {@link BadRequestError} when the service refuses it (an unknown shipping location…).
   * @throws {@link OutcomeUnknownError} when it may have been created but no answer came: its
   *   `references` hold your `ConsignmentReferenceProvidedByCustomer` (empty without one).
   */
  async create(consignment: ConsignmentInput, options?: RequestOptions): Promise<ConsignmentReference> {
    const reference = await transportOf(this).send(Consignments.create, { body: consignment }, options);
    return reference as ConsignmentReference;
  }

  /** @internal */
  static readonly get = defineOperation({
    name: 'getConsignment',
    vendor: 'Get Consignment',
    method: 'GET',
    path: 'consignments/{consignmentReference}',
    params: consignmentPath,
    response: ConsignmentSchema,
    retry: 'repeatable',
  });

  /**
   * Get Consignment: the consignment with everything the service holds on it: its `ConsignmentState`, its
   * `Allocation` (or the `FailedAllocation` that says why it has none), its labels (`LabelCount`,
   * `LabelsPrinted`), addresses and packages. Fields the SDK does not name are kept. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * const { ConsignmentState, Allocation } = await orders.consignments.get(consignment);
   * ```
   */
  get(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<Consignment> {
    return transportOf(this).send(Consignments.get, { params: { consignmentReference } }, options);
  }

  /** @internal */
  static readonly getWithMetadata = defineOperation({
    name: 'getConsignmentWithMetadata',
    vendor: 'Get Consignment With Metadata',
    method: 'GET',
    path: 'consignments/getconsignmentwithmetadata/{consignmentReference}',
    params: consignmentPath,
    // The vendor's .NET SDK answers it as the `Consignment` Get Consignment answers.
    response: ConsignmentSchema,
    retry: 'repeatable',
  });

  /**
   * Get Consignment With Metadata: the consignment as {@link Consignments.get} reads it, with its
   * `MetaData` and its packages' and items' metadata. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getWithMetadata(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<Consignment> {
    return transportOf(this).send(
      Consignments.getWithMetadata,
      { params: { consignmentReference } },
      options,
    );
  }

  /** @internal */
  static readonly getStatus = defineOperation({
    name: 'getConsignmentStatus',
    vendor: 'Get Consignment Status',
    method: 'GET',
    path: 'consignments/{consignmentReference}/status',
    params: consignmentPath,
    response: ConsignmentStatusSchema,
    retry: 'repeatable',
  });

  /**
   * Get Consignment Status: a consignment's state alone (`Status`), its `ExpectedDeliveryDate` and a link,
   * cheaper than {@link Consignments.get}: poll it after an allocation answered 202. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getStatus(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<ConsignmentStatus> {
    return transportOf(this).send(Consignments.getStatus, { params: { consignmentReference } }, options);
  }

  /** @internal */
  static readonly update = defineOperation<void>({
    name: 'updateConsignment',
    vendor: 'Update Consignment',
    method: 'PUT',
    // Every source writes the trailing slash; the consignment is named in the body.
    path: 'consignments/',
    body: UpdateConsignmentInputSchema,
    wireBody: withDeliveryDateAs('RequestedDeliveryDate'),
    // A full replace: the same body twice gives the same consignment (packages sent with their references).
    retry: 'repeatable',
    references: (call) => [String((call.body as { Reference?: unknown })?.Reference ?? '')],
  });

  /**
   * Update Consignment: replaces an `Unallocated` or `AllocationFailed` consignment's details with
   * `consignment` (sent as `{ ...consignment, Reference: consignmentReference }`). A full replace: the
   * properties left out are **deleted** (`ShippingDate`, `RequestedDeliveryDate`,
   * `ConsignmentReferenceProvidedByCustomer`, `CustomsDocumentation`, `MetaData`; see
   * {@link UpdateConsignmentInput}), `Tags` and `Packages` left out are kept (as both vendor pages say),
   * and `Addresses` is required (send each package with its `Reference`, or it is replaced by a new one).
   * Once allocated, addresses and packages cannot change. Prefer {@link Consignments.patch} to change a
   * few properties. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a body that is not a whole consignment, or
   *   a `Reference` in it that is not `consignmentReference`.
   * @throws {@link BadRequestError} when the consignment is allocated and the body changes its addresses
   *   or packages, or names a package it does not have.
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  async update(
    consignmentReference: ConsignmentReference,
    consignment: UpdateConsignmentInput,
    options?: RequestOptions,
  ): Promise<void> {
    // Async, so that a refused input is a rejected promise, as every method's is.
    requireSameConsignment(consignmentReference, consignment);
    const body = { ...consignment, Reference: consignmentReference };
    return transportOf(this).send(Consignments.update, { body }, options);
  }

  /**
   * Get Consignment checked in every `validation` mode (what it reads is written back whole), then Update
   * Consignment.
   *
   * @internal
   */
  static readonly patch = [
    defineOperation({ ...Consignments.get, alwaysStrict: true }),
    Consignments.update,
  ] as const;

  /**
   * Changes some properties of a consignment and keeps the rest: reads it (Get Consignment, checked in
   * every `validation` mode), lays `changes` over what Update Consignment replaces, writes it back in full,
   * and returns the consignment as written. A property left out (or `undefined`) keeps its value; `null`
   * deletes it. Repeatable, as {@link OrdersClient.patch}; two writers patching at once can still
   * overwrite each other.
   *
   * @throws {@link RequestValidationError} before sending, for an unknown or badly typed change.
   * @throws {@link ResponseValidationError} when the consignment read does not match its schema, or
   *   cannot be written back whole; nothing is written then.
   * @throws {@link BadRequestError} when the consignment is allocated and `changes` moves its addresses or
   *   packages.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * await orders.consignments.patch(consignment, { Tags: ['FRAGILE'] });
   * ```
   */
  async patch(
    consignmentReference: ConsignmentReference,
    changes: ConsignmentChanges,
    options?: RequestOptions,
  ): Promise<Consignment> {
    const checked = checkedCopy(
      ConsignmentChangesSchema,
      changes,
      'patchConsignment changes',
      unknownFieldsOf(options),
    );
    const [readToUpdate] = Consignments.patch;
    const stored = await transportOf(this).send(readToUpdate, { params: { consignmentReference } }, options);
    const update = mergeForPatch(consignmentReference, stored, checked);
    // What was read goes back as read, fields the SDK does not name included: the changes were checked.
    await this.update(consignmentReference, update, { ...options, allowUnknownFields: true });
    return { ...stored, ...update, Reference: consignmentReference } as Consignment;
  }

  /** @internal */
  static readonly search = defineOperation({
    name: 'searchConsignments',
    vendor: 'Search Consignments',
    method: 'GET',
    path: 'consignments/{take}/{skip}',
    params: { take: pageSizeSchema, skip: lazySchema(() => z.int().check(z.minimum(0))) },
    response: ConsignmentSearchAnswerSchema,
    result: withConsignmentState,
    retry: 'repeatable',
  });

  /**
   * Search Consignments: the consignments matching `filter`, fetched page after page as they are read.
   * Nothing is sent until the search is read. Repeatable.
   *
   * @param filter - See {@link ConsignmentFilter}; every key is optional, and an empty filter matches
   *   every consignment.
   * @param search - `pageSize`: how many consignments each request asks for, 1 to 1000 (default 100).
   * @throws {@link RequestValidationError} at once, before anything is sent, for a key the filter does not
   *   know (the service would ignore it and match more than was asked) or a bad `pageSize`.
   * @example
   * ```ts
   * for await (const summary of orders.consignments.search({ State: 'Allocated' })) console.log(summary.Reference);
   * const { Count } = await orders.consignments.search({ State: 'Allocated' }).page(0);
   * ```
   */
  search(
    filter: ConsignmentFilter = {},
    search: { pageSize?: number | undefined } = {},
    options?: RequestOptions,
  ): ConsignmentSearch {
    refuseUnsetFilter(filter, 'consignments.search filter');
    refusePagingInFilter(filter);
    const query = filterQuery(checkInput(ConsignmentFilterSchema, filter, 'consignments.search filter'));
    const pageSize = search.pageSize ?? 100;
    checkInput(pageSizeSchema, pageSize, 'pageSize', ['pageSize']);
    const transport = transportOf(this);
    return consignmentSearch(pageSize, (take, skip) =>
      transport.send(Consignments.search, { params: { take, skip }, query }, options),
    );
  }

  /** @internal */
  static readonly getReferences = defineOperation({
    name: 'getConsignmentReferences',
    vendor: 'Get Consignments References',
    method: 'GET',
    path: 'consignments/getConsignmentReferences',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(issuedReference<ConsignmentReference>()))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Consignment References: the `EC-` references of every consignment matching `filter`, in one
   * answer. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a key the filter does not know.
   */
  async getReferences(filter: ConsignmentFilter, options?: RequestOptions): Promise<ConsignmentReference[]> {
    refuseUnsetFilter(filter, 'getConsignmentReferences filter');
    const query = filterQuery(checkInput(ConsignmentFilterSchema, filter, 'getConsignmentReferences filter'));
    return transportOf(this).send(Consignments.getReferences, { query }, options);
  }

  /** @internal */
  static readonly getForOrders = defineOperation({
    name: 'getConsignmentsForOrders',
    vendor: 'Get Consignments For Orders',
    // A read sent as PUT.
    method: 'PUT',
    path: 'orders/consignments',
    body: OrderReferencesBodySchema,
    response: OrderConsignmentsResponseSchema,
    result: withConsignmentLists,
    retry: 'repeatable',
  });

  /**
   * Get Consignments For Orders: for each order, the consignments packed from it (each with the return
   * consignment packed beside it), in one `PUT /orders/consignments` that only reads. Each order has its
   * own `Status` (200 found, 404 unknown); an unknown order is reported, not an error. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference not `EO-…`.
   */
  getForOrders(
    orderReferences: OrderReference[],
    options?: RequestOptions,
  ): Promise<OrderConsignmentsResult[]> {
    const body = { OrderReferences: orderReferences };
    return transportOf(this).send(Consignments.getForOrders, { body }, options);
  }

  /** @internal */
  static readonly cancel = defineOperation<void>({
    name: 'cancelConsignment',
    vendor: 'Cancel Consignment',
    method: 'PUT',
    path: 'consignments/{consignmentReference}/cancel',
    params: consignmentPath,
    retry: 'non-repeatable',
    outcome: CANCELLED,
  });

  /**
   * Cancel Consignment: the consignment becomes `Cancelled`, and nothing more can be done with it. Only
   * before it is manifested: a `Manifested` consignment must be deallocated first, and a `ReadyToShip` one
   * set not ready to ship. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the consignment is in a state that cannot be cancelled, or
   *   {@link NotFoundError}.
   * @throws {@link OutcomeUnknownError} when it may have been cancelled but no answer came: settle it with
   *   {@link OrdersClient.reconcile}.
   * @example
   * ```ts
   * await orders.consignments.cancel(consignment);
   * ```
   */
  cancel(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<void> {
    return transportOf(this).send(Consignments.cancel, { params: { consignmentReference } }, options);
  }

  /** @internal */
  static readonly cancelMany = listChange(
    'cancelConsignments',
    'Cancel Consignments',
    'cancellist',
    CANCELLED,
  );

  /**
   * Cancel Consignments: cancels each consignment in turn, as {@link Consignments.cancel} does, and
   * returns one result each (check `IsSuccess`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link OutcomeUnknownError} when some may have been cancelled but no answer came.
   */
  cancelMany(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return transportOf(this).send(Consignments.cancelMany, { body: consignmentReferences }, options);
  }

  /** @internal */
  static readonly setReadyToShip = listChange('setReadyToShip', 'Set Ready To Ship', 'setreadytoship', {
    from: ['Allocated'],
    to: ['ReadyToShip'],
  });

  /**
   * Set Ready To Ship: marks `Allocated` consignments `ReadyToShip`, so that a later
   * {@link ConsignmentManifests.manifestFromQuery} with `States: ['ReadyToShip']` manifests them
   * together. One result each (check `IsSuccess`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   */
  setReadyToShip(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return transportOf(this).send(Consignments.setReadyToShip, { body: consignmentReferences }, options);
  }

  /** @internal */
  static readonly setNotReadyToShip = listChange(
    'setNotReadyToShip',
    'Set Not Ready To Ship',
    'setnotreadytoship',
    { from: ['ReadyToShip'], to: ['Allocated'] },
  );

  /**
   * Set Not Ready To Ship: takes `ReadyToShip` consignments back to `Allocated`, where they can be
   * deallocated, edited or cancelled. One result each (check `IsSuccess`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   */
  setNotReadyToShip(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return transportOf(this).send(Consignments.setNotReadyToShip, { body: consignmentReferences }, options);
  }

  /** @internal */
  static readonly dispatch = defineOperation({
    name: 'dispatchConsignments',
    vendor: 'Dispatch Consignments',
    method: 'PUT',
    path: 'consignments/Dispatch',
    body: ConsignmentReferencesBodySchema,
    response: lazySchema(() => z.array(DispatchResultSchema)),
    retry: 'non-repeatable',
    // Any carrier state after Dispatched (in transit, delivered…) proves it was dispatched.
    outcome: { from: ['Manifested'], to: CARRIER_STATES },
    references: consignmentsInBody,
  });

  /**
   * Dispatch Consignments: marks `Manifested` consignments as dispatched (gone from the shipping
   * location), for carriers that send no tracking of their own. One result per consignment: check each
   * `Status` (`Success`, `Failed`, `NotFound`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference not `EC-…`.
   * @throws {@link OutcomeUnknownError} when they may have been dispatched but no answer came: settle it
   *   with {@link OrdersClient.reconcile} (`Manifested` not yet, `Dispatched` done).
   */
  dispatch(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<DispatchResult[]> {
    const body = { ConsignmentReferences: consignmentReferences };
    return transportOf(this).send(Consignments.dispatch, { body }, options);
  }
}
