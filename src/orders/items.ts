import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import type { Call, LostCall, Operation } from '../core/operation.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ConsignmentReference,
  type ItemReference,
  ItemReferenceSchema,
  isPackageReference,
  type PackageReference,
  PackageReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import {
  type Body,
  bodyOf,
  checkAddressed,
  consignmentOf,
  consignmentToRead,
  doneWhenFound,
  listOf,
  needs,
  pick,
  refuseReference,
  stringsOf,
  yoursOf,
} from './edit-rules.js';
import { type CreationReader, type Reconciliation, settledByReading } from './settling.js';
import { type ConsignmentState, type Item, itemObject, text } from './wire-shapes.js';

// The items of a consignment's packages, edited one call at a time: added, moved to another package,
// removed, and given your own reference through the package's label barcode. The consignment's state does
// not change, so a lost answer is settled by reading where the item is now (settledByReading).

/**
 * An item to add to a package: an {@link Item} without its `Reference`, which the service assigns. The
 * vendor's C# contract requires `Weight`, `Dimensions` and `Value` (of one unit). Set
 * `ItemReferenceProvidedByCustomer`: it is how {@link OrdersClient.reconcile} finds the item when the
 * answer is lost.
 */
export type AddItemInput = Omit<Item, 'Reference'>;

/** The checks of a new item: the contract's required fields, and no reference of its own. */
const newItemChecks = () => [
  ...['Weight', 'Dimensions', 'Value'].map((field) => needs('new item', field)),
  refuseReference('item'),
];

const NewItemSchema = lazySchema(() => itemObject.check(...newItemChecks()));

/** Add Item's body: the item, and the package it goes into (the path's). */
const AddItemRequestSchema = lazySchema(() =>
  z.extend(itemObject, { PackageReference: PackageReferenceSchema }).check(...newItemChecks()),
);

/** Add Items' body: the package, and at least one item. */
const AddItemsRequestSchema = lazySchema(() =>
  z.looseObject({
    PackageReference: PackageReferenceSchema,
    Items: z.array(NewItemSchema).check(z.minLength(1, 'Add Items needs at least one item')),
  }),
);

/** Move Item's body. */
const MoveItemRequestSchema = lazySchema(() =>
  z.looseObject({ ItemReference: ItemReferenceSchema, TargetPackageReference: PackageReferenceSchema }),
);

/** The body of the calls that set your own reference (the vendor's `ReferenceProvidedByCustomerRequest`). */
export const ReferenceProvidedByCustomerSchema = lazySchema(() => z.looseObject({ Reference: text }));

const BARCODE = 'expected a label barcode';
/**
 * A call that sets your own reference (sent as `{ Reference }`) on what `path` addresses. It sets a
 * value: the same value twice leaves it as once, so it is repeatable.
 */
export const setReference = (
  name: OperationName,
  path: string,
  params: Operation['params'],
): Operation<void> => ({
  name,
  method: 'PUT',
  path: `${path}/setcustomerprovidedreference`,
  params,
  body: ReferenceProvidedByCustomerSchema,
  retry: 'repeatable',
});

// A label barcode goes into the path: the characters a reference may have, nothing that changes a URL.
const LabelBarcodeSchema = lazySchema(() =>
  z.string({ error: BARCODE }).check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, { error: BARCODE })),
);

const YOURS = 'ItemReferenceProvidedByCustomer';
const withConsignment = <T extends object>(params: T, consignmentReference?: ConsignmentReference) =>
  consignmentReference === undefined ? params : { ...params, consignmentReference };
/** The strings among a call's references: its body's fields named, and the consignment to read. */
const bodyReferences =
  (...fields: string[]) =>
  (call: Call) =>
    stringsOf([...fields.map((field) => bodyOf(call)[field]), call.params?.consignmentReference]);
/** What settling a move or a removal found: the package and the item as the call named them. */
const settled = (
  reference: ConsignmentReference,
  state: ConsignmentState,
  done: boolean | undefined,
  pkg: unknown,
  item: unknown,
): Reconciliation[] => [
  {
    reference,
    state,
    done,
    packageReference: isPackageReference(pkg) ? pkg : undefined,
    itemReference: typeof item === 'string' ? item : undefined,
  },
];
const third = (method: string, what = '') => `items.${method} (its third argument${what})`;

