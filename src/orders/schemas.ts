import type { WireSchema } from '../core/wire-schema.js';
import type { AllocationFilters, AllocationSummary } from './allocation/schemas.js';
import * as allocation from './allocation/schemas.js';
import type { Carrier, CarrierService } from './carrier-services.js';
import * as carrierServices from './carrier-services.js';
import type { CollectionCalendar } from './collection-calendar.js';
import * as collectionCalendar from './collection-calendar.js';
import type {
  Consignment,
  ConsignmentAllocation,
  ConsignmentFilter,
  ConsignmentInput,
  ConsignmentSearchPage,
  ConsignmentStatus,
  ConsignmentSummary,
  FailedAllocation,
  LocationInformation,
} from './consignments/index.js';
import * as consignments from './consignments/index.js';
import type { CustomsDocumentation } from './customs.js';
import * as customs from './customs.js';
import type {
  DeliveryOption,
  DeliveryOptionDetails,
  DeliveryOptionsRequest,
  PickupLocation,
  PickupOptionsRequest,
} from './delivery-options/index.js';
import * as deliveryOptions from './delivery-options/index.js';
import type { DispatchResult } from './dispatch.js';
import * as dispatch from './dispatch.js';
import type { ConsignmentLabel, ConsignmentLabelOptions } from './labels.js';
import * as labels from './labels.js';
import type {
  ManifestFilter,
  ManifestFromQueryResult,
  ManifestQuery,
  ManifestSummary,
  ManifestsView,
  ShippingDateRange,
} from './manifests/index.js';
import * as manifests from './manifests/index.js';
import type {
  CreateOrderInput,
  DeliveryWindow,
  Order,
  OrderChanges,
  RequestedDeliveryDate,
  UpdateOrderInput,
} from './orders.js';
import * as orders from './orders.js';
import type { PackageSize } from './package-sizes.js';
import * as packageSizes from './package-sizes.js';
import type { PackItem, PackOrderRequest } from './packing.js';
import * as packing from './packing.js';
import type { QuotePrice, QuoteSurcharge, QuoteTaxRate } from './prices.js';
import * as prices from './prices.js';
import type { Quote, ServiceGroupQuote } from './quotes.js';
import * as quotes from './quotes.js';
import type { ServiceGroup } from './service-groups.js';
import * as serviceGroups from './service-groups.js';
import type { ShippingLocation } from './shipping-locations.js';
import * as shippingLocations from './shipping-locations.js';
import type { FlattenedTracking, Tracking } from './tracking.js';
import * as tracking from './tracking.js';
import type {
  Address,
  ApiLink,
  Barcode,
  ConsignmentLeg,
  Contact,
  Country,
  Currency,
  Dimensions,
  IsoCountryCode,
  Item,
  LatLong,
  MetadataEntry,
  Money,
  OperationResult,
  Package,
  Weight,
} from './wire-shapes.js';
import * as shared from './wire-shapes.js';

/**
 * Area A's schemas, as the package exports them: each typed as the {@link WireSchema} of the interface it
 * checks, so that a consumer's type check loads none of zod's declarations. The schemas themselves are
 * declared beside their types, in each resource's module.
 */

/** Checks an {@link Address}, as Add Address To Order and Update Address On Order send it. */
export const AddressSchema: WireSchema<Address> = shared.AddressSchema;

/** Checks {@link AllocationFilters}; an unknown key is refused rather than sent. */
export const AllocationFiltersSchema: WireSchema<AllocationFilters> = allocation.AllocationFiltersSchema;

/** Checks an {@link AllocationSummary}. */
export const AllocationSummarySchema: WireSchema<AllocationSummary> = allocation.AllocationSummarySchema;

/** Checks an {@link ApiLink}. */
export const ApiLinkSchema: WireSchema<ApiLink> = shared.ApiLinkSchema;

/** Checks a {@link Barcode}. */
export const BarcodeSchema: WireSchema<Barcode> = shared.BarcodeSchema;

/** Checks a {@link ConsignmentAllocation}. */
export const ConsignmentAllocationSchema: WireSchema<ConsignmentAllocation> =
  consignments.ConsignmentAllocationSchema;

/** Checks a {@link ConsignmentFilter}: strict, a key it does not know is refused. */
export const ConsignmentFilterSchema: WireSchema<ConsignmentFilter> = consignments.ConsignmentFilterSchema;

/**
 * Checks {@link ConsignmentLabelOptions}: a misspelt option is refused rather than ignored. Typed as the
 * interface, whose formats the check matches in either case.
 */
export const ConsignmentLabelOptionsSchema: WireSchema<ConsignmentLabelOptions> =
  labels.ConsignmentLabelOptionsSchema;

/** Checks a {@link ConsignmentInput}, as Create Consignment sends it. */
export const ConsignmentInputSchema: WireSchema<ConsignmentInput> = consignments.ConsignmentInputSchema;

