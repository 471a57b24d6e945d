import { ClientBase, transportOf } from '../core/client-base.js';
import type { OutcomeUnknownError, OutcomeUnknownErrorJSON } from '../core/errors.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import type {
  ConsignmentReference,
  DeliveryOptionReference,
  ManifestReference,
  OrderReference,
  PackageReference,
  ShippingLocationReference,
} from '../core/references.js';
import type { Transport } from '../core/transport.js';
import type { WaitOptions } from '../core/wait-for.js';
import type { AllocationFilters, AllocationSummary } from './allocation.js';
import * as allocation from './allocation.js';
import type { Carrier, CarrierService } from './carrier-services.js';
import * as carrierServices from './carrier-services.js';
import type { CollectionCalendar } from './collection-calendar.js';
import * as collectionCalendar from './collection-calendar.js';
import type {
  Consignment,
  ConsignmentChanges,
  ConsignmentFilter,
  ConsignmentInput,
  ConsignmentSearch,
  ConsignmentStatus,
  OrderConsignmentsResult,
  UpdateConsignmentInput,
} from './consignments/index.js';
import * as consignments from './consignments/index.js';
import type {
  DeliveryOption,
  DeliveryOptionDetails,
  DeliveryOptionSelection,
  DeliveryOptionSummary,
  DeliveryOptionsRequest,
  PickupLocation,
  PickupOptionsRequest,
  PickupReservation,
  SelectedConsignment,
  SelectOrderResult,
} from './delivery-options/index.js';
import * as deliveryOptions from './delivery-options/index.js';
import type { DispatchResult } from './dispatch.js';
import * as dispatch from './dispatch.js';
import type { CustomsDocuments } from './documents.js';
import * as documents from './documents.js';
import type { ConsignmentLabel, ConsignmentLabelOptions } from './labels.js';
import * as labels from './labels.js';
import type { ManifestQuery, ManifestQueryOutcome, ManifestSummary } from './manifests.js';
import * as manifests from './manifests.js';
import type { CreateOrderInput, Order, OrderChanges, UpdateOrderInput } from './orders.js';
import * as orders from './orders.js';
import type { PackageSize } from './package-sizes.js';
import * as packageSizes from './package-sizes.js';
import type { AddPackageInput } from './packages.js';
import * as packages from './packages.js';
import type { PackOrderRequest } from './packing.js';
import * as packing from './packing.js';
import type { QuoteResult, ServiceGroupQuote } from './quotes.js';
import * as quotes from './quotes.js';
import { type Reconciliation, reconcile } from './reconcile.js';
import type { ShippingLocation } from './shipping-locations.js';
import * as shippingLocations from './shipping-locations.js';
import type { FlattenedTracking, Tracking } from './tracking.js';
import * as tracking from './tracking.js';
import type { ConsignmentWaitResult } from './waiting.js';
import * as waiting from './waiting.js';
import type { Address, OperationResult, Package } from './wire-shapes.js';

/**
 * One {@link AllocationSummary} per consignment passed, in the order passed: a tuple of the same length
 * when the references are a tuple (`const [summary] = await orders.allocateConsignments([ref])` is
 * defined), else an array.
 */
export type SummaryEach<References extends readonly unknown[]> = {
  -readonly [Index in keyof References]: AllocationSummary;
};

/**
 * The client of area A of the service: orders, packing into consignments, allocation to carrier
 * services, and manifests.
 *
 * Every method checks its input before sending (a bad one is a {@link RequestValidationError} and
 * nothing goes on the wire), takes a last, optional {@link RequestOptions}, and returns what the service
 * sent, unknown fields and `null`s included. Besides the errors each method lists, any of them can end in
 * an {@link ApiError} subclass for a non-2xx answer ({@link AuthenticationError} for a key of the other
 * environment, {@link InternalServerError} after the retries…), a {@link ResponseValidationError} when
 * the answer does not match its schema (in `'strict'` validation), or a {@link RequestAbortedError}.
 *
 * Methods are **repeatable** (reads and full replaces: retried on timeouts, dropped connections, 408,
 * 429 and 5xx, then a {@link TimeoutError} or {@link ConnectionError}) or **non-repeatable** (everything
 * that creates or transmits: retried only when the request provably never reached the service). When a
 * non-repeatable call may have reached the service but no answer came, it ends in
 * {@link OutcomeUnknownError}, naming the references to check before trying again.
 *
 * @example
 * ```ts
 * import { OrdersClient } from 'consignkit';
 *
 * const orders = new OrdersClient({ apiKey: process.env.SANDBOX_KEY, environment: 'sandbox' });
 * const order = await orders.createOrder({
 *   Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
 *   Addresses: [
 *     { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
 *     { AddressType: 'Destination', Town: 'Leeds', Postcode: 'LS1 4AP', Country: { IsoCode: { TwoLetterCode: 'GB' } } },
 *   ],
 * });
 * const [consignment] = await orders.packOrder(order, {
 *   OrderReference: order,
 *   Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
 * });
 * const [summary] = await orders.allocateConsignments([consignment]);
 * ```
 */
export class OrdersClient extends ClientBase {
  // Its own methods send through it; private, as the base's is.
  readonly #transport: Transport;

  /**
   * Reads the options, then the environment variables (`CONSIGNKIT_ORDERS_API_KEY`, then
   * `CONSIGNKIT_API_KEY`; `CONSIGNKIT_ENVIRONMENT`), and sends nothing until a method is called.
   *
   * @param options - See {@link ClientOptions}; all are optional.
   * @throws {@link ConfigurationError} when no API key is given or found in the environment, or an
   *   option is invalid (an unknown `environment`, a `baseUrl` that is not an absolute URL, a negative
   *   `timeout`…). The message names the option or the variables, never the key.
   *
   * @example
   * ```ts
   * const sandbox = new OrdersClient(); // key from CONSIGNKIT_ORDERS_API_KEY, sandbox
   * const production = new OrdersClient({ apiKey, environment: 'production', timeout: 10_000 });
   * const mocked = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }); // consignkit/testing
   * ```
   */
  constructor(options?: ClientOptions) {
    super('orders', options);
    this.#transport = transportOf(this);
  }

