/**
 * Area B's checks of path, query and body values (bodies against the subset of JSON Schema the vendor's
 * files use): each failure is a 400 `validation_error`.
 */

import type { RouteContext } from '../router.js';
import { detail, type ErrorDetail, invalid } from './errors.js';

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

/** A path or body value with the prefix (`sp_`…); 400 `invalid_reference_format` otherwise. */
export function requireReference(value: unknown, prefix: string, property: string): string {
  const problem = referenceProblem(value, prefix, property);
  if (problem) invalid([problem]);
  return value as string;
}

/** The files' `format: date-time` (RFC 3339): a date, a time and an offset; a date alone is not one. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const isDateTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

export function requireObject(body: unknown): Record<string, unknown> {
  if (body !== null && typeof body === 'object' && !Array.isArray(body))
    return body as Record<string, unknown>;
  return invalid([detail('$', 'invalid_format', 'The body must be a JSON object')]);
}

export function booleanQuery(context: Pick<RouteContext, 'query'>, name: string, fallback: boolean): boolean {
  const value = context.query.get(name);
  if (value === null) return fallback;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalid([detail(name, 'invalid_format', `${name} must be true or false`)]);
}

export function labelFormat<Format extends string>(value: string | undefined, allowed: Format[]): Format {
  // The OpenAPI enum and its examples write formats in lower case (`pdf`); the spec in upper case.
  const name = value?.toUpperCase() as Format;
  if (allowed.includes(name)) return name;
  return invalid([detail('format', 'invalid_format', `format must be one of ${allowed.join(', ')}`)]);
}

export function labelDpi(value: string | undefined): number {
  if (value === undefined) return DEFAULT_DPI;
  if (DPIS.includes(value)) return Number(value);
  return invalid([detail('dpi', 'invalid_format', `dpi must be one of ${DPIS.join(', ')}`)]);
}

// --- Request bodies, checked against the subset of JSON Schema the files use ----------------------------

/** A JSON Schema node as the files write them: only the keywords they use. */
export interface SchemaNode {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, SchemaNode>;
  required?: string[];
  /** The files set `additionalProperties: false` on every object. */
  closed?: boolean;
  items?: SchemaNode;
  enum?: readonly string[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  format?: 'date-time';
  /** A schema defined later (recursive contents). */
  lazy?: () => SchemaNode;
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Problems of `value` against `schema`, each naming its JSON path (`$.addresses[0].address_type`). */
export function check(value: unknown, schema: SchemaNode, path = '$'): ErrorDetail[] {
  const node = schema.lazy ? schema.lazy() : schema;
  if (value === null) {
    return node.nullable ? [] : [detail(path, 'required_property_missing', `${path} must not be null`)];
  }
  const actual = typeOf(value);
  const wanted = node.type;
  const fits =
    wanted === undefined ||
    actual === wanted ||
    (wanted === 'integer' && Number.isInteger(value)) ||
    (wanted === 'number' && actual === 'number');
  if (!fits)
    return [detail(path, 'invalid_format', `${path} must be ${wanted === 'array' ? 'an' : 'a'} ${wanted}`)];
  const problems: ErrorDetail[] = [];
  if (typeof value === 'string') {
    if (node.enum && !node.enum.some((option) => option.toLowerCase() === value.toLowerCase()))
      problems.push(detail(path, 'invalid_format', `${path} must be one of ${node.enum.join(', ')}`));
    if (node.minLength !== undefined && value.length < node.minLength)
      problems.push(
        detail(path, 'invalid_length', `${path} must have at least ${node.minLength} characters`),
      );
    if (node.maxLength !== undefined && value.length > node.maxLength)
      problems.push(detail(path, 'invalid_length', `${path} must have at most ${node.maxLength} characters`));
    if (node.format === 'date-time' && !isDateTime(value))
      problems.push(
        detail(path, 'invalid_format', `${path} must be an ISO 8601 date and time with an offset`),
      );
  }
  if (typeof value === 'number') {
    if (node.minimum !== undefined && value < node.minimum)
      problems.push(detail(path, 'out_of_range', `${path} must be at least ${node.minimum}`));
    if (node.maximum !== undefined && value > node.maximum)
      problems.push(detail(path, 'out_of_range', `${path} must be at most ${node.maximum}`));
  }
  if (Array.isArray(value)) {
    if (node.minItems !== undefined && value.length < node.minItems)
      problems.push(detail(path, 'too_few_elements', `${path} must have at least ${node.minItems} items`));
    if (node.maxItems !== undefined && value.length > node.maxItems)
      problems.push(detail(path, 'too_many_elements', `${path} must have at most ${node.maxItems} items`));
    if (node.items) {
      const items = node.items;
      value.forEach((item, index) => {
        problems.push(...check(item, items, `${path}[${index}]`));
      });
    }
  }
  if (actual === 'object' && node.properties) {
    const fields = value as Record<string, unknown>;
    for (const name of node.required ?? []) {
      if (fields[name] === undefined)
        problems.push(detail(`${path}.${name}`, 'required_property_missing', `${path}.${name} is required`));
    }
    for (const [name, field] of Object.entries(fields)) {
      const property = node.properties[name];
      if (property) problems.push(...check(field, property, `${path}.${name}`));
      else if (node.closed !== false)
        problems.push(
          detail(`${path}.${name}`, 'unknown_property', `${path}.${name} is not a known property`),
        );
    }
  }
  return problems;
}

/** The body, checked against `schema`: 400 `validation_error` listing every problem. */
export function checkedBody(body: unknown, schema: SchemaNode): Record<string, unknown> {
  const fields = requireObject(body);
  const problems = check(fields, schema);
  if (problems.length > 0) invalid(problems);
  return fields;
}

export const str = (extra: Partial<SchemaNode> = {}): SchemaNode => ({ type: 'string', ...extra });
export const opt = (extra: Partial<SchemaNode> = {}): SchemaNode => ({
  type: 'string',
  nullable: true,
  ...extra,
});
export const num: SchemaNode = { type: 'number' };
export const list = (items: SchemaNode, extra: Partial<SchemaNode> = {}): SchemaNode => ({
  type: 'array',
  items,
  ...extra,
});
export const obj = (properties: Record<string, SchemaNode>, required: string[] = []): SchemaNode => ({
  type: 'object',
  properties,
  required,
});
