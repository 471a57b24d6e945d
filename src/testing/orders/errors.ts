import { MockFailure } from '../router.js';
import type { StoredConsignment } from './state.js';

/**
 * Area A's error answers: `{ Code, Message, CorrelationId, Details? }` (PascalCase), where `Code` is an
 * internal code, never the HTTP status. Status policy of the mock:
 *
 * - 400: invalid input (missing or badly typed fields, a malformed reference, a body reference that
 *   disagrees with the path, an unknown shipping location, a packed item not on the order, no carrier
 *   service eligible for a consignment: `NoQuotesAvailable`);
 * - 400 `InvalidRequest` also for a body that is not JSON or nests too deep, and 400
 *   `InvalidReferenceFormat` for a path segment that is not valid percent-encoding;
 * - 401: missing or wrong `ocp-apim-subscription-key`;
 * - 404: an unknown order, consignment, delivery option, manifest, package or item (`ItemNotFound`); `ResourceNotFound` for a path no
 *   operation has;
 * - 405 `MethodNotAllowed` (with `allow`): a path an operation has, with another method;
 * - 400 also for a state conflict (an address type already on the order, or not on it; a consignment
 *   in a state the operation does not accept): area A documents no 409, so conflicts are 400s in its
 *   error shape, told apart by `Code` (`AddressTypeAlreadyExists`, `InvalidConsignmentState`…).
 */
export const ErrorCode = {
  MissingSubscriptionKey: 'MissingSubscriptionKey',
  InvalidSubscriptionKey: 'InvalidSubscriptionKey',
  InvalidRequest: 'InvalidRequest',
  InvalidReferenceFormat: 'InvalidReferenceFormat',
  ReferenceMismatch: 'ReferenceMismatch',
  InvalidShippingLocation: 'InvalidShippingLocation',
  ItemNotFoundOnOrder: 'ItemNotFoundOnOrder',
  OrderNotFound: 'OrderNotFound',
  ConsignmentNotFound: 'ConsignmentNotFound',
  DeliveryOptionNotFound: 'DeliveryOptionNotFound',
  ManifestNotFound: 'ManifestNotFound',
  AddressTypeAlreadyExists: 'AddressTypeAlreadyExists',
  AddressTypeNotOnOrder: 'AddressTypeNotOnOrder',
  AddressTypeNotOnConsignment: 'AddressTypeNotOnConsignment',
  InvalidConsignmentState: 'InvalidConsignmentState',
  NoQuotesAvailable: 'NoQuotesAvailable',
  ConsignmentNotAllocated: 'ConsignmentNotAllocated',
  PackageNotFound: 'PackageNotFound',
  ItemNotFound: 'ItemNotFound',
  PackageSizeNotFound: 'PackageSizeNotFound',
  ShippingLocationNotFound: 'ShippingLocationNotFound',
  NoCustomsDocumentsRequired: 'NoCustomsDocumentsRequired',
  DeliveryOptionAlreadySelected: 'DeliveryOptionAlreadySelected',
  QuoteNotFound: 'QuoteNotFound',
  QuoteNotForConsignment: 'QuoteNotForConsignment',
  QuoteExpired: 'QuoteExpired',
  ServiceGroupNotFound: 'ServiceGroupNotFound',
  CarrierServiceNotFound: 'CarrierServiceNotFound',
  DeliveryOptionAlreadyReserved: 'DeliveryOptionAlreadyReserved',
  CustomsDocumentNotGenerated: 'CustomsDocumentNotGenerated',
  ResourceNotFound: 'ResourceNotFound',
  MethodNotAllowed: 'MethodNotAllowed',
} as const;

/** One entry of `Details`. */
export interface ErrorDetail {
  Code: string;
  Target: string;
  Message: string;
}

export function fail(status: number, code: string, message: string, details?: ErrorDetail[]): never {
  throw new MockFailure(status, code, message, details);
}

/** 400 `InvalidRequest` with one detail naming the offending property. */
export function invalid(target: string, message: string): never {
  return fail(400, ErrorCode.InvalidRequest, `The request is invalid: ${target} ${message}`, [
    invalidValue(target, `${target} ${message}`),
  ]);
}

/** One `Details` entry: `{ Code: 'InvalidValue', Target, Message }`. */
export const invalidValue = (target: string, message: string): ErrorDetail => ({
  Code: 'InvalidValue',
  Target: target,
  Message: message,
});

/** One `Details` entry for a consignment in a state the operation does not take. */
export const wrongState = (consignment: StoredConsignment, allowed: string[], action: string) => ({
  Code: 'InvalidConsignmentState',
  Target: consignment.Reference,
  Message: `Consignment ${consignment.Reference} is ${consignment.State}; ${action} needs ${allowed.join(' or ')}`,
});

export function areaAErrorResponse(
  status: number,
  code: string,
  message: string,
  details?: unknown[],
  headers: Record<string, string> = {},
): Response {
  const body: Record<string, unknown> = { Code: code, Message: message, CorrelationId: crypto.randomUUID() };
  if (details !== undefined && details.length > 0) body.Details = details;
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
