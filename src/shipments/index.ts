export { ShipmentAllocator } from './allocation.js';
export { ShipmentAllocationError } from './allocation-error.js';
export type {
  AllocateResult,
  AllocateWithFiltersResult,
  PaperlessDocumentsOutcome,
  ShipmentAllocationFilters,
} from './allocation-shapes.js';
export { ShipmentsClient } from './client.js';
export type {
  ContentsTracking,
  CustomReferencePage,
  CustomReferencePaging,
  ShipmentContentsTracking,
  ShipmentContentsTrackingList,
  TrackingCarrier,
  TrackingSearch,
} from './contents-tracking.js';
export type { CustomReferenceTracking, CustomReferenceTrackingList } from './custom-reference-tracking.js';
export type { CollectionNote } from './documents/collection-notes.js';
export type { ShipmentDocument, ShipmentDocumentType } from './documents/customs.js';
export { ShipmentDocuments } from './documents/documents.js';
export {
  type PaperlessDocument,
  type PaperlessDocumentRead,
  type PaperlessDocumentReference,
  PaperlessDocuments,
  type PaperlessDocumentType,
  type StoredPaperlessDocument,
} from './documents/paperless.js';
export { ShipmentGroups } from './groups/groups.js';
export type {
  CreateShipmentGroupInput,
  ShipmentGroup,
  ShipmentGroupSelector,
  ShipmentGroupSummary,
  ShipmentGroupSummaryLink,
  UpdateShipmentGroupInput,
} from './groups/schemas.js';
export {
  CONTENTS_LABEL_FORMATS,
  type ContentsLabelFormat,
  type ContentsLabelOptions,
  LABEL_DPIS,
  LABEL_FORMATS,
  type LabelDocument,
  type LabelDpi,
  type LabelFormat,
  type LabelOptions,
  type LabelRotation,
  ShipmentLabels,
} from './labels.js';
export {
  type Manifest,
  type ManifestableState,
  type ManifestDateRange,
  type ManifestResponse,
  type ManifestResult,
  type ShipmentManifestQuery,
  type ShipmentManifestReference,
  ShipmentManifests,
} from './manifests.js';
export {
  cheapestShipmentQuote,
  type ShipmentQuote,
  type ShipmentQuoteResult,
  ShipmentQuotes,
  type ShipmentSummary,
  type ShipmentSummaryAddress,
  type Surcharge,
} from './quotes.js';
export type { ShipmentReconcileOptions, ShipmentReconciliation } from './reconcile.js';
export type {
  Allocation,
  ContactDetails,
  ContentsValue,
  CreateShipmentRequest,
  DangerousGoods,
  LabelDetails,
  LabelProperty,
  Metadata,
  PaperlessDocumentSummary,
  Reservation,
  Shipment,
  ShipmentAddress,
  ShipmentContact,
  ShipmentContents,
  ShipmentCountByState,
  ShipmentCustomsDocumentation,
  ShipmentDimensions,
  ShipmentLatLong,
  ShipmentResult,
  ShipmentStateChangeRequest,
  ShipmentStateCount,
  ShipmentWeight,
  UpdateShipmentRequest,
} from './shipments/index.js';
export { ShipmentTracking } from './tracking.js';
export type {
  ShipmentTrackingEvent,
  TrackingEventCode,
  TrackingLink,
  TrackingResponse,
} from './tracking-events.js';
export type { ShipmentWaitResult } from './waiting.js';
export {
  type ApiErrorMessage,
  type CarrierDetails,
  type DateRange,
  type ExcludedService,
  type ExclusionCode,
  type KnownShipmentState,
  type Link,
  type Price,
  type ResourceLink,
  type ResourceResult,
  SHIPMENT_STATES,
  type ShipmentState,
  type ShipmentsApiErrorBody,
  type Tax,
  type TaxRate,
  type TrackingDetails,
  type TrackingReference,
} from './wire-shapes.js';
