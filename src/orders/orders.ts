import * as z from 'zod/mini';
import { RequestValidationError } from '../core/errors.js';
import { lazySchema, once } from '../core/lazy-schema.js';
import { openEnum } from '../core/open-enum.js';
import { type OrderReference, OrderReferenceSchema } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { type CustomsDocumentation, CustomsDocumentationSchema } from './customs.js';
import {
  type Address,
  AddressSchema,
  type AddressType,
  ApiLinkSchema,
  DateValueSchema,
  type Direction,
  type Item,
  ItemSchema,
  isReference,
  issuedReference,
  type MetadataEntry,
  MetadataEntrySchema,
  type Money,
  MoneySchema,
  type OrderSource,
  type Package,
  PackageSchema,
  packageObject,
  referencesInLinks,
  TagsSchema,
  text,
  type Weight,
  WeightSchema,
} from './wire-shapes.js';

// Orders: creating, reading and replacing one, and its addresses.
/** The hours of a day a delivery is wanted in, as {@link RequestedDeliveryDate} carries them. */
export interface DeliveryWindow {
  /** The window's start, a time of day: `09:00:00`. */
  Start: string;
  /** The window's end, a time of day: `17:00:00`. */
  End: string;
  /** The offset from UTC of both times: `+00:00`. */
  UtcOffset?: string | null | undefined;
}
export const DeliveryWindowSchema = schemaOf<DeliveryWindow>()(() =>
  z.looseObject({ Start: z.string(), End: z.string(), UtcOffset: text }),
);

/**
 * An order's `RequiredDeliveryDate` as the real service writes it (the vendor's C# type
 * `RequestedDeliveryDate`); the spec shows a plain ISO date string instead, which is accepted too.
 */
export interface RequestedDeliveryDate {
  /** The date, ISO 8601 with an offset: `2026-01-09T00:00:00+00:00`. */
  Date: string;
  /** `true`: delivered on that very date; `false`: by that date. Left out, the service reads `false`. */
  IsToBeExactlyOnTheDateSpecified?: boolean | null | undefined;
  /** The hours of the day the delivery is wanted in. */
  DeliveryWindow?: DeliveryWindow | null | undefined;
}
export const RequestedDeliveryDateSchema = schemaOf<RequestedDeliveryDate>()(() =>
  z.looseObject({
    Date: z.string(),
    IsToBeExactlyOnTheDateSpecified: z.nullish(z.boolean()),
    DeliveryWindow: z.nullish(DeliveryWindowSchema),
  }),
);
/** A delivery date as orders, consignments and delivery options take it: a date string or its details. */
export const RequiredDeliveryDateSchema = lazySchema(() =>
  z.union([z.string(), RequestedDeliveryDateSchema]),
);

/**
 * The fields every order carries: in a Create Order body ({@link CreateOrderInput}), an Update Order body
 * ({@link UpdateOrderInput}), and Get Order's answer ({@link Order}). Each of those says which are
 * required and what leaving one out does.
 */
export interface OrderFields {
  /** Your own reference of the order. */
  OrderReferenceProvidedByCustomer?: string | null | undefined;
  /**
   * The date the order must be delivered by: the real service's {@link RequestedDeliveryDate} object
   * (`{ Date, IsToBeExactlyOnTheDateSpecified, DeliveryWindow? }`), or the spec's plain ISO 8601 date.
   */
  RequiredDeliveryDate?: string | RequestedDeliveryDate | null | undefined;
  /** Where the order was created (`Api`, `Web`). Set at creation; it cannot be updated. */
  Source?: OrderSource | null | undefined;
  /**
   * The date the order is to be shipped: an ISO 8601 date, or (some accounts) an object no vendor page
   * describes (a free-form map).
   */
  ShippingDate?: string | { [key: string]: unknown } | null | undefined;
  /** The packages and the items in them. Set at creation; Update Order ignores them (use Pack Order). */
  Packages?: Package[] | null | undefined;
  /** Customs documentation; its structure is not shown. */
  CustomsDocumentation?: CustomsDocumentation | null | undefined;
  /** The order's addresses, at most one of each `AddressType`. */
  Addresses?: Address[] | null | undefined;
  /** Keys and values of your own (Get Order may spell the key `Metadata`). */
  MetaData?: MetadataEntry[] | null | undefined;
  /** The direction of travel. */
  Direction?: Direction | null | undefined;
  /** Allocation tags: they limit the carrier services a consignment may be allocated to. */
  Tags?: string[] | null | undefined;
}
const orderFields = once(() => ({
  OrderReferenceProvidedByCustomer: text,
  RequiredDeliveryDate: z.nullish(RequiredDeliveryDateSchema),
  Source: z.nullish(openEnum<OrderSource>()),
  ShippingDate: z.nullish(DateValueSchema),
  Packages: z.nullish(z.array(PackageSchema)),
  CustomsDocumentation: z.nullish(CustomsDocumentationSchema),
  Addresses: z.nullish(z.array(AddressSchema)),
  MetaData: z.nullish(z.array(MetadataEntrySchema)),
  Direction: z.nullish(openEnum<Direction>()),
  Tags: z.nullish(TagsSchema),
}));

