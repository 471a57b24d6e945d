import { ApiClient } from '../core/client.js';
import { RequestValidationError } from '../core/errors.js';
import { type ClientOptions, ORDERS_AREA, type RequestOptions } from '../core/options.js';
import type {
  ConsignmentReference,
  DeliveryOptionReference,
  ManifestReference,
  OrderReference,
} from '../core/references.js';
import { checkInput } from '../core/validation.js';
import * as operations from './operations.js';
import {
  type Address,
  type AllocationSummary,
  type CreateOrderInput,
  CustomerManifestsFilterSchema,
  type ManifestFromQueryResult,
  type ManifestQuery,
  type ManifestSummary,
  type OperationResult,
  type Order,
  type OrderChanges,
  OrderChangesSchema,
  type PackOrderRequest,
  type UpdateOrderInput,
} from './schemas.js';

/** The properties Update Order deletes when they are omitted. */
const REPLACED_ON_UPDATE = [
  'OrderReferenceProvidedByCustomer',
  'RequiredDeliveryDate',
  'ShippingDate',
  'CustomsDocumentation',
  'MetaData',
] as const;

/** A value for an error message; only strings are quoted (an object may not even convert to a string). */
const shown = (value: unknown) => (typeof value === 'string' ? value : `a ${typeof value}`);

/** A body naming another order than the path would act on the wrong order, or be refused after sending. */
function requireSameOrder(orderReference: OrderReference, body: { OrderReference?: unknown } | undefined) {
  const named = body?.OrderReference;
  if (named !== undefined && named !== orderReference) {
    const message = `OrderReference in the body (${shown(named)}) must be the order addressed (${shown(orderReference)})`;
    throw new RequestValidationError(`Invalid request: ${message}`, [{ path: ['OrderReference'], message }]);
  }
}

/**
 * The stored order with `changes` laid over it, as a full Update Order body: every replaceable property
 * the order has is written back, so only what `changes` names can change. `undefined` changes nothing.
 */
function mergeForUpdate(
  orderReference: OrderReference,
  stored: Order,
  changes: OrderChanges,
): UpdateOrderInput {
  const { Metadata, ...order } = stored;
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const merged: Record<string, unknown> = {
    ...order,
    MetaData: order.MetaData ?? Metadata,
    ...given,
    OrderReference: orderReference,
  };
  for (const key of REPLACED_ON_UPDATE) merged[key] ??= null;
  return merged as UpdateOrderInput;
}

/**
 * Area A of the service: orders, packing, allocation and manifests.
 *
 * Non-repeatable calls are never retried once they may have reached the service; when no answer comes
 * they end in `OutcomeUnknownError`, naming the references to check before trying again.
 */
export class OrdersClient extends ApiClient {
  constructor(options?: ClientOptions) {
    super(ORDERS_AREA, options);
  }

  /** Creates an order and returns its new `EO-` reference. Non-repeatable. */
  createOrder(order: CreateOrderInput, options?: RequestOptions): Promise<OrderReference> {
    return this.send(operations.createOrder, { body: order }, options);
  }

  /** Reads an order with everything the service holds on it. Repeatable. */
  getOrder(orderReference: OrderReference, options?: RequestOptions): Promise<Order> {
    return this.send(operations.getOrder, { params: { orderReference } }, options);
  }

  /**
   * Replaces an order. Every property the service deletes when omitted is a required key: pass `null` to
   * delete it. Prefer {@link OrdersClient.patchOrder} to change a few properties. Repeatable.
   */
  async updateOrder(
    orderReference: OrderReference,
    order: UpdateOrderInput,
    options?: RequestOptions,
  ): Promise<void> {
    requireSameOrder(orderReference, order);
    return this.send(operations.updateOrder, { params: { orderReference }, body: order }, options);
  }

  /**
   * Changes some properties of an order and keeps the rest: reads it, lays `changes` over it, writes it
   * back in full and returns the order as written. `null` deletes a property. The order read is checked
   * in every `validation` mode (a wrong read written back would delete data). Repeatable.
   */
  async patchOrder(
    orderReference: OrderReference,
    changes: OrderChanges,
    options?: RequestOptions,
  ): Promise<Order> {
    checkInput(OrderChangesSchema, changes, 'patchOrder changes');
    const stored = await this.send(operations.getOrderToUpdate, { params: { orderReference } }, options);
    const update = mergeForUpdate(orderReference, stored, changes);
    await this.updateOrder(orderReference, update, options);
    return update as Order;
  }

