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
import type { OperationName } from './operation-names.js';
import type { AreaProfile } from './options.js';
import { redact } from './redact.js';

export type AreaName = AreaProfile['name'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/**
 * The three forms of an HTTP date (RFC 9110, 5.6.7), each with the order of its captures among day, month,
 * year, hours, minutes, seconds.
 */
const HTTP_DATES: [RegExp, number[]][] = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  [new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`), [1, 2, 3, 4, 5, 6]],
  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
  [new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`), [1, 2, 3, 4, 5, 6]],
  // asctime: Sun Nov  6 08:49:37 1994
  [new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`), [2, 1, 6, 3, 4, 5]],
];

/** An HTTP date as epoch milliseconds, or undefined when the text is not one or names no real moment. */
function parseHttpDate(text: string): number | undefined {
  for (const [form, order] of HTTP_DATES) {
    const match = form.exec(text);
    if (!match) continue;
    const [day, month, year, hours, minutes, seconds] = order.map((group, index) =>
      index === 1 ? MONTHS.indexOf(match[group] as string) : Number(match[group]),
    ) as [number, number, number, number, number, number];
    // RFC 9110: a two-digit year that would be more than 50 years ahead is the most recent past one.
    const fullYear =
      year >= 100 ? year : year + 2000 > new Date().getUTCFullYear() + 50 ? year + 1900 : year + 2000;
    const ms = Date.UTC(fullYear, month, day, hours, minutes, seconds);
    // 31 Feb or 25:00 would roll over into another moment: not a date the service meant.
    if (new Date(ms).getUTCDate() !== day || hours > 23 || minutes > 59 || seconds > 60) return undefined;
    return ms;
  }
  return undefined;
}

/**
 * The wait a `Retry-After` asks for, in milliseconds, or undefined when there is none or it is not valid.
 * Only delay-seconds (digits) or an HTTP date count (RFC 9110, 10.2.3): `-1`, `1.5`, `foo 1` or an empty
 * value is read as no `Retry-After`, so it does not make an attempt count as turned away (which would let
 * a non-repeatable call be sent again). `Date.parse` alone would take `-1` and `foo 1` as dates.
 */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = parseHttpDate(value);
  return date === undefined ? undefined : Math.max(0, date - Date.now());
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
  operation: OperationName,
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
