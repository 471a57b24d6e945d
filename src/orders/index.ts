export {
  type AllocatedConsignment,
  AllocationError,
  type UnallocatedConsignment,
} from '../core/allocation-error.js';
export { ConsignmentAllocator } from './allocation/allocation.js';
export type { AllocationFilters, AllocationSummary, SummaryEach } from './allocation/schemas.js';
export { type Carrier, type CarrierService, CarrierServices } from './carrier-services.js';
export { OrdersClient } from './client.js';
export { type CollectionCalendar, CollectionCalendars } from './collection-calendar.js';
export { Consignments } from './consignments/consignments.js';
export type {
  Consignment,
  ConsignmentAllocation,
  ConsignmentChanges,
  ConsignmentFilter,
  ConsignmentInput,
  ConsignmentSearch,
  ConsignmentSearchPage,
  ConsignmentStatus,
  ConsignmentSummary,
  FailedAllocation,
  FilterDate,
  LocationInformation,
  OrderConsignment,
  OrderConsignmentsResult,
  UpdateConsignmentInput,
} from './consignments/index.js';
export {
  CATEGORY_TYPES,
  type CategoryType,
  type CustomsDocumentation,
  SHIPPING_TERMS,
  type ShippingTerms,
} from './customs.js';
export type {
  DeliveryOption,
  DeliveryOptionConsignment,
  DeliveryOptionDetails,
  DeliveryOptionSelection,
  DeliveryOptionSummary,
  DeliveryOptionsRequest,
  EstimatedDeliveryDate,
  OpeningTimes,
  OptionCurrency,
  OptionPrice,
  PickupDistance,
  PickupLocation,
  PickupOptionsRequest,
  PickupReservation,
  SelectedConsignment,
  SelectOrderResult,
  TimeWindow,
} from './delivery-options/index.js';
export { cheapestDeliveryOption, DeliveryOptions } from './delivery-options/index.js';
export type { DispatchResult } from './dispatch.js';
export { ConsignmentDocuments, type CustomsDocument, type CustomsDocuments } from './documents.js';
export {
  CONSIGNMENT_LABEL_FORMATS,
  type ConsignmentLabel,
  type ConsignmentLabelFormat,
  type ConsignmentLabelOptions,
  ConsignmentLabels,
} from './labels.js';
export {
  ConsignmentManifests,
  type ManifestFilter,
  type ManifestFromQueryResult,
  type ManifestQuery,
  type ManifestQueryCounts,
  type ManifestQueryOutcome,
  type ManifestSearch,
  type ManifestSummary,
  type ManifestsPage,
  type ManifestsView,
  type ShippingDateRange,
} from './manifests/index.js';
export type {
  CreateOrderInput,
  CreateOrderPackage,
  DeliveryWindow,
  Order,
  OrderChanges,
  OrderFields,
  RequestedDeliveryDate,
  UpdateOrderInput,
} from './orders.js';
export { type PackageSize, PackageSizes } from './package-sizes.js';
export { type AddPackageInput, Packages } from './packages.js';
export type {
  PackItem,
  PackOrderPackage,
  PackOrderRequest,
} from './packing.js';
export type {
  QuoteSurcharge,
  SurchargeApplicationType,
  SurchargeCalculationModel,
  SurchargeType,
} from './prices.js';
export {
  ConsignmentQuotes,
  cheapestQuote,
  type Quote,
  type QuoteAddress,
  type QuoteCarrierService,
  type QuoteConsignmentInput,
  type QuoteLeg,
  type QuotePrice,
  type QuoteResult,
  type QuoteTaxRate,
  type ServiceGroupQuote,
  type UnqualifiedService,
} from './quotes.js';
export type { Reconciliation } from './reconcile.js';
export { type ServiceGroup, ServiceGroups } from './service-groups.js';
export { type ShippingLocation, ShippingLocations } from './shipping-locations.js';
export {
  ConsignmentTracking,
  type FlattenedTrackedPackage,
  type FlattenedTracking,
  type FlattenedTrackingEvent,
  type TrackedPackage,
  type Tracking,
  type TrackingEvent,
  type TrackingLeg,
} from './tracking.js';
export type { ConsignmentWaitResult } from './waiting.js';
export type {
  Address,
  AddressType,
  ApiLink,
  Barcode,
  ConsignmentLeg,
  ConsignmentState,
  Contact,
  ContentClassification,
  ContentClassificationDetails,
  Country,
  Currency,
  CustomChargeType,
  Dimensions,
  DimensionsUnit,
  Direction,
  IsoCountryCode,
  Item,
  LatLong,
  MetadataEntry,
  Money,
  OperationResult,
  OrderSource,
  Package,
  PackageCharge,
  PlacedAddress,
  Weight,
  WeightUnit,
} from './wire-shapes.js';
export { CONSIGNMENT_STATES } from './wire-shapes.js';
