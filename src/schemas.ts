export * from './orders/schemas.js';
export * from './reference-schemas.js';

import type { WireSchema } from './core/wire-schema.js';
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

// Area B's schemas, as the package exports them, until area B's schema index holds them.

/** Checks {@link ContentsLabelOptions}; a misspelt option is an error, not silently ignored. */
export const ContentsLabelOptionsSchema: WireSchema<ContentsLabelOptions> =
  shipments.ContentsLabelOptionsSchema;

/** Checks a {@link CreateShipmentGroupInput}; an unknown key is refused rather than sent. */
export const CreateShipmentGroupInputSchema: WireSchema<CreateShipmentGroupInput> =
  shipments.CreateShipmentGroupInputSchema;

/** Checks a group's `custom_reference`: URL-safe (RFC 3986 unreserved characters), 5 to 50 of them. */
export const CustomReferenceSchema: WireSchema<string> = shipments.CustomReferenceSchema;

/** Checks a group version as an address names it: a positive integer or `'latest'`. */
export const GroupVersionSchema: WireSchema<number | 'latest'> = shipments.GroupVersionSchema;

/** Checks a {@link LabelDocument}. */
export const LabelDocumentSchema: WireSchema<LabelDocument> = shipments.LabelDocumentSchema;

/** Checks {@link LabelOptions}; a misspelt option (`include_extension`, `DPI`) is an error, not ignored. */
export const LabelOptionsSchema: WireSchema<LabelOptions> = shipments.LabelOptionsSchema;

/** Checks a {@link ResourceLink}. */
export const ResourceLinkSchema: WireSchema<ResourceLink> = shipments.ResourceLinkSchema;

/** Checks a {@link ResourceResult}. */
export const ResourceResultSchema: WireSchema<ResourceResult> = shipments.ResourceResultSchema;

/** Checks a {@link ShipmentDocument}. */
export const ShipmentDocumentSchema: WireSchema<ShipmentDocument> = shipments.ShipmentDocumentSchema;

/** Checks a document type to ask for; `label` is refused, as labels come only from Get Labels. */
export const ShipmentDocumentTypeSchema: WireSchema<ShipmentDocumentType> =
  shipments.ShipmentDocumentTypeSchema;

/** Checks a {@link ShipmentGroup}. */
export const ShipmentGroupSchema: WireSchema<ShipmentGroup> = shipments.ShipmentGroupSchema;

/** Checks a {@link ShipmentGroupSelector}: exactly one of its two forms, nothing else. */
export const ShipmentGroupSelectorSchema: WireSchema<ShipmentGroupSelector> =
  shipments.ShipmentGroupSelectorSchema;

/** Checks an {@link UpdateShipmentGroupInput}: well-formed references, and at least one shipment named. */
export const UpdateShipmentGroupInputSchema: WireSchema<UpdateShipmentGroupInput> =
  shipments.UpdateShipmentGroupInputSchema;
