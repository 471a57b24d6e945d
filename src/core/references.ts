import * as z from 'zod/mini';
import { RequestValidationError } from './errors.js';
import { lazySchema } from './lazy-schema.js';

/** An order's reference, `EO-…`, as {@link OrdersClient.create} returns it. */
export type OrderReference = `EO-${string}`;
/** A consignment's reference, `EC-…`, as {@link OrdersClient.pack} returns it. */
export type ConsignmentReference = `EC-${string}`;
/** A delivery or pickup option's reference, `EDO-…`, from the service's Delivery Options endpoint. */
export type DeliveryOptionReference = `EDO-${string}`;
/** A shipment's reference, `sp_…`: area B's shippable unit, labelled once allocated. */
export type ShipmentReference = `sp_${string}`;
/** A shipment contents item's reference, `sc_…`, held in the shipment's `contents.reference`. */
export type ContentsReference = `sc_${string}`;
/** A shipment group's unique reference, `sg_…` (not its `custom_reference`). */
export type ShipmentGroupReference = `sg_${string}`;
/** A quote's reference, `qu_…`, from a {@link ShipmentQuoteResult}'s `quotes` (never the result's own `qc_`). */
export type QuoteReference = `qu_${string}`;
/** A package's reference, `EP-…`, assigned by the service when a consignment is packed (`Packages[].Reference`). */
export type PackageReference = `EP-${string}`;
/** An item's reference in a package (`Packages[].Items[].Reference`): the service assigns it (32 hex characters). */
export type ItemReference = string;
/** A shipping location's reference (`SL-LEEDS-01`, `Sorted1`…), from {@link ShippingLocations.list}. */
export type ShippingLocationReference = string;
/** A customer manifest's reference (32 hex characters in the real service), from {@link ManifestSummary}. */
export type ManifestReference = string;

// After the prefix: letters, digits, `-`, `_` and `.`, starting with a letter or digit, so no value can
// be a dot-segment or carry `/`, `?`, `#`, `%` or white space into a path.
const TAIL = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';

/** The schema of a reference that starts with `prefix`, built on first use; `kind` names it in errors. */
export function prefixedReference<T extends string>(prefix: string, kind: string) {
  return lazySchema(() => {
    const pattern = new RegExp(`^${prefix}${TAIL}$`);
    const error = `expected ${kind} (${prefix}…)`;
    return z.string({ error }).check(z.regex(pattern, { error })) as unknown as z.ZodMiniType<T, T>;
  });
}

/**
 * The schema of a reference the service answers with: a string that starts with `prefix`, typed as the
 * reference the methods take back. Only the prefix and the type are checked. The lengths and the
 * characters {@link prefixedReference} requires are for what the SDK sends: an answer of the service is
 * what it is (a vendor guide answers a 34-character `sp_`), and refusing it after the service has acted
 * turns a done allocation into an error.
 */
export function answeredReference<T extends string>(prefix: string, kind: string) {
  return lazySchema(() => {
    const error = `expected ${kind} (${prefix}…)`;
    return z
      .string({ error })
      .check(z.regex(new RegExp(`^${prefix}`), { error })) as unknown as z.ZodMiniType<T, T>;
  });
}

/** Checks an {@link OrderReference}: `EO-` then letters, digits, `.`, `_` or `-`. */
export const OrderReferenceSchema = prefixedReference<OrderReference>('EO-', 'an order reference');
/** Checks a {@link ConsignmentReference}: `EC-` then letters, digits, `.`, `_` or `-`. */
export const ConsignmentReferenceSchema = prefixedReference<ConsignmentReference>(
  'EC-',
  'a consignment reference',
);
/** Checks a {@link DeliveryOptionReference}: `EDO-` then letters, digits, `.`, `_` or `-`. */
export const DeliveryOptionReferenceSchema = prefixedReference<DeliveryOptionReference>(
  'EDO-',
  'a delivery option reference',
);
/** Checks a {@link ShipmentReference}: `sp_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentReferenceSchema = prefixedReference<ShipmentReference>('sp_', 'a shipment reference');
/** Checks a {@link ContentsReference}: `sc_` then letters, digits, `.`, `_` or `-`. */
export const ContentsReferenceSchema = prefixedReference<ContentsReference>('sc_', 'a contents reference');
/** Checks a {@link ShipmentGroupReference}: `sg_` then letters, digits, `.`, `_` or `-`. */
export const ShipmentGroupReferenceSchema = prefixedReference<ShipmentGroupReference>(
  'sg_',
  'a shipment group reference',
);
export const QuoteReferenceSchema = prefixedReference<QuoteReference>('qu_', 'a quote reference');
/** Checks a {@link PackageReference}: `EP-` then letters, digits, `.`, `_` or `-`. */
export const PackageReferenceSchema = prefixedReference<PackageReference>('EP-', 'a package reference');
/** Checks an {@link ItemReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ItemReferenceSchema = lazySchema(() =>
  z
    .string({ error: 'expected an item reference' })
    .check(z.regex(new RegExp(`^${TAIL}$`), { error: 'expected an item reference' })),
);
/** Checks a {@link ManifestReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ManifestReferenceSchema = lazySchema(() =>
  z
    .string({ error: 'expected a manifest reference' })
    .check(z.regex(new RegExp(`^${TAIL}$`), { error: 'expected a manifest reference' })),
);
/** Checks a {@link ShippingLocationReference}: letters, digits, `.`, `_` or `-`, nothing that could change a path. */
export const ShippingLocationReferenceSchema = lazySchema(() =>
  z
    .string({ error: 'expected a shipping location reference' })
    .check(z.regex(new RegExp(`^${TAIL}$`), { error: 'expected a shipping location reference' })),
);