/**
 * An order as Get Order returns it: the service's full current details, including fields this SDK does
 * not name, which are kept. An order is not a consignment: its items need not share
 * an origin, a ship date or a carrier; Pack Order makes consignments from it.
 */
export interface Order extends OrderFields {
  /** The order's reference, assigned by the service at creation; it cannot be changed. */
  OrderReference: OrderReference;
  /**
   * Your own reference of the order; `null` when it has none. This and the other four properties Update
   * Order deletes when they are left out are always present (`orders.get` writes `null` where the service
   * left one out), so that an order read is written back whole: `orders.update(ref, { ...order, Tags })`.
   */
  OrderReferenceProvidedByCustomer: string | null;
  /** The date the order must be delivered by; `null` when it has none. */
  RequiredDeliveryDate: string | RequestedDeliveryDate | null;
  /** The date the order is to be shipped (ISO 8601); `null` when it has none. */
  ShippingDate: string | null;
  /** Customs documentation; `null` when it has none. */
  CustomsDocumentation: CustomsDocumentation | null;
  /** Keys and values of your own; `null` when it has none (read from `Metadata` when only that is sent). */
  MetaData: MetadataEntry[] | null;
  /** The metadata, as some answers spell the key: read `MetaData ?? Metadata`. */
  Metadata?: MetadataEntry[] | null | undefined;
  /** When the order was created: ISO 8601 with an offset, often with 7 fractional digits. */
  DateCreated?: string | null | undefined;
  /** The order's total weight. */
  Weight?: Weight | null | undefined;
  /** The order's total value. */
  Value?: Money | null | undefined;
  /** The earliest date of delivery the service promises (ISO 8601 with an offset). */
  EarliestDeliveryDate?: string | null | undefined;
  /** The latest date of delivery the service promises (ISO 8601 with an offset). */
  LatestDeliveryDate?: string | null | undefined;
  /** The delivery option (`EDO-…`) the order was made from, by Select Delivery Option. */
  DeliveryOptionReference?: string | null | undefined;
}
/** The properties Update Order deletes when they are left out. */
export const REPLACED_ON_UPDATE = [
  'OrderReferenceProvidedByCustomer',
  'RequiredDeliveryDate',
  'ShippingDate',
  'CustomsDocumentation',
  'MetaData',
] as const;
type ReplacedOnUpdate = (typeof REPLACED_ON_UPDATE)[number];

/** `T` with the keys `Optional` optional: an order as the service may send it. */
type SentWithout<T, Optional extends PropertyKey> = {
  [Key in keyof T as Key extends Optional ? never : Key]: T[Key];
} & { [Key in Optional & keyof T]?: T[Key] };

/**
 * The order with every property Update Order deletes when left out present, `null` where the service
 * left it out, and `MetaData` read from `Metadata` when only that spelling came: what is read is then
 * written back whole. Anything but an object is returned as it came.
 */
export function withReplaceableKeys<T>(order: T): T {
  if (order === null || typeof order !== 'object' || Array.isArray(order)) return order;
  const read = order as Record<string, unknown>;
  const filled: Record<string, unknown> = { ...read };
  for (const key of REPLACED_ON_UPDATE)
    filled[key] = read[key] ?? (key === 'MetaData' ? read.Metadata : null) ?? null;
  return filled as T;
}

const orderAsSent = schemaOf<SentWithout<Order, ReplacedOnUpdate>>()(() =>
  z.looseObject({
    ...orderFields(),
    OrderReference: issuedReference<OrderReference>(),
    // Answers write dates as ISO 8601 strings (the C# reference's DateTime): the object form a request
    // may pass is no answer's.
    ShippingDate: text,
    Metadata: z.nullish(z.array(MetadataEntrySchema)),
    DateCreated: text,
    Weight: z.nullish(WeightSchema),
    Value: z.nullish(MoneySchema),
    EarliestDeliveryDate: text,
    LatestDeliveryDate: text,
    DeliveryOptionReference: text,
  }),
);
/**
 * Checks an {@link Order} as Get Order returns it. A property Update Order deletes when left out may be
 * missing from the answer; the parsed order has it, `null`.
 */
