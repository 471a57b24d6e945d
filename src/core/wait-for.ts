import {
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  type ConsignkitError,
  NotFoundError,
  PermissionDeniedError,
  RequestAbortedError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import { linkSignal } from './linked-signal.js';
import type { OperationName } from './operation-names.js';
import type { RequestOptions } from './options.js';
import { wait } from './wait.js';

/**
 * Where one item stands when `waitForAllocation` or `waitForManifest` returns:
 * - `done`: the service has finished the step (or moved past it: an allocated consignment that is already
 *   manifested was allocated);
 * - `failed`: the service says it will not finish it (`AllocationFailed`, `ManifestFailed`, cancelled, or
 *   the item does not exist);
 * - `pending`: still queued (or not yet picked up) at the deadline. Never send it again: the service has
 *   it queued. Wait again, or settle it later with `reconcile`.
 */
export type WaitStatus = 'done' | 'failed' | 'pending';

/** One item's result from `waitForAllocation` or `waitForManifest`. */
export interface WaitResult<Reference extends string, State extends string> {
  /** The consignment or shipment. */
  reference: Reference;
  /** Where it stands; see {@link WaitStatus}. */
  status: WaitStatus;
  /** Its state at the last read; `undefined` when it could never be read (see `error`). */
  state: State | undefined;
  /**
   * The last read's error, when the last read failed: a {@link NotFoundError} (then `status` is `failed`),
   * or a transient error (connection, timeout, 5xx, 429) that left the item `pending`.
   */
  error?: ConsignkitError | undefined;
}

/** How `waitForAllocation` and `waitForManifest` poll. Every field is optional. */
export interface WaitOptions {
  /**
   * When the wait ends: milliseconds from now, or an instant. Default: 120,000 ms. Items still queued
   * then come back `pending`; nothing is thrown for them. It ends then whatever its reads are doing: a
   * read still in flight is aborted, and its item keeps what the read before it said, with a
   * {@link TimeoutError} as `error`. Each read's own `timeout` and retries fit inside it.
   */
  deadline?: number | Date | undefined;
  /** Stops the wait at once: it rejects with {@link RequestAbortedError} (reads only were sent). */
  signal?: AbortSignal | undefined;
  /** The pause before the second round of reads, in ms. Default: 1,000. It doubles each round. */
  initialInterval?: number | undefined;
  /** The longest pause between rounds, in ms. Default: 15,000. */
  maxInterval?: number | undefined;
  /** Reads in flight at once. Default: 4. */
  concurrency?: number | undefined;
  /** Options for each read (`timeout`, `maxRetries`, `headers`, `hooks`); `signal` is the wait's own. */
  requestOptions?: Omit<RequestOptions, 'signal'> | undefined;
}

/** How one kind of wait reads an item and classifies its state. */
export interface WaitPlan<Reference extends string, State extends string> {
  /** The wait's method by its path (`allocation.wait`), for messages. */
  method: string;
  /**
   * The id of the read it polls with (`getConsignmentStatus`, `getShipment`): the `operation` of the errors
   * the wait itself throws (aborted, a read cut off at the deadline), as a wait is no request of its own.
   */
  operation: OperationName;
  /** Reads the item's state (a repeatable read). */
  read(reference: Reference, options: RequestOptions): Promise<State | undefined>;
  /** Whether a state is done, failed, or still on its way (`pending`). */
  classify(state: State | undefined): WaitStatus;
}

const DEFAULT_DEADLINE_MS = 120_000;
const DEFAULT_INITIAL_INTERVAL_MS = 1_000;
const DEFAULT_MAX_INTERVAL_MS = 15_000;
const DEFAULT_CONCURRENCY = 4;

const comparable = (state: string) => state.replace(/[\s_]+/g, '').toLowerCase();

/** A classifier from lists of states, compared as `reconcile` does (spaces, underscores and case ignored). */
export function classifierOf(done: readonly string[], failed: readonly string[]) {
  const doneSet = new Set(done.map(comparable));
  const failedSet = new Set(failed.map(comparable));
  return (state: string | undefined): WaitStatus => {
    if (state === undefined) return 'pending';
    const key = comparable(state);
    if (doneSet.has(key)) return 'done';
    if (failedSet.has(key)) return 'failed';
    return 'pending';
  };
}

function positive(name: string, value: number | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < minimum) {
    throw new ConfigurationError(`${name} must be a finite number of at least ${minimum}; got ${value}`);
  }
  return value;
}

function deadlineOf(deadline: WaitOptions['deadline'], now: number): number {
  if (deadline === undefined) return now + DEFAULT_DEADLINE_MS;
  if (deadline instanceof Date) {
    const at = deadline.getTime();
    if (Number.isNaN(at)) throw new ConfigurationError('deadline is an invalid Date');
    return at;
  }
  return now + positive('deadline', deadline, DEFAULT_DEADLINE_MS, 0);
}

