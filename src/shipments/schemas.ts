import type { WireSchema } from '../core/wire-schema.js';
import type {
  AllocateResult,
  AllocateWithFiltersResult,
  ShipmentAllocationFilters,
} from './allocation-shapes.js';
import * as allocation from './allocation-shapes.js';
import type { ShipmentContentsTracking } from './contents-tracking.js';
import * as contentsTracking from './contents-tracking.js';
import type { CustomReferenceTracking } from './custom-reference-tracking.js';
import * as customReferenceTracking from './custom-reference-tracking.js';
import type { CollectionNote } from './documents/collection-notes.js';
import * as collectionNotes from './documents/collection-notes.js';
import type { ShipmentDocument, ShipmentDocumentType } from './documents/customs.js';
import * as customs from './documents/customs.js';
import type { PaperlessDocument, StoredPaperlessDocument } from './documents/paperless.js';
import * as paperless from './documents/paperless.js';
import type {
  CreateShipmentGroupInput,
  ShipmentGroup,
  ShipmentGroupSelector,
  ShipmentGroupSummary,
  UpdateShipmentGroupInput,
} from './groups/schemas.js';
import * as groups from './groups/schemas.js';
import type {
  ContentsLabelFormat,
  ContentsLabelOptions,
  LabelDocument,
  LabelDpi,
  LabelFormat,
  LabelOptions,
} from './labels.js';
import * as labels from './labels.js';
import type { Manifest, ManifestResponse, ShipmentManifestQuery } from './manifests.js';
import * as manifests from './manifests.js';
import type { ShipmentQuoteResult } from './quotes.js';
import * as quotes from './quotes.js';
import type {
  CreateShipmentRequest,
  Shipment,
  ShipmentCountByState,
  ShipmentStateChangeRequest,
  UpdateShipmentRequest,
} from './shipments/index.js';
import * as shipments from './shipments/index.js';
import type { TrackingResponse } from './tracking-events.js';
import * as tracking from './tracking-events.js';
import type {
  ApiErrorMessage,
  CarrierDetails,
  DateRange,
  ExcludedService,
  Link,
  Price,
  ResourceLink,
  ResourceResult,
  ShipmentState,
  ShipmentsApiErrorBody,
  TrackingDetails,
} from './wire-shapes.js';
import * as shared from './wire-shapes.js';

/**
 * Area B's schemas, as the package exports them: each typed as the {@link WireSchema} of the interface it
 * checks, so that a consumer's type check loads none of zod's declarations. The schemas themselves are
 * declared beside their types, in each resource's module.
 */

/** Checks an {@link AllocateResult}: one shipment's outcome of an allocation. */
export const AllocateResultSchema: WireSchema<AllocateResult> = allocation.AllocateResultSchema;

/** Checks an {@link AllocateWithFiltersResult}. */
export const AllocateWithFiltersResultSchema: WireSchema<AllocateWithFiltersResult> =
  allocation.AllocateWithFiltersResultSchema;

/** Checks an {@link ApiErrorMessage}. */
export const ApiErrorMessageSchema: WireSchema<ApiErrorMessage> = shared.ApiErrorMessageSchema;

/** Checks {@link CarrierDetails}. */
export const CarrierDetailsSchema: WireSchema<CarrierDetails> = shared.CarrierDetailsSchema;

/** Checks a {@link CollectionNote}. */
export const CollectionNoteSchema: WireSchema<CollectionNote> = collectionNotes.CollectionNoteSchema;

/** Checks a {@link ContentsLabelFormat}. */
export const ContentsLabelFormatSchema: WireSchema<ContentsLabelFormat> = labels.ContentsLabelFormatSchema;

/** Checks {@link ContentsLabelOptions}; a misspelt option is an error, not silently ignored. */
export const ContentsLabelOptionsSchema: WireSchema<ContentsLabelOptions> = labels.ContentsLabelOptionsSchema;

/** Checks a {@link CreateShipmentGroupInput}; an unknown key is refused rather than sent. */
export const CreateShipmentGroupInputSchema: WireSchema<CreateShipmentGroupInput> =
  groups.CreateShipmentGroupInputSchema;

/** Checks a {@link CreateShipmentRequest} as Create Shipment sends it; an unknown key is refused rather than sent. */
export const CreateShipmentRequestSchema: WireSchema<CreateShipmentRequest> =
  shipments.CreateShipmentRequestSchema;

/** Checks a group's `custom_reference`: 5 to 50 characters, any (percent-encoded wherever it goes into a path). */
export const CustomReferenceSchema: WireSchema<string> = groups.CustomReferenceSchema;

/** Checks a {@link DateRange}. */
export const DateRangeSchema: WireSchema<DateRange> = shared.DateRangeSchema;

/** Checks an {@link ExcludedService}. */
export const ExcludedServiceSchema: WireSchema<ExcludedService> = shared.ExcludedServiceSchema;

/** Checks a group version as an address names it: a positive integer or `'latest'`. */
export const GroupVersionSchema: WireSchema<number | 'latest'> = groups.GroupVersionSchema;

/** Checks a {@link LabelDocument}. */
export const LabelDocumentSchema: WireSchema<LabelDocument> = labels.LabelDocumentSchema;

/** Checks a {@link LabelDpi}. */
export const LabelDpiSchema: WireSchema<LabelDpi> = labels.LabelDpiSchema;

/** Checks a {@link LabelFormat}. */
export const LabelFormatSchema: WireSchema<LabelFormat> = labels.LabelFormatSchema;

