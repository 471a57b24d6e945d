import type { OperationName } from '../../core/operation-names.js';
import { json, MockFailure } from '../router.js';

/**
 * Area B's errors, in the shape the vendor's file documents for each operation (`errorResponse`), and
 * the failures route handlers throw to answer with one.
 *
 * Status policy (real codes from the service's documentation; where the documentation leaves the choice
 * open, the choice is written here):
 * - 400 `validation_error`: a malformed reference, format, dpi, version, query value or body; details name
 *   the property (`add_shipments[0]`, `$.addresses[0].address_type`) and a child code
 *   (`invalid_reference_format`, `invalid_format`, `required_property_missing`, `format_not_supported`);
 * - 400 `validation_error` also for a body that is not JSON or nests too deep, and for a path segment
 *   that is not valid percent-encoding (detail `invalid_format`);
 * - 400 `invalid_state_for_operation`: the shipment's state does not allow the operation;
 * - 404 `not_found`: an unknown shipment, contents item, group, quote, manifest or paperless document, or
 *   a label of a shipment that is not allocated (detail `shipment_not_allocated`: no label exists yet),
 *   or a path no operation has;
 * - 405 `method_not_allowed` (with `allow`): a path an operation has, with another method;
 * - 409 `conflict`: the group's or shipment's state forbids the change (closed, or locked), or an
 *   addressed version is no longer the latest;
 * - 409 `conflict` also for a membership rule (in another open group, not allocated, group full): the
 *   data contracts give 429 for these, which neither OpenAPI file documents for any group operation;
 *   Update Shipment Group leaves such a shipment out and lists it in `errors`, with 207, as the
 *   shipments file documents;
 * - the operations only the older file has (`OLDER_FILE_OPERATIONS`) answer their errors with the
 *   status and no body: that file documents none.
 */

export interface ErrorDetail {
  property: string | null;
  code: string;
  message: string;
}

/** One entry of an error's `details`: the property, a child code and a message. */
export const detail = (property: string | null, code: string, message: string): ErrorDetail => ({
  property,
  code,
  message,
});

export function fail(status: number, code: string, message: string, details: ErrorDetail[] = []): never {
  throw new MockFailure(status, code, message, details);
}

/** 400 `validation_error`, its message the details' messages. */
export function invalid(details: ErrorDetail[]): never {
  return fail(400, 'validation_error', details.map((entry) => entry.message).join('; '), details);
}

export function notFound(property: string, code: string, message: string): never {
  return fail(404, 'not_found', message, [detail(property, code, message)]);
}

/** 409 `conflict`: the state of the group (or shipment, `property: 'state'`) forbids the change. */
export function stateConflict(property: string, code: string, message: string): never {
  return fail(409, 'conflict', message, [detail(property, code, message)]);
}

/** 409 `conflict`: the change breaks a membership rule. */
export function ruleConflict(details: ErrorDetail[]): never {
  return fail(
    409,
    'conflict',
    details.map((entry) => entry.message).join('; ') || 'The request conflicts with a rule',
    details,
  );
}

/** 400 `invalid_state_for_operation`: the shipment's state does not allow the operation. */
export function wrongState(reference: string, state: string, operation: string): never {
  const message = `Shipment ${reference} is ${state}: it cannot be ${operation}`;
  return fail(400, 'invalid_state_for_operation', message, [
    detail('state', 'invalid_state_for_operation', message),
  ]);
}

/** `er_` and 32 digits: 35 characters, as the files' `ApiError.reference`. */
function errorReference(): string {
  const random = crypto.getRandomValues(new Uint8Array(32));
  return `er_${Array.from(random, (byte) => byte % 10).join('')}`;
}

/**
 * The operations only the older file (`swagger.yaml`) has. It documents their error statuses with no
 * content at all, so the mock answers those errors with the status and no body rather than invent one.
 */
export const OLDER_FILE_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'updateShipment',
  'getShipmentStateCounts',
  'createQuoteForServiceGroup',
  'allocateShipment',
  'deallocateShipment',
  'manifestShipmentGroup',
  'addShipmentToGroup',
  'removeShipmentFromGroup',
]);

/**
 * The vendor's files disagree on the error body, and each operation answers in the shape of its own file.
 * Every shape allows no other property, so the mock adds no field a file does not have.
 * - the labels and groups operations, and answers given before any operation is known (401, 404, 405):
 *   `{ reference, correlation_id, code, message, details, _links: null }`;
 * - the shipments file's other operations and the tracking file: `reference`, and no `_links` (the
 *   tracking file has none);
 * - the collection notes and paperless documents files: no `reference`;
 * - the customs documents file: no `reference`, and `links: null`.
 */
const WITHOUT_LINKS: ReadonlySet<OperationName> = new Set<OperationName>([
  'createShipment',
  'getShipment',
  'deleteShipment',
  'cancelShipment',
  'changeShipmentState',
  'createQuote',
  'getQuotesForShipment',
  'allocateShipments',
  'allocateShipmentsWithFilters',
  'allocateShipmentsWithCarrierService',
  'allocateShipmentsWithServiceGroup',
  'allocateShipmentWithCarrierService',
  'allocateShipmentWithQuote',
  'allocateShipmentWithServiceGroup',
  'allocateShipmentWithVirtualService',
  'manifestShipments',
  'manifestShipment',
  'getManifest',
  'getShipmentTracking',
  'getTrackingByCustomReference',
  'getShipmentContentsTracking',
  'getShipmentContentsTrackingByCustomReference',
]);
const WITHOUT_REFERENCE: ReadonlySet<OperationName> = new Set<OperationName>([
  'getCollectionNote',
  'addPaperlessDocument',
  'getPaperlessDocument',
  'removePaperlessDocument',
]);
const CUSTOMS_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'getDocuments',
  'getDocument',
]);

/** Area B's error, in the shape the files document for the operation (see above). */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
  operation?: OperationName,
): Response {
  if (operation !== undefined && OLDER_FILE_OPERATIONS.has(operation)) return new Response(null, { status });
  const fields = { correlation_id: crypto.randomUUID(), code, message, details };
  if (operation !== undefined && CUSTOMS_OPERATIONS.has(operation))
    return json({ ...fields, links: null }, status, headers);
  if (operation !== undefined && WITHOUT_REFERENCE.has(operation)) return json(fields, status, headers);
  const withReference = { reference: errorReference(), ...fields };
  if (operation !== undefined && WITHOUT_LINKS.has(operation)) return json(withReference, status, headers);
  return json({ ...withReference, _links: null }, status, headers);
}