export const OrderSchema = lazySchema(
  () =>
    orderAsSent.check(z.overwrite((order) => withReplaceableKeys(order))) as unknown as z.ZodMiniType<
      Order,
      Order
    >,
);

/** A package of a Create Order or Pack Order request: at least one item. */
export function packageOf<Item extends z.ZodMiniType>(item: Item) {
  return z.extend(packageObject, {
    Items: z.array(item).check(z.minLength(1, 'a package needs at least one item')),
  });
}

/**
 * Whether an address is of `type`. Trimmed and case-insensitive, as the service reads enumeration
 * values: refusing `destination` here would refuse an order the service takes.
 */
function isOfType(address: Address, type: AddressType): boolean {
  return String(address.AddressType).trim().toLowerCase() === type.toLowerCase();
}

function hasAddress(addresses: readonly Address[], type: AddressType) {
  return addresses.some((address) => isOfType(address, type));
}

/** A package of a Create Order body: a {@link Package} with at least one item. */
export interface CreateOrderPackage extends Package {
  /** The items in the package: at least one. */
  Items: Item[];
}

/**
 * The body of Create Order ({@link OrdersClient.create}): at least one package with at least one
 * item, an `Origin` and a `Destination` address, and a valid `ShippingLocationReference` on one of those
 * two. Everything else is optional: `OrderReferenceProvidedByCustomer`, `Source`, `RequiredDeliveryDate`,
 * `ShippingDate`, `CustomsDocumentation`, `Direction`, `MetaData`, `Tags`, and fields of your own, which
 * are sent as written.
 */
export interface CreateOrderInput extends OrderFields {
  /** The packages and the items in them: at least one package, each with at least one item. */
  Packages: CreateOrderPackage[];
  /**
   * The order's addresses: an `Origin` and a `Destination` (at most one of each type), one of them with
   * a valid `ShippingLocationReference`.
   */
  Addresses: Address[];
}
/**
 * Checks a Create Order body: at least one package with at least one item, an `Origin` and a
 * `Destination` address, and a `ShippingLocationReference` on one of those two.
 */
export const CreateOrderInputSchema = schemaOf<CreateOrderInput>()(() =>
  z
    .looseObject({
      ...orderFields(),
      Packages: z
        .array(schemaOf<CreateOrderPackage>()(() => packageOf(ItemSchema)))
        .check(z.minLength(1, 'an order needs at least one package')),
      Addresses: z.array(AddressSchema),
    })
    .check(
      z.refine((order) => hasAddress(order.Addresses, 'Origin'), {
        error: 'Addresses must include an Origin address',
        path: ['Addresses'],
      }),
      z.refine((order) => hasAddress(order.Addresses, 'Destination'), {
        error: 'Addresses must include a Destination address',
        path: ['Addresses'],
      }),
      z.refine(
        (order) =>
          order.Addresses.some(
            (address) =>
              (isOfType(address, 'Origin') || isOfType(address, 'Destination')) &&
              !!address.ShippingLocationReference?.trim(),
          ),
        {
          error: 'the Origin or the Destination address must carry a non-empty ShippingLocationReference',
          path: ['Addresses', 'ShippingLocationReference'],
        },
      ),
    ),
);

/**
 * A property that Update Order deletes when it is omitted: the key is required, and `null` deletes the
 * stored value on purpose.
 */
function replacedOnUpdate<T extends z.ZodMiniType>(schema: T) {
  return z.union([schema, z.null()], {
    error: (issue) =>
      issue.input === undefined
        ? 'required: Update Order deletes the stored value when this key is omitted; pass null to delete it'
        : undefined,
  });
}

/**
 * The body of Update Order ({@link OrdersClient.update}), a full replace. The service applies these
 * rules, property by property:
 *
 * | property | rule |
 * |---|---|
 * | `OrderReference` | required; cannot be updated |
 * | `OrderReferenceProvidedByCustomer`, `RequiredDeliveryDate`, `ShippingDate`, `CustomsDocumentation`, `MetaData` | replaced entirely; **deleted when omitted** |
 * | `Source` | ignored |
 * | `Packages` | ignored (use Pack Order) |
 * | `Addresses`, `Direction`, `Tags` | replaced entirely when given; unchanged when omitted |
 *
 * So the five deletable properties are required keys here, each of which may be `null`: a deletion is
 * always written down, never an accident. {@link OrdersClient.patch} builds this body for you from
 * the stored order and your changes.
 */