/** Checks {@link LabelOptions}; a misspelt option (`include_extension`, `DPI`) is an error, not ignored. */
export const LabelOptionsSchema: WireSchema<LabelOptions> = labels.LabelOptionsSchema;

/** Checks a {@link Link}. */
export const LinkSchema: WireSchema<Link> = shared.LinkSchema;

/** Checks a {@link ManifestResponse}. */
export const ManifestResponseSchema: WireSchema<ManifestResponse> = manifests.ManifestResponseSchema;

/** Checks a {@link Manifest}. */
export const ManifestSchema: WireSchema<Manifest> = manifests.ManifestSchema;

/** Checks a {@link PaperlessDocument} as Add Paperless Document sends it; an unknown key is refused. */
export const PaperlessDocumentSchema: WireSchema<PaperlessDocument> = paperless.PaperlessDocumentInputSchema;

/** Checks a {@link Price}. */
export const PriceSchema: WireSchema<Price> = shared.PriceSchema;

/** Checks a {@link ResourceLink}. */
export const ResourceLinkSchema: WireSchema<ResourceLink> = shared.ResourceLinkSchema;

/** Checks a {@link ResourceResult}. */
export const ResourceResultSchema: WireSchema<ResourceResult> = shared.ResourceResultSchema;

/** Checks {@link ShipmentAllocationFilters}. */
export const ShipmentAllocationFiltersSchema: WireSchema<ShipmentAllocationFilters> =
  allocation.AllocationFiltersSchema;

/** Checks a {@link ShipmentCountByState}. */
export const ShipmentCountByStateSchema: WireSchema<ShipmentCountByState> =
  shipments.ShipmentCountByStateSchema;

/** Checks a {@link ShipmentDocument}. */
export const ShipmentDocumentSchema: WireSchema<ShipmentDocument> = customs.ShipmentDocumentSchema;

/**
 * Checks a document type to ask for: `commercial_invoice`, `cn22` or `cn23`, the only types the customs
 * documents file has a route for (labels come only from Get Labels).
 */
export const ShipmentDocumentTypeSchema: WireSchema<ShipmentDocumentType> =
  customs.ShipmentDocumentTypeSchema;

/** Checks a {@link ShipmentGroup}. */
export const ShipmentGroupSchema: WireSchema<ShipmentGroup> = groups.ShipmentGroupSchema;

/** Checks a {@link ShipmentGroupSelector}: exactly one of its two forms, nothing else. */
export const ShipmentGroupSelectorSchema: WireSchema<ShipmentGroupSelector> =
  groups.ShipmentGroupSelectorSchema;

/** Checks a {@link ShipmentGroupSummary}, one entry of Get Shipment Groups by Custom Reference. */
export const ShipmentGroupSummarySchema: WireSchema<ShipmentGroupSummary> = groups.ShipmentGroupSummarySchema;

/**
 * Checks a {@link ShipmentManifestQuery}; a misspelt key, or `shipping_locations` naming no location, is
 * refused rather than read as "every location".
 */
export const ShipmentManifestQuerySchema: WireSchema<ShipmentManifestQuery> =
  manifests.ShipmentManifestQuerySchema;

/** Checks a {@link ShipmentQuoteResult}. */
export const ShipmentQuoteResultSchema: WireSchema<ShipmentQuoteResult> = quotes.QuoteResultSchema;

/** Checks a {@link Shipment} as Get Shipment answers it. */
export const ShipmentSchema: WireSchema<Shipment> = shipments.ShipmentSchema;

/** Checks a {@link ShipmentStateChangeRequest}. */
export const ShipmentStateChangeRequestSchema: WireSchema<ShipmentStateChangeRequest> =
  shipments.ShipmentStateChangeRequestSchema;

/** Checks a {@link ShipmentState}: any string, as the states are an open set. */
export const ShipmentStateSchema: WireSchema<ShipmentState> = shared.ShipmentStateSchema;

/** Checks a {@link ShipmentsApiErrorBody}: the error body of area B. */
export const ShipmentsApiErrorBodySchema: WireSchema<ShipmentsApiErrorBody> =
  shared.ShipmentsApiErrorBodySchema;

/** Checks a {@link StoredPaperlessDocument} as Get Paperless Document answers it. */
export const StoredPaperlessDocumentSchema: WireSchema<StoredPaperlessDocument> =
  paperless.PaperlessDocumentSchema;

/** Checks {@link TrackingDetails}. */
export const TrackingDetailsSchema: WireSchema<TrackingDetails> = shared.TrackingDetailsSchema;

/** Checks a {@link TrackingResponse}. */
export const TrackingResponseSchema: WireSchema<TrackingResponse> = tracking.TrackingResponseSchema;

/** Checks an {@link UpdateShipmentGroupInput}; an empty list is refused rather than sent. */
export const UpdateShipmentGroupInputSchema: WireSchema<UpdateShipmentGroupInput> =
  groups.UpdateShipmentGroupInputSchema;

/** Checks an {@link UpdateShipmentRequest}. */
export const UpdateShipmentRequestSchema: WireSchema<UpdateShipmentRequest> =
  shipments.UpdateShipmentRequestSchema;

/** Checks a {@link ShipmentContentsTracking} (Get Contents-Level Tracking Events). */
export const ShipmentContentsTrackingSchema: WireSchema<ShipmentContentsTracking> =
  contentsTracking.ShipmentContentsTrackingSchema;

/** Checks a {@link CustomReferenceTracking}: one shipment of Get Tracking Events by Custom Reference. */
export const CustomReferenceTrackingSchema: WireSchema<CustomReferenceTracking> =
  customReferenceTracking.CustomReferenceTrackingSchema;