/**
 * A non-repeatable edit of this resource (PUT unless `more` says otherwise): its consignment is never
 * sent, but it is what {@link OrdersClient.reconcile} reads, through `settle`, when the answer is lost.
 */
const edit = (
  name: OperationName,
  path: string,
  does: string,
  settle: Parameters<typeof settledByReading>[1],
  more: Partial<Operation<void>>,
): Operation<void> => ({
  name,
  method: 'PUT',
  path,
  params: { consignmentReference: consignmentToRead },
  retry: 'non-repeatable',
  outcome: settledByReading(does, settle),
  ...more,
});
/** The package a call names in its path: the ledger's reference of an item added or removed. */
const inPathPackage = (call: Call) => [String(call.params?.packageReference)];

/** The consignment as read now, and one of its packages' items (`undefined`: no such package). */
async function readPackage(reads: CreationReader, consignment: ConsignmentReference, pkg: unknown) {
  const read = await reads.read(consignment);
  const found = (read.Packages ?? []).find((each) => each.Reference === pkg);
  return { state: read.ConsignmentState ?? 'Unknown', items: found && (found.Items ?? []), read };
}

/**
 * Add Item and Add Items: each item is found on its package by your `ItemReferenceProvidedByCustomer`.
 * All found: added; none: not added; some (or the package gone): nothing is concluded.
 */
async function settleAdded(lost: LostCall, reads: CreationReader): Promise<Reconciliation[]> {
  const body = bodyOf(lost.call);
  const single = lost.operation === 'addItem';
  const yours = yoursOf(
    lost,
    (single ? [body] : listOf(body.Items)).map((item) => item?.[YOURS]),
    YOURS,
    'item',
    'consignments.get',
  );
  const packageReference = lost.references.find(isPackageReference);
  const reference = consignmentOf(lost, third(single ? 'add' : 'addMany'));
  const { state, items } = await readPackage(reads, reference, packageReference);
  const found = yours.map((mine) => items?.find((item) => item[YOURS] === mine));
  const done = items && doneWhenFound(found.filter(Boolean).length, yours.length);
  const entry: Reconciliation = { reference, state, done, packageReference };
  if (single) entry.itemReference = found[0]?.Reference ?? undefined;
  return [entry];
}

/** Move Item: on the target package, moved; elsewhere on the consignment, not; not on it, unknown. */
async function settleMoved(lost: LostCall, reads: CreationReader): Promise<Reconciliation[]> {
  const { ItemReference: item, TargetPackageReference: target } = bodyOf(lost.call);
  const reference = consignmentOf(lost, third('move', ': the target package’s consignment'));
  const { state, read } = await readPackage(reads, reference, undefined);
  const holder = (read.Packages ?? []).find((pkg) =>
    (pkg.Items ?? []).some((each) => each.Reference === item),
  );
  return settled(reference, state, holder && holder.Reference === target, target, item);
}

/** Remove Item: gone from its package, removed; still on it, not; the package gone, unknown. */
async function settleRemoved(lost: LostCall, reads: CreationReader): Promise<Reconciliation[]> {
  const { packageReference, itemReference } = (lost.call?.params ?? {}) as Body;
  const reference = consignmentOf(lost, third('remove'));
  const { state, items } = await readPackage(reads, reference, packageReference);
  const done = items && !items.some((each) => each.Reference === itemReference);
  return settled(reference, state, done, packageReference, itemReference);
}

/** A consignment's items: add, move, remove, and set your reference by label barcode. */
export class Items extends Resource {
  /** @vendor Add Item @internal */
  static readonly add = edit(
    'addItem',
    'items/{packageReference}',
    'Adds an item to a package',
    settleAdded,
    {
      params: { packageReference: PackageReferenceSchema, consignmentReference: consignmentToRead },
      body: AddItemRequestSchema,
      // Reconcile finds the item by the reference you gave it; the stored form (and the ledger) keep that alone.
      settleWith: (call) => ({ params: call.params, body: pick(bodyOf(call), YOURS) }),
      // Each item is a call of its own: LINE-3 after LINE-2 is sent, LINE-2 again is settled by reading.
      ledgerKey: (call) => ({ references: inPathPackage(call), asks: String(bodyOf(call)[YOURS] ?? '') }),
    },
  );

