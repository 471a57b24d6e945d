import * as z from 'zod/mini';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type OrderReference,
  OrderReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';

/**
 * Area A's wire shapes, spelled as the service spells them (PascalCase).
 *
 * One set of data shapes serves requests and responses: every object lets unknown fields through and
 * every optional field accepts `null`, because what Get Order returns must be accepted again by
 * Update Order (see `patchOrder`). What a request must contain is checked on top, in the request schemas.
 *
 * Each data type is an interface that documents its fields, and its schema is typed with `schemaOf`,
 * which compiles only when the schema infers exactly that interface.
 */

/** A reference the service hands out: typed for callers, but not re-checked when it comes back. */
function issuedReference<Reference extends string>() {
  return z.string() as unknown as z.ZodMiniType<Reference, Reference>;
}

const text = z.nullish(z.string());
const amount = z.nullish(z.number());
/** Dates whose structure the spec does not show: an ISO date string, or an object as some accounts send. */
const DateValueSchema = z.union([z.string(), z.looseObject({})]);

/**
 * The role of an address on an order. The spec names `Origin`, `Destination` and `Sender`; the real
 * service also uses `Return`, `Recipient` and `Importer`, and may add more.
 */
export type AddressType = OpenEnum<'Origin' | 'Destination' | 'Sender' | 'Return' | 'Recipient' | 'Importer'>;
/** The direction of travel of an order: `Outbound` (to a customer) or `Inbound` (a return). */
export type Direction = OpenEnum<'Outbound' | 'Inbound'>;
/** Where an order was created: `Api` (through the API) or `Web` (in the service's portal). */
export type OrderSource = OpenEnum<'Api' | 'Web'>;
/** The unit of a {@link Weight}: `Kg` is the one in use. */
export type WeightUnit = OpenEnum<'Kg'>;
/** The unit of {@link Dimensions}: `Cm` is the one in use. */
export type DimensionsUnit = OpenEnum<'Cm'>;
/**
 * The state of a consignment: the values of the real service (reference: consignment states), an open
 * enum. The real service spells `ManifestFailed` and `AllocationFailed` (its pages show `Manifest Failed`
 * and `Allocation Failed`), the spec writes `Manifest Failed`: every spelling is expected. Real answers
 * name the field `ConsignmentState`, the spec `consignmentState`. Allocation starts from `Unallocated`
 * or `AllocationFailed`; only `Allocated`, `ManifestFailed` and `ReadyToShip` consignments can be
 * manifested.
 */
export type ConsignmentState = OpenEnum<
  | 'Unallocated'
  | 'Allocating'
  | 'AllocationFailed'
  | 'Allocation Failed'
  | 'Allocated'
  | 'Manifesting'
  | 'Manifested'
  | 'ManifestFailed'
  | 'Manifest Failed'
  | 'Dispatched'
  | 'AtDropOffPoint'
  | 'Collected'
  | 'CollectionFailed'
  | 'InTransit'
  | 'Delayed'
  | 'OutForDelivery'
  | 'DeliveryFailed'
  | 'DeliveryFailedCardLeft'
  | 'Delivered'
  | 'PartiallyDelivered'
  | 'AtCollectionPoint'
  | 'ReturnToSender'
  | 'ActionRequired'
  | 'Missing'
  | 'Lost'
  | 'Damaged'
  | 'Cancelling'
  | 'Cancelled'
  | 'InTransitWaiting'
  | 'HeldByCarrier'
  | 'ExchangeFailed'
  | 'AtCustoms'
  | 'CarrierUnableToCollect'
  | 'DeliveredDamaged'
  | 'ReadyToShip'
>;

/** The person to contact at an {@link Address}. Every field is optional and may be `null`. */
export interface Contact {
  /** Form of address, for example `Mr` or `Dr`. */
  Title?: string | null | undefined;
  /** Given name. */
  FirstName?: string | null | undefined;
  /** Family name. */
  LastName?: string | null | undefined;
  /** Telephone number. */
  Telephone?: string | null | undefined;
  /** Mobile telephone number. */
  Mobile?: string | null | undefined;
  /** Landline telephone number. */
  LandLine?: string | null | undefined;
  /** E-mail address. */
  Email?: string | null | undefined;
  /** The service's reference of the contact. */
  Reference?: string | null | undefined;
  /** The contact's position (job title). */
  Position?: string | null | undefined;
}
export const ContactSchema = schemaOf<Contact>()(
  z.looseObject({
    Title: text,
    FirstName: text,
    LastName: text,
    Telephone: text,
    Mobile: text,
    LandLine: text,
    Email: text,
    Reference: text,
    Position: text,
  }),
);

