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

// The references' schemas, as the package exports them: each typed as the WireSchema of its reference.

/** Checks a {@link ConsignmentReference}: `EC-` then letters, digits, `.`, `_` or `-`. */
export const ConsignmentReferenceSchema: WireSchema<ConsignmentReference> =
  references.ConsignmentReferenceSchema;

/** Checks a {@link ContentsReference}: `sc_` then letters, digits, `.`, `_` or `-`. */
export const ContentsReferenceSchema: WireSchema<ContentsReference> = references.ContentsReferenceSchema;

/** Checks a {@link DeliveryOptionReference}: `EDO-` then letters, digits, `.`, `_` or `-`. */
export const DeliveryOptionReferenceSchema: WireSchema<DeliveryOptionReference> =
  references.DeliveryOptionReferenceSchema;

/** Checks a {@link ManifestReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ManifestReferenceSchema: WireSchema<ManifestReference> = references.ManifestReferenceSchema;

/** Checks an {@link OrderReference}: `EO-` then letters, digits, `.`, `_` or `-`. */
export const OrderReferenceSchema: WireSchema<OrderReference> = references.OrderReferenceSchema;

/** Checks a {@link PackageReference}: `EP-` then letters, digits, `.`, `_` or `-`. */
export const PackageReferenceSchema: WireSchema<PackageReference> = references.PackageReferenceSchema;

/** Checks a {@link ShipmentGroupReference}: `sg_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentGroupReferenceSchema: WireSchema<ShipmentGroupReference> =
  references.ShipmentGroupReferenceSchema;

/** Checks a {@link ShipmentReference}: `sp_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentReferenceSchema: WireSchema<ShipmentReference> = references.ShipmentReferenceSchema;

/** Checks a {@link ShippingLocationReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ShippingLocationReferenceSchema: WireSchema<ShippingLocationReference> =
  references.ShippingLocationReferenceSchema;
