import * as z from 'zod/mini';
import { checkedCopy } from '../../core/call-input.js';
import { transportOf } from '../../core/client-base.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { customerReferenceIn, defineOperation } from '../../core/operation.js';
import type { RequestOptions } from '../../core/options.js';
import type { ConsignmentReference, OrderReference } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { checkInput, unknownFieldsOf } from '../../core/validation.js';
import { type DispatchResult, dispatchConsignments } from '../dispatch.js';
import { type Address, ApiLinkSchema, type ConsignmentState, type OperationResult } from '../wire-shapes.js';
import { CANCELLED, listChange } from './changes.js';
import {
  type Consignment,
  ConsignmentSchema,
  type ConsignmentStatus,
  consignmentPath,
  type OrderConsignmentsResult,
} from './consignment.js';
import { type ConsignmentDetails, consignmentEdits } from './edits.js';
import {
  type ConsignmentAuditMessage,
  consignmentReads,
  countQuery,
  type LateConsignments,
  lateQuery,
} from './reads.js';
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
  /** @vendor Create Consignment @internal */
  static readonly create = defineOperation({
    name: 'createConsignment',
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

  /** @vendor Get Consignment @internal */
  static readonly get = defineOperation({
    name: 'getConsignment',
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
  static readonly getWithMetadata = consignmentReads.getWithMetadata;

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
  static readonly getStatus = consignmentReads.getStatus;

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

  /** @vendor Update Consignment @internal */
  static readonly update = defineOperation<void>({
    name: 'updateConsignment',
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

  /** @vendor Search Consignments @internal */
  static readonly search = defineOperation({
    name: 'searchConsignments',
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
  static readonly getReferences = consignmentReads.getReferences;

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
  static readonly getForOrders = consignmentReads.getForOrders;

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
  static readonly getWithoutMetadata = consignmentReads.getWithoutMetadata;

  /**
   * Get Consignment Only: the consignment as {@link Consignments.get} reads it, without its metadata
   * (`MetaData`, and its packages' and items'). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * const { ConsignmentState, Packages } = await orders.consignments.getWithoutMetadata(consignment);
   * ```
   */
  getWithoutMetadata(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<Consignment> {
    const request = { params: { consignmentReference } };
    return transportOf(this).send(Consignments.getWithoutMetadata, request, options);
  }

  /** @internal */
  static readonly getAuditMessages = consignmentReads.getAuditMessages;

  /**
   * Get Audit Messages: the consignment's history, each message with its `Timestamp`, `Category`
   * (`ConsignmentLifecycle`, `Tracking`, `Labels`) and `Severity`; none is an empty list. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * for (const { Timestamp, Message } of await orders.consignments.getAuditMessages(consignment)) console.log(Timestamp, Message);
   * ```
   */
  getAuditMessages(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<ConsignmentAuditMessage[]> {
    const request = { params: { consignmentReference } };
    return transportOf(this).send(Consignments.getAuditMessages, request, options);
  }

  /** @internal */
  static readonly count = consignmentReads.count;

  /**
   * Get Count of Consignments by State: how many consignments are in `state`; without one, how many
   * there are. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a blank `state`.
   * @example
   * ```ts
   * const waiting = await orders.consignments.count('AllocationFailed');
   * ```
   */
  async count(state?: ConsignmentState, options?: RequestOptions): Promise<number> {
    return transportOf(this).send(Consignments.count, { query: countQuery(state) }, options);
  }

  /** @internal */
  static readonly getLate = consignmentReads.getLate;

  /**
   * Get Late Consignments: the consignments matching `filter` that are past the delivery date they were
   * promised and not delivered, as {@link Consignments.search} lists them, and how many. One answer: the
   * SDK pages nothing (where `StartPage` starts is undocumented); `PageSize`, `StartPage` are sent as given. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a key the filter does not know, or every
   *   key given but unset.
   * @example
   * ```ts
   * const { TotalNumberOfLateConsignments, ConsignmentSummaries } = await orders.consignments.getLate({ ShippingLocationReference: 'SL-LONDON' });
   * ```
   */
  async getLate(filter: ConsignmentFilter = {}, options?: RequestOptions): Promise<LateConsignments> {
    return transportOf(this).send(Consignments.getLate, { query: lateQuery(filter) }, options);
  }

  /** @internal */
  static readonly updateAddress = consignmentEdits.updateAddress;

  /**
   * Update Consignment Address: replaces the consignment's address of the same `AddressType`, which it
   * must have. Only while `Unallocated` or `AllocationFailed`; deallocate an allocated one first.
   * Repeatable: the same address twice is the same consignment.
   *
   * @throws {@link BadRequestError} when the consignment has no address of that type, is in a state that
   *   cannot change (an address is fixed once allocated), or the address is not valid.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * await orders.consignments.updateAddress(consignment, { AddressType: 'Destination', AddressLine1: '2 Park Row', Town: 'Leeds', Postcode: 'LS1 5HD', Country: { IsoCode: { TwoLetterCode: 'GB' } } });
   * ```
   */
  updateAddress(
    consignmentReference: ConsignmentReference,
    address: Address,
    options?: RequestOptions,
  ): Promise<void> {
    const request = { params: { consignmentReference }, body: address };
    return transportOf(this).send(Consignments.updateAddress, request, options);
  }

  /** @internal */
  static readonly setDetails = consignmentEdits.setDetails;

  /**
   * Set Consignment Details: sets the consignment's customer reference, requested delivery date, shipping
   * date-time and whether delivery must be on that date exactly; what `details` leaves out (or `null`)
   * keeps its value. Only while `Unallocated` or `AllocationFailed`. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for details that set nothing or a date that is
   *   not ISO 8601.
   * @throws {@link BadRequestError} when the consignment is in a state whose details cannot change.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * await orders.consignments.setDetails(consignment, { RequestedDeliveryDate: '2026-01-09', IsExactRequestedDeliveryDate: true });
   * ```
   */
  setDetails(
    consignmentReference: ConsignmentReference,
    details: ConsignmentDetails,
    options?: RequestOptions,
  ): Promise<void> {
    const request = { params: { consignmentReference }, body: details };
    return transportOf(this).send(Consignments.setDetails, request, options);
  }

  /** @internal */
  static readonly setCustomerReference = consignmentEdits.setCustomerReference;

  /**
   * Set Customer Provided Reference: the consignment's `ConsignmentReferenceProvidedByCustomer` becomes
   * `reference`, in any state. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a blank `reference`.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @example
   * ```ts
   * await orders.consignments.setCustomerReference(consignment, 'WEB-20417');
   * ```
   */
  setCustomerReference(
    consignmentReference: ConsignmentReference,
    reference: string,
    options?: RequestOptions,
  ): Promise<void> {
    const request = { params: { consignmentReference }, body: { Reference: reference } };
    return transportOf(this).send(Consignments.setCustomerReference, request, options);
  }

  /** @vendor Cancel Consignment @internal */
  static readonly cancel = defineOperation<void>({
    name: 'cancelConsignment',
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

  /** @vendor Cancel Consignments @internal */
  static readonly cancelMany = listChange('cancelConsignments', 'cancellist', CANCELLED);

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

  /** @vendor Set Ready To Ship @internal */
  static readonly setReadyToShip = listChange('setReadyToShip', 'setreadytoship', {
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

  /** @vendor Set Not Ready To Ship @internal */
  static readonly setNotReadyToShip = listChange('setNotReadyToShip', 'setnotreadytoship', {
    from: ['ReadyToShip'],
    to: ['Allocated'],
  });

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
  static readonly dispatch = dispatchConsignments;

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
