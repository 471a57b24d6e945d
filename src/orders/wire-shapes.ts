import * as z from 'zod/mini';
import type { ApiLink, ConsignmentLeg } from '../core/allocation-summary.js';
import { ResponseValidationError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { openObject } from '../core/open-object.js';
import type { Call } from '../core/operation.js';
import type { OperationName } from '../core/operation-names.js';
import { ConsignmentReferenceSchema } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { decodePdf } from '../documents/decode.js';
import { type MetadataEntry, MetadataEntrySchema } from './metadata.js';

// Declared in core, whose allocation error carries the summary they make up.
export type { ApiLink, ConsignmentLeg } from '../core/allocation-summary.js';
export { type MetadataEntry, MetadataEntrySchema } from './metadata.js';

// What several of area A's resources use: addresses, contacts, countries, items, packages, links,
// consignment states, and the plumbing their operations share.

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
export function issuedReference<Reference extends string>() {
  return z.string() as unknown as z.ZodMiniType<Reference, Reference>;
}

export const text = lazySchema(() => z.nullish(z.string()));
export const amount = lazySchema(() => z.nullish(z.number()));
export const flag = lazySchema(() => z.nullish(z.boolean()));
/** Dates whose structure the spec does not show: an ISO date string, or an object as some accounts send. */
export const DateValueSchema = lazySchema(() =>
  z.union([z.string(), openObject<'a date object no vendor page describes, sent by some accounts'>()]),
);

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
export const CONSIGNMENT_STATES = [
  'Unallocated',
  'Allocating',
  'AllocationFailed',
  'Allocation Failed',
  'Allocated',
  'Manifesting',
  'Manifested',
  'ManifestFailed',
  'Manifest Failed',
  'Dispatched',
  'AtDropOffPoint',
  'Collected',
  'CollectionFailed',
  'InTransit',
  'Delayed',
  'OutForDelivery',
  'DeliveryFailed',
  'DeliveryFailedCardLeft',
  'Delivered',
  'PartiallyDelivered',
  'AtCollectionPoint',
  'ReturnToSender',
  'ActionRequired',
  'Missing',
  'Lost',
  'Damaged',
  'Cancelling',
  'Cancelled',
  'InTransitWaiting',
  'HeldByCarrier',
  'ExchangeFailed',
  'AtCustoms',
  'CarrierUnableToCollect',
  'DeliveredDamaged',
  'ReadyToShip',
] as const;

/** A consignment's state: one of {@link CONSIGNMENT_STATES}, or one the service added since (an open enum). */
export type ConsignmentState = OpenEnum<(typeof CONSIGNMENT_STATES)[number]>;

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
export const ContactSchema = schemaOf<Contact>()(() =>
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

/** A country's ISO codes, as {@link Country} and {@link Item} carry them. */
export interface IsoCountryCode {
  /** ISO 3166-1 alpha-2 code, for example `GB`: what requests need. */
  TwoLetterCode?: string | null | undefined;
  /** ISO 3166-1 alpha-3 code, `GBR`: answers add it. */
  ThreeLetterCode?: string | null | undefined;
  /** ISO 3166-1 numeric code, as a string (`826`): answers add it. */
  NumericCode?: string | null | undefined;
}
export const IsoCountryCodeSchema = schemaOf<IsoCountryCode>()(() =>
  z.looseObject({ TwoLetterCode: text, ThreeLetterCode: text, NumericCode: text }),
);

/** The country of an {@link Address}. */
export interface Country {
  /** The country's name, for people. */
  Name?: string | null | undefined;
  /** The country's ISO 3166-1 code: what the service goes by. */
  IsoCode?: IsoCountryCode | null | undefined;
}
export const CountrySchema = schemaOf<Country>()(() =>
  z.looseObject({ Name: text, IsoCode: z.nullish(IsoCountryCodeSchema) }),
);

/** A position on the globe. */
export interface LatLong {
  /** Decimal degrees, north positive. */
  Latitude?: number | null | undefined;
  /** Decimal degrees, east positive. */
  Longitude?: number | null | undefined;
}
export const LatLongSchema = schemaOf<LatLong>()(() =>
  z.looseObject({ Latitude: amount, Longitude: amount }),
);

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
/** Checks an {@link Address}, as Add Address To Order and Update Address On Order send it. */
export const AddressSchema = schemaOf<Address>()(() =>
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

/**
 * An address whose role its field's name says (a quote's `OriginAddress`, a pickup shop's `Address`): an
 * {@link Address} whose `AddressType` is read when present.
 */
export type PlacedAddress = Omit<Address, 'AddressType'> & {
  /** `Origin`, `Destination`… when the service sends it; the field's name says it anyway. */
  AddressType?: AddressType | undefined;
};
// Not exported by the package: the address as a package answer places it, checked within PackageSchema.
export const PlacedAddressSchema = lazySchema(
  () =>
    z.extend(AddressSchema as unknown as z.ZodMiniObject, {
      AddressType: z.optional(openEnum<AddressType>()),
    }) as unknown as z.ZodMiniType<PlacedAddress, PlacedAddress>,
);

/** The weight of an item or a package. */
export interface Weight {
  /** The weight, in `Unit`. */
  Value?: number | null | undefined;
  /** `Kg`. */
  Unit?: WeightUnit | null | undefined;
}
export const WeightSchema = schemaOf<Weight>()(() =>
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
/** Checks {@link Dimensions}. */
export const DimensionsSchema = schemaOf<Dimensions>()(() =>
  z.looseObject({
    Unit: z.nullish(openEnum<DimensionsUnit>()),
    Width: amount,
    Length: amount,
    Height: amount,
  }),
);

/** A currency, as amounts and prices carry it. */
export interface Currency {
  /** ISO 4217 code, for example `GBP`: what requests need. */
  IsoCode?: string | null | undefined;
  /** Its name, `Pound Sterling`: answers add it (or write `null`). */
  Name?: string | null | undefined;
}
export const CurrencySchema = schemaOf<Currency>()(() => z.looseObject({ IsoCode: text, Name: text }));

/** An amount of money: the declared value of an item or a package. */
export interface Money {
  /** The amount, in the currency's main unit (pounds, not pence). */
  Amount?: number | null | undefined;
  /** The currency. */
  Currency?: Currency | null | undefined;
}
export const MoneySchema = schemaOf<Money>()(() =>
  z.looseObject({
    Amount: amount,
    Currency: z.nullish(CurrencySchema),
  }),
);

/** A barcode on an item or a package. */
export interface Barcode {
  /** The barcode's value. */
  Code?: string | null | undefined;
  /** Its symbology, for example `Code128`. */
  BarcodeType?: string | null | undefined;
}
export const BarcodeSchema = schemaOf<Barcode>()(() => z.looseObject({ Code: text, BarcodeType: text }));

/**
 * The kind of goods an item is. The vendor names the type (`ContentClassification`) but lists no values;
 * its examples send `Unrestricted`. An open enum.
 */
export type ContentClassification = OpenEnum<'Unrestricted'>;
/** More about an item's {@link ContentClassification}: `NotSpecified` in the vendor's examples. */
export type ContentClassificationDetails = OpenEnum<'NotSpecified'>;

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
  /** Where the item was made, for customs: its `IsoCode` is what the service goes by. */
  CountryOfOrigin?: Country | null | undefined;
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
  /** How the item is packed, in words: `Box`, `Pallet`. */
  Unit?: string | null | undefined;
  /** The item's status, in words. */
  Status?: string | null | undefined;
  /** What kind of goods it is, for carriers' restrictions: `Unrestricted` in the vendor's examples. */
  ContentClassification?: ContentClassification | null | undefined;
  /** More about that classification: `NotSpecified` in the vendor's examples. */
  ContentClassificationDetails?: ContentClassificationDetails | null | undefined;
}
export const itemObject = lazySchema(() =>
  z.looseObject({
    Reference: text,
    ItemReferenceProvidedByCustomer: text,
    Sku: text,
    Description: text,
    Quantity: amount,
    CountryOfOrigin: z.nullish(CountrySchema),
    Weight: z.nullish(WeightSchema),
    Dimensions: z.nullish(DimensionsSchema),
    Value: z.nullish(MoneySchema),
    Model: text,
    HarmonisationCode: text,
    HarmonisationKeyWords: z.nullish(z.array(z.string())),
    Barcode: z.nullish(BarcodeSchema),
    MetaData: z.nullish(z.array(MetadataEntrySchema)),
    Unit: text,
    Status: text,
    ContentClassification: z.nullish(openEnum<ContentClassification>()),
    ContentClassificationDetails: z.nullish(openEnum<ContentClassificationDetails>()),
  }),
);
/** Checks an {@link Item} of an order. */
export const ItemSchema = schemaOf<Item>()(() => itemObject);

export const ConsignmentLegSchema = schemaOf<ConsignmentLeg>()(() =>
  z.looseObject({
    Leg: z.nullish(z.union([z.number(), z.string()])),
    TrackingReferences: z.nullish(z.array(z.string())),
    CarrierReference: text,
    CarrierServiceReference: text,
    CarrierName: text,
  }),
);

/**
 * The kind of a {@link PackageCharge}, as the vendor's `CustomChargeType` lists it (its reference spells
 * `DisountRebate` so). An open enum.
 */
export type CustomChargeType = OpenEnum<
  'Others' | 'SalesTax' | 'Duty' | 'Excise' | 'Insurance' | 'DisountRebate'
>;

/** One charge on a package: its kind and its amount (a .NET key and value pair, as the service writes it). */
export interface PackageCharge {
  /** The kind of charge. */
  Key?: CustomChargeType | null | undefined;
  /** The amount, in the currency's main unit. */
  Value?: number | null | undefined;
}
export const PackageChargeSchema = schemaOf<PackageCharge>()(() =>
  z.looseObject({ Key: z.nullish(openEnum<CustomChargeType>()), Value: amount }),
);

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
  /** The legs of the package's journey, once allocated. */
  ConsignmentLegs?: ConsignmentLeg[] | null | undefined;
  /** Charges applied to the package: duty, sales tax, insurance… */
  Charges?: PackageCharge[] | null | undefined;
}
export const packageObject = lazySchema(() =>
  z.looseObject({
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
    ConsignmentLegs: z.nullish(z.array(ConsignmentLegSchema)),
    Charges: z.nullish(z.array(PackageChargeSchema)),
  }),
);
export const PackageSchema = schemaOf<Package>()(() => packageObject);

/**
 * Checks allocation `Tags`: strings. A consignment with tags is allocated only to carrier services that
 * carry every one of them.
 */
export const TagsSchema = schemaOf<string[]>()(() => z.array(z.string()));

export const ApiLinkSchema = schemaOf<ApiLink>()(() =>
  z.looseObject({ Rel: z.nullish(z.string()), Href: z.nullish(z.string()) }),
);

export const ConsignmentReferenceListSchema = lazySchema(() =>
  z.array(ConsignmentReferenceSchema).check(z.minLength(1, 'at least one consignment reference is required')),
);

/** The body of Allocate Using Default Rules and Manifest Consignments. */
export const ConsignmentReferencesBodySchema = lazySchema(() =>
  z.looseObject({
    ConsignmentReferences: ConsignmentReferenceListSchema,
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
}
export const OperationResultSchema = schemaOf<OperationResult>()(() =>
  z.looseObject({
    IsSuccess: z.boolean(),
    Message: text,
    Data: text,
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  }),
);

/** A customer manifest: a JSON string of Base64 PDF bytes, or an object holding it. */
export const CustomerManifestResponseSchema = lazySchema(() =>
  z.union([z.string(), z.looseObject({ File: z.string() }), z.looseObject({ file: z.string() })]),
);

export function isReference<T extends string>(schema: z.ZodMiniType<T>, value: unknown): value is T {
  return schema.safeParse(value).success;
}

/** `https://…/orders/EO-000-002-0TS` gives `EO-000-002-0TS`. */
export function lastSegment(href: string): string {
  return href.split(/[?#]/, 1)[0]!.replace(/\/+$/, '').split('/').pop() ?? '';
}

export function referencesInLinks<T extends string>(
  links: readonly ApiLink[],
  schema: z.ZodMiniType<T>,
): T[] {
  return links.map((link) => lastSegment(link.Href ?? '')).filter((value) => isReference(schema, value));
}

/** A PDF sent as Base64 (a customer manifest, a commercial invoice), decoded and checked to really be one. */
export function pdfOf(operation: OperationName) {
  return (body: z.infer<typeof CustomerManifestResponseSchema>): Uint8Array => {
    const encoded = typeof body === 'string' ? body : 'File' in body ? body.File : body.file;
    try {
      return decodePdf(String(encoded));
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      throw new ResponseValidationError(`${operation}: ${problem}`, {
        issues: [{ path: [], message: problem }],
        body,
        operation,
      });
    }
  };
}

/** For `OutcomeUnknownError`: the consignments a body names, bare or under `ConsignmentReferences`. */
export function consignmentsInBody(call: Call): string[] {
  const body = call.body as { ConsignmentReferences?: unknown } | unknown[] | undefined;
  const references = Array.isArray(body) ? body : body?.ConsignmentReferences;
  return Array.isArray(references) ? references.filter((value) => typeof value === 'string') : [];
}

/** For `OutcomeUnknownError`: the named string fields of the body that are present. */
export function fieldsOfBody(...names: string[]) {
  return (call: Call): string[] => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    return names.flatMap((name) => [body[name]].flat()).filter((value) => typeof value === 'string');
  };
}
