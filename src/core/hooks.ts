import { ConfigurationError } from './errors.js';
import type { OperationName } from './operation-names.js';
import { redact } from './redact.js';

/** What every event of a call carries. */
export interface CallEvent {
  /** The same for every event of one call, and different for each call: to tie a span to its call. */
  callId: number;
  /** The operation's id, for example `getOrder`. */
  operation: OperationName;
  /** The HTTP method. */
  method: string;
  /** The URL requested (the key travels in a header, never in the URL). */
  url: string;
  /**
   * Which attempt this is: 1 for the first, 2 for the first retry… In `onError`, 0 when the call was
   * refused before anything was sent (a `RequestValidationError`, or a `ConfigurationError` of the call's
   * options); `url` is then the operation's declared path (`…/orders/{orderReference}`).
   */
  attempt: number;
}

/** An attempt is about to be sent. */
export interface RequestEvent extends CallEvent {
  /** The request's headers, the API key replaced by `[redacted]`. */
  headers: Record<string, string>;
}

/** An answer arrived, of any status (a 503 that will be retried too). */
export interface ResponseEvent extends CallEvent {
  /** The HTTP status. */
  status: number;
  /** Milliseconds from sending this attempt to its answer's headers. */
  durationMs: number;
  /**
   * The service's id of the request, for its support staff: the first of the `x-correlation-id`,
   * `correlation-id`, `x-request-id`, `request-id` and `apim-request-id` headers that is present.
   */
  requestId: string | undefined;
  /** The answer's headers, redacted. */
  headers: Record<string, string>;
}

/** A failed attempt will be tried again. */
export interface RetryEvent extends CallEvent {
  /** Why: a status, a timeout, a dropped connection, a cut-off answer. */
  reason: string;
}

/** The call failed: `error` is what it throws. */
export interface CallErrorEvent extends CallEvent {
  /** The error the call throws. */
  error: Error;
  /** Milliseconds from the first attempt to the failure. */
  durationMs: number;
}

/**
 * Functions called as a call goes: before each attempt, on each answer, before each retry, and when the
 * call fails. For tracing (a span per call, see `examples/opentelemetry.ts`), metrics and request ids.
 * Set on the client, for every call, and per call in its options; both are called. No event holds the
 * API key, and a hook that throws is ignored (it never breaks the call). Hooks run synchronously: keep
 * them quick.
 *
 * The answer's metadata for one successful call:
 * ```ts
 * let answer: ResponseEvent | undefined;
 * const order = await orders.get(ref, { hooks: { onResponse: (event) => (answer = event) } });
 * console.log(answer?.status, answer?.requestId, answer?.attempt, answer?.durationMs);
 * ```
 */
export interface Hooks {
  /** Before each attempt is sent. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** On each answer, of any status. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Before a failed attempt is retried. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** When the call fails, with the error it throws: also when it is refused before sending (`attempt: 0`). */
  onError?: ((event: CallErrorEvent) => void) | undefined;
}

const NAMES = ['onRequest', 'onResponse', 'onRetry', 'onError'] as const;
const REQUEST_ID_HEADERS = [
  'x-correlation-id',
  'correlation-id',
  'x-request-id',
  'request-id',
  'apim-request-id',
];

/** Checks hooks given as an option: an object of functions, only the four known. */
export function checkHooks(hooks: unknown, option: string): Hooks | undefined {
  if (hooks === undefined) return undefined;
  if (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks)) {
    throw new ConfigurationError(
      `${option} must be an object of functions (onRequest, onResponse, onRetry, onError)`,
    );
  }
  for (const [name, value] of Object.entries(hooks)) {
    if (!(NAMES as readonly string[]).includes(name)) {
      throw new ConfigurationError(
        `${option}.${name} is not a hook: use onRequest, onResponse, onRetry or onError`,
      );
    }
    if (value !== undefined && typeof value !== 'function') {
      throw new ConfigurationError(`${option}.${name} must be a function`);
    }
  }
  return hooks as Hooks;
}

let calls = 0;

/** A new {@link CallEvent.callId}. */
export function nextCallId(): number {
  calls += 1;
  return calls;
}

/** The service's request id among a response's headers, if it sent one. */
export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/** Calls the client's and the call's hooks for one event, each redacted, none allowed to throw. */
export class HookCaller {
  readonly #hooks: Hooks[];
  readonly #secrets: string[];

  constructor(hooks: (Hooks | undefined)[], secrets: string[]) {
    this.#hooks = hooks.filter((entry): entry is Hooks => entry !== undefined);
    this.#secrets = secrets;
  }

  get active(): boolean {
    return this.#hooks.length > 0;
  }

  /** The headers as an event shows them: the key replaced wherever it appears. */
  headers(headers: Headers | Record<string, string>): Record<string, string> {
    const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
    return redact(Object.fromEntries(entries), this.#secrets);
  }

  emit<Name extends (typeof NAMES)[number]>(
    name: Name,
    event: Parameters<NonNullable<Hooks[Name]>>[0],
  ): void {
    for (const hooks of this.#hooks) {
      const hook = hooks[name] as ((event: unknown) => void) | undefined;
      if (!hook) continue;
      try {
        // An error is passed as the class it is: the SDK's errors never hold the key.
        const { error, ...rest } = event as { error?: Error };
        const redacted = redact(rest, this.#secrets);
        hook(error === undefined ? redacted : { ...redacted, error });
      } catch {
        // A hook is the caller's observer: its failure must not change the call's outcome.
      }
    }
  }
}
