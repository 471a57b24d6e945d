import type {
  ConsignmentReference,
  ContentsReference,
  DeliveryOptionReference,
  ManifestReference,
  OrderReference,
  PackageReference,
  ShipmentGroupReference,
  ShipmentReference,
  ShippingLocationReference,
} from './core/references.js';
import * as references from './core/references.js';
import type { WireSchema } from './core/wire-schema.js';
import type {
  DeliveryOption,
  DeliveryOptionsRequest,
  PickupLocation,
  PickupOptionsRequest,
  ShippingLocation,
  Tracking,
} from './orders/discovery.js';
import * as discovery from './orders/discovery.js';
import type {
  Consignment,
  ConsignmentAllocation,
  ConsignmentFilter,
  ConsignmentSearchPage,
  ConsignmentSummary,
  FailedAllocation,
} from './orders/lifecycle.js';
import * as lifecycle from './orders/lifecycle.js';
import type {
  Address,
  AllocationSummary,
  ApiLink,
  Barcode,
  ConsignmentLabel,
  ConsignmentLabelOptions,
  ConsignmentLeg,
  Contact,
  Country,
  CreateOrderInput,
  CustomsDocumentation,
  DeliveryWindow,
  Dimensions,
  IsoCountryCode,
  Item,
  LatLong,
  ManifestFromQueryResult,
  ManifestQuery,
  ManifestSummary,
  MetadataEntry,
  Money,
  OperationResult,
  Order,
  OrderChanges,
  Package,
  PackItem,
  PackOrderRequest,
  RequestedDeliveryDate,
  ShippingDateRange,
  UpdateOrderInput,
  Weight,
} from './orders/schemas.js';
import * as orders from './orders/schemas.js';
import type {
  ContentsLabelOptions,
  CreateShipmentGroupInput,
  LabelDocument,
  LabelOptions,
  ResourceLink,
  ResourceResult,
  ShipmentDocument,
  ShipmentDocumentType,
  ShipmentGroup,
  ShipmentGroupSelector,
  UpdateShipmentGroupInput,
} from './shipments/schemas.js';
import * as shipments from './shipments/schemas.js';

/** Checks an {@link Address}, as Add Address To Order and Update Address On Order send it. */
export const AddressSchema: WireSchema<Address> = orders.AddressSchema;

/** Checks an {@link AllocationSummary}. */
export const AllocationSummarySchema: WireSchema<AllocationSummary> = orders.AllocationSummarySchema;

/** Checks an {@link ApiLink}. */
export const ApiLinkSchema: WireSchema<ApiLink> = orders.ApiLinkSchema;

/** Checks a {@link Barcode}. */
export const BarcodeSchema: WireSchema<Barcode> = orders.BarcodeSchema;

/** Checks a {@link ConsignmentAllocation}. */
export const ConsignmentAllocationSchema: WireSchema<ConsignmentAllocation> =
  lifecycle.ConsignmentAllocationSchema;

/** Checks a {@link ConsignmentFilter}: strict, a key it does not know is refused. */
export const ConsignmentFilterSchema: WireSchema<ConsignmentFilter> = lifecycle.ConsignmentFilterSchema;

/**
 * Checks {@link ConsignmentLabelOptions}: a misspelt option is refused rather than ignored. Typed as the
 * interface, whose formats the check matches in either case.
 */
export const ConsignmentLabelOptionsSchema: WireSchema<ConsignmentLabelOptions> =
  orders.ConsignmentLabelOptionsSchema;

/** Checks a {@link ConsignmentLabel}. */
export const ConsignmentLabelSchema: WireSchema<ConsignmentLabel> = orders.ConsignmentLabelSchema;

/** Checks a {@link ConsignmentLeg}. */
export const ConsignmentLegSchema: WireSchema<ConsignmentLeg> = orders.ConsignmentLegSchema;

/** Checks a {@link ConsignmentReference}: `EC-` then letters, digits, `.`, `_` or `-`. */
export const ConsignmentReferenceSchema: WireSchema<ConsignmentReference> =
  references.ConsignmentReferenceSchema;

/** Checks a {@link Consignment}. */
export const ConsignmentSchema: WireSchema<Consignment> = lifecycle.ConsignmentSchema;

/** Checks a {@link ConsignmentSearchPage}. */
export const ConsignmentSearchPageSchema: WireSchema<ConsignmentSearchPage> =
  lifecycle.ConsignmentSearchPageSchema;

/** Checks a {@link ConsignmentSummary}. */
export const ConsignmentSummarySchema: WireSchema<ConsignmentSummary> = lifecycle.ConsignmentSummarySchema;

/** Checks a {@link Contact}. */
export const ContactSchema: WireSchema<Contact> = orders.ContactSchema;

