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

// `2026-01-05`, or a date-time: `2026-01-05T09:00`, seconds and fractions optional, `Z` or an offset.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a calendar day, any year from 0000 to 9999 (`Date.UTC` would read 0099 as 1999). */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/**
 * `YYYY-MM-DD` of an ISO 8601 date or date-time (or of a date object's `Date`), or undefined unless every part is in range: the day is
 * read back from a real date and must be the one written (`Date.parse` turns `2026-02-30` into 2 March),
 * hours 0-23, minutes and seconds 0-59, an offset of at most 23:59.
 */
export function dayOf(value: unknown): string | undefined {
  // The real service's date objects (`RequiredDeliveryDate: { Date, IsToBeExactlyOnTheDateSpecified }`).
  if (value !== null && typeof value === 'object' && 'Date' in value) return dayOf(value.Date);
  if (typeof value !== 'string') return undefined;
  const parts = ISO_DATE.exec(value);
  if (!parts) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = utcDay(year as number, month as number, day as number);
  const roundTrips =
    date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
  if (!roundTrips || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) {
    return undefined;
  }
  return value.slice(0, 10);
}

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` day (from {@link dayOf}). Days are compared as these numbers,
 * never as text: the text of a day past 9999 (`+010000-01-01`) sorts before `9999-12-31`.
 */
export function epochDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return utcDay(year, month, date).getTime() / DAY_MS;
}

/** The `YYYY-MM-DD` of an epoch day, for messages (past 9999 in ISO's expanded form, `+010000-01-01`). */
export function dayOfEpoch(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, -14);
}

/** ISO 8601 with an explicit offset, as the real service writes timestamps: `2026-01-05T09:00:01+00:00`. */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The address of `type` (compared as {@link sameText} does), if any. */
export function addressOfType(addresses: JsonObject[], type: string): JsonObject | undefined {
  return addresses.find((address) => sameText(address.AddressType, type));
}

/**
 * Two strings that name the same thing: equal once trimmed and lower-cased. Every comparison of address
 * types (and carrier names) goes through it, so `Destination`, `destination` and `Origin ` are read the
 * same way everywhere in the mock.
 */
export function sameText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
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