  /**
   * Add Item: adds one item to a package of an `Unallocated` or `AllocationFailed` consignment. The
   * service answers no body: read the consignment for the item's new `Reference`. Non-repeatable: a
   * second send adds a second item. Set `ItemReferenceProvidedByCustomer`, and name the package's
   * consignment (not sent), so that {@link OrdersClient.reconcile} can find the item when the answer is
   * lost.
   *
   * @param consignmentReference - The package's consignment, for reconcile; optional.
   * @throws {@link RequestValidationError} before sending, for an item with no `Weight`, `Dimensions` or
   *   `Value`, or with a `Reference`.
   * @throws {@link BadRequestError} when the consignment is allocated (deallocate it first).
   * @throws {@link NotFoundError} for an unknown package.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which looks for your `ItemReferenceProvidedByCustomer`.
   * @example
   * ```ts
   * await orders.items.add(
   *   'EP-000-05F-0CY',
   *   {
   *     ItemReferenceProvidedByCustomer: 'LINE-3',
   *     Sku: 'MUG-RED',
   *     Weight: { Value: 0.4, Unit: 'Kg' },
   *     Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 12 },
   *     Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
   *   },
   *   consignment,
   * );
   * ```
   */
  async add(
    packageReference: PackageReference,
    item: AddItemInput,
    consignmentReference?: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<void> {
    checkAddressed('PackageReference', (item as Body | undefined)?.PackageReference, packageReference);
    const params = withConsignment({ packageReference }, consignmentReference);
    const body = { ...item, PackageReference: packageReference };
    return transportOf(this).send(Items.add, { params, body }, options);
  }

  /** @vendor Add Items @internal */
  static readonly addMany = edit('addItems', 'items/additems', 'Adds items to a package', settleAdded, {
    body: AddItemsRequestSchema,
    references: bodyReferences('PackageReference'),
    settleWith: (call) => ({
      params: call.params,
      body: {
        PackageReference: bodyOf(call).PackageReference,
        Items: listOf(bodyOf(call).Items).map((item) => ({ [YOURS]: item?.[YOURS] })),
      },
    }),
    // The package, and which items: the same items again meet their earlier call, other items are sent.
    ledgerKey: (call) => ({
      references: [String(bodyOf(call).PackageReference)],
      asks: { digest: listOf(bodyOf(call).Items).map((item) => item?.[YOURS] ?? null) },
    }),
  });

  /**
   * Add Items: adds one or more items to a package of an `Unallocated` or `AllocationFailed` consignment,
   * in one call (sent as `{ PackageReference, Items }`). The service answers no body. Non-repeatable:
   * set `ItemReferenceProvidedByCustomer` on each item, unique on its package, and name the consignment
   * (not sent), so that {@link OrdersClient.reconcile} can tell whether they were added.
   *
   * @param consignmentReference - The package's consignment, for reconcile; optional.
   * @throws {@link RequestValidationError} before sending, for no items, or an item with no `Weight`,
   *   `Dimensions` or `Value`, or with a `Reference`.
   * @throws {@link BadRequestError} when the consignment is allocated (deallocate it first).
   * @throws {@link NotFoundError} for an unknown package.
   * @throws {@link OutcomeUnknownError} when they may have been added but no answer came: settle it with
   *   {@link OrdersClient.reconcile}.
   */
  addMany(
    packageReference: PackageReference,
    items: AddItemInput[],
    consignmentReference?: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<void> {
    const params = withConsignment({}, consignmentReference);
    const body = { PackageReference: packageReference, Items: items };
    return transportOf(this).send(Items.addMany, { params, body }, options);
  }

  /** @vendor Move Item @internal */
  // A repeat meets the item already in its target, which the vendor does not document (the mock refuses
  // it), and another writer may have moved it since: where the item is now settles a lost answer.
  static readonly move = edit('moveItem', 'items/move', 'Moves an item to another package', settleMoved, {
    body: MoveItemRequestSchema,
    references: bodyReferences('ItemReference', 'TargetPackageReference'),
    settleWith: (call) => ({
      params: call.params,
      body: pick(bodyOf(call), 'ItemReference', 'TargetPackageReference'),
    }),
    // The item, and where to: moving it on to a third package is another call.
    ledgerKey: (call) => ({
      references: [String(bodyOf(call).ItemReference)],
      asks: String(bodyOf(call).TargetPackageReference),
    }),
  });

  /**
   * Move Item: takes an item out of its package and puts it into `targetPackageReference` (sent as
   * `{ ItemReference, TargetPackageReference }`), before allocation. The service answers no body.
   * Non-repeatable. Name the target package's consignment (not sent): it is what
   * {@link OrdersClient.reconcile} reads to settle a lost answer (the item on the target or not).
   *
   * @param consignmentReference - The target package's consignment, for reconcile; optional.
   * @throws {@link BadRequestError} when a consignment involved is allocated, or the item is already in
   *   the target package.
   * @throws {@link NotFoundError} for an unknown item or target package.
   * @throws {@link OutcomeUnknownError} when it may have been moved but no answer came: settle it with
   *   {@link OrdersClient.reconcile}.
   * @example
   * ```ts
   * await orders.items.move(itemReference, 'EP-000-05F-0CY', consignment);
   * ```
   */
  move(
    itemReference: ItemReference,
    targetPackageReference: PackageReference,
    consignmentReference?: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<void> {
    const params = withConsignment({}, consignmentReference);
    const body = { ItemReference: itemReference, TargetPackageReference: targetPackageReference };
    return transportOf(this).send(Items.move, { params, body }, options);
  }

  /** @vendor Remove Item @internal */
  // A repeat meets an item already gone (404): where the item is now settles a lost answer instead.
  static readonly remove = edit(
    'removeItem',
    'items/{packageReference}/{itemReference}',
    'Removes an item from its package',
    settleRemoved,
    {
      method: 'DELETE',
      params: {
        packageReference: PackageReferenceSchema,
        itemReference: ItemReferenceSchema,
        consignmentReference: consignmentToRead,
      },
      settleWith: (call) => ({ params: call.params }),
      // The package, and which item: removing another item of it is another call.
      ledgerKey: (call) => ({ references: inPathPackage(call), asks: String(call.params?.itemReference) }),
    },
  );

  /**
   * Remove Item: removes an item from its package, before allocation; a package may be left with no
   * items. Non-repeatable. Name the consignment (not sent): it is what {@link OrdersClient.reconcile}
   * reads to settle a lost answer (the item gone or not).
   *
   * @param consignmentReference - The package's consignment, for reconcile; optional.
   * @throws {@link BadRequestError} when the consignment is allocated.
   * @throws {@link NotFoundError} for an unknown package, or an item not in it.
   * @throws {@link OutcomeUnknownError} when it may have been removed but no answer came: settle it with
   *   {@link OrdersClient.reconcile}.
   */
  remove(
    packageReference: PackageReference,
    itemReference: ItemReference,
    consignmentReference?: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<void> {
    const params = withConsignment({ packageReference, itemReference }, consignmentReference);
    return transportOf(this).send(Items.remove, { params }, options);
  }

  /** @vendor Set Customer Reference Via Label Bar Code @internal */
  static readonly setCustomerReferenceByLabelBarcode = setReference(
    'setItemCustomerReferenceByLabelBarcode',
    'items/{labelBarCode}',
    { labelBarCode: LabelBarcodeSchema },
  );

  /**
   * Set Customer Reference Via Label Bar Code: sets `ItemReferenceProvidedByCustomer` on the **first**
   * item of the package whose label carries `labelBarcode` (sent as `{ Reference }`): the barcode scanned
   * off a printed label, so the consignment is allocated. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a barcode with characters a path cannot
   *   carry.
   * @throws {@link NotFoundError} when no package's label has that barcode, or the package has no items.
   * @example
   * ```ts
   * await orders.items.setCustomerReferenceByLabelBarcode(scanned, 'PICK-0042');
   * ```
   */
  setCustomerReferenceByLabelBarcode(
    labelBarcode: string,
    reference: string | null,
    options?: RequestOptions,
  ): Promise<void> {
    return transportOf(this).send(
      Items.setCustomerReferenceByLabelBarcode,
      { params: { labelBarCode: labelBarcode }, body: { Reference: reference } },
      options,
    );
  }
}