/** A country's ISO code, as {@link Country} and {@link Item} carry it. */
export interface IsoCountryCode {
  /** ISO 3166-1 alpha-2 code, for example `GB`. */
  TwoLetterCode?: string | null | undefined;
}
export const IsoCountryCodeSchema = schemaOf<IsoCountryCode>()(z.looseObject({ TwoLetterCode: text }));

/** The country of an {@link Address}. */
export interface Country {
  /** The country's name, for people. */
  Name?: string | null | undefined;
  /** The country's ISO 3166-1 code: what the service goes by. */
  IsoCode?: IsoCountryCode | null | undefined;
}
export const CountrySchema = schemaOf<Country>()(
  z.looseObject({ Name: text, IsoCode: z.nullish(IsoCountryCodeSchema) }),
);

/** A position on the globe. */
export interface LatLong {
  /** Decimal degrees, north positive. */
  Latitude?: number | null | undefined;
  /** Decimal degrees, east positive. */
  Longitude?: number | null | undefined;
}
export const LatLongSchema = schemaOf<LatLong>()(z.looseObject({ Latitude: amount, Longitude: amount }));

/**
 * An address on an order: its role (`AddressType`), a shipping location or a street address, a contact
 * and a country. Every field but `AddressType` is optional and may be `null`.
 */
export interface Address {
  /**
   * The address's role. An order has at most one address of each type: Add Address To Order adds a type
   * the order lacks, Update Address On Order replaces one it has.
   */
  AddressType: AddressType;
  /**
   * One of the organisation's shipping locations (warehouses). Create Order needs a valid one on the
   * `Origin` or the `Destination` address.
   */
  ShippingLocationReference?: string | null | undefined;
  /** The person to contact there. */
  Contact?: Contact | null | undefined;
  /** Company name, when the address is a business. */
  CompanyName?: string | null | undefined;
  /** First line of the street address. */
  AddressLine1?: string | null | undefined;
  /** Second line of the street address. */
  AddressLine2?: string | null | undefined;
  /** Third line of the street address. */
  AddressLine3?: string | null | undefined;
  /** Town or city. */
  Town?: string | null | undefined;
  /** County, state or province. */
  Region?: string | null | undefined;
  /** Postal code. */
  Postcode?: string | null | undefined;
  /** The country, identified by its ISO code. */
  Country?: Country | null | undefined;
  /** Instructions for the carrier, for example where to leave a parcel. */
  SpecialInstructions?: string | null | undefined;
  /** The position of the address, when known. */
  LatLong?: LatLong | null | undefined;
  /** A flag of the service's; the spec gives its type (boolean) and nothing more. */
  IsCached?: boolean | null | undefined;
  /** The shop (pickup point) the address is, for a pickup option. */
  ShopLocationReference?: string | null | undefined;
  /** The customer's name at this address. */
  CustomerName?: string | null | undefined;
  /** The region's code (county, state or province). */
  RegionCode?: string | null | undefined;
}
export const AddressSchema = schemaOf<Address>()(
  z.looseObject({
    AddressType: openEnum<AddressType>(),
    ShippingLocationReference: text,
    Contact: z.nullish(ContactSchema),
    CompanyName: text,
    AddressLine1: text,
    AddressLine2: text,
    AddressLine3: text,
    Town: text,
    Region: text,
    Postcode: text,
    Country: z.nullish(CountrySchema),
    SpecialInstructions: text,
    LatLong: z.nullish(LatLongSchema),
    IsCached: z.nullish(z.boolean()),
    ShopLocationReference: text,
    CustomerName: text,
    RegionCode: text,
  }),
);

/** The weight of an item or a package. */
export interface Weight {
  /** The weight, in `Unit`. */
  Value?: number | null | undefined;
  /** `Kg`. */
  Unit?: WeightUnit | null | undefined;
}
export const WeightSchema = schemaOf<Weight>()(
  z.looseObject({ Value: amount, Unit: z.nullish(openEnum<WeightUnit>()) }),
);

/** The outer size of an item or a package. */
export interface Dimensions {
  /** `Cm`. */
  Unit?: DimensionsUnit | null | undefined;
  /** Width, in `Unit`. */
  Width?: number | null | undefined;
  /** Length, in `Unit`. */
  Length?: number | null | undefined;
  /** Height, in `Unit`. */
  Height?: number | null | undefined;
}
export const DimensionsSchema = schemaOf<Dimensions>()(
  z.looseObject({
    Unit: z.nullish(openEnum<DimensionsUnit>()),
    Width: amount,
    Length: amount,
    Height: amount,
  }),
);

/** An amount of money: the declared value of an item or a package. */
export interface Money {
  /** The amount, in the currency's main unit (pounds, not pence). */
  Amount?: number | null | undefined;
  /** The currency. */
  Currency?: {
    /** ISO 4217 code, for example `GBP`. */
    IsoCode?: string | null | undefined;
  } | null;
}
export const MoneySchema = schemaOf<Money>()(
  z.looseObject({
    Amount: amount,
    Currency: z.nullish(z.looseObject({ IsoCode: text })),
  }),
);