  /**
   * Create Order: records a new order and returns its `EO-` reference, whichever shape the service
   * answers with. The body needs at least one package with at least one item, an `Origin` and a
   * `Destination` address, and a `ShippingLocationReference` on one of those two. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, when one of those is missing.
   * @throws {@link BadRequestError} when the service refuses the order (an unknown shipping location…).
   * @throws {@link OutcomeUnknownError} when it may have been created but no answer came: creating it
   *   again may make a second order.
   */
  createOrder(order: CreateOrderInput, options?: RequestOptions): Promise<OrderReference> {
    return orders.createOrder(this.#transport, order, options);
  }

  /**
   * Get Order: the order with everything the service holds on it, including fields this SDK does not
   * name (`DateCreated`, delivery dates…). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown order.
   */
  getOrder(orderReference: OrderReference, options?: RequestOptions): Promise<Order> {
    return orders.getOrder(this.#transport, orderReference, options);
  }

  /**
   * Update Order: replaces the order. The service deletes `OrderReferenceProvidedByCustomer`,
   * `RequiredDeliveryDate`, `ShippingDate`, `CustomsDocumentation` and `MetaData` when they are left
   * out, so each is a required key here: pass `null` to delete one on purpose (see
   * {@link UpdateOrderInput} for every property's rule). A body without one of those keys is refused
   * before sending, on purpose: sent, it would delete data the caller most likely meant to keep (unlike
   * Update Consignment's `Packages`, which the service keeps when left out). Prefer
   * {@link OrdersClient.patchOrder} to change a few properties. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, when a replaceable key is missing or the
   *   body's `OrderReference` is not `orderReference`.
   * @throws {@link NotFoundError} for an unknown order.
   */
  updateOrder(
    orderReference: OrderReference,
    order: UpdateOrderInput,
    options?: RequestOptions,
  ): Promise<void> {
    return orders.updateOrder(this.#transport, orderReference, order, options);
  }

  /**
   * Changes some properties of an order and keeps the rest: reads it, lays `changes` over it, writes it
   * back in full with Update Order, and returns the order as written. A property left out (or
   * `undefined`) keeps its value; `null` deletes it. The order read is checked in every `validation`
   * mode, because a wrong read written back would delete data. Repeatable (both calls are).
   *
   * Two writers patching the same order at once can still overwrite each other's changes: the service
   * has no version check.
   *
   * @throws {@link RequestValidationError} before sending, for an unknown or badly typed change, or a
   *   change of `OrderReference`.
   * @throws {@link ResponseValidationError} when the order read does not match {@link OrderSchema};
   *   nothing is written then.
   * @throws {@link NotFoundError} for an unknown order.
   */
  patchOrder(
    orderReference: OrderReference,
    changes: OrderChanges,
    options?: RequestOptions,
  ): Promise<Order> {
    return orders.patchOrder(this.#transport, orderReference, changes, options);
  }

  /**
   * Add Address To Order: adds an address whose `AddressType` the order does not have yet (an order
   * with Origin and Destination accepts a Sender, not a second Origin). Non-repeatable.
   *
   * @throws {@link BadRequestError} when the order already has an address of that type (area A
   *   answers a 400, `code` `AddressTypeAlreadyExists` in the mock), or {@link NotFoundError} for an
   *   unknown order.
   */
  addAddressToOrder(
    orderReference: OrderReference,
    address: Address,
    options?: RequestOptions,
  ): Promise<void> {
    return orders.addAddressToOrder(this.#transport, orderReference, address, options);
  }

  /**
   * Update Address On Order: replaces the order's address of the same `AddressType`, which must
   * exist. Repeatable.
   *
   * @throws {@link BadRequestError} when the order has no address of that type (a 400,
   *   `AddressTypeNotOnOrder` in the mock), or {@link NotFoundError} for an unknown order.
   */
  updateAddressOnOrder(
    orderReference: OrderReference,
    address: Address,
    options?: RequestOptions,
  ): Promise<void> {
    return orders.updateAddressOnOrder(this.#transport, orderReference, address, options);
  }

  /**
   * Select Delivery Option As An Order: creates an order from a delivery or pickup option (a
   * {@link DeliveryOption} from {@link OrdersClient.getDeliveryOptions} or
   * {@link OrdersClient.getPickupOptions}, or its `EDO-…` reference) and returns its `EO-` reference.
   * Needs the separately licensed delivery-options component. Non-repeatable.
   *
   * @throws {@link NotFoundError} for an unknown option.
   * @throws {@link OutcomeUnknownError} when the order may have been created but no answer came.
   */
  selectDeliveryOption(
    option: DeliveryOptionReference | Pick<DeliveryOption, 'Reference'>,
    options?: RequestOptions,
  ): Promise<OrderReference> {
    return deliveryOptions.selectDeliveryOption(this.#transport, option, options);
  }

  /**
   * Pack Order: packs order items into a new consignment and returns its `EC-` reference, then the
   * return consignment's when `GenerateReturn` is set (the same, with Origin and Destination swapped).
   * Items are checked against the order, not against earlier packs, so each call creates new
   * consignments (split and short picks). Fields the request leaves out are filled from the order.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a package without items, an item with
   *   no `Reference`, `ItemReferenceProvidedByCustomer` or `Sku`, a `Quantity` below 1, or a body
   *   `OrderReference` that is not `orderReference`.
   * @throws {@link BadRequestError} for an item that is not on the order (an unknown `Sku`…).
   * @throws {@link OutcomeUnknownError} when consignments may have been created but no answer came.
   */
  packOrder(
    orderReference: OrderReference,
    request: PackOrderRequest,
    options?: RequestOptions,
  ): Promise<[ConsignmentReference, ...ConsignmentReference[]]> {
    return packing.packOrder(this.#transport, orderReference, request, options);
  }

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
   */
  allocateConsignments<const References extends readonly ConsignmentReference[]>(
    consignmentReferences: References,
    options?: RequestOptions,
  ): Promise<SummaryEach<References>> {
    // Checked as a list of references before sending, whatever the caller passed at run time.
    const references = consignmentReferences as unknown as ConsignmentReference[];
    return allocation.allocateConsignments(this.#transport, references, options) as Promise<
      SummaryEach<References>
    >;
  }

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
  allocateWithCheapestQuote(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    return allocation.allocateWithCheapestQuote(this.#transport, consignmentReference, options);
  }

  /**
   * Manifest Consignments: transmits the consignments' data to their carriers, which then collect
   * them. Each must be `Allocated`, `Manifest Failed` or `ReadyToShip`; each gets its own result
   * (check `IsSuccess`). Every successful call transmits to the carrier, so batch them and align them
   * with collection times. Non-repeatable: never sent twice by the SDK.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link ApiError} when a consignment is in another state.
   * @throws {@link OutcomeUnknownError} when the manifest may have been transmitted but no answer came:
   *   settle it with {@link OrdersClient.reconcile}, which reads each consignment's state, before sending
   *   again.
   */
  manifestConsignments(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return manifests.manifestConsignments(this.#transport, consignmentReferences, options);
  }

  /**
   * Manifest Consignments From Query: queues every consignment matching `query` for manifesting (only
   * `Allocated`, `Manifest Failed` and `ReadyToShip` ones are eligible) and reports how many were found,
   * queued and refused: in words in `Message`, and as numbers in `counts` (each `undefined` when the
   * service's wording does not hold it; see {@link ManifestQueryCounts}). Every successful call transmits data to the carrier. Non-repeatable: never sent
   * twice by the SDK.
   *
   * @throws {@link RequestValidationError} before sending, for a filter key the query does not know (a
   *   misspelt `State`) or a query without `States`: ignored or missing, it would manifest every
   *   eligible consignment.
   * @throws {@link OutcomeUnknownError} when consignments may have been queued but no answer came.
   */
  manifestConsignmentsFromQuery(
    query: ManifestQuery,
    options?: RequestOptions,
  ): Promise<ManifestQueryOutcome> {
    return manifests.manifestConsignmentsFromQuery(this.#transport, query, options);
  }

  /**
   * Set Ready To Ship: marks `Allocated` consignments `ReadyToShip`, so that a later
   * {@link OrdersClient.manifestConsignmentsFromQuery} with `States: ['ReadyToShip']` manifests them
   * together. One result each (check `IsSuccess`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   */
  setReadyToShip(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return consignments.setReadyToShip(this.#transport, consignmentReferences, options);
  }

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
    return consignments.setNotReadyToShip(this.#transport, consignmentReferences, options);
  }

  /**
   * Get Consignment: the consignment with everything the service holds on it: its `ConsignmentState`, its
   * `Allocation` (or the `FailedAllocation` that says why it has none), its labels (`LabelCount`,
   * `LabelsPrinted`), addresses and packages. Fields the SDK does not name are kept. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getConsignment(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<Consignment> {
    return consignments.getConsignment(this.#transport, consignmentReference, options);
  }

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
  deallocateConsignment(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<void> {
    return consignments.deallocateConsignment(this.#transport, consignmentReference, options);
  }

  /**
   * Deallocate Consignments: deallocates each consignment in turn, as
   * {@link OrdersClient.deallocateConsignment} does, and returns one result each (check `IsSuccess`).
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link OutcomeUnknownError} when some may have been deallocated but no answer came.
   */
  deallocateConsignments(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return consignments.deallocateConsignments(this.#transport, consignmentReferences, options);
  }

  /**
   * Cancel Consignment: the consignment becomes `Cancelled`, and nothing more can be done with it. Only
   * before it is manifested: a `Manifested` consignment must be deallocated first, and a `ReadyToShip` one
   * set not ready to ship. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the consignment is in a state that cannot be cancelled, or
   *   {@link NotFoundError}.
   * @throws {@link OutcomeUnknownError} when it may have been cancelled but no answer came: settle it with
   *   {@link OrdersClient.reconcile}.
   */
  cancelConsignment(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<void> {
    return consignments.cancelConsignment(this.#transport, consignmentReference, options);
  }

  /**
   * Cancel Consignments: cancels each consignment in turn, as {@link OrdersClient.cancelConsignment}
   * does, and returns one result each (check `IsSuccess`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link OutcomeUnknownError} when some may have been cancelled but no answer came.
   */
  cancelConsignments(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return consignments.cancelConsignments(this.#transport, consignmentReferences, options);
  }

  /**
   * Search Consignments: the consignments matching `filter`, fetched page after page as they are read.
   * Nothing is sent until the search is read. Repeatable.
   *
   * ```ts
   * for await (const summary of orders.searchConsignments({ State: 'Allocated' })) console.log(summary.Reference);
   * const { Count } = await orders.searchConsignments({ State: 'Allocated' }).page(0);
   * ```
   *
   * @param filter - See {@link ConsignmentFilter}; every key is optional, and an empty filter matches
   *   every consignment.
   * @param search - `pageSize`: how many consignments each request asks for, 1 to 1000 (default 100).
   * @throws {@link RequestValidationError} at once, before anything is sent, for a key the filter does not
   *   know (the service would ignore it and match more than was asked) or a bad `pageSize`.
   */
  searchConsignments(
    filter: ConsignmentFilter = {},
    search: { pageSize?: number | undefined } = {},
    options?: RequestOptions,
  ): ConsignmentSearch {
    return consignments.searchConsignments(this.#transport, filter, search, options);
  }

  /**
   * Get Consignment References: the `EC-` references of every consignment matching `filter`, in one
   * answer. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a key the filter does not know.
   */
  getConsignmentReferences(
    filter: ConsignmentFilter,
    options?: RequestOptions,
  ): Promise<ConsignmentReference[]> {
    return consignments.getConsignmentReferences(this.#transport, filter, options);
  }

  /**
   * Settles an {@link OutcomeUnknownError} without guessing: reads each consignment it names and says
   * whether the change that call asked for happened. It never sends the change again.
   *
   * - `done: true`: the consignment is where the operation leads (or on its way): do not send it again.
   * - `done: false`: it is still where the operation starts from: sending it again is safe.
   * - `done: undefined`: it is in neither (something else moved it): look at `state` before acting.
   *
   * It takes the errors of manifesting (both forms), allocating (every form: default rules, cheapest
   * quote, carrier service, quote, service group, service filters), setting (not) ready to ship,
   * deallocating and cancelling. A query manifest names no consignment: for it, the consignments that
   * still match the query are listed, each `done: false` (an empty list: nothing is left to manifest).
   *
   * A lost {@link OrdersClient.createConsignment} or {@link OrdersClient.selectDeliveryOptionAsConsignment}
   * made a consignment the service numbered: it is found by your `ConsignmentReferenceProvidedByCustomer`
   * (the body's, or the options request's, read with {@link OrdersClient.getDeliveryOption}). Each
   * consignment found is `done: true`; an empty list means none was made, and sending again is safe
   * (provided your reference is unique). Without that reference, a {@link ConfigurationError} says nothing
   * can find it.
   *
   * ```ts
   * try {
   *   await orders.manifestConsignments(references);
   * } catch (error) {
   *   if (!(error instanceof OutcomeUnknownError)) throw error;
   *   const settled = await orders.reconcile(error);
   *   const notDone = settled.filter((entry) => entry.done === false).map((entry) => entry.reference);
   *   if (notDone.length > 0) await orders.manifestConsignments(notDone);
   * }
   * ```
   *
   * @throws {@link ConfigurationError} for an error of another operation (`createOrder`, `packOrder`,
   *   `selectDeliveryOption`, `selectDeliveryOptionsAsOrders`, `reservePickupOption`, a shipment group's),
   *   whose outcome no consignment's state tells, or of a creation without your reference: the message
   *   says what to check instead.
   * @throws {@link NotFoundError} when a named consignment does not exist.
   */
  reconcile(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<Reconciliation[]> {
    return reconcile(this.#transport, outcome, options);
  }

  /**
   * Waits for queued allocations: reads each consignment's state (Get Consignment Status, repeatable reads
   * only) until it is allocated (or past it: ready to ship, manifested…), failed (`AllocationFailed`,
   * cancelled, not found) or the deadline passes, polling with backoff. `Allocating` is queued: it comes
   * back `pending` at the deadline, and must never be allocated again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `EC-…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   */
  waitForAllocation(
    references: readonly ConsignmentReference[],
    options?: WaitOptions,
  ): Promise<ConsignmentWaitResult[]> {
    return waiting.waitForAllocation(this.#transport, references, options);
  }

  /**
   * Waits for queued manifests: reads each consignment's state (Get Consignment Status, repeatable reads
   * only) until it is manifested (or with the carrier), failed (`ManifestFailed`, cancelled, unallocated,
   * not found) or the deadline passes, polling with backoff. `Manifesting` is queued: it comes back
   * `pending` at the deadline, and must never be manifested again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `EC-…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   */
  waitForManifest(
    references: readonly ConsignmentReference[],
    options?: WaitOptions,
  ): Promise<ConsignmentWaitResult[]> {
    return waiting.waitForManifest(this.#transport, references, options);
  }

  /**
   * Get Customer Manifests: lists the current customer manifests, or only those of one shipping
   * location. Pass an entry's `ManifestReference` to {@link OrdersClient.getCustomerManifest}.
   * Repeatable.
   *
   * @param filter - `shippingLocationReference`: list only that location's manifests. Any other key is
   *   refused rather than ignored (a misspelt filter would otherwise list every location).
   * @throws {@link RequestValidationError} before sending, for an unknown key in `filter`.
   */
  getCustomerManifests(
    filter: { shippingLocationReference?: string } = {},
    options?: RequestOptions,
  ): Promise<ManifestSummary[]> {
    return manifests.getCustomerManifests(this.#transport, filter, options);
  }

  /**
   * Get Customer Manifest: downloads a customer manifest and returns the PDF's bytes, decoded from
   * Base64 and checked to be a PDF. Save it with `saveDocument` from `consignkit/node`. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown manifest.
   * @throws {@link ResponseValidationError} when the answer is not Base64 of a PDF.
   */
  getCustomerManifest(manifestReference: ManifestReference, options?: RequestOptions): Promise<Uint8Array> {
    return manifests.getCustomerManifest(this.#transport, manifestReference, options);
  }

  /**
   * Get Consignment Labels (area A): the labels of every package of an allocated consignment, as one
   * file. This is how labels follow from allocation: pass the consignment that
   * {@link OrdersClient.allocateConsignments} or {@link OrdersClient.packOrder} named. Decode the result
   * with {@link decodeDocument}, or save it with `saveDocument` or `saveConsignmentLabels` from
   * `consignkit/node`. Repeatable.
   *
   * @param labelOptions - `format` (`PDF`, `PNG`, `ZPL` or `ZPLII`, either case; left out, the carrier's
   *   default) and `dpi` (203, 300 or 600; it needs `format`).
   * @throws {@link RequestValidationError} before sending, for an unknown format, a `dpi` without a
   *   format, or a reference that is not `EC-…`.
   * @throws {@link BadRequestError} when the consignment is not allocated (it has no labels yet).
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getConsignmentLabels(
    consignmentReference: ConsignmentReference,
    labelOptions: ConsignmentLabelOptions = {},
    options?: RequestOptions,
  ): Promise<ConsignmentLabel> {
    return labels.getConsignmentLabels(this.#transport, consignmentReference, labelOptions, options);
  }

  /**
   * Get Package Label (area A): the label of one package of an allocated consignment. The package
   * references (`EP-…`) are the consignment's `Packages[].Reference` (Get Consignment shows them). Repeatable.
   *
   * @param labelOptions - As {@link OrdersClient.getConsignmentLabels}.
   * @throws {@link RequestValidationError} before sending, for an unknown format, a `dpi` without a
   *   format, or references that are not `EC-…` and `EP-…`.
   * @throws {@link BadRequestError} when the consignment is not allocated.
   * @throws {@link NotFoundError} for an unknown consignment or package.
   */
  getPackageLabel(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    labelOptions: ConsignmentLabelOptions = {},
    options?: RequestOptions,
  ): Promise<ConsignmentLabel> {
    return labels.getPackageLabel(
      this.#transport,
      consignmentReference,
      packageReference,
      labelOptions,
      options,
    );
  }

  /**
   * Get Shipping Locations: the organisation's shipping locations (warehouses, shops), each an address
   * with the `Reference` an order's `Origin` names as `ShippingLocationReference`. Repeatable.
   */
  getShippingLocations(options?: RequestOptions): Promise<ShippingLocation[]> {
    return shippingLocations.getShippingLocations(this.#transport, options);
  }

  /**
   * Get Shipping Location: one shipping location by its reference. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown location.
   */
  getShippingLocation(
    shippingLocationReference: ShippingLocationReference,
    options?: RequestOptions,
  ): Promise<ShippingLocation> {
    return shippingLocations.getShippingLocation(this.#transport, shippingLocationReference, options);
  }

  /**
   * Delivery Options: the ways a consignment not created yet could be delivered, for a checkout to
   * offer, each with its `EDO-` reference, estimated date, window, carrier service and price, cheapest
   * first as the service orders them. Pass the one chosen to {@link OrdersClient.selectDeliveryOption}.
   * The request is a Create Order body (packages need no items). Needs the delivery-options component.
   * Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, for no package, or no `Origin` or
   *   `Destination` address.
   */
  getDeliveryOptions(request: DeliveryOptionsRequest, options?: RequestOptions): Promise<DeliveryOption[]> {
    return deliveryOptions.getDeliveryOptions(this.#transport, request, options);
  }

  /**
   * Pickup Options: shops near the destination where the customer can collect the parcel, each with
   * the delivery options that reach it (select one as any other). The request is a delivery options
   * request plus `Distance` (`{ Value, Unit }`) and `MaxResults` (1 to 50). Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, for a missing `Distance`, `MaxResults` outside
   *   1 to 50, no package, or no `Origin` or `Destination` address.
   */
  getPickupOptions(request: PickupOptionsRequest, options?: RequestOptions): Promise<PickupLocation[]> {
    return deliveryOptions.getPickupOptions(this.#transport, request, options);
  }

  /**
   * Get Commercial Invoice: the commercial invoice of an allocated international consignment, as the
   * PDF's bytes, decoded from Base64 and checked to be a PDF (with the shipper's EORI number when the
   * order's `MetaData` has `ShippersEORI`). Save it with `saveDocument` from `consignkit/node`.
   * Repeatable.
   *
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no invoice.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @throws {@link ResponseValidationError} when the answer is not Base64 of a PDF.
   */
  getCommercialInvoice(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return documents.getCommercialInvoice(this.#transport, consignmentReference, options);
  }

  /**
   * Get Tracking Events: a consignment's tracking, package by package and leg by leg, each leg with the
   * events its carrier reported (`TimeStamp`, `Code`, `Description`, `SignedBy`, `Location`). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getTracking(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<Tracking> {
    return tracking.getTracking(this.#transport, consignmentReference, options);
  }

  // --- Issue 27: the operations of the vendor's five area A flows -----------------------------------

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
  createConsignment(consignment: ConsignmentInput, options?: RequestOptions): Promise<ConsignmentReference> {
    return consignments.createConsignment(this.#transport, consignment, options);
  }

  /**
   * Update Consignment: replaces an `Unallocated` or `AllocationFailed` consignment's details with
   * `consignment` (sent as `{ ...consignment, Reference: consignmentReference }`). A full replace: the
   * properties left out are **deleted** (`ShippingDate`, `RequestedDeliveryDate`,
   * `ConsignmentReferenceProvidedByCustomer`, `CustomsDocumentation`, `MetaData`; see
   * {@link UpdateConsignmentInput}), `Tags` and `Packages` left out are kept (as both vendor pages say),
   * and `Addresses` is required (send each package with its `Reference`, or it is replaced by a new one).
   * Once allocated, addresses and packages cannot change. Prefer {@link OrdersClient.patchConsignment} to change a few properties.
   * Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a body that is not a whole consignment, or
   *   a `Reference` in it that is not `consignmentReference`.
   * @throws {@link BadRequestError} when the consignment is allocated and the body changes its addresses
   *   or packages, or names a package it does not have.
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  updateConsignment(
    consignmentReference: ConsignmentReference,
    consignment: UpdateConsignmentInput,
    options?: RequestOptions,
  ): Promise<void> {
    return consignments.updateConsignment(this.#transport, consignmentReference, consignment, options);
  }

  /**
   * Changes some properties of a consignment and keeps the rest: reads it (Get Consignment, checked in
   * every `validation` mode), lays `changes` over what Update Consignment replaces, writes it back in full,
   * and returns the consignment as written. A property left out (or `undefined`) keeps its value; `null`
   * deletes it. Repeatable, as `patchOrder`; two writers patching at once can still overwrite each other.
   *
   * @throws {@link RequestValidationError} before sending, for an unknown or badly typed change.
   * @throws {@link ResponseValidationError} when the consignment read does not match its schema; nothing
   *   is written then.
   * @throws {@link BadRequestError} when the consignment is allocated and `changes` moves its addresses or
   *   packages.
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  patchConsignment(
    consignmentReference: ConsignmentReference,
    changes: ConsignmentChanges,
    options?: RequestOptions,
  ): Promise<Consignment> {
    return consignments.patchConsignment(this.#transport, consignmentReference, changes, options);
  }

  /**
   * Get Consignment Status: a consignment's state alone (`Status`), its `ExpectedDeliveryDate` and a link,
   * cheaper than {@link OrdersClient.getConsignment}: poll it after an allocation answered 202. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getConsignmentStatus(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<ConsignmentStatus> {
    return consignments.getConsignmentStatus(this.#transport, consignmentReference, options);
  }

  /**
   * Get Consignments For Orders: for each order, the consignments packed from it (each with the return
   * consignment packed beside it), in one `PUT /orders/consignments` that only reads. Each order has its
   * own `Status` (200 found, 404 unknown); an unknown order is reported, not an error. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference not `EO-…`.
   */
  getConsignmentsForOrders(
    orderReferences: OrderReference[],
    options?: RequestOptions,
  ): Promise<OrderConsignmentsResult[]> {
    return consignments.getConsignmentsForOrders(this.#transport, orderReferences, options);
  }

  /**
   * Get Assigned Shipping Locations: the shipping locations linked to the caller's account (where
   * {@link OrdersClient.getShippingLocations} lists all of the company's): pick an `Origin`'s
   * `ShippingLocationReference` from them. Repeatable.
   */
  getAssignedShippingLocations(options?: RequestOptions): Promise<ShippingLocation[]> {
    return shippingLocations.getAssignedShippingLocations(this.#transport, options);
  }

  /**
   * Get Quotes: what each carrier service would charge for a consignment that does not exist yet (the
   * body of {@link OrdersClient.createConsignment}); nothing is created. `Quotes` is empty, not an error,
   * when no service can carry it, and `UnqualifiedServices` says why each was left out. A quote of this
   * call names no consignment, so it cannot be passed to {@link OrdersClient.allocateWithQuote}: create
   * the consignment and use {@link OrdersClient.getQuotesForConsignment}. Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, as for Create Consignment.
   */
  getQuotes(consignment: ConsignmentInput, options?: RequestOptions): Promise<QuoteResult> {
    return quotes.getQuotes(this.#transport, consignment, options);
  }

  /**
   * Get Quotes By Consignment Reference (step 2 of the Quotes flow): a quote from each carrier service
   * that can carry a stored consignment, each with the `QuoteReference` to pass to
   * {@link OrdersClient.allocateWithQuote} before its `ExpiryDate`, and the services that cannot, each
   * with its `ExclusionReason`. Repeatable: each call issues fresh quotes.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getQuotesForConsignment(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<QuoteResult> {
    return quotes.getQuotesForConsignment(this.#transport, consignmentReference, options);
  }

  /**
   * Get Service Group Quotes: for a consignment not stored yet, each service group with an eligible
   * service, with its `CheapestQuote` (and all its `Quotes` and `UnqualifiedServices`). Pass a group's
   * `Reference` to {@link OrdersClient.allocateWithServiceGroup}. Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, as for Create Consignment.
   */
  getServiceGroupQuotes(
    consignment: ConsignmentInput,
    options?: RequestOptions,
  ): Promise<ServiceGroupQuote[]> {
    return quotes.getServiceGroupQuotes(this.#transport, consignment, options);
  }

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
  allocateWithCarrierService<const References extends readonly ConsignmentReference[]>(
    consignmentReferences: References,
    carrierServiceReference: string,
    options?: RequestOptions,
  ): Promise<SummaryEach<References>> {
    const references = consignmentReferences as unknown as ConsignmentReference[];
    return allocation.allocateWithCarrierService(
      this.#transport,
      references,
      carrierServiceReference,
      options,
    ) as Promise<SummaryEach<References>>;
  }

  /**
   * Allocate With Quote (step 3 of the Quotes flow): allocates a consignment to the carrier service of
   * one of its own quotes (from {@link OrdersClient.getQuotesForConsignment}), before the quote's
   * `ExpiryDate`, and returns its summary (the service answers a list of one, or one). Non-repeatable.
   *
   * @throws {@link AllocationError} when the answer reports that it was not allocated.
   * @throws {@link BadRequestError} for another consignment's quote, an expired one, or a consignment not
   *   `Unallocated` or `AllocationFailed`; {@link NotFoundError} for an unknown quote.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came.
   */
  allocateWithQuote(
    consignmentReference: ConsignmentReference,
    quoteReference: string,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    return allocation.allocateWithQuote(this.#transport, consignmentReference, quoteReference, options);
  }

  /**
   * Allocate Consignment With Service Group (Classic 2b, Order Flex 3b, one consignment per call): the
   * allocation rules remove the group's unsuitable services, and the cheapest left wins. The group is its
   * code in the portal ("Service Group Code"), or a `Reference` of {@link OrdersClient.getServiceGroupQuotes}.
   * Non-repeatable.
   *
   * @throws {@link BadRequestError} when no service of the group can take it (it is then
   *   `AllocationFailed`, and the error's message says why), or it is not `Unallocated` or
   *   `AllocationFailed`; {@link NotFoundError} for an unknown group.
   * @throws {@link AllocationError} when the answer reports that it was not allocated.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came.
   */
  allocateWithServiceGroup(
    consignmentReference: ConsignmentReference,
    serviceGroupReference: string,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    return allocation.allocateWithServiceGroup(
      this.#transport,
      consignmentReference,
      serviceGroupReference,
      options,
    );
  }

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
  allocateWithServiceFilters(
    consignmentReferences: ConsignmentReference[],
    filters: AllocationFilters,
    options?: RequestOptions,
  ): Promise<AllocationSummary[]> {
    return allocation.allocateWithServiceFilters(this.#transport, consignmentReferences, filters, options);
  }

  /**
   * Select Option (step 2 of the Consumer Options and Pickup flows): the service creates a consignment
   * from the details of the options request, allocates it so as to keep the option's promise, and answers
   * its allocation summary; the new `EC-` reference is read from the summary's links. Labels are then
   * ready. Not {@link OrdersClient.selectDeliveryOption}, which makes an order instead. An option is
   * selected once. Non-repeatable.
   *
   * Put a `ConsignmentReferenceProvidedByCustomer` (unique to you) in the options request: it is copied
   * to the consignment, and {@link OrdersClient.reconcile} finds the consignment by it when this answer
   * is lost. Without it, nothing can.
   *
   * @throws {@link NotFoundError} for an unknown option; {@link BadRequestError} for one already selected,
   *   or when the option's promise can no longer be kept.
   * @throws {@link ResponseValidationError} when the answer names no consignment (it was made: find it by
   *   your reference).
   * @throws {@link OutcomeUnknownError} when it may have been created but no answer came.
   */
  selectDeliveryOptionAsConsignment(
    deliveryOptionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<SelectedConsignment> {
    return deliveryOptions.selectDeliveryOptionAsConsignment(
      this.#transport,
      deliveryOptionReference,
      options,
    );
  }

  /**
   * Select Delivery Option As An Order, for several options at once: an order per selection (each with
   * its own `OrderReferenceProvidedByCustomer` and `MetaData`), and one {@link SelectOrderResult} per
   * selection, in the order given. A selection that failed (an unknown option, one already selected) is
   * reported in its place with its `Status` and `Message` and `OrderReference: null`, never dropped.
   * Non-repeatable: the vendor says a second select makes duplicate orders, and no order search exists
   * to settle a lost answer, so set `OrderReferenceProvidedByCustomer` to recognise them.
   *
   * @throws {@link RequestValidationError} before sending, for no selection or a reference not `EDO-…`.
   * @throws {@link OutcomeUnknownError} when orders may have been made but no answer came.
   */
  selectDeliveryOptionsAsOrders(
    selections: DeliveryOptionSelection[],
    options?: RequestOptions,
  ): Promise<SelectOrderResult[]> {
    return deliveryOptions.selectDeliveryOptionsAsOrders(this.#transport, selections, options);
  }

  /**
   * Delivery Option Summary: the days on which delivery options exist for a consignment not created yet
   * (a Delivery Options request), without the options themselves, for a calendar. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, as for {@link OrdersClient.getDeliveryOptions}.
   */
  getDeliveryOptionSummary(
    request: DeliveryOptionsRequest,
    options?: RequestOptions,
  ): Promise<DeliveryOptionSummary> {
    return deliveryOptions.getDeliveryOptionSummary(this.#transport, request, options);
  }

  /**
   * Get Existing Delivery Option: an option read again by its `EDO-` reference, with the consignment it
   * was offered for (`ConsignmentDetail`, whose weight is `{ Kg }`): for a checkout that kept only the
   * reference. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown option.
   */
  getDeliveryOption(
    deliveryOptionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<DeliveryOptionDetails> {
    return deliveryOptions.getDeliveryOption(this.#transport, deliveryOptionReference, options);
  }

  /**
   * Reserve Pickup Option: reserves an option of a pickup location whose `Reservation.IsReservationRequired`
   * is set, before selecting it. The vendor documents neither its answer nor its statuses: what the
   * service answers is returned as sent. Non-repeatable (nothing says a second reserve is harmless).
   *
   * @throws {@link NotFoundError} for an unknown option; {@link BadRequestError} when it cannot be reserved.
   * @throws {@link OutcomeUnknownError} when it may have been reserved but no answer came.
   */
  reservePickupOption(
    pickupOptionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<PickupReservation> {
    return deliveryOptions.reservePickupOption(this.#transport, pickupOptionReference, options);
  }

  /**
   * Get Customs Documents (step "b" of every flow): the customs documents of an allocated international
   * consignment: its commercial invoices, and the CN22s or CN23s of its packages, each decoded from
   * Base64 and checked to be a PDF. A list the service leaves out is empty. Repeatable.
   *
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no customs documents.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @throws {@link ResponseValidationError} when a document is not Base64 of a PDF.
   */
  getCustomsDocuments(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<CustomsDocuments> {
    return documents.getCustomsDocuments(this.#transport, consignmentReference, options);
  }

  /**
   * Get Customs Document, CN22: one package's CN22 declaration (lower-value international consignments),
   * as the PDF's bytes, checked. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment or package, or when the service made CN23s.
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no customs documents.
   */
  getCn22(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return documents.getCn22(this.#transport, consignmentReference, packageReference, options);
  }

  /**
   * Get Customs Document, CN23: one package's CN23 declaration (higher-value international
   * consignments), as the PDF's bytes, checked. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment or package, or when the service made CN22s.
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no customs documents.
   */
  getCn23(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return documents.getCn23(this.#transport, consignmentReference, packageReference, options);
  }

  // --- Issue 37: the rest of the data contract's area A operations ------------------------------------

  /**
   * Get Available MPD Carrier Services: the carrier services the subscription can allocate to. Each
   * service's `Reference` is what {@link OrdersClient.allocateWithCarrierService} takes (the portal's
   * "Service Code"); `MpdCarrierReference` is what {@link OrdersClient.getCollectionCalendar} takes.
   * The services are read from the vendor's `{ MpdCarrierServices: [...] }` answer, or from a bare list.
   * Repeatable.
   *
   * @throws {@link NotFoundError} when the service finds no subscription.
   */
  getCarrierServices(options?: RequestOptions): Promise<CarrierService[]> {
    return carrierServices.getCarrierServices(this.#transport, options);
  }

  /**
   * Get MPD Carrier Services for Subscription (`GET /carriers`): the subscription's carrier services, as
   * {@link OrdersClient.getCarrierServices} reads them. The vendor's .NET SDK marks it deprecated beside
   * that one; prefer it. Repeatable.
   *
   * @throws {@link NotFoundError} when the service finds no subscription.
   */
  getCarrierServicesForSubscription(options?: RequestOptions): Promise<CarrierService[]> {
    return carrierServices.getCarrierServicesForSubscription(this.#transport, options);
  }

  /**
   * Get Carriers: every carrier the service knows, each a `Reference` and a `Name`. Repeatable.
   *
   * @throws {@link NotFoundError} when the service has none to list.
   */
  getCarriers(options?: RequestOptions): Promise<Carrier[]> {
    return carrierServices.getCarriers(this.#transport, options);
  }

  /**
   * Get Collection Calendar: when a carrier collects from a shipping location, its `CalendarRules` and
   * `CalendarExceptions` (kept as the service sends them: no vendor source describes their fields) and
   * the carrier services it applies to. Repeatable.
   *
   * @param mpdCarrierReference - The carrier, as a carrier service's `MpdCarrierReference` names it.
   * @throws {@link RequestValidationError} before sending, for a reference that is not a path segment.
   * @throws {@link NotFoundError} for an unknown location or carrier, or no calendar for them.
   */
  getCollectionCalendar(
    shippingLocationReference: ShippingLocationReference,
    mpdCarrierReference: string,
    options?: RequestOptions,
  ): Promise<CollectionCalendar> {
    return collectionCalendar.getCollectionCalendar(
      this.#transport,
      shippingLocationReference,
      mpdCarrierReference,
      options,
    );
  }

  /**
   * Get Package Sizes: the organisation's predefined package sizes. A package that names one's
   * `Reference` as `PackageSizeReference` needs no weight or dimensions of its own. Repeatable.
   *
   * @throws {@link NotFoundError} when the service finds none.
   */
  getPackageSizes(options?: RequestOptions): Promise<PackageSize[]> {
    return packageSizes.getPackageSizes(this.#transport, options);
  }

  /**
   * Add Package: adds one package to an `Unallocated` or `AllocationFailed` consignment and answers the
   * package with its new `EP-` reference. Non-repeatable: a second send adds a second package. Set
   * `PackageReferenceProvidedByCustomer`, so that {@link OrdersClient.reconcile} can find the package on
   * the consignment when the answer is lost.
   *
   * @throws {@link RequestValidationError} before sending, for a package with no `Description` or
   *   `Value`, no `Weight` or `Dimensions` and no `PackageSizeReference`, or with a `Reference`.
   * @throws {@link BadRequestError} when the consignment is allocated (deallocate it first).
   * @throws {@link NotFoundError} for an unknown consignment.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which looks for your `PackageReferenceProvidedByCustomer`.
   */
  addPackage(
    consignmentReference: ConsignmentReference,
    pkg: AddPackageInput,
    options?: RequestOptions,
  ): Promise<Package> {
    return packages.addPackage(this.#transport, consignmentReference, pkg, options);
  }

  /**
   * Delete Package: deletes a package from an `Unallocated` or `AllocationFailed` consignment; the last
   * package of a consignment cannot be deleted. Non-repeatable. Name the consignment too: it is not sent,
   * but it is what {@link OrdersClient.reconcile} reads to settle a lost answer (the package gone or not).
   *
   * @param consignmentReference - The package's consignment, for reconcile; optional.
   * @throws {@link BadRequestError} when the consignment is allocated or the package is its last.
   * @throws {@link NotFoundError} for an unknown package.
   * @throws {@link OutcomeUnknownError} when it may have been deleted but no answer came: settle it with
   *   {@link OrdersClient.reconcile} (it needs the consignment reference).
   */
  deletePackage(
    packageReference: PackageReference,
    consignmentReference?: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<void> {
    return packages.deletePackage(this.#transport, packageReference, consignmentReference, options);
  }

  /**
   * Dispatch Consignments: marks `Manifested` consignments as dispatched (gone from the shipping
   * location), for carriers that send no tracking of their own. One result per consignment: check each
   * `Status` (`Success`, `Failed`, `NotFound`). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference not `EC-…`.
   * @throws {@link OutcomeUnknownError} when they may have been dispatched but no answer came: settle it
   *   with {@link OrdersClient.reconcile} (`Manifested` not yet, `Dispatched` done).
   */
  dispatchConsignments(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<DispatchResult[]> {
    return dispatch.dispatchConsignments(this.#transport, consignmentReferences, options);
  }

  /**
   * Get Consignment With Metadata: the consignment as {@link OrdersClient.getConsignment} reads it, with
   * its `MetaData` and its packages' and items' metadata. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getConsignmentWithMetadata(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<Consignment> {
    return consignments.getConsignmentWithMetadata(this.#transport, consignmentReference, options);
  }

  /**
   * Get Events Per Package: a consignment's tracking with no legs, each package with all its events, each
   * event naming its `CarrierServiceName`. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getFlattenedTracking(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<FlattenedTracking> {
    return tracking.getFlattenedTracking(this.#transport, consignmentReference, options);
  }
}