/** Throws the {@link RequestValidationError} of a value that is not the reference kind expected. */
function notA(kind: string, value: unknown): never {
  const shown = typeof value === 'string' ? `'${value}'` : `a ${value === null ? 'null' : typeof value}`;
  const message = `expected ${kind}, got ${shown}`;
  throw new RequestValidationError(`Invalid reference: ${message}`, [{ path: [], message }]);
}

/** Whether `value` (read from a database, a queue…) is an {@link OrderReference}. */
export function isOrderReference(value: unknown): value is OrderReference {
  return OrderReferenceSchema.safeParse(value).success;
}
/** `value` as an {@link OrderReference}; a {@link RequestValidationError} when it is not one. */
export function asOrderReference(value: unknown): OrderReference {
  return isOrderReference(value) ? value : notA('an order reference (EO-…)', value);
}
/** Whether `value` is a {@link ConsignmentReference}. */
export function isConsignmentReference(value: unknown): value is ConsignmentReference {
  return ConsignmentReferenceSchema.safeParse(value).success;
}
/** `value` as a {@link ConsignmentReference}; a {@link RequestValidationError} when it is not one. */
export function asConsignmentReference(value: unknown): ConsignmentReference {
  return isConsignmentReference(value) ? value : notA('a consignment reference (EC-…)', value);
}
/** Whether `value` is a {@link DeliveryOptionReference}. */
export function isDeliveryOptionReference(value: unknown): value is DeliveryOptionReference {
  return DeliveryOptionReferenceSchema.safeParse(value).success;
}
/** `value` as a {@link DeliveryOptionReference}; a {@link RequestValidationError} when it is not one. */
export function asDeliveryOptionReference(value: unknown): DeliveryOptionReference {
  return isDeliveryOptionReference(value) ? value : notA('a delivery option reference (EDO-…)', value);
}
/** Whether `value` is a {@link ShipmentReference}. */
export function isShipmentReference(value: unknown): value is ShipmentReference {
  return ShipmentReferenceSchema.safeParse(value).success;
}
/** `value` as a {@link ShipmentReference}; a {@link RequestValidationError} when it is not one. */
export function asShipmentReference(value: unknown): ShipmentReference {
  return isShipmentReference(value) ? value : notA('a shipment reference (sp_…)', value);
}
/** Whether `value` is a {@link ContentsReference}. */
export function isContentsReference(value: unknown): value is ContentsReference {
  return ContentsReferenceSchema.safeParse(value).success;
}
/** `value` as a {@link ContentsReference}; a {@link RequestValidationError} when it is not one. */
export function asContentsReference(value: unknown): ContentsReference {
  return isContentsReference(value) ? value : notA('a contents reference (sc_…)', value);
}
/** Whether `value` is a {@link ShipmentGroupReference}. */
export function isShipmentGroupReference(value: unknown): value is ShipmentGroupReference {
  return ShipmentGroupReferenceSchema.safeParse(value).success;
}
/** `value` as a {@link ShipmentGroupReference}; a {@link RequestValidationError} when it is not one. */
export function asShipmentGroupReference(value: unknown): ShipmentGroupReference {
  return isShipmentGroupReference(value) ? value : notA('a shipment group reference (sg_…)', value);
}
/** Whether `value` is a {@link PackageReference}. */
export function isPackageReference(value: unknown): value is PackageReference {
  return PackageReferenceSchema.safeParse(value).success;
}
/** `value` as a {@link PackageReference}; a {@link RequestValidationError} when it is not one. */
export function asPackageReference(value: unknown): PackageReference {
  return isPackageReference(value) ? value : notA('a package reference (EP-…)', value);
}