/** Checks a {@link ConsignmentLabel}. */
export const ConsignmentLabelSchema: WireSchema<ConsignmentLabel> = labels.ConsignmentLabelSchema;

/** Checks a {@link ConsignmentLeg}. */
export const ConsignmentLegSchema: WireSchema<ConsignmentLeg> = shared.ConsignmentLegSchema;

/** Checks a {@link Consignment}. */
export const ConsignmentSchema: WireSchema<Consignment> = consignments.ConsignmentSchema;

/** Checks a {@link ConsignmentSearchPage}. */
export const ConsignmentSearchPageSchema: WireSchema<ConsignmentSearchPage> =
  consignments.ConsignmentSearchPageSchema;

/** Checks a {@link ConsignmentStatus}. */
export const ConsignmentStatusSchema: WireSchema<ConsignmentStatus> = consignments.ConsignmentStatusSchema;

/** Checks a {@link ConsignmentSummary}. */
export const ConsignmentSummarySchema: WireSchema<ConsignmentSummary> = consignments.ConsignmentSummarySchema;

/** Checks a {@link Contact}. */
export const ContactSchema: WireSchema<Contact> = shared.ContactSchema;

/** Checks a {@link Country}. */
export const CountrySchema: WireSchema<Country> = shared.CountrySchema;

/** Checks a {@link Currency}. */
export const CurrencySchema: WireSchema<Currency> = shared.CurrencySchema;

/**
 * Checks a Create Order body: at least one package with at least one item, an `Origin` and a
 * `Destination` address, and a `ShippingLocationReference` on one of those two.
 */
export const CreateOrderInputSchema: WireSchema<CreateOrderInput> = orders.CreateOrderInputSchema;

/** Checks {@link CustomsDocumentation}: each field as the vendor's reference types it. */
export const CustomsDocumentationSchema: WireSchema<CustomsDocumentation> =
  customs.CustomsDocumentationSchema;

/** Checks a {@link DeliveryOptionDetails}. */
export const DeliveryOptionDetailsSchema: WireSchema<DeliveryOptionDetails> =
  deliveryOptions.DeliveryOptionDetailsSchema;

/** Checks a {@link DeliveryOption}. */
export const DeliveryOptionSchema: WireSchema<DeliveryOption> = deliveryOptions.DeliveryOptionSchema;

/** Checks a {@link DeliveryOptionsRequest}. */
export const DeliveryOptionsRequestSchema: WireSchema<DeliveryOptionsRequest> =
  deliveryOptions.DeliveryOptionsRequestSchema;

/** Checks a {@link DeliveryWindow}. */
export const DeliveryWindowSchema: WireSchema<DeliveryWindow> = orders.DeliveryWindowSchema;

/** Checks {@link Dimensions}. */
export const DimensionsSchema: WireSchema<Dimensions> = shared.DimensionsSchema;

/** Checks a {@link FailedAllocation}. */
export const FailedAllocationSchema: WireSchema<FailedAllocation> = consignments.FailedAllocationSchema;

/** Checks an {@link IsoCountryCode}. */
export const IsoCountryCodeSchema: WireSchema<IsoCountryCode> = shared.IsoCountryCodeSchema;

/** Checks an {@link Item} of an order. */
export const ItemSchema: WireSchema<Item> = shared.ItemSchema;

/** Checks a {@link LocationInformation}. */
export const LocationInformationSchema: WireSchema<LocationInformation> =
  consignments.LocationInformationSchema;

/** Checks a {@link LatLong}. */
export const LatLongSchema: WireSchema<LatLong> = shared.LatLongSchema;

/** Checks a {@link ManifestFromQueryResult}. */
export const ManifestFromQueryResultSchema: WireSchema<ManifestFromQueryResult> =
  manifests.ManifestFromQueryResultSchema;

/** Checks a {@link ManifestQuery}: strict, so that a misspelt filter is an error, not "manifest everything". */
export const ManifestQuerySchema: WireSchema<ManifestQuery> = manifests.ManifestQuerySchema;

/** Checks a {@link ManifestSummary}. */
export const ManifestSummarySchema: WireSchema<ManifestSummary> = manifests.ManifestSummarySchema;

/** Checks a {@link ManifestFilter}: strict, so that a misspelt key is an error, not "every manifest". */
export const ManifestFilterSchema: WireSchema<ManifestFilter> = manifests.ManifestFilterSchema;

/** Checks a {@link ManifestsView}, a page of the customer manifests a filter matches. */
export const ManifestsViewSchema: WireSchema<ManifestsView> = manifests.ManifestsViewSchema;

/** Checks a {@link MetadataEntry}. */
export const MetadataEntrySchema: WireSchema<MetadataEntry> = shared.MetadataEntrySchema;

