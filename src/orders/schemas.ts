import * as z from 'zod/mini';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type OrderReference,
  OrderReferenceSchema,
} from '../core/references.js';

/**
 * Area A's wire shapes, spelled as the service spells them (PascalCase).
 *
 * One set of data shapes serves requests and responses: every object lets unknown fields through and
 * every optional field accepts `null`, because what Get Order returns must be accepted again by
 * Update Order (see `patchOrder`). What a request must contain is checked on top, in the request schemas.
 */

export type { OpenEnum } from '../core/open-enum.js';

/** A reference the service hands out: typed for callers, but not re-checked when it comes back. */
function issuedReference<Reference extends string>() {
  return z.string() as unknown as z.ZodMiniType<Reference>;
}

const text = z.nullish(z.string());
const amount = z.nullish(z.number());
/** Dates whose structure the spec does not show: an ISO date string, or an object as some accounts send. */
const DateValueSchema = z.union([z.string(), z.looseObject({})]);

export type AddressType = OpenEnum<'Origin' | 'Destination' | 'Sender' | 'Return' | 'Recipient' | 'Importer'>;
export type Direction = OpenEnum<'Outbound' | 'Inbound'>;
export type OrderSource = OpenEnum<'Api' | 'Web'>;
export type WeightUnit = OpenEnum<'Kg'>;
export type DimensionsUnit = OpenEnum<'Cm'>;
/** The spec writes `Manifest Failed`, the real service `ManifestFailed`: both are expected. */
export type ConsignmentState = OpenEnum<
  | 'Unallocated'
  | 'Allocating'
  | 'AllocationFailed'
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

export const ContactSchema = z.looseObject({
  Title: text,
  FirstName: text,
  LastName: text,
  Telephone: text,
  Mobile: text,
  LandLine: text,
  Email: text,
});

export const IsoCountryCodeSchema = z.looseObject({ TwoLetterCode: text });

export const CountrySchema = z.looseObject({ Name: text, IsoCode: z.nullish(IsoCountryCodeSchema) });

export const LatLongSchema = z.looseObject({ Latitude: amount, Longitude: amount });

export const AddressSchema = z.looseObject({
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
});

export const WeightSchema = z.looseObject({ Value: amount, Unit: z.nullish(openEnum<WeightUnit>()) });

export const DimensionsSchema = z.looseObject({
  Unit: z.nullish(openEnum<DimensionsUnit>()),
  Width: amount,
  Length: amount,
  Height: amount,
});

export const MoneySchema = z.looseObject({
  Amount: amount,
  Currency: z.nullish(z.looseObject({ IsoCode: text })),
});

/** An item on an order. */
export const ItemSchema = z.looseObject({
  Reference: text,
  ItemReferenceProvidedByCustomer: text,
  Sku: text,
  Description: text,
  Quantity: amount,
  CountryOfOrigin: z.nullish(z.looseObject({ IsoCode: z.nullish(IsoCountryCodeSchema) })),
  Weight: z.nullish(WeightSchema),
  Dimensions: z.nullish(DimensionsSchema),
  Value: z.nullish(MoneySchema),
});

export const PackageSchema = z.looseObject({
  Reference: text,
  Items: z.nullish(z.array(ItemSchema)),
  Weight: z.nullish(WeightSchema),
  Dimensions: z.nullish(DimensionsSchema),
  Description: text,
  Value: z.nullish(MoneySchema),
  PackageSizeReference: text,
});

export const MetadataEntrySchema = z.looseObject({ KeyValue: z.string(), StringValue: text });

/** `CustomsDocumentation`: an object whose structure the spec does not show. */
export const CustomsDocumentationSchema = z.looseObject({});

/** Allocation tags; their structure is not shown, the real service uses strings. */
export const TagsSchema = z.array(z.string());

export const ApiLinkSchema = z.looseObject({ Rel: z.string(), Href: z.string() });

/** What every order carries, sent or read. */
const orderFields = {
  OrderReferenceProvidedByCustomer: text,
  RequiredDeliveryDate: z.nullish(DateValueSchema),
  Source: z.nullish(openEnum<OrderSource>()),
  ShippingDate: z.nullish(DateValueSchema),
  Packages: z.nullish(z.array(PackageSchema)),
  CustomsDocumentation: z.nullish(CustomsDocumentationSchema),
  Addresses: z.nullish(z.array(AddressSchema)),
  MetaData: z.nullish(z.array(MetadataEntrySchema)),
  Direction: z.nullish(openEnum<Direction>()),
  Tags: z.nullish(TagsSchema),
};