  /** Adds an address of an `AddressType` the order does not have yet. Non-repeatable. */
  addAddressToOrder(
    orderReference: OrderReference,
    address: Address,
    options?: RequestOptions,
  ): Promise<void> {
    return this.send(operations.addAddressToOrder, { params: { orderReference }, body: address }, options);
  }

  /** Replaces the order's address of the same `AddressType`. Repeatable. */
  updateAddressOnOrder(
    orderReference: OrderReference,
    address: Address,
    options?: RequestOptions,
  ): Promise<void> {
    return this.send(operations.updateAddressOnOrder, { params: { orderReference }, body: address }, options);
  }

  /** Creates an order from a delivery or pickup option and returns its `EO-` reference. Non-repeatable. */
  selectDeliveryOption(
    optionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<OrderReference> {
    return this.send(operations.selectDeliveryOption, { body: { Reference: optionReference } }, options);
  }

  /**
   * Packs order items into a consignment; returns its reference, then the return consignment's when
   * `GenerateReturn` is set. Each call creates new consignments. Non-repeatable.
   */
  async packOrder(
    orderReference: OrderReference,
    request: PackOrderRequest,
    options?: RequestOptions,
  ): Promise<ConsignmentReference[]> {
    requireSameOrder(orderReference, request);
    return this.send(operations.packOrder, { params: { orderReference }, body: request }, options);
  }

  /** Allocates each consignment to its cheapest eligible carrier service; one summary each. Non-repeatable. */
  allocateConsignments(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<AllocationSummary[]> {
    const body = { ConsignmentReferences: consignmentReferences };
    return this.send(operations.allocateConsignments, { body }, options);
  }

  /** Allocates one consignment to the cheapest quote and returns its summary. Non-repeatable. */
  allocateWithCheapestQuote(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<AllocationSummary> {
    return this.send(operations.allocateWithCheapestQuote, { params: { consignmentReference } }, options);
  }

  /**
   * Manifests consignments; one result each. Every successful call transmits data to the carrier, so
   * batch them. Non-repeatable: never sent twice by the SDK.
   */
  manifestConsignments(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    const body = { ConsignmentReferences: consignmentReferences };
    return this.send(operations.manifestConsignments, { body }, options);
  }

  /**
   * Queues every consignment matching `query` for manifesting and reports those that failed. Every
   * successful call transmits data to the carrier. Non-repeatable: never sent twice by the SDK.
   */
  manifestConsignmentsFromQuery(
    query: ManifestQuery,
    options?: RequestOptions,
  ): Promise<ManifestFromQueryResult> {
    return this.send(operations.manifestConsignmentsFromQuery, { body: query }, options);
  }

  /** Marks `Allocated` consignments `ReadyToShip`; one result each. Non-repeatable. */
  setReadyToShip(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return this.send(operations.setReadyToShip, { body: consignmentReferences }, options);
  }

  /** Takes `ReadyToShip` consignments back to `Allocated`; one result each. Non-repeatable. */
  setNotReadyToShip(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    return this.send(operations.setNotReadyToShip, { body: consignmentReferences }, options);
  }

  /** Lists current customer manifests, optionally of one shipping location only. Repeatable. */
  async getCustomerManifests(
    filter: { shippingLocationReference?: string } = {},
    options?: RequestOptions,
  ): Promise<ManifestSummary[]> {
    const { shippingLocationReference } = checkInput(
      CustomerManifestsFilterSchema,
      filter,
      'getCustomerManifests filter',
    );
    return this.send(operations.getCustomerManifests, { query: { shippingLocationReference } }, options);
  }

  /** Downloads a customer manifest and returns the PDF bytes, checked to be a PDF. Repeatable. */
  getCustomerManifest(manifestReference: ManifestReference, options?: RequestOptions): Promise<Uint8Array> {
    return this.send(operations.getCustomerManifest, { params: { manifestReference } }, options);
  }
}
