import { json, MockFailure, type Route, type RouteContext } from '../router.js';

/**
 * What the lifecycle routes share with one another: the error shape each of the vendor's OpenAPI files
 * documents, a checker for request bodies against a subset of JSON Schema, and resource results.
 *
 * The vendor's files disagree on the error body, and each operation answers in the shape of its own file:
 * - the shipments and labels files require `reference` (an `er_` of 35 characters) and allow `_links`;
 * - the tracking file requires `reference` and has no `_links`;
 * - the collection notes and paperless documents files have no `reference`, and allow `_links`.
 * Every shape allows no other property, so the mock leaves `_links` out rather than inventing any.
 */
export type ErrorShape = 'shipments' | 'tracking' | 'collection_notes' | 'paperless';

export interface ErrorDetail {
  property: string | null;
  code: string;
  message: string;
}

export const detail = (property: string | null, code: string, message: string): ErrorDetail => ({
  property,
  code,
  message,
});

/** `er_` and 32 digits, as the files' `ApiError.reference` (35 characters) requires. */
function errorReference(): string {
  const digits = crypto.getRandomValues(new Uint8Array(32));
  return `er_${Array.from(digits, (byte) => byte % 10).join('')}`;
}

/**
 * The operations only the older file (`swagger.yaml`) has. It documents their error statuses with no
 * content at all, so the mock answers those errors with the status and no body rather than invent one.
 */
export const OLDER_FILE_OPERATIONS: ReadonlySet<string> = new Set([
  'updateShipment',
  'getShipmentStateCounts',
  'createQuoteForServiceGroup',
  'allocateShipment',
  'deallocateShipment',
  'manifestShipmentGroup',
  'addShipmentToGroup',
  'removeShipmentFromGroup',
]);

/** An error of an operation only the older file has: its status, and no body. */
export const bodilessError = (status: number): Response => new Response(null, { status });

export function shapedError(shape: ErrorShape, failure: MockFailure, operation?: string): Response {
  if (operation !== undefined && OLDER_FILE_OPERATIONS.has(operation)) return bodilessError(failure.status);
  const body: Record<string, unknown> = {};
  if (shape === 'shipments' || shape === 'tracking') body.reference = errorReference();
  Object.assign(body, {
    correlation_id: crypto.randomUUID(),
    code: failure.code,
    message: failure.message,
    details: failure.details,
  });
  return json(body, failure.status);
}

/** A route whose failures are answered in the error shape of the file that documents it. */
export function shapedRoute(
  shape: ErrorShape,
  method: Route['method'],
  pattern: string,
  operation: string,
  handle: (context: RouteContext) => Response,
): Route {
  return {
    method,
    pattern,
    operation,
    handle(context) {
      try {
        return handle(context);
      } catch (error) {
        if (error instanceof MockFailure) return shapedError(shape, error, operation);
        throw error;
      }
    },
  };
}

/** The files' `format: date-time` (RFC 3339): a date, a time and an offset; a date alone is not one. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const isDateTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

export function fail(status: number, code: string, message: string, details: ErrorDetail[] = []): never {
  throw new MockFailure(status, code, message, details);
}

export function invalid(details: ErrorDetail[]): never {
  return fail(400, 'validation_error', details.map((entry) => entry.message).join('; '), details);
}

/** 400 `invalid_state_for_operation`: the shipment's state does not allow the operation. */
export function wrongState(reference: string, state: string, operation: string): never {
  const message = `Shipment ${reference} is ${state}: it cannot be ${operation}`;
  return fail(400, 'invalid_state_for_operation', message, [
    detail('state', 'invalid_state_for_operation', message),
  ]);
}

export function notFound(property: string, code: string, message: string): never {
  return fail(404, 'not_found', message, [detail(property, code, message)]);
}

const REFERENCE_TAIL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A path or body value with the prefix (`sp_`…); 400 `invalid_reference_format` otherwise. */
export function requireReference(value: unknown, prefix: string, property: string): string {
  if (
    typeof value === 'string' &&
    value.startsWith(prefix) &&
    REFERENCE_TAIL.test(value.slice(prefix.length))
  )
    return value;
  return invalid([
    detail(property, 'invalid_reference_format', `${property} must be a reference starting ${prefix}`),
  ]);
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (body !== null && typeof body === 'object' && !Array.isArray(body))
    return body as Record<string, unknown>;
  return invalid([detail('$', 'invalid_format', 'The body must be a JSON object')]);
}

export interface Link {
  href: string;
  rel: string;
  reference: string | null;
  type: string;
}

export const link = (href: string, rel: string, reference: string | null, type: string): Link => ({
  href,
  rel,
  reference,
  type,
});

/** The files' `ResourceResult`: nothing but these five fields. */
export function resourceResult(
  reference: string,
  message: string,
  links: Link[],
  customReference?: string | null,
): Record<string, unknown> {
  return {
    reference,
    ...(customReference ? { custom_reference: customReference } : {}),
    message,
    _links: links,
  };
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