/** An order as Get Order returns it. The service spells the metadata key both `MetaData` and `Metadata`. */
export const OrderSchema = z.looseObject({
  ...orderFields,
  OrderReference: issuedReference<OrderReference>(),
  Metadata: z.nullish(z.array(MetadataEntrySchema)),
});

/** A package of a Create Order or Pack Order request: at least one item. */
function packageOf<Item extends z.ZodMiniType>(item: Item) {
  return z.extend(PackageSchema, {
    Items: z.array(item).check(z.minLength(1, 'a package needs at least one item')),
  });
}

function hasAddress(addresses: readonly Address[], type: AddressType) {
  return addresses.some((address) => address.AddressType === type);
}

const SHIPPING_LOCATION_ROLES: readonly AddressType[] = ['Origin', 'Destination'];

/**
 * The Create Order body: at least one package with at least one item, an Origin and a Destination
 * address, and a ShippingLocationReference on one of those two.
 */
export const CreateOrderInputSchema = z
  .looseObject({
    ...orderFields,
    Packages: z.array(packageOf(ItemSchema)).check(z.minLength(1, 'an order needs at least one package')),
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
            SHIPPING_LOCATION_ROLES.includes(address.AddressType) &&
            !!address.ShippingLocationReference?.trim(),
        ),
      {
        error: 'the Origin or the Destination address must carry a non-empty ShippingLocationReference',
        path: ['Addresses', 'ShippingLocationReference'],
      },
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

/** The Update Order body, a full replace. `Source` and `Packages` are ignored by the service. */
export const UpdateOrderInputSchema = z.looseObject({
  ...orderFields,
  OrderReference: OrderReferenceSchema,
  OrderReferenceProvidedByCustomer: replacedOnUpdate(z.string()),
  RequiredDeliveryDate: replacedOnUpdate(DateValueSchema),
  ShippingDate: replacedOnUpdate(DateValueSchema),
  CustomsDocumentation: replacedOnUpdate(CustomsDocumentationSchema),
  MetaData: replacedOnUpdate(z.array(MetadataEntrySchema)),
});

/** What `patchOrder` may change: any replaceable property except the reference itself. */
export const OrderChangesSchema = z
  .partial(z.omit(UpdateOrderInputSchema, { OrderReference: true, Source: true, Packages: true }))
  .check(
    z.refine((changes) => !('OrderReference' in changes), {
      error: 'OrderReference cannot be changed',
      path: ['OrderReference'],
    }),
  );

/** An item of a Pack Order request: a quantity, and the order item it refers to. */
export const PackItemSchema = z.extend(ItemSchema, { Quantity: z.int().check(z.minimum(1)) }).check(
  z.refine((item) => !!(item.Reference || item.ItemReferenceProvidedByCustomer || item.Sku), {
    error: 'a pack item needs at least one of Reference, ItemReferenceProvidedByCustomer or Sku',
  }),
);

export const PackOrderRequestSchema = z.looseObject({
  OrderReference: OrderReferenceSchema,
  OrderReferenceProvidedByCustomer: z.optional(z.string()),
  GenerateReturn: z.optional(z.boolean()),
  Packages: z
    .array(packageOf(PackItemSchema))
    .check(z.minLength(1, 'a pack request needs at least one package')),
  MetaData: z.optional(z.array(MetadataEntrySchema)),
  CustomsDocumentation: z.optional(CustomsDocumentationSchema),
  Tags: z.optional(TagsSchema),
});

export const ConsignmentReferenceListSchema = z
  .array(ConsignmentReferenceSchema)
  .check(z.minLength(1, 'at least one consignment reference is required'));

/** The body of Allocate Using Default Rules and Manifest Consignments. */
export const ConsignmentReferencesBodySchema = z.looseObject({
  ConsignmentReferences: ConsignmentReferenceListSchema,
});

export const ConsignmentLegSchema = z.looseObject({
  Leg: z.nullish(z.union([z.number(), z.string()])),
  TrackingReferences: z.nullish(z.array(z.string())),
  CarrierReference: text,
  CarrierServiceReference: text,
  CarrierName: text,
});

export const AllocationSummarySchema = z.looseObject({
  StatusCode: z.nullish(z.union([z.number(), z.string()])),
  Description: text,
  ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  ConsignmentLegs: z.nullish(z.array(ConsignmentLegSchema)),
  CarrierReference: text,
  CarrierName: text,
  CarrierServiceReference: text,
  CarrierServiceName: text,
});

/** One consignment's result from a manifest, ready-to-ship or not-ready-to-ship call. */
export const OperationResultSchema = z.looseObject({
  IsSuccess: z.boolean(),
  Message: text,
  /** The consignment reference. */
  Data: text,
  ApiLinks: z.nullish(z.array(ApiLinkSchema)),
});

export const ShippingDateRangeSchema = z.looseObject({ StartDate: z.string(), EndDate: z.string() });

/** The filters of Manifest Consignments From Query; all optional. */
export const ManifestQuerySchema = z.looseObject({
  ShippingLocationReference: z.optional(z.string()),
  ShippingLocationReferences: z.optional(z.array(z.string())),
  States: z.optional(z.array(openEnum<ConsignmentState>())),
  Carriers: z.optional(z.array(z.string())),
  LabelsPrinted: z.optional(z.boolean()),
  ShippingDate: z.optional(z.string()),
  ShippingDateRanges: z.optional(z.array(ShippingDateRangeSchema)),
});

export const ManifestFromQueryResultSchema = z.looseObject({
  Message: text,
  FailedConsignments: z.array(issuedReference<ConsignmentReference>()),
});

/** The filter of Get Customer Manifests: strict, so a misspelt key is an error, not a silent "every location". */
export const CustomerManifestsFilterSchema = z.strictObject({
  shippingLocationReference: z.optional(z.string()),
});

export const ManifestSummarySchema = z.looseObject({
  ManifestReference: z.string(),
  ManifestFileStorageContainer: text,
  ManifestFileName: text,
  ShippingLocationReference: text,
  ShippingLocationName: text,
  Created: text,
  CarrierName: text,
  BookingsCount: amount,
  ManifestFileNameSentToCarrier: text,
});

/**
 * What Create Order and Select Delivery Option answer: the spec's bare reference or `{ OrderReference }`,
 * the real service's link array, or its `{ SelectOrderResults: [{ OrderReference, Status }] }`.
 */
export const OrderCreatedResponseSchema = z.union([
  z.string(),
  z.array(ApiLinkSchema),
  z.looseObject({ OrderReference: z.string() }),
  z.looseObject({
    SelectOrderResults: z.array(z.looseObject({ OrderReference: text })).check(z.minLength(1)),
  }),
]);

export const PackResultSchema = z.looseObject({ Result: text, ApiLinks: z.nullish(z.array(ApiLinkSchema)) });

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

export type Contact = z.infer<typeof ContactSchema>;
export type Country = z.infer<typeof CountrySchema>;
export type LatLong = z.infer<typeof LatLongSchema>;
export type Address = z.infer<typeof AddressSchema>;
export type Weight = z.infer<typeof WeightSchema>;
export type Dimensions = z.infer<typeof DimensionsSchema>;
export type Money = z.infer<typeof MoneySchema>;
export type Item = z.infer<typeof ItemSchema>;
export type Package = z.infer<typeof PackageSchema>;
export type MetadataEntry = z.infer<typeof MetadataEntrySchema>;
export type CustomsDocumentation = z.infer<typeof CustomsDocumentationSchema>;
export type ApiLink = z.infer<typeof ApiLinkSchema>;
export type Order = z.infer<typeof OrderSchema>;
export type CreateOrderInput = z.input<typeof CreateOrderInputSchema>;
export type UpdateOrderInput = z.input<typeof UpdateOrderInputSchema>;
export type OrderChanges = z.input<typeof OrderChangesSchema>;
export type PackItem = z.input<typeof PackItemSchema>;
export type PackOrderRequest = z.input<typeof PackOrderRequestSchema>;
export type ConsignmentLeg = z.infer<typeof ConsignmentLegSchema>;
export type AllocationSummary = z.infer<typeof AllocationSummarySchema>;
export type OperationResult = z.infer<typeof OperationResultSchema>;
export type ShippingDateRange = z.infer<typeof ShippingDateRangeSchema>;
export type ManifestQuery = z.input<typeof ManifestQuerySchema>;
export type ManifestFromQueryResult = z.infer<typeof ManifestFromQueryResultSchema>;
export type ManifestSummary = z.infer<typeof ManifestSummarySchema>;
