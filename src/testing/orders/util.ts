import type { JsonObject } from './state.js';

// The same shape the SDK accepts: the prefix, then letters, digits, `-`, `_` and `.`.
const TAIL = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const ORDER_REFERENCE = new RegExp(`^EO-${TAIL}$`);
const CONSIGNMENT_REFERENCE = new RegExp(`^EC-${TAIL}$`);
const DELIVERY_OPTION_REFERENCE = new RegExp(`^EDO-${TAIL}$`);
const MANIFEST_REFERENCE = new RegExp(`^${TAIL}$`);

export const isOrderReference = (value: unknown): value is string =>
  typeof value === 'string' && ORDER_REFERENCE.test(value);
export const isConsignmentReference = (value: unknown): value is string =>
  typeof value === 'string' && CONSIGNMENT_REFERENCE.test(value);
export const isDeliveryOptionReference = (value: unknown): value is string =>
  typeof value === 'string' && DELIVERY_OPTION_REFERENCE.test(value);
export const isManifestReference = (value: unknown): value is string =>
  typeof value === 'string' && MANIFEST_REFERENCE.test(value);

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const clone = <T>(value: T): T => structuredClone(value);

/** 32 lowercase hex characters derived from `input` (deterministic: same input, same output). */
export function hex32(input: string): string {
  let out = '';
  for (let round = 0; round < 4; round++) {
    // FNV-1a, 32 bits, salted per round.
    let hash = 0x811c9dc5 ^ (round * 0x9e3779b1);
    for (const char of `${round}:${input}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193);
    }
    out += (hash >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

/** `YYYY-MM-DD` of a date string (ISO date or date-time), or undefined when it does not parse. */
export function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** `day` (`YYYY-MM-DD`) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ISO 8601 with an explicit offset, as the real service writes timestamps: `2026-01-05T09:00:01+00:00`. */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The address of `type` (case-insensitive), if any. */
export function addressOfType(addresses: JsonObject[], type: string): JsonObject | undefined {
  return addresses.find((address) => sameText(address.AddressType, type));
}

export function sameText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

/** The ISO alpha-2 country of an address (upper case), if it has one. */
export function countryOf(address: JsonObject | undefined): string | undefined {
  const country = address?.Country;
  if (!isObject(country) || !isObject(country.IsoCode)) return undefined;
  const code = country.IsoCode.TwoLetterCode;
  return typeof code === 'string' ? code.toUpperCase() : undefined;
}

/** Consignment states compared without spaces or case: `Manifest Failed` is `ManifestFailed`. */
export function sameState(a: unknown, b: unknown): boolean {
  const norm = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : '');
  return norm(a) !== '' && norm(a) === norm(b);
}

/** The weight of a package in kilograms: its `Weight`, or else the sum of its items' weights × quantities. */
export function packageWeightKg(pkg: JsonObject): number {
  const own = weightKg(pkg.Weight);
  if (own !== undefined) return own;
  const items = Array.isArray(pkg.Items) ? pkg.Items : [];
  return items.reduce<number>((sum, item) => {
    if (!isObject(item)) return sum;
    const quantity = typeof item.Quantity === 'number' ? item.Quantity : 1;
    return sum + (weightKg(item.Weight) ?? 0) * quantity;
  }, 0);
}

function weightKg(weight: unknown): number | undefined {
  if (!isObject(weight) || typeof weight.Value !== 'number') return undefined;
  const unit = typeof weight.Unit === 'string' ? weight.Unit.toLowerCase() : 'kg';
  if (unit === 'g') return weight.Value / 1000;
  if (unit === 'lb' || unit === 'lbs') return weight.Value * 0.45359237;
  if (unit === 'oz') return weight.Value * 0.028349523;
  return weight.Value;
}