/** One key and value of an order's or a consignment's `MetaData`. */
export interface MetadataEntry {
  /**
   * The key. `ShippersEORI` records the shipper's EORI number: on an international order it is copied to
   * every consignment packed from it, and commercial invoices gain an EORI Number field.
   */
  KeyValue: string;
  /** The value. */
  StringValue?: string | null | undefined;
}
export const MetadataEntrySchema = schemaOf<MetadataEntry>()(
  z.looseObject({ KeyValue: z.string(), StringValue: text }),
);

/** A barcode on an item or a package. */
export interface Barcode {
  /** The barcode's value. */
  Code?: string | null | undefined;
  /** Its symbology, for example `Code128`. */
  BarcodeType?: string | null | undefined;
}
export const BarcodeSchema = schemaOf<Barcode>()(z.looseObject({ Code: text, BarcodeType: text }));

/** An item on an order: what it is, how many, and the weight, size and value of one. */
export interface Item {
  /** The service's reference of the item (32 hex characters), assigned when the order is created. */
  Reference?: string | null | undefined;
  /** Your own reference of the item. */
  ItemReferenceProvidedByCustomer?: string | null | undefined;
  /** Stock keeping unit: Pack Order can name an item by it. */
  Sku?: string | null | undefined;
  /** What the item is, in words, for customs and for people. */
  Description?: string | null | undefined;
  /** How many. */
  Quantity?: number | null | undefined;
  /** Where the item was made, for customs. */
  CountryOfOrigin?: {
    /** The country's ISO 3166-1 code. */
    IsoCode?: IsoCountryCode | null | undefined;
  } | null;
  /** The weight of one item. */
  Weight?: Weight | null | undefined;
  /** The size of one item. */
  Dimensions?: Dimensions | null | undefined;
  /** The declared value of one item. */
  Value?: Money | null | undefined;
  /** The item's model, for customs. */
  Model?: string | null | undefined;
  /** The customs tariff (HS) code. */
  HarmonisationCode?: string | null | undefined;
  /** Words that describe the item to find its tariff code. */
  HarmonisationKeyWords?: string[] | null | undefined;
  /** The item's barcode. */
  Barcode?: Barcode | null | undefined;
  /** Keys and values of your own. */
  MetaData?: MetadataEntry[] | null | undefined;
}
const itemObject = z.looseObject({
  Reference: text,
  ItemReferenceProvidedByCustomer: text,
  Sku: text,
  Description: text,
  Quantity: amount,
  CountryOfOrigin: z.nullish(z.looseObject({ IsoCode: z.nullish(IsoCountryCodeSchema) })),
  Weight: z.nullish(WeightSchema),
  Dimensions: z.nullish(DimensionsSchema),
  Value: z.nullish(MoneySchema),
  Model: text,
  HarmonisationCode: text,
  HarmonisationKeyWords: z.nullish(z.array(z.string())),
  Barcode: z.nullish(BarcodeSchema),
  MetaData: z.nullish(z.array(MetadataEntrySchema)),
});
export const ItemSchema = schemaOf<Item>()(itemObject);

/** A package of an order or a consignment, and the items in it. */
export interface Package {
  /** The service's reference of the package (`EP-…`), assigned when the order is created; read only. */
  Reference?: string | null | undefined;
  /** Your own reference of the package. */
  PackageReferenceProvidedByCustomer?: string | null | undefined;
  /** The items in the package. Create Order and Pack Order need at least one. */
  Items?: Item[] | null | undefined;
  /** The weight of the whole package. */
  Weight?: Weight | null | undefined;
  /** The outer size of the package. */
  Dimensions?: Dimensions | null | undefined;
  /** What the package holds, in words. */
  Description?: string | null | undefined;
  /** The declared value of the whole package. */
  Value?: Money | null | undefined;
  /** One of the organisation's package sizes; may be empty. */
  PackageSizeReference?: string | null | undefined;
  /** The package's barcode. */
  Barcode?: Barcode | null | undefined;
  /** Keys and values of your own. */
  MetaData?: MetadataEntry[] | null | undefined;
}
const packageObject = z.looseObject({
  Reference: text,
  PackageReferenceProvidedByCustomer: text,
  Items: z.nullish(z.array(ItemSchema)),
  Weight: z.nullish(WeightSchema),
  Dimensions: z.nullish(DimensionsSchema),
  Description: text,
  Value: z.nullish(MoneySchema),
  PackageSizeReference: text,
  Barcode: z.nullish(BarcodeSchema),
  MetaData: z.nullish(z.array(MetadataEntrySchema)),
});
export const PackageSchema = schemaOf<Package>()(packageObject);

