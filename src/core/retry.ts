/** Retry policy: which failed attempts are sent again, and after how long. */
import { type AreaName, field, isRuleConflict, parseBody, retryAfterMs } from './answer.js';
import { failureOf, neverConnected } from './failure.js';
import type { HTTPError, RetryPolicy } from './http.js';
import { isHTTPError } from './http.js';
import type { RetryClass } from './operation.js';
import { own } from './own-failure.js';

/** Statuses worth another attempt of a repeatable operation. */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses that, with `Retry-After`, mean the service turned the request away without acting on it. */
const TURNED_AWAY_STATUS = new Set([429, 503]);
/** A server that asks for a longer wait than this gets an error, not a sleeping caller. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Whether a failed attempt provably did not reach the service: a 429/503 carrying `Retry-After` (the
 * service turned it away without acting on it), or a connection that never opened.
 */
export function turnedAway(error: unknown, signal: AbortSignal | undefined): boolean {
  const failure = failureOf(error, signal);
  if (failure === 'answer') {
    const { status, headers } = (error as HTTPError).response;
    return TURNED_AWAY_STATUS.has(status) && retryAfterMs(headers) !== undefined;
  }
  return failure === 'connection' && neverConnected(error);
}

function shouldRetry(
  retryClass: RetryClass,
  area: AreaName,
  error: Error,
  signal: AbortSignal | undefined,
): boolean {
  const failure = failureOf(error, signal);
  if (failure === 'aborted') return false;
  if (failure === 'answer') {
    const { response, data } = error as HTTPError;
    const { status, headers } = response;
    if (status === 429 && isRuleConflict(area, field(parseBodyOnce(data), 'code', 'Code'), headers)) {
      return false;
    }
    const wait = retryAfterMs(headers);
    if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) return false;
    if (retryClass === 'repeatable') return RETRYABLE_STATUS.has(status);
  }
  // A timeout or a connection failure, or an answer to a non-repeatable request.
  return retryClass === 'repeatable' ? failure !== 'answer' : turnedAway(error, signal);
}

/**
 * The retry settings of one call. The policy decides every retry and every wait: `shouldRetry` says
 * whether, and notes the `Retry-After` the policy read, which `delay` then waits out unjittered;
 * otherwise a jittered exponential backoff.
 */
export function retryOptions(
  retryClass: RetryClass,
  area: AreaName,
  signal: AbortSignal | undefined,
  limit: number,
  attemptEnded: (error: Error) => void,
): RetryPolicy {
  let serverWait: number | undefined;
  return {
    limit,
    delay: (attempt) => serverWait ?? BACKOFF_MS * 2 ** (attempt - 1),
    jitter: (ms) => (serverWait === undefined ? Math.random() * ms : ms),
    // `own`: a bug here fails the request, and must not then read as the network's.
    shouldRetry: own(({ error }) => {
      attemptEnded(error);
      serverWait = undefined;
      if (!shouldRetry(retryClass, area, error, signal)) return false;
      if (isHTTPError(error)) serverWait = retryAfterMs(error.response.headers);
      return true;
    }),
  };
}

function parseBodyOnce(data: unknown): unknown {
  return typeof data === 'string' ? parseBody(data) : data;
}

const BACKOFF_MS = 300;

/** The backoff before retry `retryCount`: exponential from 300 ms, with full jitter. */
export function backoff(retryCount: number): number {
  return Math.random() * BACKOFF_MS * 2 ** (retryCount - 1);
}
