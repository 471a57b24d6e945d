import { transportOf } from '../core/client-base.js';
import type { Operation } from '../core/operation.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import type { OrderReference, PackageReference } from '../core/references.js';
import type { Call } from '../core/remembered-call.js';
import { Resource } from '../core/resource.js';
import { bodyOf, listOf, pick, stringsOf } from './edit-rules.js';
import {
  settleAddedItems,
  settleAddedPackages,
  settleDeletedItems,
  settleDeletedPackages,
} from './order-package-settling.js';
import {
  AddOrderPackageItemsBodySchema,
  AddOrderPackagesBodySchema,
  DeleteOrderPackageItemsBodySchema,
  DeleteOrderPackagesBodySchema,
  type NewOrderPackage,
  type NewOrderPackageItem,
  type OrderPackageChange,
  type OrderPackageItemChange,
  OrderPackagesAnswerSchema,
  UpdateOrderPackageItemsBodySchema,
  UpdateOrderPackagesBodySchema,
} from './order-package-shapes.js';
import { settledByReading } from './settling.js';

export type {
  NewOrderPackage,
  NewOrderPackageItem,
  OrderPackage,
  OrderPackageChange,
  OrderPackageItem,
  OrderPackageItemChange,
} from './order-package-shapes.js';

// An order's packages and the items in them, changed before the order is packed into consignments (Pack
// Order copies them; a consignment made earlier keeps its own). No call moves the order between states
// (an order has none), so a lost answer of an add or a delete is settled by reading the order's packages
// (Get Order). Updates set the values given on packages and items named by their references: sending one
// twice leaves the order as sending it once, so they are repeatable.

/** The order a call changes, and the package it changes when it names one: what the error names. */
const orderAndPackage = (call: Call) =>
  stringsOf([bodyOf(call).OrderReference, bodyOf(call).PackageReference]);

/**
 * A declaration of this resource: its path is its name in lower case, it answers the service's boolean,
 * and its error names the order (and the package). Updates are repeatable; `more` says what is not.
 */
const declare = (
  name: OperationName,
  method: Operation['method'],
  body: Operation['body'],
  more?: Partial<Operation<boolean>>,
): Operation<boolean> => ({
  name,
  method,
  path: `orders/${name.toLowerCase()}`,
  body,
  response: OrderPackagesAnswerSchema,
  retry: 'repeatable',
  references: orderAndPackage,
  ...more,
});

/** Sends a call of this resource: its body is the order, then what it changes. */
const send = (
  resource: OrderPackages,
  operation: Operation<boolean>,
  OrderReference: OrderReference,
  rest: object,
  options?: RequestOptions,
) => transportOf(resource).send(operation, { body: { OrderReference, ...rest } }, options);

/**
 * What an add or a delete keeps of its call, and its ledger key. The stored form keeps the order (and the
 * package) and the `list` of what it adds or deletes: of an add, your references (`field`) alone, which is
 * how reconcile finds each; of a delete, the service's references. The ledger keys every call of this
 * resource by the order alone and says the rest in `asks`: BOX-3 after BOX-2 is another call, and so is
 * LINE-3 added to another package of the order.
 */
function settled(
  does: string,
  settle: Parameters<typeof settledByReading>[1],
  list: string,
  verb: string,
  field?: string,
): Partial<Operation<boolean>> {
  const kept = (call: Call) =>
    field
      ? listOf(bodyOf(call)[list]).map((entry) => String(entry[field] ?? ''))
      : stringsOf(bodyOf(call)[list]);
  const inPackage = list.startsWith('OrderItem');
  return {
    retry: 'non-repeatable',
    outcome: settledByReading(does, settle),
    settleWith: (call) => ({
      body: {
        ...pick(bodyOf(call), 'OrderReference', ...(inPackage ? ['PackageReference'] : [])),
        [list]: field ? kept(call).map((yours) => ({ [field]: yours })) : kept(call),
      },
    }),
    ledgerKey: (call) => ({
      references: orderAndPackage(call).slice(0, 1),
      asks: `${inPackage ? `${String(bodyOf(call).PackageReference)}: ` : ''}${verb} ${kept(call).join(', ')}`,
    }),
  };
}

/**
 * An order's packages and items: add, update and delete them (`orders.orderPackages`). Each answers the
 * service's boolean: `true` when the change was made (`false` when the service says it was not).
 */
export class OrderPackages extends Resource {
  /** @vendor Add Order Packages @internal */
  static readonly add = declare(
    'addOrderPackages',
    'POST',
    AddOrderPackagesBodySchema,
    settled(
      'Adds packages to an order',
      settleAddedPackages,
      'OrderPackages',
      'add',
      'PackageReferenceProvidedByCustomer',
    ),
  );