/** Checks a {@link Money}. */
export const MoneySchema: WireSchema<Money> = shared.MoneySchema;

/** Checks an {@link OperationResult}. */
export const OperationResultSchema: WireSchema<OperationResult> = shared.OperationResultSchema;

/** Checks the changes {@link OrdersClient.patch} takes: any replaceable property but the reference. */
export const OrderChangesSchema: WireSchema<OrderChanges> = orders.OrderChangesSchema;

/**
 * Checks an {@link Order} as Get Order returns it. A property Update Order deletes when left out may be
 * missing from the answer; the parsed order has it, `null`.
 */
export const OrderSchema: WireSchema<Order> = orders.OrderSchema;

/** Checks a {@link Package}. */
export const PackageSchema: WireSchema<Package> = shared.PackageSchema;

/** Checks a {@link PackItem}: an integer `Quantity` of at least 1, and an identifier. */
export const PackItemSchema: WireSchema<PackItem> = packing.PackItemSchema;

/** Checks a {@link PackOrderRequest}. */
export const PackOrderRequestSchema: WireSchema<PackOrderRequest> = packing.PackOrderRequestSchema;

/** Checks a {@link PickupLocation}. */
export const PickupLocationSchema: WireSchema<PickupLocation> = deliveryOptions.PickupLocationSchema;

/** Checks a {@link PickupOptionsRequest}. */
export const PickupOptionsRequestSchema: WireSchema<PickupOptionsRequest> =
  deliveryOptions.PickupOptionsRequestSchema;

/** Checks a {@link QuotePrice}: a quote's, an allocation's or a delivery option's. */
export const QuotePriceSchema: WireSchema<QuotePrice> = prices.QuotePriceSchema;

/** Checks a {@link QuoteSurcharge}. */
export const QuoteSurchargeSchema: WireSchema<QuoteSurcharge> = prices.QuoteSurchargeSchema;

/** Checks a {@link Quote}. */
export const QuoteSchema: WireSchema<Quote> = quotes.QuoteSchema;

/** Checks a {@link RequestedDeliveryDate}. */
export const RequestedDeliveryDateSchema: WireSchema<RequestedDeliveryDate> =
  orders.RequestedDeliveryDateSchema;

/** Checks a {@link ServiceGroupQuote}. */
export const ServiceGroupQuoteSchema: WireSchema<ServiceGroupQuote> = quotes.ServiceGroupQuoteSchema;

/** Checks a {@link ShippingDateRange}. */
export const ShippingDateRangeSchema: WireSchema<ShippingDateRange> = manifests.ShippingDateRangeSchema;

/** Checks a {@link ShippingLocation}. */
export const ShippingLocationSchema: WireSchema<ShippingLocation> = shippingLocations.ShippingLocationSchema;

/**
 * Checks allocation `Tags`: strings. A consignment with tags is allocated only to carrier services that
 * carry every one of them.
 */
export const TagsSchema: WireSchema<string[]> = shared.TagsSchema;

/** Checks a {@link QuoteTaxRate}. */
export const QuoteTaxRateSchema: WireSchema<QuoteTaxRate> = prices.QuoteTaxRateSchema;

/** Checks a {@link Tracking}. */
export const TrackingSchema: WireSchema<Tracking> = tracking.TrackingSchema;

/** Checks an Update Order body: the order's reference, and every deletable property written down. */
export const UpdateOrderInputSchema: WireSchema<UpdateOrderInput> = orders.UpdateOrderInputSchema;

/** Checks a {@link Weight}. */
export const WeightSchema: WireSchema<Weight> = shared.WeightSchema;

/** Checks a {@link Carrier}. */
export const CarrierSchema: WireSchema<Carrier> = carrierServices.CarrierSchema;

/** Checks a {@link CarrierService}: its `Reference` is required. */
export const CarrierServiceSchema: WireSchema<CarrierService> = carrierServices.CarrierServiceSchema;

/** Checks a {@link CollectionCalendar}. */
export const CollectionCalendarSchema: WireSchema<CollectionCalendar> =
  collectionCalendar.CollectionCalendarSchema;

/** Checks a {@link DispatchResult}. */
export const DispatchResultSchema: WireSchema<DispatchResult> = dispatch.DispatchResultSchema;

/** Checks a {@link FlattenedTracking}. */
export const FlattenedTrackingSchema: WireSchema<FlattenedTracking> = tracking.FlattenedTrackingSchema;

/** Checks a {@link PackageSize}: its `Reference` is required. */
export const PackageSizeSchema: WireSchema<PackageSize> = packageSizes.PackageSizeSchema;

/** Checks a {@link ServiceGroup}: its `Reference` is required. */
export const ServiceGroupSchema: WireSchema<ServiceGroup> = serviceGroups.ServiceGroupSchema;
