/** Answer to error: a non-2xx status and its body become the right {@link ApiError} subclass. */
import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from './errors.js';
import type { AreaProfile } from './options.js';
import { redact } from './redact.js';

export type AreaName = AreaProfile['name'];

export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function field(body: unknown, ...names: string[]): unknown {
  if (body === null || typeof body !== 'object') return undefined;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function describeStatus(status: number, headers: Record<string, string>, operation: string): string {
  if (status < 300 || status >= 400) return `${operation} failed with HTTP ${status}`;
  const location = headers.location === undefined ? '' : ` to ${headers.location}`;
  return `${operation}: the service answered with a redirect (HTTP ${status}${location}), which the SDK does not follow`;
}

/**
 * Whether a 429 is a broken rule rather than throttling. Area B documents its 429 as `conflict`, a rule
 * conflict, and documents no throttling; its codes change without notice, so there only a `Retry-After`
 * makes a 429 throttling. Anywhere, the code `conflict` is a rule: waiting will not fix it.
 */
export function isRuleConflict(area: AreaName, code: unknown, headers: Headers): boolean {
  return code === 'conflict' || (area === 'shipments' && retryAfterMs(headers) === undefined);
}

/** Builds the right {@link ApiError} subclass from either area's error body (PascalCase or snake_case). */
export function apiErrorFrom(
  status: number,
  headers: Headers,
  rawBody: unknown,
  operation: string,
  area: AreaName,
  secrets: readonly string[] = [],
): ApiError {
  // A service that echoes the key back (in a message, a header) must not put it into an error.
  const body = redact(typeof rawBody === 'string' ? parseBody(rawBody) : rawBody, secrets);
  const code = text(field(body, 'code', 'Code'));
  const details = field(body, 'details', 'Details');
  const safeHeaders = redact(Object.fromEntries(headers), secrets);
  const init: ApiErrorInit = {
    status,
    code,
    message: text(field(body, 'message', 'Message')) ?? describeStatus(status, safeHeaders, operation),
    details: Array.isArray(details) ? details : undefined,
    correlationId: text(field(body, 'correlation_id', 'CorrelationId')) ?? safeHeaders['x-correlation-id'],
    body,
    headers: safeHeaders,
    operation,
  };
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) {
    if (isRuleConflict(area, code, headers)) return new ConflictError(init);
    const wait = retryAfterMs(headers);
    return new RateLimitError({ ...init, retryAfter: wait === undefined ? undefined : wait / 1000 });
  }
  if (status >= 500) return new InternalServerError(init);
  return new ApiError(init);
}
