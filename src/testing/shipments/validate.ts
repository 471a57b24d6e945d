/** Area B's checks of path, query and body values: each failure is a 400 `validation_error`. */
import type { RouteContext } from '../router.js';
import { detail, type ErrorDetail, invalid } from './errors.js';
import type { LabelFormatName } from './state.js';

const DPIS = ['203', '300', '600'];
const DEFAULT_DPI = 203;
/** A group's custom reference: any 5 to 50 characters, as the OpenAPI file allows ("EVENING RUN"). */
export const CUSTOM_REFERENCE = /^[\s\S]{5,50}$/;

const REFERENCE_TAIL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export const isReference = (value: unknown, prefix: string): value is string =>
  typeof value === 'string' && value.startsWith(prefix) && REFERENCE_TAIL.test(value.slice(prefix.length));

export function referenceProblem(value: unknown, prefix: string, property: string): ErrorDetail | undefined {
  return isReference(value, prefix)
    ? undefined
    : detail(property, 'invalid_reference_format', `${property} must be a reference starting ${prefix}`);
}

export function requireReference(value: string | undefined, prefix: string, property: string): string {
  const problem = referenceProblem(value, prefix, property);
  if (problem) invalid([problem]);
  return value as string;
}

export function booleanQuery(context: RouteContext, name: string, fallback: boolean): boolean {
  const value = context.query.get(name);
  if (value === null) return fallback;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalid([detail(name, 'invalid_format', `${name} must be true or false`)]);
}

export function labelFormat(value: string | undefined, allowed: LabelFormatName[]): LabelFormatName {
  // The OpenAPI enum and its examples write formats in lower case (`pdf`); the spec in upper case.
  const name = value?.toUpperCase() as LabelFormatName;
  if (allowed.includes(name)) return name;
  return invalid([detail('format', 'invalid_format', `format must be one of ${allowed.join(', ')}`)]);
}

export function labelDpi(value: string | undefined): number {
  if (value === undefined) return DEFAULT_DPI;
  if (DPIS.includes(value)) return Number(value);
  return invalid([detail('dpi', 'invalid_format', `dpi must be one of ${DPIS.join(', ')}`)]);
}
