import { json, MockFailure } from '../router.js';
import { bodilessError, OLDER_FILE_OPERATIONS } from './contract.js';

/**
 * Area B's errors, in the shape the files document for each operation: `{ reference: 'er_…' (35
 * characters), correlation_id, code, message, details: [{ property, code, message }], _links: null }`, and
 * for the customs documents operations `{ correlation_id, code, message, details, links: null }`.
 *
 * Status policy (real codes from the service's documentation; where the documentation leaves the choice
 * open, the choice is written here):
 * - 400 `validation_error`: a malformed reference, format, dpi, version, query value or body; details name
 *   the property (`add_shipments[0]`) and a child code (`invalid_reference_format`, `invalid_format`,
 *   `required_property_missing`, `format_not_supported`);
 * - 400 `validation_error` also for a body that is not JSON or nests too deep, and for a path segment
 *   that is not valid percent-encoding (detail `invalid_format`);
 * - 404 `not_found`: an unknown shipment, contents item or group, or a label of a shipment that is not
 *   allocated (detail `shipment_not_allocated`: no label exists yet), or a path no operation has;
 * - 405 `method_not_allowed` (with `allow`): a path an operation has, with another method;
 * - 409 `conflict`: the group's state forbids the change (closed, or locked), or an addressed version is
 *   no longer the latest;
 * - 409 `conflict` also for a membership rule (in another open group, not allocated, group full): the
 *   data contracts give 429 for these, which neither OpenAPI file documents for any group operation;
 *   Update Shipment Group leaves such a shipment out and lists it in `errors`, with 207, as the
 *   shipments file documents;
 * - the operations only the older file has (`OLDER_FILE_OPERATIONS`) answer their errors with the
 *   status and no body: that file documents none.
 */

export interface ErrorDetail {
  property: string;
  code: string;
  message: string;
}

/** One entry of an error's `details`: the property, a child code and a message. */
export const detail = (property: string, code: string, message: string): ErrorDetail => ({
  property,
  code,
  message,
});

export function invalid(details: ErrorDetail[]): never {
  throw new MockFailure(400, 'validation_error', 'A provided property has an invalid format', details);
}

export function notFound(property: string, code: string, message: string): never {
  throw new MockFailure(404, 'not_found', message, [detail(property, code, message)]);
}

/** 409: the group's state forbids the change. */
export function stateConflict(property: string, code: string, message: string): never {
  throw new MockFailure(409, 'conflict', message, [detail(property, code, message)]);
}

/** 409 `conflict`: the change breaks a membership rule. */
export function ruleConflict(details: ErrorDetail[]): never {
  throw new MockFailure(
    409,
    'conflict',
    details.map((entry) => entry.message).join('; ') || 'The request conflicts with a rule',
    details,
  );
}

/** `er_` and 32 digits: 35 characters, as the files' `ApiError.reference`. */
function errorReference(): string {
  const random = crypto.getRandomValues(new Uint8Array(32));
  return `er_${Array.from(random, (byte) => byte % 10).join('')}`;
}

/**
 * The operations whose files document an error without `reference` and `_links`, and with `links`: the
 * customs documents ones.
 */
const CUSTOMS_OPERATIONS = new Set(['getDocuments', 'getDocument']);

/** Area B's error, in the shape the files document for the operation. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
  operation?: string,
): Response {
  if (operation !== undefined && OLDER_FILE_OPERATIONS.has(operation)) return bodilessError(status);
  if (operation !== undefined && CUSTOMS_OPERATIONS.has(operation)) {
    return json(
      { correlation_id: crypto.randomUUID(), code, message, details, links: null },
      status,
      headers,
    );
  }
  return json(
    {
      reference: errorReference(),
      correlation_id: crypto.randomUUID(),
      code,
      message,
      details,
      _links: null,
    },
    status,
    headers,
  );
}