/** An order's or a consignment's customs documentation: an object whose structure the spec does not show. */
export interface CustomsDocumentation {
  /** Its fields, sent and kept as written. */
  [key: string]: unknown;
}
export const CustomsDocumentationSchema = schemaOf<CustomsDocumentation>()(z.looseObject({}));

export const TagsSchema = z.array(z.string());

/**
 * A link the service adds to a result, to a related resource. Its fields are kept as sent, `null` or
 * missing included: links come with the answers of manifests, allocations and packs, which have acted by
 * the time they are read, and an incomplete link must not turn their results into an error.
 */
export interface ApiLink {
  /** What the link points to, for example `detail` or `label`. */
  Rel?: string | null | undefined;
  /** The URL. */
  Href?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ApiLinkSchema = schemaOf<ApiLink>()(
  z.looseObject({ Rel: z.nullish(z.string()), Href: z.nullish(z.string()) }),
);

/** The hours of a day a delivery is wanted in, as {@link RequestedDeliveryDate} carries them. */
export interface DeliveryWindow {
  /** The window's start, a time of day: `09:00:00`. */
  Start: string;
  /** The window's end, a time of day: `17:00:00`. */
  End: string;
  /** The offset from UTC of both times: `+00:00`. */
  UtcOffset?: string | null | undefined;
}
export const DeliveryWindowSchema = schemaOf<DeliveryWindow>()(
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
export const RequestedDeliveryDateSchema = schemaOf<RequestedDeliveryDate>()(
  z.looseObject({
    Date: z.string(),
    IsToBeExactlyOnTheDateSpecified: z.nullish(z.boolean()),
    DeliveryWindow: z.nullish(DeliveryWindowSchema),
  }),
);
const RequiredDeliveryDateSchema = z.union([z.string(), RequestedDeliveryDateSchema]);

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
  /** The date the order is to be shipped: an ISO 8601 date (some accounts send an object). */
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
const orderFields = {
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
};

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
   * Order deletes when they are left out are always present (`getOrder` writes `null` where the service
   * left one out), so that an order read is written back whole: `updateOrder(ref, { ...order, Tags })`.
   */
  OrderReferenceProvidedByCustomer: string | null;
  /** The date the order must be delivered by; `null` when it has none. */
  RequiredDeliveryDate: string | RequestedDeliveryDate | null;
  /** The date the order is to be shipped; `null` when it has none. */
  ShippingDate: string | { [key: string]: unknown } | null;
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
  /** The earliest date of delivery the service promises: an ISO 8601 date, or as the service sends it. */
  EarliestDeliveryDate?: string | { [key: string]: unknown } | null | undefined;
  /** The latest date of delivery the service promises: an ISO 8601 date, or as the service sends it. */
  LatestDeliveryDate?: string | { [key: string]: unknown } | null | undefined;
  /** The delivery option (`EDO-…`) the order was made from, by Select Delivery Option. */
  DeliveryOptionReference?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
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

const orderAsSent = schemaOf<SentWithout<Order, ReplacedOnUpdate>>()(
  z.looseObject({
    ...orderFields,
    OrderReference: issuedReference<OrderReference>(),
    Metadata: z.nullish(z.array(MetadataEntrySchema)),
    DateCreated: text,
    Weight: z.nullish(WeightSchema),
    Value: z.nullish(MoneySchema),
    EarliestDeliveryDate: z.nullish(DateValueSchema),
    LatestDeliveryDate: z.nullish(DateValueSchema),
    DeliveryOptionReference: text,
  }),
);
export const OrderSchema = z.pipe(
  orderAsSent,
  z.transform((order) => withReplaceableKeys(order as Order)),
) as unknown as z.ZodMiniType<Order, Order>;

/** A package of a Create Order or Pack Order request: at least one item. */
function packageOf<Item extends z.ZodMiniType>(item: Item) {
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
 * The body of Create Order ({@link OrdersClient.createOrder}): at least one package with at least one
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
export const CreateOrderInputSchema = schemaOf<CreateOrderInput>()(
  z
    .looseObject({
      ...orderFields,
      Packages: z
        .array(schemaOf<CreateOrderPackage>()(packageOf(ItemSchema)))
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
 * The body of Update Order ({@link OrdersClient.updateOrder}), a full replace. The service applies these
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
 * always written down, never an accident. {@link OrdersClient.patchOrder} builds this body for you from
 * the stored order and your changes.
 */
export interface UpdateOrderInput extends OrderFields {
  /** The order's reference: required, the order addressed, and it cannot be changed. */
  OrderReference: OrderReference;
  /** Your own reference of the order. Required key: replaced entirely, `null` deletes it. */
  OrderReferenceProvidedByCustomer: string | null;
  /** The date the order must be delivered by. Required key: replaced entirely, `null` deletes it. */
  RequiredDeliveryDate: string | RequestedDeliveryDate | null;
  /** The date the order is to be shipped. Required key: replaced entirely, `null` deletes it. */
  ShippingDate: string | { [key: string]: unknown } | null;
  /** Customs documentation. Required key: replaced entirely, `null` deletes it. */
  CustomsDocumentation: CustomsDocumentation | null;
  /** Keys and values of your own. Required key: replaced entirely, `null` deletes them. */
  MetaData: MetadataEntry[] | null;
}
const updateOrderObject = z.looseObject({
  ...orderFields,
  OrderReference: OrderReferenceSchema,
  OrderReferenceProvidedByCustomer: replacedOnUpdate(z.string()),
  RequiredDeliveryDate: replacedOnUpdate(RequiredDeliveryDateSchema),
  ShippingDate: replacedOnUpdate(DateValueSchema),
  CustomsDocumentation: replacedOnUpdate(CustomsDocumentationSchema),
  MetaData: replacedOnUpdate(z.array(MetadataEntrySchema)),
});
export const UpdateOrderInputSchema = schemaOf<UpdateOrderInput>()(updateOrderObject);

/**
 * What {@link OrdersClient.patchOrder} changes on an order: any property of {@link UpdateOrderInput} but
 * `OrderReference`, `Source` and `Packages`. A property left out (or `undefined`) keeps its stored value;
 * `null` deletes it.
 */
export interface OrderChanges extends Omit<OrderFields, 'Source' | 'Packages'> {}
export const OrderChangesSchema = schemaOf<OrderChanges>()(
  z.partial(z.omit(updateOrderObject, { OrderReference: true, Source: true, Packages: true })).check(
    z.refine((changes) => !('OrderReference' in changes), {
      error: 'OrderReference cannot be changed',
      path: ['OrderReference'],
    }),
  ),
);

/**
 * An item of a Pack Order request: a `Quantity`, and the order item it refers to, named by at least one
 * of `Reference`, `ItemReferenceProvidedByCustomer` or `Sku`. An item that is not on the order is refused
 * by the service.
 */
export interface PackItem extends Item {
  /** How many of the order's item go into the package: an integer, at least 1. */
  Quantity: number;
}
export const PackItemSchema = schemaOf<PackItem>()(
  z.extend(itemObject, { Quantity: z.int().check(z.minimum(1)) }).check(
    z.refine((item) => !!(item.Reference || item.ItemReferenceProvidedByCustomer || item.Sku), {
      error: 'a pack item needs at least one of Reference, ItemReferenceProvidedByCustomer or Sku',
    }),
  ),
);

/** A package of a Pack Order request: a {@link Package} with at least one {@link PackItem}. */
export interface PackOrderPackage extends Package {
  /** The items packed: at least one. */
  Items: PackItem[];
}

/**
 * The body of Pack Order ({@link OrdersClient.packOrder}): one request creates one consignment (two with
 * `GenerateReturn`). Items are checked against the order but not against earlier packs, so the same items
 * can be packed again (split and short picks). Fields left out are filled from the order.
 */
export interface PackOrderRequest {
  /** The order packed: the same reference as the one `packOrder` addresses. */
  OrderReference: OrderReference;
  /** The consignment's own reference; the order's when left out. */
  OrderReferenceProvidedByCustomer?: string | undefined;
  /** `true` also creates the return consignment: the same, with Origin and Destination swapped. */
  GenerateReturn?: boolean | undefined;
  /** The packages of the consignment: at least one, each with at least one item. */
  Packages: PackOrderPackage[];
  /** The consignment's metadata; the order's when left out (a `ShippersEORI` entry is always copied). */
  MetaData?: MetadataEntry[] | undefined;
  /** The consignment's customs documentation; the order's when left out. */
  CustomsDocumentation?: CustomsDocumentation | undefined;
  /** The consignment's allocation tags; the order's when left out. */
  Tags?: string[] | undefined;
}
export const PackOrderRequestSchema = schemaOf<PackOrderRequest>()(
  z.looseObject({
    OrderReference: OrderReferenceSchema,
    OrderReferenceProvidedByCustomer: z.optional(z.string()),
    GenerateReturn: z.optional(z.boolean()),
    Packages: z
      .array(schemaOf<PackOrderPackage>()(packageOf(PackItemSchema)))
      .check(z.minLength(1, 'a pack request needs at least one package')),
    MetaData: z.optional(z.array(MetadataEntrySchema)),
    CustomsDocumentation: z.optional(CustomsDocumentationSchema),
    Tags: z.optional(TagsSchema),
  }),
);

export const ConsignmentReferenceListSchema = z
  .array(ConsignmentReferenceSchema)
  .check(z.minLength(1, 'at least one consignment reference is required'));

/** The body of Allocate Using Default Rules and Manifest Consignments. */
export const ConsignmentReferencesBodySchema = z.looseObject({
  ConsignmentReferences: ConsignmentReferenceListSchema,
});

/** One leg of an allocated consignment's journey, and its carrier. */
export interface ConsignmentLeg {
  /** Which leg of the journey this is (sent as a number or a string). */
  Leg?: number | string | null | undefined;
  /** The carrier's tracking references for this leg. */
  TrackingReferences?: string[] | null | undefined;
  /** The carrier of this leg. */
  CarrierReference?: string | null | undefined;
  /** The carrier service of this leg. */
  CarrierServiceReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ConsignmentLegSchema = schemaOf<ConsignmentLeg>()(
  z.looseObject({
    Leg: z.nullish(z.union([z.number(), z.string()])),
    TrackingReferences: z.nullish(z.array(z.string())),
    CarrierReference: text,
    CarrierServiceReference: text,
    CarrierName: text,
  }),
);

/**
 * What allocation returns for each allocated consignment: the carrier service chosen and the legs of
 * the journey. The spec does not show its fields; these are the real service's.
 */
export interface AllocationSummary {
  /** The outcome's status code (sent as a number or a string). */
  StatusCode?: number | string | null | undefined;
  /** The outcome, in words. */
  Description?: string | null | undefined;
  /** Links to the consignment's `detail` and its `label`. */
  ApiLinks?: ApiLink[] | null | undefined;
  /** The legs of the journey, each with its carrier and tracking references. */
  ConsignmentLegs?: ConsignmentLeg[] | null | undefined;
  /** The carrier chosen. */
  CarrierReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
  /** The carrier service chosen. */
  CarrierServiceReference?: string | null | undefined;
  /** The carrier service's display name. */
  CarrierServiceName?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const AllocationSummarySchema = schemaOf<AllocationSummary>()(
  z.looseObject({
    StatusCode: z.nullish(z.union([z.number(), z.string()])),
    Description: text,
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
    ConsignmentLegs: z.nullish(z.array(ConsignmentLegSchema)),
    CarrierReference: text,
    CarrierName: text,
    CarrierServiceReference: text,
    CarrierServiceName: text,
  }),
);

/**
 * One consignment's result from Manifest Consignments, Set Ready To Ship or Set Not Ready To Ship. A call
 * can succeed for some consignments and fail for others: check `IsSuccess` on each.
 */
export interface OperationResult {
  /** Whether the operation succeeded for this consignment. */
  IsSuccess: boolean;
  /** What happened, in words. */
  Message?: string | null | undefined;
  /** The consignment reference. */
  Data?: string | null | undefined;
  /** Links to the consignment (`detail`). */
  ApiLinks?: ApiLink[] | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const OperationResultSchema = schemaOf<OperationResult>()(
  z.looseObject({
    IsSuccess: z.boolean(),
    Message: text,
    Data: text,
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  }),
);

/** A range of scheduled shipping dates, for a {@link ManifestQuery}. */
export interface ShippingDateRange {
  /** The first shipping date of the range (an ISO 8601 date). */
  StartDate: string;
  /** The last shipping date of the range (an ISO 8601 date). */
  EndDate: string;
}
export const ShippingDateRangeSchema = schemaOf<ShippingDateRange>()(
  z.looseObject({ StartDate: z.string(), EndDate: z.string() }),
);

/**
 * The filters of Manifest Consignments From Query: the consignments that match every filter given are
 * queued for manifesting. `States` is required (the vendor marks it so: without it the query would
 * manifest everything eligible). Only these keys are accepted: a misspelt one (`State` for `States`) is a
 * {@link RequestValidationError} naming it, and nothing is sent. A service that ignores unknown keys
 * would otherwise manifest every eligible consignment, and every manifest is transmitted to the carriers.
 *
 * Sent as the service reads it: the real query has only the list `ShippingLocationReferences`, so a
 * singular `ShippingLocationReference` is sent inside that list (merged with it, each reference once),
 * never under its own key, which the service would ignore. `ShippingDateRanges` is sent in the shape
 * given: one object is the vendor's type, a list the spec's example, and neither can be turned into the
 * other without losing ranges or guessing.
 */
export interface ManifestQuery {
  /** The shipping location the consignments ship from: sent as `ShippingLocationReferences: [it]`. */
  ShippingLocationReference?: string | undefined;
  /** The shipping locations the consignments ship from (the service's own key). */
  ShippingLocationReferences?: string[] | undefined;
  /**
   * The states to match, at least one; only `Allocated`, `ManifestFailed` (the spec writes
   * `Manifest Failed`; both are accepted) and `ReadyToShip` are eligible.
   */
  States: ConsignmentState[];
  /** The carriers the consignments are allocated to. */
  Carriers?: string[] | undefined;
  /** Whether the consignments' labels have been printed. */
  LabelsPrinted?: boolean | undefined;
  /** The scheduled shipping date (an ISO 8601 date). */
  ShippingDate?: string | undefined;
  /** A range of scheduled shipping dates (the vendor's type), or several (the spec's example). */
  ShippingDateRanges?: ShippingDateRange | ShippingDateRange[] | undefined;
}
export const ManifestQuerySchema = schemaOf<ManifestQuery>()(
  z.strictObject({
    ShippingLocationReference: z.optional(z.string()),
    ShippingLocationReferences: z.optional(z.array(z.string())),
    States: z
      .array(openEnum<ConsignmentState>())
      .check(
        z.minLength(
          1,
          'at least one state is required: without States the service manifests everything eligible',
        ),
      ),
    Carriers: z.optional(z.array(z.string())),
    LabelsPrinted: z.optional(z.boolean()),
    ShippingDate: z.optional(z.string()),
    ShippingDateRanges: z.optional(z.union([ShippingDateRangeSchema, z.array(ShippingDateRangeSchema)])),
  }),
);

/** A checked {@link ManifestQuery} as the service reads it: the singular location folded into the list. */
export function manifestQueryBody(query: ManifestQuery): Omit<ManifestQuery, 'ShippingLocationReference'> {
  const { ShippingLocationReference: single, ShippingLocationReferences: list } = query;
  const locations = [...new Set([...(list ?? []), ...(single === undefined ? [] : [single])])];
  const body: Record<string, unknown> = {};
  // In the caller's key order, the list where the first of the two keys was.
  for (const [key, value] of Object.entries(query)) {
    if (key === 'ShippingLocationReference' || key === 'ShippingLocationReferences') {
      if (value !== undefined) body.ShippingLocationReferences = locations;
    } else body[key] = value;
  }
  return body as Omit<ManifestQuery, 'ShippingLocationReference'>;
}

/** What Manifest Consignments From Query answers: a count in words, and the consignments refused. */
export interface ManifestFromQueryResult {
  /** How many consignments the query found, how many were queued, and how many failed to be queued. */
  Message?: string | null | undefined;
  /**
   * The consignments that could not be queued. Kept as the service sent it: `null` or missing when it
   * sends no list (read `Message` for the counts), so check before iterating.
   */
  FailedConsignments?: ConsignmentReference[] | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ManifestFromQueryResultSchema = schemaOf<ManifestFromQueryResult>()(
  z.looseObject({
    Message: text,
    // A manifest has been transmitted by the time this is read: refusing a missing list would only hide that.
    FailedConsignments: z.nullish(z.array(issuedReference<ConsignmentReference>())),
  }),
);

/**
 * The counts of a query manifest, read from its `Message` ("Query found 3 consignment(s). 2 successfully
 * queued to manifest. 1 failed to be added to the queue"). A count whose phrase the service's wording
 * does not hold is `undefined`: the wording is not a contract, so read `Message` when one is missing.
 */
export interface ManifestQueryCounts {
  /** How many consignments matched the query. */
  found: number | undefined;
  /** How many were queued for manifesting. */
  queued: number | undefined;
  /** How many could not be queued (listed in `FailedConsignments`). */
  failed: number | undefined;
}

/** What `manifestConsignmentsFromQuery` returns: the service's answer, and its counts as numbers. */
export type ManifestQueryOutcome = ManifestFromQueryResult & {
  /** The counts of `Message`, as numbers. */
  counts: ManifestQueryCounts;
};

/** The counts in a query manifest's `Message`. */
export function manifestQueryOutcome(result: ManifestFromQueryResult): ManifestQueryOutcome {
  // Unchecked (`validation: 'off'`) and not an object: returned as sent, as that mode promises.
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    return result as unknown as ManifestQueryOutcome;
  const message = typeof result.Message === 'string' ? result.Message : '';
  const count = (pattern: RegExp) => {
    const match = pattern.exec(message);
    return match ? Number(match[1]) : undefined;
  };
  return {
    ...result,
    counts: {
      found: count(/found\s+(\d+)/i),
      queued: count(/(\d+)\s+(?:consignment\(s\)\s+)?(?:successfully\s+)?queued/i),
      failed: count(/(\d+)\s+(?:consignment\(s\)\s+)?failed/i),
    },
  };
}

/** The filter of Get Customer Manifests: strict, so a misspelt key is an error, not a silent "every location". */
export const CustomerManifestsFilterSchema = z.strictObject({
  shippingLocationReference: z.optional(z.string()),
});

/** One entry of Get Customer Manifests: a manifest made for one carrier and shipping location. */
export interface ManifestSummary {
  /** The manifest's unique reference (32 hex characters): what `getCustomerManifest` takes. */
  ManifestReference: string;
  /** Where the service stores the file. */
  ManifestFileStorageContainer?: string | null | undefined;
  /** The PDF's file name. */
  ManifestFileName?: string | null | undefined;
  /** The shipping location the consignments ship from. */
  ShippingLocationReference?: string | null | undefined;
  /** That location's name, or `null`. */
  ShippingLocationName?: string | null | undefined;
  /** When the manifest was made: ISO 8601 with an offset. */
  Created?: string | null | undefined;
  /** The carrier the consignments were manifested to. */
  CarrierName?: string | null | undefined;
  /** How many consignments (bookings) the manifest holds. */
  BookingsCount?: number | null | undefined;
  /** The file name sent to the carrier, or `null`. */
  ManifestFileNameSentToCarrier?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ManifestSummarySchema = schemaOf<ManifestSummary>()(
  z.looseObject({
    ManifestReference: z.string(),
    ManifestFileStorageContainer: text,
    ManifestFileName: text,
    ShippingLocationReference: text,
    ShippingLocationName: text,
    Created: text,
    CarrierName: text,
    BookingsCount: amount,
    ManifestFileNameSentToCarrier: text,
  }),
);

/**
 * What Create Order and Select Delivery Option answer: the spec's bare reference or `{ OrderReference }`,
 * the real service's link array, or its `{ SelectOrderResults: [{ OrderReference, Status }] }`.
 */
export const OrderCreatedResponseSchema = z.union([
  z.string(),
  z.array(ApiLinkSchema),
  z.looseObject({ OrderReference: z.string() }),
  z.looseObject({
    SelectOrderResults: z
      .array(z.looseObject({ OrderReference: text, Links: z.nullish(z.array(ApiLinkSchema)) }))
      .check(z.minLength(1)),
  }),
]);

export const PackResultSchema = z.looseObject({
  Result: text,
  Data: z.nullish(z.unknown()),
  ApiLinks: z.nullish(z.array(ApiLinkSchema)),
});

/** What Pack Order answers: the spec's reference(s), or the real service's `{ Results: [...] }`. */
export const PackOrderResponseSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.looseObject({ Results: z.array(PackResultSchema) }),
]);

/** A customer manifest: a JSON string of Base64 PDF bytes, or an object holding it. */
export const CustomerManifestResponseSchema = z.union([
  z.string(),
  z.looseObject({ File: z.string() }),
  z.looseObject({ file: z.string() }),
]);

/** The label formats of area A's label operations (Get Consignment Labels, Get Package Label). */
export const CONSIGNMENT_LABEL_FORMATS = ['PDF', 'PNG', 'ZPL', 'ZPLII'] as const;
/**
 * A label format of area A: `PDF`, `PNG` (an image), `ZPL` or `ZPLII` (printer programs). The vendor's
 * examples write them in lower case; either case is accepted, and the SDK sends upper case.
 */
export type ConsignmentLabelFormat =
  | (typeof CONSIGNMENT_LABEL_FORMATS)[number]
  | Lowercase<(typeof CONSIGNMENT_LABEL_FORMATS)[number]>;

/** Options of {@link OrdersClient.getConsignmentLabels} and {@link OrdersClient.getPackageLabel}. */
export interface ConsignmentLabelOptions {
  /** The file format; left out, the service uses the carrier's default format. */
  format?: ConsignmentLabelFormat | undefined;
  /** The resolution in dots per inch (203, 300 or 600); it needs `format`, as it follows it in the path. */
  dpi?: 203 | 300 | 600 | undefined;
}
export const ConsignmentLabelOptionsSchema = z
  .strictObject({
    format: z.optional(
      z.string().check(
        z.refine((value) => (CONSIGNMENT_LABEL_FORMATS as readonly string[]).includes(value.toUpperCase()), {
          error: `format must be one of ${CONSIGNMENT_LABEL_FORMATS.join(', ')} (either case)`,
        }),
      ),
    ),
    dpi: z.optional(z.literal([203, 300, 600], { error: 'dpi must be 203, 300 or 600' })),
  })
  .check(
    z.refine((options) => options.dpi === undefined || options.format !== undefined, {
      error: 'dpi needs a format: the resolution follows the format in the path',
      path: ['dpi'],
    }),
  ) as unknown as z.ZodMiniType<ConsignmentLabelOptions, ConsignmentLabelOptions>;

/**
 * A label as area A's label operations send it: the Base64 of the file and its media type. Every
 * package's labels of a consignment come as one file. Turn it into bytes with {@link decodeDocument}, or
 * write it with `saveDocument` from `consignkit/node`.
 */
export interface ConsignmentLabel {
  /** Base64 of the label file's bytes. */
  File: string;
  /** The file's media type: `application/pdf`, `image/png`, or a text type for ZPL. */
  ContentType?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ConsignmentLabelSchema = schemaOf<ConsignmentLabel>()(
  z.looseObject({ File: z.string(), ContentType: text }),
);