export interface UpdateOrderInput extends OrderFields {
  /** The order's reference: required, the order addressed, and it cannot be changed. */
  OrderReference: OrderReference;
  /** Your own reference of the order. Required key: replaced entirely, `null` deletes it. */
  OrderReferenceProvidedByCustomer: string | null;
  /** The date the order must be delivered by. Required key: replaced entirely, `null` deletes it. */
  RequiredDeliveryDate: string | RequestedDeliveryDate | null;
  /**
   * The date the order is to be shipped: a date, or an object no vendor page describes (a free-form map).
   * Required key: replaced entirely, `null` deletes it.
   */
  ShippingDate: string | { [key: string]: unknown } | null;
  /** Customs documentation. Required key: replaced entirely, `null` deletes it. */
  CustomsDocumentation: CustomsDocumentation | null;
  /** Keys and values of your own. Required key: replaced entirely, `null` deletes them. */
  MetaData: MetadataEntry[] | null;
}
const updateOrderObject = lazySchema(() =>
  z.looseObject({
    ...orderFields(),
    OrderReference: OrderReferenceSchema,
    OrderReferenceProvidedByCustomer: replacedOnUpdate(z.string()),
    RequiredDeliveryDate: replacedOnUpdate(RequiredDeliveryDateSchema),
    ShippingDate: replacedOnUpdate(DateValueSchema),
    CustomsDocumentation: replacedOnUpdate(CustomsDocumentationSchema),
    MetaData: replacedOnUpdate(z.array(MetadataEntrySchema)),
  }),
);
/** Checks an Update Order body: the order's reference, and every deletable property written down. */
export const UpdateOrderInputSchema = schemaOf<UpdateOrderInput>()(() => updateOrderObject);

/**
 * What {@link OrdersClient.patch} changes on an order: any property of {@link UpdateOrderInput} but
 * `OrderReference`, `Source` and `Packages`. A property left out (or `undefined`) keeps its stored value;
 * `null` deletes it.
 */
export interface OrderChanges extends Omit<OrderFields, 'Source' | 'Packages'> {}
/** Checks the changes {@link OrdersClient.patch} takes: any replaceable property but the reference. */
export const OrderChangesSchema = schemaOf<OrderChanges>()(() =>
  z.partial(z.omit(updateOrderObject, { OrderReference: true, Source: true, Packages: true })).check(
    z.refine((changes) => !('OrderReference' in changes), {
      error: 'OrderReference cannot be changed',
      path: ['OrderReference'],
    }),
  ),
);

/**
 * What Create Order and Select Delivery Option answer: the spec's bare reference or `{ OrderReference }`,
 * the real service's link array, or its `{ SelectOrderResults: [{ OrderReference, Status }] }`.
 */
export const OrderCreatedResponseSchema = lazySchema(() =>
  z.union([
    z.string(),
    z.array(ApiLinkSchema),
    z.looseObject({ OrderReference: z.string() }),
    z.looseObject({
      SelectOrderResults: z
        .array(z.looseObject({ OrderReference: text, Links: z.nullish(z.array(ApiLinkSchema)) }))
        .check(z.minLength(1)),
    }),
  ]),
);

/** The new order's reference from any of the shapes in {@link OrderCreatedResponseSchema}. */
export function createdOrderReference(
  body: z.infer<typeof OrderCreatedResponseSchema>,
): OrderReference | undefined {
  if (typeof body === 'string') return isReference(OrderReferenceSchema, body) ? body : undefined;
  if (Array.isArray(body)) return referencesInLinks(body, OrderReferenceSchema)[0];
  const selected = Array.isArray(body.SelectOrderResults) ? body.SelectOrderResults : [];
  // A selected result names its order, or links to it (`Detail …/orders/EO-…`).
  const named = selected.flatMap((result) => [
    result?.OrderReference,
    ...referencesInLinks(result?.Links ?? [], OrderReferenceSchema),
  ]);
  return [body.OrderReference, ...named].find((value) => isReference(OrderReferenceSchema, value));
}

/** The path parameter of every operation on one order. */
export const orderPath = { orderReference: OrderReferenceSchema };

/** A value for an error message; only strings are quoted (an object may not even convert to a string). */
const shown = (value: unknown) => (typeof value === 'string' ? value : `a ${typeof value}`);

/** A body naming another order than the path would act on the wrong order, or be refused after sending. */
export function requireSameOrder(
  orderReference: OrderReference,
  body: { OrderReference?: unknown } | undefined,
): void {
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
export function mergeForUpdate(
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
  // Checked as an Update Order body before it is sent.
  return merged as unknown as UpdateOrderInput;
}
