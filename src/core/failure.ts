/** What went wrong with an attempt, and the error the caller gets for it. */

import { type AreaName, apiErrorFrom } from './answer.js';
import { BodyTimeoutError } from './body.js';
import {
  ConnectionError,
  ConsignkitError,
  OutcomeUnknownError,
  RequestAbortedError,
  type SafeCause,
  TimeoutError,
} from './errors.js';
import type { HTTPError } from './http.js';
import { isHTTPError, isTimeoutError } from './http.js';
import { type Call, type Operation, referencesOf, rememberCall } from './operation.js';
import { OwnFailure } from './own-failure.js';
import { redact } from './redact.js';

/** Codes that mean the connection never opened, so nothing reached the service. */
const NEVER_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ConnectionRefused',
]);

/**
 * What went wrong with an attempt. Anything fetch throws that is not an answer, a timeout or the caller's
 * abort is a connection failure, whatever its class or message: a custom fetch's `FetchError` with
 * `code: 'ECONNREFUSED'`, a `TypeError('Network error')` caused by `ECONNRESET`, undici's `fetch failed`.
 */
export type Failure = 'answer' | 'timeout' | 'aborted' | 'connection' | 'own';

export function failureOf(error: unknown, signal: AbortSignal | undefined): Failure {
  if (error instanceof OwnFailure) return 'own';
  if (isHTTPError(error)) return 'answer';
  if (signal?.aborted) return 'aborted';
  if (isTimeoutError(error) || error instanceof BodyTimeoutError) return 'timeout';
  return 'connection';
}

function errorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function safeCause(error: unknown): SafeCause | undefined {
  const root = (error as { cause?: unknown })?.cause ?? error;
  if (!(root instanceof Error)) return undefined;
  const code = errorCode(root);
  return code === undefined
    ? { name: root.name, message: root.message }
    : { name: root.name, message: root.message, code };
}

export function neverConnected(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && NEVER_CONNECTED_CODES.has(code);
}

export function describeFailure(error: unknown): string {
  if (isHTTPError(error)) return `HTTP ${error.response.status}`;
  if (isTimeoutError(error) || error instanceof BodyTimeoutError) return 'a timeout';
  const code = errorCode(error);
  const message =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return code ? `${code}: ${message}` : message;
}

/** Whether any attempt may have reached the service: one in flight, or one that failed without being turned away. */
export interface Attempts {
  inFlight: boolean;
  mayHaveReached: boolean;
  /** Whether an attempt before the current one may have reached the service (its answer lost). */
  earlierMayHaveReached: boolean;
}

/** What {@link translateFailure} needs to know of the call beyond the error. */
export interface FailureContext {
  operation: Omit<Operation, 'response' | 'result'>;
  call: Call;
  signal: AbortSignal | undefined;
  attempts: Attempts;
  area: AreaName;
  apiKey: string;
}

/** The {@link ConsignkitError} a failed call ends in. */
export function translateFailure(error: unknown, context: FailureContext): Error {
  if (error instanceof ConsignkitError) return error;
  // A bug of the SDK's own is thrown as the bug it is, never as a connection failure.
  if (error instanceof OwnFailure) {
    return error.original instanceof Error ? error.original : new Error(String(error.original));
  }
  const { operation, call, signal, attempts, area, apiKey } = context;
  const name = operation.name;
  const failure = failureOf(error, signal);
  if (failure === 'answer') {
    const { response, data } = error as HTTPError;
    return apiErrorFrom(response.status, response.headers, data, name, area, [apiKey]);
  }
  const scrub = <T>(value: T): T => redact(value, [apiKey]);
  const references = () => referencesOf(operation, call);
  // What a failure says comes from below (fetch, a proxy, a custom fetch): it may quote the key.
  const described = scrub(describeFailure(error));
  const cause = scrub(safeCause(error));
  // What to check before trying again, where no read can settle it: the same for both areas.
  const rule = operation.outcome;
  const instead = rule && 'unsettled' in rule ? `: ${rule.unsettled}` : '';
  const unknownOutcome = (reason: OutcomeUnknownError['reason'], what: string) =>
    rememberCall(
      new OutcomeUnknownError(
        `${name}: ${what}; the request may have reached the service and was not retried. Check ${
          references().join(', ') || 'the resource'
        } before trying again${instead}`,
        { operation: name, references: references(), reason, cause },
      ),
      call,
      operation,
    );
  if (failure === 'aborted') {
    if (operation.retry === 'repeatable')
      return new RequestAbortedError(`${name}: the request was aborted`, name);
    if (attempts.inFlight || attempts.mayHaveReached)
      return unknownOutcome('aborted', 'the request was aborted');
    return new RequestAbortedError(
      `${name}: aborted while waiting to retry; every attempt was turned away or failed to connect, so nothing reached it`,
      name,
    );
  }
  if (failure === 'timeout') {
    return operation.retry === 'non-repeatable'
      ? unknownOutcome('timeout', 'no answer before the timeout')
      : new TimeoutError(`${name}: no answer before the timeout`, name);
  }
  if (operation.retry === 'non-repeatable' && !neverConnected(error)) {
    return unknownOutcome('connection', `the connection failed (${described})`);
  }
  return new ConnectionError(`${name}: the connection failed (${described})`, name, cause);
}
