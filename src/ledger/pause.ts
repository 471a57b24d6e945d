/**
 * The shared pause: when the service turns a worker away (429, or 503, with `Retry-After`), every worker
 * sharing the ledger waits until then before sending, instead of each finding out with a request of its
 * own. The ledger keeps one "not before" per environment, area and API key (a fingerprint of the key,
 * never the key); a Postgres ledger keeps it in a table every process reads.
 */
import { ApiError, RateLimitError, RequestAbortedError } from '../core/errors.js';
import type { PauseScope, SharedPause } from '../core/ledger-contract.js';
import type { OperationName } from '../core/operation-names.js';
import { wait } from '../core/wait.js';

/**
 * How long the service asked everyone to wait, when an error is its turning a call away: a
 * `RateLimitError` with `retryAfter`, or a 503 with a `Retry-After` of whole seconds.
 */
export function retryAfterMsOf(error: unknown): number | undefined {
  if (error instanceof RateLimitError) {
    return error.retryAfter === undefined ? undefined : error.retryAfter * 1_000;
  }
  if (error instanceof ApiError && (error.status === 503 || error.status === 429)) {
    const header = error.headers?.['retry-after'];
    if (header !== undefined && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1_000;
  }
  return undefined;
}

/**
 * Waits until the pause a claim met has passed (the ledger's claim answers it: the pause is checked in
 * the same write as the claim). The call's signal ends the wait, with nothing sent.
 */
export async function waitOutSharedPause(
  until: Date,
  signal: AbortSignal | undefined,
  operation: OperationName,
): Promise<void> {
  const waitMs = until.getTime() - Date.now();
  if (waitMs <= 0) return;
  try {
    await wait(waitMs, signal);
  } catch {
    throw new RequestAbortedError(
      `${operation}: the signal was aborted while waiting out the pause another worker recorded (the service asked to wait until ${until.toISOString()}); nothing was sent`,
      operation,
    );
  }
}

/**
 * Sends; when the service turns the call away with `Retry-After`, records the pause for every worker. A
 * pause that cannot be written never changes the call's outcome: the service enforces its own limit.
 */
export async function recordSharedPause<Result>(
  pause: SharedPause | undefined,
  scope: PauseScope,
  operation: string,
  send: () => Promise<Result>,
): Promise<Result> {
  try {
    return await send();
  } catch (error) {
    const retryAfterMs = retryAfterMsOf(error);
    if (pause !== undefined && retryAfterMs !== undefined && retryAfterMs > 0) {
      const reason = `${operation}: ${(error as ApiError).status} with Retry-After ${retryAfterMs / 1_000} s`;
      await pause.pauseUntil(scope, new Date(Date.now() + retryAfterMs), reason).catch(() => undefined);
    }
    throw error;
  }
}

/** Pauses kept in this process only: {@link createMemoryLedger}'s. */
export function createMemoryPause(now: () => number = Date.now): SharedPause {
  const pauses = new Map<string, number>();
  const keyOf = (scope: PauseScope) => `${scope.environment} ${scope.area} ${scope.key}`;
  return {
    async notBefore(scope) {
      const until = pauses.get(keyOf(scope));
      return until !== undefined && until > now() ? new Date(until) : undefined;
    },
    async pauseUntil(scope, until) {
      const key = keyOf(scope);
      pauses.set(key, Math.max(pauses.get(key) ?? 0, until.getTime()));
    },
  };
}
