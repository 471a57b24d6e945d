import * as z from 'zod';
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
  return z.string() as unknown as z.ZodType<Reference>;
}

const text = z.string().nullish();
const amount = z.number().nullish();
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

export const CountrySchema = z.looseObject({ Name: text, IsoCode: IsoCountryCodeSchema.nullish() });

export const LatLongSchema = z.looseObject({ Latitude: amount, Longitude: amount });

export const AddressSchema = z.looseObject({
  AddressType: openEnum<AddressType>(),
  ShippingLocationReference: text,
  Contact: ContactSchema.nullish(),
  CompanyName: text,
  AddressLine1: text,
  AddressLine2: text,
  AddressLine3: text,
  Town: text,
  Region: text,
  Postcode: text,
  Country: CountrySchema.nullish(),
  SpecialInstructions: text,
  LatLong: LatLongSchema.nullish(),
  IsCached: z.boolean().nullish(),
});

export const WeightSchema = z.looseObject({ Value: amount, Unit: openEnum<WeightUnit>().nullish() });

export const DimensionsSchema = z.looseObject({
  Unit: openEnum<DimensionsUnit>().nullish(),
  Width: amount,
  Length: amount,
  Height: amount,
});

export const MoneySchema = z.looseObject({
  Amount: amount,
  Currency: z.looseObject({ IsoCode: text }).nullish(),
});

/** An item on an order. */
export const ItemSchema = z.looseObject({
  Reference: text,
  ItemReferenceProvidedByCustomer: text,
  Sku: text,
  Description: text,
  Quantity: amount,
  CountryOfOrigin: z.looseObject({ IsoCode: IsoCountryCodeSchema.nullish() }).nullish(),
  Weight: WeightSchema.nullish(),
  Dimensions: DimensionsSchema.nullish(),
  Value: MoneySchema.nullish(),
});

export const PackageSchema = z.looseObject({
  Reference: text,
  Items: z.array(ItemSchema).nullish(),
  Weight: WeightSchema.nullish(),
  Dimensions: DimensionsSchema.nullish(),
  Description: text,
  Value: MoneySchema.nullish(),
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
  RequiredDeliveryDate: DateValueSchema.nullish(),
  Source: openEnum<OrderSource>().nullish(),
  ShippingDate: DateValueSchema.nullish(),
  Packages: z.array(PackageSchema).nullish(),
  CustomsDocumentation: CustomsDocumentationSchema.nullish(),
  Addresses: z.array(AddressSchema).nullish(),
  MetaData: z.array(MetadataEntrySchema).nullish(),
  Direction: openEnum<Direction>().nullish(),
  Tags: TagsSchema.nullish(),
};

/** An order as Get Order returns it. The service spells the metadata key both `MetaData` and `Metadata`. */
export const OrderSchema = z.looseObject({
  ...orderFields,
  OrderReference: issuedReference<OrderReference>(),
  Metadata: z.array(MetadataEntrySchema).nullish(),
});

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
    Packages: z
      .array(PackageSchema.extend({ Items: z.array(ItemSchema).min(1, 'a package needs at least one item') }))
      .min(1, 'an order needs at least one package'),
    Addresses: z.array(AddressSchema),
  })
  .refine((order) => hasAddress(order.Addresses, 'Origin'), {
    error: 'Addresses must include an Origin address',
    path: ['Addresses'],
  })
  .refine((order) => hasAddress(order.Addresses, 'Destination'), {
    error: 'Addresses must include a Destination address',
    path: ['Addresses'],
  })
  .refine(
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
  );

/**
 * A property that Update Order deletes when it is omitted: the key is required, and `null` deletes the
 * stored value on purpose.
 */
function replacedOnUpdate<T extends z.ZodType>(schema: T) {
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
export const OrderChangesSchema = UpdateOrderInputSchema.omit({
  OrderReference: true,
  Source: true,
  Packages: true,
})
  .partial()
  .refine((changes) => !('OrderReference' in changes), {
    error: 'OrderReference cannot be changed',
    path: ['OrderReference'],
  });

/** An item of a Pack Order request: a quantity, and the order item it refers to. */
export const PackItemSchema = ItemSchema.extend({ Quantity: z.int().min(1) }).refine(
  (item) => !!(item.Reference || item.ItemReferenceProvidedByCustomer || item.Sku),
  { error: 'a pack item needs at least one of Reference, ItemReferenceProvidedByCustomer or Sku' },
);

export const PackOrderRequestSchema = z.looseObject({
  OrderReference: OrderReferenceSchema,
  OrderReferenceProvidedByCustomer: z.string().optional(),
  GenerateReturn: z.boolean().optional(),
  Packages: z
    .array(
      PackageSchema.extend({ Items: z.array(PackItemSchema).min(1, 'a package needs at least one item') }),
    )
    .min(1, 'a pack request needs at least one package'),
  MetaData: z.array(MetadataEntrySchema).optional(),
  CustomsDocumentation: CustomsDocumentationSchema.optional(),
  Tags: TagsSchema.optional(),
});

export const ConsignmentReferenceListSchema = z
  .array(ConsignmentReferenceSchema)
  .min(1, 'at least one consignment reference is required');

/** The body of Allocate Using Default Rules and Manifest Consignments. */
export const ConsignmentReferencesBodySchema = z.looseObject({
  ConsignmentReferences: ConsignmentReferenceListSchema,
});

export const ConsignmentLegSchema = z.looseObject({
  Leg: z.union([z.number(), z.string()]).nullish(),
  TrackingReferences: z.array(z.string()).nullish(),
  CarrierReference: text,
  CarrierServiceReference: text,
  CarrierName: text,
});

export const AllocationSummarySchema = z.looseObject({
  StatusCode: z.union([z.number(), z.string()]).nullish(),
  Description: text,
  ApiLinks: z.array(ApiLinkSchema).nullish(),
  ConsignmentLegs: z.array(ConsignmentLegSchema).nullish(),
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
  ApiLinks: z.array(ApiLinkSchema).nullish(),
});

export const ShippingDateRangeSchema = z.looseObject({ StartDate: z.string(), EndDate: z.string() });

/** The filters of Manifest Consignments From Query; all optional. */
export const ManifestQuerySchema = z.looseObject({
  ShippingLocationReference: z.string().optional(),
  ShippingLocationReferences: z.array(z.string()).optional(),
  States: z.array(openEnum<ConsignmentState>()).optional(),
  Carriers: z.array(z.string()).optional(),
  LabelsPrinted: z.boolean().optional(),
  ShippingDate: z.string().optional(),
  ShippingDateRanges: z.array(ShippingDateRangeSchema).optional(),
});

export const ManifestFromQueryResultSchema = z.looseObject({
  Message: text,
  FailedConsignments: z.array(issuedReference<ConsignmentReference>()),
});

/** The filter of Get Customer Manifests: strict, so a misspelt key is an error, not a silent "every location". */
export const CustomerManifestsFilterSchema = z.strictObject({
  shippingLocationReference: z.string().optional(),
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
  z.looseObject({ SelectOrderResults: z.array(z.looseObject({ OrderReference: text })).min(1) }),
]);

export const PackResultSchema = z.looseObject({ Result: text, ApiLinks: z.array(ApiLinkSchema).nullish() });

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
