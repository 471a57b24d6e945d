import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { OrderReferenceSchema, type PackageReference, PackageReferenceSchema } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { needs, refuseReference, requireReference } from './edit-rules.js';
import {
  type Barcode,
  BarcodeSchema,
  type Dimensions,
  DimensionsSchema,
  type Item,
  itemObject,
  type MetadataEntry,
  MetadataEntrySchema,
  type Money,
  MoneySchema,
  text,
  type Weight,
  WeightSchema,
} from './wire-shapes.js';

// The requests of an order's packages and items (`orders.orderPackages`), field by field from the vendor's
// C# reference (`OrderPackage.Package`, `OrderPackageItem.Item` and the four request types). The vendor's
// request types serve adding and updating alike ("a package with a reference is updated, else added"):
// each method here takes one of the two only, so that its retry class is true.

/**
 * An item of an order's package (the vendor's `OrderPackageItem.Item`): an order item's fields, its
 * `Value` required.
 */
export interface OrderPackageItem extends Omit<Item, 'Status' | 'Value'> {
  /** The declared value of one item: required. */
  Value: Money;
}
const orderItemObject = lazySchema(() =>
  z.extend(z.omit(itemObject, { Status: true }), { Value: MoneySchema }),
);
export const OrderPackageItemSchema = schemaOf<OrderPackageItem>()(() => orderItemObject);

/** An item to add to a package of an order: no `Reference` (the service issues it). */
export type NewOrderPackageItem = Omit<OrderPackageItem, 'Reference'>;
/** An item of an order's package to change: its `Reference` names it. */
export interface OrderPackageItemChange extends OrderPackageItem {
  /** The service's reference of the item (32 hex characters), from Get Order. */
  Reference: string;
}

export const NewOrderPackageItemSchema = lazySchema(() => orderItemObject.check(refuseReference('item')));
// Not exported by the package: the update's input check (OrderPackageItemSchema is the item's schema).
export const OrderPackageItemChangeSchema = lazySchema(() => orderItemObject.check(requireReference('item')));

/** A package of an order (the vendor's `OrderPackage.Package`). */
export interface OrderPackage {
  /** The service's reference of the package (`EP-…`): left out for a new package. */
  Reference?: PackageReference | null | undefined;
  /** Your own reference of the package: how reconcile finds a package added when the answer is lost. */
  PackageReferenceProvidedByCustomer?: string | null | undefined;
  /** The items in the package. */
  Items?: OrderPackageItem[] | null | undefined;
  /** The weight of the whole package; left out, the service adds up its items' weights. */
  Weight?: Weight | null | undefined;
  /** The outer size of the package: required unless `PackageSizeReference` is set. */
  Dimensions?: Dimensions | null | undefined;
  /** One of the organisation's package sizes ({@link PackageSizes.list}), instead of `Dimensions`. */
  PackageSizeReference?: string | null | undefined;
  /** The declared value of the whole package. */
  Value?: Money | null | undefined;
  /** What the package holds, in words. */
  Description?: string | null | undefined;
  /** The package's barcode. */
  Barcode?: Barcode | null | undefined;
  /** Keys and values of your own. */
  MetaData?: MetadataEntry[] | null | undefined;
}
const orderPackageObject = lazySchema(() =>
  z.looseObject({
    Reference: z.nullish(PackageReferenceSchema),
    PackageReferenceProvidedByCustomer: text,
    Items: z.nullish(z.array(OrderPackageItemSchema)),
    Weight: z.nullish(WeightSchema),
    Dimensions: z.nullish(DimensionsSchema),
    PackageSizeReference: text,
    Value: z.nullish(MoneySchema),
    Description: text,
    Barcode: z.nullish(BarcodeSchema),
    MetaData: z.nullish(z.array(MetadataEntrySchema)),
  }),
);
export const OrderPackageSchema = schemaOf<OrderPackage>()(() => orderPackageObject);

/** A package to add to an order: no `Reference`; `Dimensions` or a `PackageSizeReference`. */
export interface NewOrderPackage extends Omit<OrderPackage, 'Reference' | 'Items'> {
  /** The items in the package, each new (no `Reference`). */
  Items?: NewOrderPackageItem[] | null | undefined;
}
/** A package of an order to change: its `Reference` names it, and each item given names its own. */
export interface OrderPackageChange extends Omit<OrderPackage, 'Reference' | 'Items'> {
  /** The service's reference of the package (`EP-…`), from Get Order. */
  Reference: PackageReference;
  /** Items of the package to change, each named by its `Reference`. */
  Items?: OrderPackageItemChange[] | null | undefined;
}

const NewOrderPackageSchema = lazySchema(() =>
  z
    .extend(orderPackageObject, { Items: z.nullish(z.array(NewOrderPackageItemSchema)) })
    .check(refuseReference('package'), needs('package', 'Dimensions', 'PackageSizeReference')),
);
const OrderPackageChangeSchema = lazySchema(() =>
  z
    .extend(orderPackageObject, { Items: z.nullish(z.array(OrderPackageItemChangeSchema)) })
    .check(requireReference('package')),
);

// The bodies, each the order and a list of at least one (of one package, for the items' bodies).
const body = (field: string, of: z.ZodMiniType, what: string, inPackage = true) =>
  lazySchema(() =>
    z.looseObject({
      OrderReference: OrderReferenceSchema,
      ...(inPackage ? { PackageReference: PackageReferenceSchema } : {}),
      [field]: z.array(of).check(z.minLength(1, `at least one ${what} is required`)),
    }),
  );

/** The body of Add Order Packages (the vendor's `AddUpdateOrderPackagesRequest`). */
export const AddOrderPackagesBodySchema = body('OrderPackages', NewOrderPackageSchema, 'package', false);
/** The body of Updates Order Packages (the same request type, every package named). */
export const UpdateOrderPackagesBodySchema = body(
  'OrderPackages',
  OrderPackageChangeSchema,
  'package',
  false,
);
/** The body of Delete Order Packages (the vendor's `DeleteOrderPackagesRequest`). */
export const DeleteOrderPackagesBodySchema = body(
  'OrderPackageReferences',
  PackageReferenceSchema,
  'package reference',
  false,
);
/** The body of Add Order Package Items (the vendor's `AddUpdateOrderPackageItemsRequest`). */
export const AddOrderPackageItemsBodySchema = body('OrderItems', NewOrderPackageItemSchema, 'item');
/** The body of Update Order Package Items (the same request type, every item named). */
export const UpdateOrderPackageItemsBodySchema = body('OrderItems', OrderPackageItemChangeSchema, 'item');
/** The body of Delete Order Package Items (the vendor's `DeleteOrderPackageItemsRequest`). */
export const DeleteOrderPackageItemsBodySchema = body(
  'OrderItemReferences',
  lazySchema(() => z.string().check(z.minLength(1, 'an item reference is not empty'))),
  'item reference',
);

/** What each of them answers: `true` when the change was made (the vendor's `Boolean`). */
export const OrderPackagesAnswerSchema = lazySchema(() => z.boolean());
