/**
 * The formats both areas' addresses must have, as the vendor's files state them: an email address "in a
 * valid format" (its own example refuses `test@something`), a country that is "a valid ISO 3166 alpha-2
 * code", and a postcode "in a valid format for the country". The mock refuses what the service would,
 * so that a test fails where the sandbox would; each check answers the problem in words, or undefined.
 */
import { describeCountryCode, isCountryCode } from '../core/countries.js';

/**
 * A local part, `@`, and a domain of dot-separated labels ending in a top-level domain of letters: what
 * every address the vendor's examples use has, and what `test@something` (the vendor's own refused
 * example) lacks.
 */
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function emailProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return EMAIL.test(value) ? undefined : `'${value}' is not a valid email address`;
}

export function countryProblem(value: unknown): string | undefined {
  return isCountryCode(value) ? undefined : describeCountryCode(value);
}

/** The postcode formats the mock knows by country; any other country takes {@link ANY_POSTCODE}. */
const POSTCODES: Record<string, RegExp> = {
  // Outward code (area, district), space optional, inward code (sector, unit); GIR 0AA.
  GB: /^(?:GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i,
  US: /^[0-9]{5}(?:-[0-9]{4})?$/,
  FR: /^[0-9]{5}$/,
  DE: /^[0-9]{5}$/,
  ES: /^[0-9]{5}$/,
  IT: /^[0-9]{5}$/,
  NL: /^[0-9]{4} ?[A-Z]{2}$/i,
  BE: /^[0-9]{4}$/,
  IE: /^[A-Z][0-9][0-9W] ?[0-9A-Z]{4}$/i,
};
/** Elsewhere: 2 to 10 letters and digits, with single spaces or hyphens inside, as postcodes worldwide are. */
const ANY_POSTCODE = /^[A-Za-z0-9](?:[A-Za-z0-9]|[ -](?=[A-Za-z0-9])){1,9}$/;

export function postcodeProblem(value: unknown, country: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const code = typeof country === 'string' ? country.toUpperCase() : '';
  const format = POSTCODES[code] ?? ANY_POSTCODE;
  return format.test(value.trim())
    ? undefined
    : `'${value}' is not a valid postcode${code ? ` for ${code}` : ''}`;
}
