/** Retry policy: which failed attempts are sent again, and after how long. */
import { type HTTPError, isHTTPError, type RetryOptions } from 'ky';
import { type AreaName, field, isRuleConflict, parseBody, retryAfterMs } from './answer.js';
import { failureOf, neverConnected } from './failure.js';
import type { RetryClass } from './operation.js';

/** Statuses worth another attempt of a repeatable operation. */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses that, with `Retry-After`, mean the service turned the request away without acting on it. */
const TURNED_AWAY_STATUS = new Set([429, 503]);
/** A server that asks for a longer wait than this gets an error, not a sleeping caller. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** ky's retry settings; `shouldRetry` (per retry class) has the last word on every attempt. */
export const RETRY_DEFAULTS: RetryOptions = {
  methods: ['get', 'put', 'post', 'delete'],
  statusCodes: [...RETRYABLE_STATUS],
  // Every retried status waits what its `Retry-After` asks; which ones a non-repeatable operation may
  // retry at all (429 and 503, turned away) is `shouldRetry`'s call.
  afterStatusCodes: [...RETRYABLE_STATUS],
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  jitter: true,
};

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
 * ky's answer to `shouldRetry`: `false` stops, `undefined` lets ky wait what `Retry-After` says
 * (capped by `maxRetryAfter`), `true` retries after ky's jittered exponential backoff.
 */
export function retryDecision(
  retryClass: RetryClass,
  area: AreaName,
  error: Error,
  signal: AbortSignal | undefined,
) {
  if (!shouldRetry(retryClass, area, error, signal)) return false;
  if (isHTTPError(error) && retryAfterMs(error.response.headers) !== undefined) return undefined;
  return true;
}

function parseBodyOnce(data: unknown): unknown {
  return typeof data === 'string' ? parseBody(data) : data;
}

/** ky's own backoff for the same attempt: exponential from 300 ms, with full jitter. */
export function backoff(retryCount: number): number {
  return Math.random() * 300 * 2 ** (retryCount - 1);
}