/** Checks {@link ContentsLabelOptions}; a misspelt option is an error, not silently ignored. */
export const ContentsLabelOptionsSchema: WireSchema<ContentsLabelOptions> =
  shipments.ContentsLabelOptionsSchema;

/** Checks a {@link ContentsReference}: `sc_` then letters, digits, `.`, `_` or `-`. */
export const ContentsReferenceSchema: WireSchema<ContentsReference> = references.ContentsReferenceSchema;

/** Checks a {@link Country}. */
export const CountrySchema: WireSchema<Country> = orders.CountrySchema;

/**
 * Checks a Create Order body: at least one package with at least one item, an `Origin` and a
 * `Destination` address, and a `ShippingLocationReference` on one of those two.
 */
export const CreateOrderInputSchema: WireSchema<CreateOrderInput> = orders.CreateOrderInputSchema;

/** Checks a {@link CreateShipmentGroupInput}; an unknown key is refused rather than sent. */
export const CreateShipmentGroupInputSchema: WireSchema<CreateShipmentGroupInput> =
  shipments.CreateShipmentGroupInputSchema;

/** Checks a group's `custom_reference`: URL-safe (RFC 3986 unreserved characters), 5 to 50 of them. */
export const CustomReferenceSchema: WireSchema<string> = shipments.CustomReferenceSchema;

/** Checks {@link CustomsDocumentation}: any object. */
export const CustomsDocumentationSchema: WireSchema<CustomsDocumentation> = orders.CustomsDocumentationSchema;

/** Checks a {@link DeliveryOptionReference}: `EDO-` then letters, digits, `.`, `_` or `-`. */
export const DeliveryOptionReferenceSchema: WireSchema<DeliveryOptionReference> =
  references.DeliveryOptionReferenceSchema;

/** Checks a {@link DeliveryOption}. */
export const DeliveryOptionSchema: WireSchema<DeliveryOption> = discovery.DeliveryOptionSchema;

/** Checks a {@link DeliveryOptionsRequest}. */
export const DeliveryOptionsRequestSchema: WireSchema<DeliveryOptionsRequest> =
  discovery.DeliveryOptionsRequestSchema;

/** Checks a {@link DeliveryWindow}. */
export const DeliveryWindowSchema: WireSchema<DeliveryWindow> = orders.DeliveryWindowSchema;

/** Checks {@link Dimensions}. */
export const DimensionsSchema: WireSchema<Dimensions> = orders.DimensionsSchema;

/** Checks a {@link FailedAllocation}. */
export const FailedAllocationSchema: WireSchema<FailedAllocation> = lifecycle.FailedAllocationSchema;

/** Checks a group version as an address names it: a positive integer or `'latest'`. */
export const GroupVersionSchema: WireSchema<number | 'latest'> = shipments.GroupVersionSchema;

/** Checks an {@link IsoCountryCode}. */
export const IsoCountryCodeSchema: WireSchema<IsoCountryCode> = orders.IsoCountryCodeSchema;

/** Checks an {@link Item} of an order. */
export const ItemSchema: WireSchema<Item> = orders.ItemSchema;

/** Checks a {@link LabelDocument}. */
export const LabelDocumentSchema: WireSchema<LabelDocument> = shipments.LabelDocumentSchema;

/** Checks {@link LabelOptions}; a misspelt option (`include_extension`, `DPI`) is an error, not ignored. */
export const LabelOptionsSchema: WireSchema<LabelOptions> = shipments.LabelOptionsSchema;

/** Checks a {@link LatLong}. */
export const LatLongSchema: WireSchema<LatLong> = orders.LatLongSchema;

/** Checks a {@link ManifestFromQueryResult}. */
export const ManifestFromQueryResultSchema: WireSchema<ManifestFromQueryResult> =
  orders.ManifestFromQueryResultSchema;

/** Checks a {@link ManifestQuery}: strict, so that a misspelt filter is an error, not "manifest everything". */
export const ManifestQuerySchema: WireSchema<ManifestQuery> = orders.ManifestQuerySchema;

/** Checks a {@link ManifestReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ManifestReferenceSchema: WireSchema<ManifestReference> = references.ManifestReferenceSchema;

/** Checks a {@link ManifestSummary}. */
export const ManifestSummarySchema: WireSchema<ManifestSummary> = orders.ManifestSummarySchema;

/** Checks a {@link MetadataEntry}. */
export const MetadataEntrySchema: WireSchema<MetadataEntry> = orders.MetadataEntrySchema;

/** Checks a {@link Money}. */
export const MoneySchema: WireSchema<Money> = orders.MoneySchema;

/** Checks an {@link OperationResult}. */
export const OperationResultSchema: WireSchema<OperationResult> = orders.OperationResultSchema;

