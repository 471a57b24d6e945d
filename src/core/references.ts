import * as z from 'zod/mini';

/** An order's reference, `EO-…`, as {@link OrdersClient.createOrder} returns it. */
export type OrderReference = `EO-${string}`;
/** A consignment's reference, `EC-…`, as {@link OrdersClient.packOrder} returns it. */
export type ConsignmentReference = `EC-${string}`;
/** A delivery or pickup option's reference, `EDO-…`, from the service's Delivery Options endpoint. */
export type DeliveryOptionReference = `EDO-${string}`;
/** A shipment's reference, `sp_…`: area B's shippable unit, labelled once allocated. */
export type ShipmentReference = `sp_${string}`;
/** A shipment contents item's reference, `sc_…`, held in the shipment's `contents.reference`. */
export type ContentsReference = `sc_${string}`;
/** A shipment group's unique reference, `sg_…` (not its `custom_reference`). */
export type ShipmentGroupReference = `sg_${string}`;
/** A package's reference, `EP-…`, assigned by the service when a consignment is packed (`Packages[].Reference`). */
export type PackageReference = `EP-${string}`;
/** A shipping location's reference (`SL-LEEDS-01`, `Sorted1`…), from {@link OrdersClient.getShippingLocations}. */
export type ShippingLocationReference = string;
/** A customer manifest's reference (32 hex characters in the real service), from {@link ManifestSummary}. */
export type ManifestReference = string;

// After the prefix: letters, digits, `-`, `_` and `.`, starting with a letter or digit, so no value can
// be a dot-segment or carry `/`, `?`, `#`, `%` or white space into a path.
const TAIL = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';

function reference<T extends string>(prefix: string, kind: string) {
  const pattern = new RegExp(`^${prefix}${TAIL}$`);
  const error = `expected ${kind} (${prefix}…)`;
  return z.string({ error }).check(z.regex(pattern, { error })) as unknown as z.ZodMiniType<T, T>;
}

/** Checks an {@link OrderReference}: `EO-` then letters, digits, `.`, `_` or `-`. */
export const OrderReferenceSchema = reference<OrderReference>('EO-', 'an order reference');
/** Checks a {@link ConsignmentReference}: `EC-` then letters, digits, `.`, `_` or `-`. */
export const ConsignmentReferenceSchema = reference<ConsignmentReference>('EC-', 'a consignment reference');
/** Checks a {@link DeliveryOptionReference}: `EDO-` then letters, digits, `.`, `_` or `-`. */
export const DeliveryOptionReferenceSchema = reference<DeliveryOptionReference>(
  'EDO-',
  'a delivery option reference',
);
/** Checks a {@link ShipmentReference}: `sp_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentReferenceSchema = reference<ShipmentReference>('sp_', 'a shipment reference');
/** Checks a {@link ContentsReference}: `sc_` then letters, digits, `.`, `_` or `-`. */
export const ContentsReferenceSchema = reference<ContentsReference>('sc_', 'a contents reference');
/** Checks a {@link ShipmentGroupReference}: `sg_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentGroupReferenceSchema = reference<ShipmentGroupReference>(
  'sg_',
  'a shipment group reference',
);
/** Checks a {@link PackageReference}: `EP-` then letters, digits, `.`, `_` or `-`. */
export const PackageReferenceSchema = reference<PackageReference>('EP-', 'a package reference');
/** Checks a {@link ManifestReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ManifestReferenceSchema = z
  .string({ error: 'expected a manifest reference' })
  .check(z.regex(new RegExp(`^${TAIL}$`), { error: 'expected a manifest reference' }));
/** Checks a {@link ShippingLocationReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ShippingLocationReferenceSchema = z
  .string({ error: 'expected a shipping location reference' })
  .check(z.regex(new RegExp(`^${TAIL}$`), { error: 'expected a shipping location reference' }));