/** Errors that no later read can change: thrown at once rather than polled until the deadline. */
const isPermanent = (error: unknown) =>
  error instanceof AuthenticationError ||
  error instanceof PermissionDeniedError ||
  error instanceof BadRequestError ||
  error instanceof ConfigurationError ||
  error instanceof RequestValidationError ||
  error instanceof ResponseValidationError;

/**
 * Reads each item until it is done or failed, or the deadline passes: the first round at once, then
 * rounds after a pause that doubles (with jitter, so a fleet's waits do not read in step) up to
 * `maxInterval`, the last one timed to end at the deadline. Only the items still pending are read again.
 * At the deadline the wait returns, aborting any read still in flight. Reads only: nothing is ever sent
 * again.
 */
export async function waitFor<Reference extends string, State extends string>(
  plan: WaitPlan<Reference, State>,
  references: readonly Reference[],
  options: WaitOptions = {},
): Promise<WaitResult<Reference, State>[]> {
  const start = Date.now();
  const deadline = deadlineOf(options.deadline, start);
  let interval = positive('initialInterval', options.initialInterval, DEFAULT_INITIAL_INTERVAL_MS, 1);
  const maxInterval = positive('maxInterval', options.maxInterval, DEFAULT_MAX_INTERVAL_MS, 1);
  const concurrency = Math.floor(positive('concurrency', options.concurrency, DEFAULT_CONCURRENCY, 1));
  const { signal } = options;
  const aborted = () =>
    new RequestAbortedError(
      `${plan.method} was aborted while waiting (only reads were sent)`,
      plan.operation,
    );
  if (signal?.aborted) throw aborted();

  const results = new Map<Reference, WaitResult<Reference, State>>();
  for (const reference of new Set(references)) {
    results.set(reference, { reference, status: 'pending', state: undefined });
  }
  // The wait's own signal, for its reads: it aborts when the caller's does, or at the deadline. A read
  // that hangs (a slow service, a long `timeout` with retries) would otherwise hold the wait past it.
  const link = signal ? linkSignal(signal) : undefined;
  const stop = link?.controller ?? new AbortController();
  const ended = () => stop.signal.aborted;
  const stopped = new Promise<void>((resolve) =>
    stop.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  const timer = setTimeout(() => stop.abort(), Math.max(0, deadline - start));
  const readOptions: RequestOptions = { ...options.requestOptions, signal: stop.signal };
  const reading = new Set<WaitResult<Reference, State>>();

  const readOne = async (result: WaitResult<Reference, State>) => {
    reading.add(result);
    try {
      const state = await plan.read(result.reference, readOptions);
      // A read that ignored its signal and came back after the wait ended changes nothing.
      if (ended()) return;
      result.state = state;
      result.status = plan.classify(state);
      delete result.error;
    } catch (error) {
      if (signal?.aborted) throw aborted();
      if (ended()) return;
      if (isPermanent(error)) throw error;
      if (error instanceof NotFoundError) {
        result.status = 'failed';
        result.error = error;
        return;
      }
      // Transient (connection, timeout, 5xx, 429 after the transport's own retries): read it next round.
      result.error = error as ConsignkitError;
    } finally {
      reading.delete(result);
    }
  };

  const round = async () => {
    const pending = [...results.values()].filter((result) => result.status === 'pending');
    let next = 0;
    const lanes = Array.from({ length: Math.min(concurrency, pending.length) }, async () => {
      while (next < pending.length && !ended()) {
        const result = pending[next++] as WaitResult<Reference, State>;
        await readOne(result);
      }
    });
    await Promise.all(lanes);
  };

  try {
    let last = false;
    for (;;) {
      const roundStarted = Date.now();
      // Raced with the deadline: a read that ignores its signal cannot hold the wait either.
      await Promise.race([round(), stopped]);
      if (signal?.aborted) throw aborted();
      if (ended()) {
        for (const result of reading) {
          result.error = new TimeoutError(
            `${plan.method}: the read of ${result.reference} was still going at the wait's deadline, and was aborted`,
            plan.operation,
          );
        }
        break;
      }
      const roundMs = Date.now() - roundStarted;
      const stillPending = [...results.values()].some((result) => result.status === 'pending');
      const left = deadline - Date.now();
      if (!stillPending || left <= 0 || last) break;
      const jittered = interval / 2 + Math.random() * (interval / 2);
      // The last round starts early enough to end by the deadline, at the pace of the round before it.
      last = jittered >= left - roundMs;
      try {
        await wait(last ? Math.max(0, left - roundMs) : jittered, stop.signal);
      } catch {
        if (signal?.aborted) throw aborted();
        break;
      }
      interval = Math.min(interval * 2, maxInterval);
    }
  } finally {
    clearTimeout(timer);
    link?.unlink();
  }
  return [...results.values()];
}