/** Checks the changes {@link OrdersClient.patchOrder} takes: any replaceable property but the reference. */
export const OrderChangesSchema: WireSchema<OrderChanges> = orders.OrderChangesSchema;

/** Checks an {@link OrderReference}: `EO-` then letters, digits, `.`, `_` or `-`. */
export const OrderReferenceSchema: WireSchema<OrderReference> = references.OrderReferenceSchema;

/**
 * Checks an {@link Order} as Get Order returns it. A property Update Order deletes when left out may be
 * missing from the answer; the parsed order has it, `null`.
 */
export const OrderSchema: WireSchema<Order> = orders.OrderSchema;

/** Checks a {@link PackItem}: an integer `Quantity` of at least 1, and an identifier. */
export const PackItemSchema: WireSchema<PackItem> = orders.PackItemSchema;

/** Checks a {@link PackOrderRequest}. */
export const PackOrderRequestSchema: WireSchema<PackOrderRequest> = orders.PackOrderRequestSchema;

/** Checks a {@link PackageReference}: `EP-` then letters, digits, `.`, `_` or `-`. */
export const PackageReferenceSchema: WireSchema<PackageReference> = references.PackageReferenceSchema;

/** Checks a {@link Package}. */
export const PackageSchema: WireSchema<Package> = orders.PackageSchema;

/** Checks a {@link PickupLocation}. */
export const PickupLocationSchema: WireSchema<PickupLocation> = discovery.PickupLocationSchema;

/** Checks a {@link PickupOptionsRequest}. */
export const PickupOptionsRequestSchema: WireSchema<PickupOptionsRequest> =
  discovery.PickupOptionsRequestSchema;

/** Checks a {@link RequestedDeliveryDate}. */
export const RequestedDeliveryDateSchema: WireSchema<RequestedDeliveryDate> =
  orders.RequestedDeliveryDateSchema;

/** Checks a {@link ResourceLink}. */
export const ResourceLinkSchema: WireSchema<ResourceLink> = shipments.ResourceLinkSchema;

/** Checks a {@link ResourceResult}. */
export const ResourceResultSchema: WireSchema<ResourceResult> = shipments.ResourceResultSchema;

/** Checks a {@link ShipmentDocument}. */
export const ShipmentDocumentSchema: WireSchema<ShipmentDocument> = shipments.ShipmentDocumentSchema;

/** Checks a document type to ask for; `label` is refused, as labels come only from Get Labels. */
export const ShipmentDocumentTypeSchema: WireSchema<ShipmentDocumentType> =
  shipments.ShipmentDocumentTypeSchema;

/** Checks a {@link ShipmentGroupReference}: `sg_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentGroupReferenceSchema: WireSchema<ShipmentGroupReference> =
  references.ShipmentGroupReferenceSchema;

/** Checks a {@link ShipmentGroup}. */
export const ShipmentGroupSchema: WireSchema<ShipmentGroup> = shipments.ShipmentGroupSchema;

/** Checks a {@link ShipmentGroupSelector}: exactly one of its two forms, nothing else. */
export const ShipmentGroupSelectorSchema: WireSchema<ShipmentGroupSelector> =
  shipments.ShipmentGroupSelectorSchema;

/** Checks a {@link ShipmentReference}: `sp_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentReferenceSchema: WireSchema<ShipmentReference> = references.ShipmentReferenceSchema;

/** Checks a {@link ShippingDateRange}. */
export const ShippingDateRangeSchema: WireSchema<ShippingDateRange> = orders.ShippingDateRangeSchema;

/** Checks a {@link ShippingLocationReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ShippingLocationReferenceSchema: WireSchema<ShippingLocationReference> =
  references.ShippingLocationReferenceSchema;

/** Checks a {@link ShippingLocation}. */
export const ShippingLocationSchema: WireSchema<ShippingLocation> = discovery.ShippingLocationSchema;

/**
 * Checks allocation `Tags`: strings. A consignment with tags is allocated only to carrier services that
 * carry every one of them.
 */
export const TagsSchema: WireSchema<string[]> = orders.TagsSchema;

/** Checks a {@link Tracking}. */
export const TrackingSchema: WireSchema<Tracking> = discovery.TrackingSchema;

/** Checks an Update Order body: the order's reference, and every deletable property written down. */
export const UpdateOrderInputSchema: WireSchema<UpdateOrderInput> = orders.UpdateOrderInputSchema;

/** Checks an {@link UpdateShipmentGroupInput}: well-formed references, and at least one shipment named. */
export const UpdateShipmentGroupInputSchema: WireSchema<UpdateShipmentGroupInput> =
  shipments.UpdateShipmentGroupInputSchema;

/** Checks a {@link Weight}. */
export const WeightSchema: WireSchema<Weight> = orders.WeightSchema;