  /**
   * Add Order Packages: adds packages, and the items in them, to an order not yet packed (Pack Order
   * packs what the order holds then). The service answers `true`. Non-repeatable: a second send adds
   * them again. Set each package's `PackageReferenceProvidedByCustomer`, unique on the order: it is how
   * {@link OrdersClient.reconcile} finds the packages when the answer is lost.
   *
   * @param orderReference - The order (`EO-…`).
   * @param packages - At least one; each with `Dimensions` or a `PackageSizeReference`, no `Reference`,
   *   and each item with a `Value`. `Weight` left out is the items' weights added up by the service.
   * @throws {@link RequestValidationError} before sending, for no package, a package with a `Reference`
   *   (update it with {@link OrderPackages.update}), without `Dimensions` or `PackageSizeReference`, or an
   *   item without `Value`.
   * @throws {@link NotFoundError} for an unknown order.
   * @throws {@link OutcomeUnknownError} when they may have been added but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which reads the order and looks for your references.
   * @example
   * ```ts
   * await orders.orderPackages.add(order, [
   *   {
   *     PackageReferenceProvidedByCustomer: 'BOX-2',
   *     PackageSizeReference: 'PS-SMALL',
   *     Items: [{ Sku: 'MUG-RED', Quantity: 1, Value: { Amount: 12, Currency: { IsoCode: 'GBP' } } }],
   *   },
   * ]);
   * ```
   */
  add(
    orderReference: OrderReference,
    packages: NewOrderPackage[],
    options?: RequestOptions,
  ): Promise<boolean> {
    return send(this, OrderPackages.add, orderReference, { OrderPackages: packages }, options);
  }

  /** @vendor Updates Order Packages @internal */
  static readonly update = declare('updateOrderPackages', 'PUT', UpdateOrderPackagesBodySchema);

  /**
   * Updates Order Packages: sets the properties given on packages of an order, each named by its
   * `Reference` (`EP-…`, from {@link OrdersClient.get}), and on the items given in them, each named by
   * its own `Reference`; what is left out is kept. The service answers `true`. Repeatable: sending it
   * twice sets the same values.
   *
   * @param orderReference - The order (`EO-…`).
   * @param packages - At least one, each with its `Reference`; its `Items`, if given, each with its
   *   `Reference` and `Value`.
   * @throws {@link RequestValidationError} before sending, for no package, or a package or an item without
   *   its `Reference` (the service would add it: use {@link OrderPackages.add} or
   *   {@link OrderPackages.addItems}).
   * @throws {@link NotFoundError} for an unknown order, or a package or an item not on it.
   * @example
   * ```ts
   * await orders.orderPackages.update(order, [{ Reference: 'EP-1', Description: 'Mugs, boxed' }]);
   * ```
   */
  update(
    orderReference: OrderReference,
    packages: OrderPackageChange[],
    options?: RequestOptions,
  ): Promise<boolean> {
    return send(this, OrderPackages.update, orderReference, { OrderPackages: packages }, options);
  }

  /** @vendor Delete Order Packages @internal */
  static readonly delete = declare('deleteOrderPackages', 'POST', DeleteOrderPackagesBodySchema, {
    // A second send deletes nothing more, but answers 404 for packages the first deleted, which cannot be
    // told from a wrong reference: it is not retried blind, and a lost answer is settled by reading.
    ...settled('Deletes packages from an order', settleDeletedPackages, 'OrderPackageReferences', 'delete'),
    references: (call) => [...orderAndPackage(call), ...stringsOf(bodyOf(call).OrderPackageReferences)],
  });

  /**
   * Delete Order Packages: deletes packages, with their items, from an order. The service answers
   * `true`. Non-repeatable: once they are deleted, a second send is refused (404).
   *
   * @param orderReference - The order (`EO-…`).
   * @param packageReferences - At least one package of the order (`EP-…`).
   * @throws {@link RequestValidationError} before sending, for no package or a reference not `EP-…`.
   * @throws {@link NotFoundError} for an unknown order, or a package not on it (none is then deleted).
   * @throws {@link OutcomeUnknownError} when they may have been deleted but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which reads the order (the packages gone or not).
   * @example
   * ```ts
   * await orders.orderPackages.delete(order, ['EP-2']);
   * ```
   */
  delete(
    orderReference: OrderReference,
    packageReferences: PackageReference[],
    options?: RequestOptions,
  ): Promise<boolean> {
    return send(
      this,
      OrderPackages.delete,
      orderReference,
      { OrderPackageReferences: packageReferences },
      options,
    );
  }

