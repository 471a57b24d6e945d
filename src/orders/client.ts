import { checkedCopy } from '../core/call-input.js';
import { ClientBase, setReadBack, transportOf } from '../core/client-base.js';
import { declaredOperations } from '../core/declared-methods.js';
import {
  ConfigurationError,
  type OutcomeUnknownError,
  type OutcomeUnknownErrorJSON,
} from '../core/errors.js';
import { customerReferenceIn, defineOperation } from '../core/operation.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import type { ConsignmentReference, OrderReference } from '../core/references.js';
import { unknownFieldsOf } from '../core/validation.js';
import { ConsignmentAllocator } from './allocation/allocation.js';
import { CarrierServices } from './carrier-services.js';
import { CollectionCalendars } from './collection-calendar.js';
import { Consignments } from './consignments/consignments.js';
import { DeliveryOptions } from './delivery-options/delivery-options.js';
import { ConsignmentDocuments } from './documents.js';
import { Items } from './items.js';
import { ConsignmentLabels } from './labels.js';
import { ConsignmentManifests } from './manifests/manifests.js';
import { OrderPackages } from './order-packages.js';
import {
  type CreateOrderInput,
  CreateOrderInputSchema,
  createdOrderReference,
  mergeForUpdate,
  type Order,
  type OrderChanges,
  OrderChangesSchema,
  OrderCreatedResponseSchema,
  OrderSchema,
  orderPath,
  requireSameOrder,
  type UpdateOrderInput,
  UpdateOrderInputSchema,
  withReplaceableKeys,
} from './orders.js';
import { PackageSizes } from './package-sizes.js';
import { Packages } from './packages.js';
import {
  type PackOrderRequest,
  PackOrderRequestSchema,
  PackOrderResponseSchema,
  packedConsignments,
} from './packing.js';
import { ConsignmentQuotes } from './quotes.js';
import { reconcile } from './reconcile.js';
import { ServiceGroups } from './service-groups.js';
import type { OrderReconciliation, ReconciledEntry, Reconciliation } from './settling.js';
import { ShippingLocations } from './shipping-locations.js';
import { ConsignmentTracking } from './tracking.js';
import { type Address, AddressSchema, fieldsOfBody } from './wire-shapes.js';

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
 * const order = await orders.create({
 *   Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
 *   Addresses: [
 *     { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
 *     { AddressType: 'Destination', Town: 'Leeds', Postcode: 'LS1 4AP', Country: { IsoCode: { TwoLetterCode: 'GB' } } },
 *   ],
 * });
 * const [consignment] = await orders.pack(order, {
 *   OrderReference: order,
 *   Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
 * });
 * const [summary] = await orders.allocation.allocate([consignment]);
 * ```
 */
export class OrdersClient extends ClientBase {
  /** Consignments: create, read, search, change, cancel, set (not) ready to ship, dispatch. */
  readonly consignments: Consignments;
  /** A consignment's packages: add, update, set your reference, remove and delete. */
  readonly packages: Packages;
  /** The items in a consignment's packages: add, move, remove, set your reference by label barcode. */
  readonly items: Items;
  /** An order's packages and their items: add, update, delete. */
  readonly orderPackages: OrderPackages;
  /** Allocating consignments to carrier services, and deallocating them. */
  readonly allocation: ConsignmentAllocator;
  /** Manifesting consignments to their carriers, and the customer manifests. */
  readonly manifests: ConsignmentManifests;
  /** Quotes for a consignment, before or after it is created. */
  readonly quotes: ConsignmentQuotes;
  /** Delivery and pickup options, and selecting them as orders or consignments. */
  readonly deliveryOptions: DeliveryOptions;
  /** A consignment's and a package's labels. */
  readonly labels: ConsignmentLabels;
  /** A consignment's customs documents. */
  readonly documents: ConsignmentDocuments;
  /** Shipping locations. */
  readonly shippingLocations: ShippingLocations;
  /** A consignment's tracking events. */
  readonly tracking: ConsignmentTracking;
  /** Carrier services and carriers. */
  readonly carrierServices: CarrierServices;
  /** Collection calendars. */
  readonly collectionCalendar: CollectionCalendars;
  /** Package sizes. */
  readonly packageSizes: PackageSizes;
  /** Carrier service groups, read only. */
  readonly serviceGroups: ServiceGroups;

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
    this.consignments = new Consignments(this);
    this.packages = new Packages(this);
    this.items = new Items(this);
    this.orderPackages = new OrderPackages(this);
    this.allocation = new ConsignmentAllocator(this);
    this.manifests = new ConsignmentManifests(this);
    this.quotes = new ConsignmentQuotes(this);
    this.deliveryOptions = new DeliveryOptions(this);
    this.labels = new ConsignmentLabels(this);
    this.documents = new ConsignmentDocuments(this);
    this.shippingLocations = new ShippingLocations(this);
    this.tracking = new ConsignmentTracking(this);
    this.carrierServices = new CarrierServices(this);
    this.collectionCalendar = new CollectionCalendars(this);
    this.packageSizes = new PackageSizes(this);
    this.serviceGroups = new ServiceGroups(this);
    // A ledger and the MCP server read back either kind: a consignment's change, or an order's packages.
    setReadBack(this, (outcome, options) => this.#readBack(outcome, options));
  }

  /** @vendor Create Order @internal */
  static readonly create = defineOperation({
    name: 'createOrder',
    method: 'POST',
    path: 'orders',
    body: CreateOrderInputSchema,
    response: OrderCreatedResponseSchema,
    result: createdOrderReference,
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'the order it may have created has no reference the caller knows, and there is no order search: look for your OrderReferenceProvidedByCustomer in the portal before creating it again (then consignments.getForOrders reads its consignments)',
    },
    references: fieldsOfBody('OrderReferenceProvidedByCustomer'),
    customerReference: customerReferenceIn('OrderReferenceProvidedByCustomer'),
  });

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
  create(order: CreateOrderInput, options?: RequestOptions): Promise<OrderReference> {
    return transportOf(this).send(OrdersClient.create, { body: order }, options);
  }

  /** @vendor Get Order @internal */
  static readonly get = defineOperation({
    name: 'getOrder',
    method: 'GET',
    path: 'orders/{orderReference}',
    params: orderPath,
    response: OrderSchema,
    // Every property Update Order deletes when left out, present: what is read is written back whole.
    result: withReplaceableKeys,
    retry: 'repeatable',
  });

  /**
   * Get Order: the order with everything the service holds on it, including fields this SDK does not
   * name (`DateCreated`, delivery dates…). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown order.
   */
  get(orderReference: OrderReference, options?: RequestOptions): Promise<Order> {
    return transportOf(this).send(OrdersClient.get, { params: { orderReference } }, options);
  }

  /** @vendor Update Order @internal */
  static readonly update = defineOperation<void>({
    name: 'updateOrder',
    method: 'PUT',
    path: 'orders/{orderReference}',
    params: orderPath,
    body: UpdateOrderInputSchema,
    retry: 'repeatable',
  });

  /**
   * Update Order: replaces the order. The service deletes `OrderReferenceProvidedByCustomer`,
   * `RequiredDeliveryDate`, `ShippingDate`, `CustomsDocumentation` and `MetaData` when they are left
   * out, so each is a required key here: pass `null` to delete one on purpose (see
   * {@link UpdateOrderInput} for every property's rule). A body without one of those keys is refused
   * before sending, on purpose: sent, it would delete data the caller most likely meant to keep (unlike
   * Update Consignment's `Packages`, which the service keeps when left out). Prefer
   * {@link OrdersClient.patch} to change a few properties. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, when a replaceable key is missing or the
   *   body's `OrderReference` is not `orderReference`.
   * @throws {@link NotFoundError} for an unknown order.
   */
  async update(
    orderReference: OrderReference,
    order: UpdateOrderInput,
    options?: RequestOptions,
  ): Promise<void> {
    // Async, so that a body naming another order is a rejected promise, as every refused input is.
    requireSameOrder(orderReference, order);
    return transportOf(this).send(OrdersClient.update, { params: { orderReference }, body: order }, options);
  }

  /**
   * Get Order checked in every `validation` mode (the order read is written back whole, and a wrong read
   * written back would delete the order's data), then Update Order.
   *
   * @internal
   */
  static readonly patch = [
    defineOperation({ ...OrdersClient.get, alwaysStrict: true }),
    OrdersClient.update,
  ] as const;

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
   * @example
   * ```ts
   * await orders.patch(order, { Tags: ['FRAGILE'], ShippingDate: null });
   * ```
   */
  async patch(
    orderReference: OrderReference,
    changes: OrderChanges,
    options?: RequestOptions,
  ): Promise<Order> {
    const checked = checkedCopy(OrderChangesSchema, changes, 'patchOrder changes', unknownFieldsOf(options));
    const [readToUpdate] = OrdersClient.patch;
    const stored = await transportOf(this).send(readToUpdate, { params: { orderReference } }, options);
    const update = mergeForUpdate(orderReference, stored, checked);
    // The order as read goes back whole, fields the SDK does not name included: the changes were checked.
    await this.update(orderReference, update, { ...options, allowUnknownFields: true });
    return update as Order;
  }

  /** @vendor Add Address To Order @internal */
  static readonly addAddress = defineOperation<void>({
    name: 'addAddressToOrder',
    method: 'POST',
    path: 'orders/{orderReference}/address',
    params: orderPath,
    body: AddressSchema,
    retry: 'non-repeatable',
    outcome: { unsettled: 'an address added twice shows in the order: read it with get' },
    // An order holds one address of each type: the type tells one addition from another, and no address is stored.
    ledgerKey: (call) => ({ asks: String((call.body as { AddressType?: unknown }).AddressType ?? '') }),
  });

  /**
   * Add Address To Order: adds an address whose `AddressType` the order does not have yet (an order
   * with Origin and Destination accepts a Sender, not a second Origin). Non-repeatable.
   *
   * @throws {@link BadRequestError} when the order already has an address of that type (area A
   *   answers a 400, `code` `AddressTypeAlreadyExists` in the mock), or {@link NotFoundError} for an
   *   unknown order.
   */
  addAddress(orderReference: OrderReference, address: Address, options?: RequestOptions): Promise<void> {
    return transportOf(this).send(
      OrdersClient.addAddress,
      { params: { orderReference }, body: address },
      options,
    );
  }

  /** @vendor Update Address On Order @internal */
  static readonly updateAddress = defineOperation<void>({
    name: 'updateAddressOnOrder',
    method: 'PUT',
    path: 'orders/{orderReference}/address',
    params: orderPath,
    body: AddressSchema,
    retry: 'repeatable',
  });

  /**
   * Update Address On Order: replaces the order's address of the same `AddressType`, which must
   * exist. Repeatable.
   *
   * @throws {@link BadRequestError} when the order has no address of that type (a 400,
   *   `AddressTypeNotOnOrder` in the mock), or {@link NotFoundError} for an unknown order.
   */
  updateAddress(orderReference: OrderReference, address: Address, options?: RequestOptions): Promise<void> {
    const request = { params: { orderReference }, body: address };
    return transportOf(this).send(OrdersClient.updateAddress, request, options);
  }

  /** @vendor Pack Order @internal */
  static readonly pack = defineOperation({
    name: 'packOrder',
    method: 'POST',
    path: 'orders/{orderReference}/pack',
    params: orderPath,
    body: PackOrderRequestSchema,
    response: PackOrderResponseSchema,
    result: packedConsignments,
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'the consignments a pack may have made have no reference the caller knows: read the order and its consignments (consignments.getForOrders) before packing again',
    },
  });

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
  async pack(
    orderReference: OrderReference,
    request: PackOrderRequest,
    options?: RequestOptions,
  ): Promise<[ConsignmentReference, ...ConsignmentReference[]]> {
    // Async, so that a body naming another order is a rejected promise, as every refused input is.
    requireSameOrder(orderReference, request);
    return transportOf(this).send(OrdersClient.pack, { params: { orderReference }, body: request }, options);
  }

  /**
   * What reconcile reads, never writes: Get Consignment, Get Consignment References, Get Existing
   * Delivery Option (for a lost Select Delivery Option As Consignment), and Get Order (for what changes an
   * order's packages).
   *
   * @internal
   */
  static readonly reconcile = [
    Consignments.get,
    Consignments.getReferences,
    DeliveryOptions.get,
    OrdersClient.get,
  ];

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
   * A lost {@link Consignments.create} or {@link DeliveryOptions.selectAsConsignment}
   * made a consignment the service numbered: it is found by your `ConsignmentReferenceProvidedByCustomer`
   * (the body's, or the options request's, read with {@link DeliveryOptions.get}). Each
   * consignment found is `done: true`; an empty list means none was made, and sending again is safe
   * (provided your reference is unique). Without that reference, a {@link ConfigurationError} says nothing
   * can find it.
   *
   * A lost add or delete of an order's packages or items ({@link OrderPackages}) is settled by
   * {@link OrdersClient.reconcileOrder} instead: an order is no consignment and has no state.
   *
   * ```ts
   * try {
   *   await orders.manifests.manifest(references);
   * } catch (error) {
   *   if (!(error instanceof OutcomeUnknownError)) throw error;
   *   const settled = await orders.reconcile(error);
   *   const notDone = settled.filter((entry) => entry.done === false).map((entry) => entry.reference);
   *   if (notDone.length > 0) await orders.manifests.manifest(notDone);
   * }
   * ```
   *
   * @throws {@link ConfigurationError} for an error of another operation (`createOrder`, `packOrder`,
   *   `selectDeliveryOption`, `selectDeliveryOptionsAsOrders`, `reservePickupOption`, a shipment group's),
   *   whose outcome no consignment's state tells, or of a creation without your reference: the message
   *   says what to check instead.
   * @throws {@link NotFoundError} when a named consignment does not exist.
   */
  async reconcile(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<Reconciliation[]> {
    if (this.#isOrderOperation(outcome)) {
      throw new ConfigurationError(
        `${outcome.operation} changed an order's packages: settle it with orders.reconcileOrder(error), not reconcile`,
      );
    }
    return (await this.#readBack(outcome, options)) as Reconciliation[];
  }

  /**
   * What reconcileOrder reads, never writes: Get Order.
   *
   * @internal
   */
  static readonly reconcileOrder = [OrdersClient.get];

  /**
   * Settles an {@link OutcomeUnknownError} of {@link OrderPackages} (a lost add or delete of an order's
   * packages or items) by reading the order (Get Order), never by sending again. One entry: `reference`
   * the order, `state` `undefined` (an order has no state), and `done` whether every package or item added
   * is found by your `PackageReferenceProvidedByCustomer`/`ItemReferenceProvidedByCustomer`, or every one
   * deleted is gone (`false`: none of it is, sending again is safe; `undefined`: part of it is).
   *
   * @throws {@link ConfigurationError} for an error of any other operation (settle those with
   *   {@link OrdersClient.reconcile}), or of an add sent without your references.
   * @throws {@link NotFoundError} when the order does not exist.
   */
  async reconcileOrder(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<OrderReconciliation[]> {
    if (!this.#isOrderOperation(outcome)) {
      throw new ConfigurationError(
        `${outcome.operation} is settled by orders.reconcile(error), not reconcileOrder`,
      );
    }
    return (await this.#readBack(outcome, options)) as OrderReconciliation[];
  }

  #isOrderOperation(outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON): boolean {
    return declaredOperations(this.orderPackages).some((operation) => operation.name === outcome.operation);
  }

  #readBack(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<ReconciledEntry[]> {
    return reconcile(outcome, declaredOperations(this), {
      read: (consignmentReference) => this.consignments.get(consignmentReference, options),
      find: (filter) => this.consignments.getReferences(filter, options),
      customerReferenceOfOption: async (option) => {
        const details = await this.deliveryOptions.get(option, options);
        return details.ConsignmentDetail?.ConsignmentReferenceProvidedByCustomer || undefined;
      },
      readOrder: (orderReference) => this.get(orderReference, options),
    });
  }
}
