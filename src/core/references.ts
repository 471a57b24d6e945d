import * as z from 'zod/mini';

/** An order reference, `EO-…`. */
export type OrderReference = `EO-${string}`;
/** A consignment reference, `EC-…`. */
export type ConsignmentReference = `EC-${string}`;
/** A delivery or pickup option reference, `EDO-…`. */
export type DeliveryOptionReference = `EDO-${string}`;
/** A shipment reference, `sp_…`. */
export type ShipmentReference = `sp_${string}`;
/** A shipment contents item reference, `sc_…`. */
export type ContentsReference = `sc_${string}`;
/** A shipment group reference, `sg_…`. */
export type ShipmentGroupReference = `sg_${string}`;
/** A customer manifest reference (32 hex characters in the real service). */
export type ManifestReference = string;

// After the prefix: letters, digits, `-`, `_` and `.`, starting with a letter or digit, so no value can
// be a dot-segment or carry `/`, `?`, `#`, `%` or white space into a path.
const TAIL = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';

function reference<T extends string>(prefix: string, kind: string) {
  const pattern = new RegExp(`^${prefix}${TAIL}$`);
  const error = `expected ${kind} (${prefix}…)`;
  return z.string({ error }).check(z.regex(pattern, { error })) as unknown as z.ZodMiniType<T>;
}

export const OrderReferenceSchema = reference<OrderReference>('EO-', 'an order reference');
export const ConsignmentReferenceSchema = reference<ConsignmentReference>('EC-', 'a consignment reference');
export const DeliveryOptionReferenceSchema = reference<DeliveryOptionReference>(
  'EDO-',
  'a delivery option reference',
);
export const ShipmentReferenceSchema = reference<ShipmentReference>('sp_', 'a shipment reference');
export const ContentsReferenceSchema = reference<ContentsReference>('sc_', 'a contents reference');
export const ShipmentGroupReferenceSchema = reference<ShipmentGroupReference>(
  'sg_',
  'a shipment group reference',
);
export const ManifestReferenceSchema = z
  .string({ error: 'expected a manifest reference' })
  .check(z.regex(new RegExp(`^${TAIL}$`), { error: 'expected a manifest reference' }));