  /** @vendor Add Order Package Items @internal */
  static readonly addItems = declare(
    'addOrderPackageItems',
    'POST',
    AddOrderPackageItemsBodySchema,
    settled(
      'Adds items to a package of an order',
      settleAddedItems,
      'OrderItems',
      'add',
      'ItemReferenceProvidedByCustomer',
    ),
  );

  /**
   * Add Order Package Items: adds items to a package of an order. The service answers `true`.
   * Non-repeatable: a second send adds them again. Set each item's `ItemReferenceProvidedByCustomer`,
   * unique in the package: it is how {@link OrdersClient.reconcile} finds the items when the answer is
   * lost.
   *
   * @param orderReference - The order (`EO-…`).
   * @param packageReference - The package of the order the items go in (`EP-…`).
   * @param items - At least one, each with a `Value` and no `Reference`.
   * @throws {@link RequestValidationError} before sending, for no item, an item with a `Reference`
   *   (update it with {@link OrderPackages.updateItems}), or without `Value`.
   * @throws {@link NotFoundError} for an unknown order, or a package not on it.
   * @throws {@link OutcomeUnknownError} when they may have been added but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which reads the order and looks for your references.
   * @example
   * ```ts
   * await orders.orderPackages.addItems(order, 'EP-1', [
   *   { ItemReferenceProvidedByCustomer: 'LINE-3', Sku: 'MUG-RED', Quantity: 2, Value: { Amount: 6 } },
   * ]);
   * ```
   */
  addItems(
    orderReference: OrderReference,
    packageReference: PackageReference,
    items: NewOrderPackageItem[],
    options?: RequestOptions,
  ): Promise<boolean> {
    return send(
      this,
      OrderPackages.addItems,
      orderReference,
      { PackageReference: packageReference, OrderItems: items },
      options,
    );
  }

  /** @vendor Update Order Package Items @internal */
  static readonly updateItems = declare('updateOrderPackageItems', 'PUT', UpdateOrderPackageItemsBodySchema);

  /**
   * Update Order Package Items: sets the properties given on items of a package of an order, each named
   * by its `Reference` (from {@link OrdersClient.get}); what is left out is kept. The service answers
   * `true`. Repeatable: sending it twice sets the same values.
   *
   * @param orderReference - The order (`EO-…`).
   * @param packageReference - The package of the order holding the items (`EP-…`).
   * @param items - At least one, each with its `Reference` and a `Value`.
   * @throws {@link RequestValidationError} before sending, for no item, or an item without its `Reference`
   *   (the service would add it: use {@link OrderPackages.addItems}) or `Value`.
   * @throws {@link NotFoundError} for an unknown order, or a package or an item not on it.
   * @example
   * ```ts
   * await orders.orderPackages.updateItems(order, 'EP-1', [{ Reference: item, Quantity: 3, Value: { Amount: 6 } }]);
   * ```
   */
  updateItems(
    orderReference: OrderReference,
    packageReference: PackageReference,
    items: OrderPackageItemChange[],
    options?: RequestOptions,
  ): Promise<boolean> {
    return send(
      this,
      OrderPackages.updateItems,
      orderReference,
      { PackageReference: packageReference, OrderItems: items },
      options,
    );
  }

  /** @vendor Delete Order Package Items @internal */
  // As Delete Order Packages: a second send is refused (404) for what the first deleted.
  static readonly deleteItems = declare(
    'deleteOrderPackageItems',
    'POST',
    DeleteOrderPackageItemsBodySchema,
    settled('Deletes items from a package of an order', settleDeletedItems, 'OrderItemReferences', 'delete'),
  );

  /**
   * Delete Order Package Items: deletes items from a package of an order. The service answers `true`.
   * Non-repeatable: once they are deleted, a second send is refused (404).
   *
   * @param orderReference - The order (`EO-…`).
   * @param packageReference - The package of the order holding the items (`EP-…`).
   * @param itemReferences - At least one item of the package (its `Reference`, from Get Order).
   * @throws {@link RequestValidationError} before sending, for no item reference.
   * @throws {@link NotFoundError} for an unknown order, or a package or an item not on it (none is then
   *   deleted).
   * @throws {@link OutcomeUnknownError} when they may have been deleted but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which reads the order (the items gone or not).
   * @example
   * ```ts
   * await orders.orderPackages.deleteItems(order, 'EP-1', [item]);
   * ```
   */
  deleteItems(
    orderReference: OrderReference,
    packageReference: PackageReference,
    itemReferences: string[],
    options?: RequestOptions,
  ): Promise<boolean> {
    const items = { PackageReference: packageReference, OrderItemReferences: itemReferences };
    return send(this, OrderPackages.deleteItems, orderReference, items, options);
  }
}
