export {
  type AllocatedConsignment,
  AllocationError,
  type UnallocatedConsignment,
} from '../core/allocation-error.js';
export { ConsignmentAllocator } from './allocation/allocation.js';
export { AllocationByShipDate } from './allocation/by-ship-date.js';
export { AllocationWithLabels } from './allocation/with-labels.js';
export { CarrierServices } from './carrier-services.js';
export { OrdersClient } from './client.js';
export { CollectionCalendars } from './collection-calendar.js';
export { Consignments } from './consignments/consignments.js';
export { CATEGORY_TYPES, SHIPPING_TERMS } from './customs.js';
export { cheapestDeliveryOption, DeliveryOptions } from './delivery-options/index.js';
export { ConsignmentDocuments } from './documents.js';
export { Items } from './items.js';
export { CONSIGNMENT_LABEL_FORMATS, ConsignmentLabels } from './labels.js';
export { ConsignmentManifests } from './manifests/manifests.js';
export { OrderPackages } from './order-packages.js';
export { PackageSizes } from './package-sizes.js';
export { Packages } from './packages.js';
export { ConsignmentQuotes, cheapestQuote } from './quotes.js';
export { ServiceGroups } from './service-groups.js';
export { ShippingLocations } from './shipping-locations.js';
export { ConsignmentTracking } from './tracking.js';
// Every type the area's modules export, listed by scripts/export-lists.mjs.
export type * from './types.js';
export { CONSIGNMENT_STATES } from './wire-shapes.js';
