/**
 * The attempt loop under every call: each attempt a fresh `Request` sent through the client's fetch within
 * its timeout, an error answer turned into an {@link HTTPError} with its body read, and a failed attempt
 * sent again when the retry policy (retry.ts) says so, after the wait it gives. consignkit decided every
 * retry and every wait already; this is the rest of what ky 1 did for it, and no more: ky was 5 kB of
 * the 60 kB min+gzip an application's bundle of both clients paid, most of it options the SDK never set.
 */
import { parseBody } from './answer.js';
import { readBody } from './body.js';
import { OwnFailure } from './own-failure.js';

/** An answer whose status is not 2xx; redirects are answers too (`redirect: 'manual'`). */
export class HTTPError extends Error {
  override name = 'HTTPError';
  /** The error body: parsed by `parseBody` when labelled JSON, else its text; absent when empty or unread. */
  data?: unknown;
  constructor(
    readonly response: Response,
    readonly request: Request,
  ) {
    super(`Request failed with status code ${response.status}: ${request.method} ${request.url}`);
  }
}

/** An attempt whose answer's headers did not come within its timeout. */
export class AttemptTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly request: Request) {
    super(`Request timed out: ${request.method} ${request.url}`);
  }
}

export const isHTTPError = (error: unknown): error is HTTPError => error instanceof HTTPError;
export const isTimeoutError = (error: unknown): error is AttemptTimeoutError =>
  error instanceof AttemptTimeoutError;

/** Whether, and after how long, a failed attempt is sent again: retry.ts's policy. */
export interface RetryPolicy {
  /** Retries left for this call. */
  limit: number;
  /** Asked after each failed attempt while retries are left; `false` ends the call with the error. */
  shouldRetry: (state: { error: Error; retryCount: number }) => boolean;
  /** The wait before retry `attempt` (1 for the first), before jitter. */
  delay: (attempt: number) => number;
  jitter: (ms: number) => number;
}

export interface Attempt {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** For each attempt's answer headers, in milliseconds. */
  timeout: number;
  signal: AbortSignal;
  retry: RetryPolicy;
  /** Told as a failed attempt is about to be sent again, its wait over. */
  beforeRetry: (state: { error: Error }) => void;
}

export type Http = (url: string, attempt: Attempt) => Promise<Response>;

/** At most this much of an error body is read (ky 2's bound). */
const ERROR_BODY_MAX_BYTES = 10 * 1024 * 1024;
/** setTimeout's longest wait. */
const MAX_TIMER_MS = 2_147_483_647;

/** Sends through `fetch` (the client's, else the global one, looked up at each call). */
export function createHttp(
  fetch: ((input: Request, init: RequestInit) => Promise<Response>) | undefined,
): Http {
  return async (url, attempt) => {
    const { retry, signal } = attempt;
    for (let retryCount = 0; ; ) {
      try {
        return await send(fetch ?? globalThis.fetch, url, attempt);
      } catch (caught) {
        retryCount++;
        if (retryCount > retry.limit) throw caught;
        const error = caught instanceof Error ? caught : new Error(String(caught));
        if (!retry.shouldRetry({ error, retryCount })) throw caught;
        const ms = retry.delay(retryCount);
        const jittered = retry.jitter(ms);
        await delay(
          Math.min(Number.isFinite(jittered) && jittered >= 0 ? jittered : ms, MAX_TIMER_MS),
          signal,
        );
        attempt.beforeRetry({ error });
      }
    }
  };
}

/** One attempt: its answer's headers within `timeout`, else an {@link AttemptTimeoutError}. */
async function send(
  fetch: (input: Request, init: RequestInit) => Promise<Response>,
  url: string,
  { method, headers, body, timeout, signal }: Attempt,
): Promise<Response> {
  // Aborted when the attempt times out, so that fetch lets go of the connection.
  const attempt = new AbortController();
  const request = new Request(url, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.any([signal, attempt.signal]),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const response = await new Promise<Response>((resolve, reject) => {
    timer = setTimeout(() => {
      attempt.abort();
      reject(new AttemptTimeoutError(request));
    }, timeout);
    fetch(request, {}).then(resolve, reject);
  }).finally(() => clearTimeout(timer));
  if (response.ok) return response;
  const error = new HTTPError(response, request);
  await readErrorData(error, timeout);
  throw error;
}

/**
 * Reads the error answer's body into `data` before the retry decision and the error's translation see it,
 * within `timeout` and 10 MiB. A body that is too large, too slow or unreadable leaves `data` undefined.
 */
async function readErrorData(error: HTTPError, timeout: number): Promise<void> {
  const { response } = error;
  let text: string;
  try {
    text = await readBody(response, {
      ms: timeout,
      maxBytes: ERROR_BODY_MAX_BYTES,
      stop: new AbortController(),
    });
  } catch (failure) {
    // A bug of the SDK's own stays one; a body that could not be read leaves no data.
    if (failure instanceof OwnFailure) throw failure;
    return;
  }
  if (text === '') return;
  const isJson = /json/i.test(response.headers.get('content-type') ?? '');
  error.data = isJson ? parseBody(text) : text;
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal.addEventListener('abort', aborted, { once: true });
  });
}
