export { ShipmentAllocator } from './allocation.js';
export { ShipmentAllocationError } from './allocation-error.js';
export { ShipmentsClient } from './client.js';
export { ShipmentDocuments } from './documents/documents.js';
export { PaperlessDocuments } from './documents/paperless.js';
export { ShipmentGroups } from './groups/groups.js';
export { CONTENTS_LABEL_FORMATS, LABEL_DPIS, LABEL_FORMATS, ShipmentLabels } from './labels.js';
export { ShipmentManifests } from './manifests.js';
export { cheapestShipmentQuote, ShipmentQuotes } from './quotes.js';
export { ShipmentTracking } from './tracking.js';
// Every type the area's modules export, listed by scripts/export-lists.mjs.
export type * from './types.js';
export { SHIPMENT_STATES } from './wire-shapes.js';
