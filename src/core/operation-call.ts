import { BodyTooLargeError, readBody } from './body.js';
import { fillPath, snapshotCall } from './call-input.js';
import type { OutcomeUnknownErrorJSON } from './errors.js';
import { ApiError, RequestAbortedError, ResponseTooLargeError, ResponseValidationError } from './errors.js';
import { type Attempts, describeFailure, failureOf, translateFailure } from './failure.js';
import { checkHooks, HookCaller, type Hooks, nextCallId, requestIdOf } from './hooks.js';
import { createHttp, type HTTPError, type Http, isHTTPError } from './http.js';
import { keyFingerprint } from './key-fingerprint.js';
import type { Ledger, LedgerCall, SettledReference } from './ledger-contract.js';
import { linkSignal } from './linked-signal.js';
import type { Logger } from './logger.js';
import { type Call, type Operation, referencesOf } from './operation.js';
import {
  checkRequestOptions,
  type RequestOptions,
  type ResolvedConfig,
  resolveMaxResponseBytes,
  resolveMaxRetries,
  resolveTimeout,
} from './options.js';
import { OwnFailure, own } from './own-failure.js';
import { redact } from './redact.js';
import { backoff, retryOptions, turnedAway } from './retry.js';
import { describeIssues, findIssues, unknownFieldsOf } from './validation.js';
import type { ValidationIssue } from './validation-issue.js';
import { wait } from './wait.js';

/** What every call of one client shares: made once, by its `Transport`. */
export interface ClientPlumbing {
  readonly config: ResolvedConfig;
  /** The client's logger, which never prints the key. */
  readonly logger: Logger | undefined;
  /** The default `accept`, then the client's extra headers: the start of every request's headers. */
  readonly clientHeaders: Headers;
  /** A call's headers when it adds none of its own, made once each (without and with a body). */
  readonly plainHeaders: [Record<string, string> | undefined, Record<string, string> | undefined];
  /** The attempt loop of this client's calls, through its fetch: made on its first call. */
  http: Http | undefined;
  /** Reads the service as the client's `reconcile` does: how a ledger settles an earlier call. */
  readonly settle: Settle | undefined;
}

/** A client's `reconcile`, as a ledger settles an earlier call with it. */
export type Settle = (
  stored: OutcomeUnknownErrorJSON,
  options: RequestOptions,
) => Promise<SettledReference[]>;

/**
 * One call of one operation, from its checked input to its result or its error: made per call. It is the one place that sees each attempt start (the loop's top, a retry), end
 * (`#attemptEnded`, a read body, a failure) and the call settle: where per-attempt hooks and structured
 * log data belong.
 */
export class OperationCall<Wire, Result> {
  readonly #plumbing: ClientPlumbing;
  readonly #operation: Operation<Wire, Result>;
  /** The caller's call until it is checked; from then on, its checked snapshot: what was sent. */
  #call: Call;
  readonly #started = Date.now();
  /** The caller's signal, from the checked options. */
  #signal: AbortSignal | undefined;
  #url!: string;
  #json: string | undefined;
  #maxRetries!: number;
  #timeout!: number;
  #maxBytes!: number;
  #headers!: Record<string, string>;
  #hooks!: HookCaller;
  #callId!: number;
  #retries = 0;
  #attemptStarted!: number;
  /** Aborts when the caller's signal does, and is this call's alone: see `linkSignal`. */
  #callSignal: AbortController | undefined;
  /**
   * Whether any attempt may have reached the service: one in flight, or one that failed without being
   * turned away. A non-repeatable call aborted while none has was provably not sent.
   */
  readonly #attempts: Attempts = { inFlight: true, mayHaveReached: false, earlierMayHaveReached: false };

  constructor(plumbing: ClientPlumbing, operation: Operation<Wire, Result>, call: Call) {
    this.#plumbing = plumbing;
    this.#operation = operation;
    this.#call = call;
  }

  /** The call as it was checked and sent (its snapshot), once `run` has checked it. */
  get sent(): Call {
    return this.#call;
  }

  /** Sends the call with the caller's options (unchecked: a refused call's hooks are read from them). */
  async run(requestOptions: RequestOptions | undefined): Promise<Result> {
    const operation = this.#operation;
    let options: RequestOptions;
    try {
      options = this.#checkInput(requestOptions);
    } catch (error) {
      this.#refused(error, requestOptions);
      throw error;
    }
    const plumbing = this.#plumbing;
    // Redirects are answers, not instructions (http.ts sends with `redirect: 'manual'`): followed, fetch
    // would take the key to whatever host the `Location` names, and turn a redirected POST (a lock, a
    // manifest) into a GET that reads as success.
    plumbing.http ??= createHttp(plumbing.config.fetch);
    const http = plumbing.http;
    const signal = options.signal;
    if (signal?.aborted) {
      const error = new RequestAbortedError(
        `${operation.name}: the signal was aborted before sending; nothing was sent`,
        operation.name,
      );
      // Nothing was sent, as for refused input: `onError` hears of it with attempt 0.
      this.#refused(error, requestOptions);
      throw error;
    }
    const ledger = plumbing.config.ledger;
    if (ledger === undefined || operation.retry !== 'non-repeatable') return this.#send(http, options);
    // The ledger's hook: the shared pause, the claim, the settling of an earlier call and the outcome are
    // the ledger's own (src/ledger), so that a client without one carries none of that code.
    let sent = false;
    try {
      return await ledger.guard(this.#ledgerCall(ledger, options), () => {
        sent = true;
        return this.#send(http, options);
      });
    } catch (error) {
      // Refused by the ledger (in flight, done already, not recordable): nothing was sent.
      if (!sent) this.#refused(error, requestOptions);
      throw error;
    }
  }

  /** What the ledger needs of this call: the call as it is sent, and how to read the service to settle it. */
  #ledgerCall(ledger: Ledger, options: RequestOptions): LedgerCall {
    const { config, logger, settle } = this.#plumbing;
    const operation = this.#operation;
    // The keys come from the body as it is sent, not from an input that could read differently twice.
    const body =
      this.#json !== undefined && operation.wireBody === undefined ? JSON.parse(this.#json) : this.#call.body;
    return {
      ledger,
      environment: config.environment,
      area: config.area.name,
      operation: operation as unknown as Operation<never, unknown>,
      call: { ...this.#call, body },
      timeout: this.#timeout,
      maxRetries: this.#maxRetries,
      createWithoutCustomerReference: options.createWithoutCustomerReference === true,
      settle: settle && ((stored) => settle(stored, { signal: options.signal, timeout: options.timeout })),
      logger,
      pauseScope: async () => ({
        environment: config.environment,
        area: config.area.name,
        key: await keyFingerprint(config.apiKey),
      }),
      signal: options.signal,
    };
  }

  /** Sends the checked call: its attempts, hooks and log lines, to its result or its error. */
  async #send(http: Http, options: RequestOptions): Promise<Result> {
    const operation = this.#operation;
    const plumbing = this.#plumbing;
    const signal = options.signal;
    plumbing.logger?.debug(`${operation.name}: ${operation.method} ${this.#url}`, this.#logData({}));
    const { config } = plumbing;
    this.#headers = this.#headersFor(options.headers, this.#json !== undefined);
    const hooks = new HookCaller([config.hooks, options.hooks], [config.apiKey]);
    this.#hooks = hooks;
    this.#callId = nextCallId();
    // The caller's signal may live as long as the process (a worker's shutdown signal): the call links to
    // it through one listener shared by every call on that signal, released as the call ends.
    const link = signal ? linkSignal(signal) : undefined;
    this.#callSignal = link?.controller;
    try {
      return await this.#attemptUntilSettled(http);
    } catch (error) {
      if (hooks.active && error instanceof Error) {
        hooks.emit('onError', { ...this.#event(), error, durationMs: Date.now() - this.#started });
      }
      throw error;
    } finally {
      link?.unlink();
    }
  }

  /** The options, the limits they set, the URL and the body: all checked before anything is sent. */
  #checkInput(requestOptions: RequestOptions | undefined): RequestOptions {
    const { config } = this.#plumbing;
    const options = checkRequestOptions(requestOptions);
    this.#signal = options.signal;
    this.#maxRetries = resolveMaxRetries(options.maxRetries ?? config.maxRetries);
    this.#timeout = resolveTimeout(options.timeout ?? config.timeout);
    this.#maxBytes = resolveMaxResponseBytes(options.maxResponseBytes ?? config.maxResponseBytes);
    const { call, json } = snapshotCall(this.#operation, this.#call, unknownFieldsOf(options));
    this.#call = call;
    const url = new URL(`${config.baseUrl}/${fillPath(this.#operation.path, call.params ?? {})}`);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    this.#url = url.toString();
    this.#json = json;
    return options;
  }

  /**
   * A call refused before anything was sent (its input or its options): `onError` hears of it as of any
   * failed call, with `attempt: 0`, and the operation's path as it is declared for `url`, since the
   * refused input may be what the path is made of. Integrators count errors there.
   */
  #refused(error: unknown, requestOptions: RequestOptions | undefined) {
    if (!(error instanceof Error)) return;
    const { config } = this.#plumbing;
    let callHooks: Hooks | undefined;
    try {
      // The call's own hooks hear of it too, unless they are what was refused.
      callHooks = checkHooks(requestOptions?.hooks, 'hooks');
    } catch {}
    const hooks = new HookCaller([config.hooks, callHooks], [config.apiKey]);
    if (!hooks.active) return;
    const operation = this.#operation;
    hooks.emit('onError', {
      callId: nextCallId(),
      operation: operation.name,
      method: operation.method,
      url: `${config.baseUrl}/${operation.path}`,
      attempt: 0,
      error,
      durationMs: Date.now() - this.#started,
    });
  }

  /**
   * One `Headers` for one call: the client's, then the call's, then the content type, and the key and
   * version set last. Header names are case-insensitive, so an extra `X-Api-Key` or `Electio-API-Version`
   * in any casing is replaced here rather than sent beside the real one (`x-api-key: evil, KEY`).
   */
  #headersFor(callHeaders: Record<string, string> | undefined, hasBody: boolean): Record<string, string> {
    const { plainHeaders } = this.#plumbing;
    if (callHeaders !== undefined) return this.#mergedHeaders(callHeaders, hasBody);
    // The same for every call that adds no headers: made once (a Headers and its copy cost every call).
    const index = hasBody ? 1 : 0;
    plainHeaders[index] ??= Object.freeze(this.#mergedHeaders(undefined, hasBody));
    return plainHeaders[index];
  }

  #mergedHeaders(callHeaders: Record<string, string> | undefined, hasBody: boolean): Record<string, string> {
    const { config, clientHeaders } = this.#plumbing;
    const headers = new Headers(clientHeaders);
    for (const [name, value] of Object.entries(callHeaders ?? {})) headers.set(name, value);
    if (hasBody) headers.set('content-type', 'application/json');
    const { keyHeader, versionHeader } = config.area;
    headers.set(keyHeader, config.apiKey);
    headers.set(versionHeader[0], versionHeader[1]);
    // A plain object of lower-case names: what the hooks are shown, and a call without headers of its own reuses.
    return Object.fromEntries(headers);
  }

  /**
   * Attempts until one settles the call. `http` retries failed attempts itself (asking `retryOptions`); a
   * 2xx whose body is cut off after it has let go of the answer is asked for again here.
   */
  async #attemptUntilSettled(http: Http): Promise<Result> {
    for (;;) {
      this.#attempts.inFlight = true;
      this.#attemptStarted = Date.now();
      this.#requestSent();
      let status: number | undefined;
      let responseText: string;
      // `http` times each attempt's headers with `timeout`; the body gets what is left of it (`readBody`).
      const bodyTimeout = new AbortController();
      const callSignal = this.#callSignal;
      const pending = http(this.#url, {
        method: this.#operation.method,
        headers: this.#headers,
        body: this.#json,
        timeout: this.#timeout,
        signal: callSignal ? AbortSignal.any([callSignal.signal, bodyTimeout.signal]) : bodyTimeout.signal,
        // Asked after every failed attempt that has retries left, before any wait.
        retry: retryOptions(
          this.#operation.retry,
          this.#plumbing.config.area.name,
          this.#signal,
          this.#maxRetries - this.#retries,
          this.#attemptEnded,
        ),
        beforeRetry: this.#beforeRetry,
      });
      try {
        const response = await pending;
        status = response.status;
        this.#answered(response);
        responseText = await readBody(response, {
          ms: this.#attemptStarted + this.#timeout - Date.now(),
          maxBytes: this.#maxBytes,
          stop: bodyTimeout,
        });
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          // A 2xx whose body is not needed has told all there is to tell: the service did it.
          if (!this.#operation.response) return undefined as Result;
          // Our own bound, not the connection's failure: asking again would bring the same answer.
          throw this.#tooLarge(status ?? 200, error.limit);
        }
        if (this.#retryingCutOff(error, status)) {
          try {
            await wait(backoff(this.#retries), this.#callSignal?.signal);
            continue;
          } catch {
            // Aborted while waiting: reported as the abort it is, below.
          }
        }
        return this.#failed(error, status);
      }
      this.#logEnd(status);
      return this.#decode(status, responseText);
    }
  }

  /** Told by the retry decision of each failed attempt that has retries left: may it have reached the service? */
  readonly #attemptEnded = (error: Error) => {
    this.#attempts.inFlight = false;
    if (!turnedAway(error, this.#signal)) this.#attempts.mayHaveReached = true;
  };

  /** A failed attempt is about to be sent again, its wait over. */
  readonly #beforeRetry = own(({ error }: { error: Error }) => {
    const attempts = this.#attempts;
    if (!turnedAway(error, this.#signal)) attempts.earlierMayHaveReached = true;
    if (isHTTPError(error)) this.#answered(error.response);
    attempts.inFlight = true;
    this.#attemptStarted = Date.now();
    this.#retrying(describeFailure(error));
    this.#requestSent();
  });

  /**
   * `http`'s retries end once the headers are in: a 2xx whose body was then cut off (or stalled) is asked for
   * again, after a backoff, when the operation is repeatable and retries are left. True when it is (the
   * retry is then announced); false when the call ends with this error instead.
   */
  #retryingCutOff(error: unknown, status: number | undefined): boolean {
    const answered = status !== undefined && status < 300;
    if (!answered) return false;
    this.#attempts.mayHaveReached = true;
    const cutOff = !this.#signal?.aborted && !(error instanceof OwnFailure);
    if (!cutOff || this.#operation.retry !== 'repeatable' || this.#retries >= this.#maxRetries) {
      return false;
    }
    this.#attempts.earlierMayHaveReached = true;
    this.#retrying(`the answer was cut off (${describeFailure(error)})`);
    return true;
  }

  /** The call's end after a failed attempt: an "already done" answer's result, else its error, thrown. */
  #failed(error: unknown, status: number | undefined): Result {
    const signal = this.#signal;
    // The last answer of a failed call (earlier ones were told before their retry).
    if (failureOf(error, signal) === 'answer') this.#answered((error as HTTPError).response);
    const settled = this.#alreadyDone(error);
    if (settled) return settled.result;
    const { config } = this.#plumbing;
    const translated = translateFailure(error, {
      operation: this.#operation,
      call: this.#call,
      signal,
      attempts: this.#attempts,
      area: config.area.name,
      apiKey: config.apiKey,
    });
    const refused = this.#operation.refusal;
    const failure =
      (refused && translated instanceof ApiError && refused(translated, this.#call)) || translated;
    this.#logEnd(status, failure);
    throw failure;
  }

  /**
   * An answer that says the call's change is already in place (`doneWhenRetried` after an attempt whose
   * answer was lost, `alreadyDone` on any): the call's result then, else undefined.
   */
  #alreadyDone(error: unknown): { result: Result } | undefined {
    if (failureOf(error, this.#signal) !== 'answer') return undefined;
    const operation = this.#operation;
    const status = (error as HTTPError).response.status;
    const retried = operation.doneWhenRetried;
    const settled =
      retried && this.#attempts.earlierMayHaveReached && retried.statuses.includes(status)
        ? { done: retried, why: 'after a retry: an earlier attempt had done it' }
        : operation.alreadyDone?.statuses.includes(status)
          ? { done: operation.alreadyDone, why: 'already as asked' }
          : undefined;
    if (!settled) return undefined;
    this.#plumbing.logger?.info(`${operation.name}: ${status} ${settled.why}`, {
      operation: operation.name,
      status,
    });
    return { result: settled.done.result(this.#call) };
  }

  /** The 2xx body as the method's result, checked as the client's `validation` asks. */
  #decode(status: number, responseText: string): Result {
    const operation = this.#operation;
    if (!operation.response) return undefined as Result;
    let body: unknown;
    try {
      body =
        status === 204 && responseText === '' && operation.whenEmpty !== undefined
          ? operation.whenEmpty
          : JSON.parse(responseText);
    } catch {
      if (operation.acceptsText && responseText !== '') {
        body = responseText;
      } else {
        const empty = responseText === '' ? ' (empty)' : '';
        throw this.#unusable(
          this.#badAnswer(status, {
            read: `the service answered 2xx with a body that is not JSON${empty}`,
            acted: `is not JSON${empty}`,
          }),
          [{ path: [], message: 'not JSON' }],
          responseText,
        );
      }
    }
    const validation = operation.alwaysStrict ? 'strict' : this.#plumbing.config.validation;
    if (validation !== 'off') {
      const found = findIssues(operation.response, body);
      if (found) {
        const issues = this.#scrub(found);
        const described = describeIssues(issues);
        const message = this.#badAnswer(status, {
          read: `unexpected response: ${described}`,
          acted: `is not what was expected: ${described}`,
        });
        if (validation === 'strict') throw this.#unusable(message, issues, body);
        this.#plumbing.logger?.warn(message, { operation: operation.name, issues });
      }
    }
    if (!operation.result) return body as Result;
    let result: Result | undefined;
    try {
      result = operation.result(body as Wire);
    } catch (error) {
      // The operation's own check of the body: the error is remade to name this call's operation.
      if (error instanceof ResponseValidationError) {
        throw this.#unusable(error.message, error.issues, error.body);
      }
      result = undefined;
    }
    if (result === undefined) {
      const message = this.#badAnswer(status, {
        read: 'the response does not hold the expected result',
        acted: 'does not hold the expected result',
      });
      throw this.#unusable(message, [{ path: [], message: 'expected result not found' }], body);
    }
    return result;
  }

  /** A 2xx answer that cannot be used: its body goes into the error without the key. */
  #unusable(message: string, issues: ValidationIssue[], body: unknown) {
    return new ResponseValidationError(message, {
      issues,
      body: this.#scrub(body),
      operation: this.#operation.name,
    });
  }

  /**
   * The message for a 2xx answer that cannot be used. After a non-repeatable request it says that the
   * service has acted on it: a manifest sent again because its answer did not parse is transmitted twice.
   */
  #badAnswer(status: number, problem: { read: string; acted: string }) {
    const operation = this.#operation;
    const name = operation.name;
    if (operation.retry === 'repeatable') return this.#scrub(`${name}: ${problem.read}`);
    const references = referencesOf(operation, this.#call).join(', ') || 'the resource';
    return this.#scrub(
      `${name}: the service accepted the request (HTTP ${status}) but its answer ${problem.acted}; do not send it again without checking ${references}`,
    );
  }

  #tooLarge(status: number, limit: number) {
    const bound = `maxResponseBytes (${limit} bytes)`;
    const message = this.#badAnswer(status, {
      read: `the answer is larger than ${bound}; reading stopped there`,
      acted: `is larger than ${bound}, so it was not read`,
    });
    return new ResponseTooLargeError(message, {
      operation: this.#operation.name,
      limit,
      references: referencesOf(this.#operation, this.#call),
    });
  }

  #scrub<T>(value: T): T {
    return redact(value, [this.#plumbing.config.apiKey]);
  }

  /** What every log line of this call carries, for structured loggers (pino, bunyan): never the key. */
  #logData(extra: Record<string, unknown>) {
    const operation = this.#operation;
    return {
      operation: operation.name,
      method: operation.method,
      url: this.#url,
      attempt: this.#retries + 1,
      ...extra,
    };
  }

  /** The call's last log line, with how long it took: its status, or the error it throws. */
  #logEnd(status: number | undefined, failure?: Error) {
    const logger = this.#plumbing.logger;
    if (!logger) return;
    const durationMs = Date.now() - this.#started;
    const name = this.#operation.name;
    logger.debug(
      failure
        ? `${name}: failed after ${durationMs} ms: ${failure.name}: ${failure.message}`
        : `${name}: ${status} in ${durationMs} ms`,
      this.#logData(failure ? { status, durationMs, error: failure.name } : { status, durationMs }),
    );
  }

  /** What every hook event of this call carries. */
  #event() {
    const operation = this.#operation;
    return {
      callId: this.#callId,
      operation: operation.name,
      method: operation.method,
      url: this.#url,
      attempt: this.#retries + 1,
    };
  }

  #requestSent() {
    const hooks = this.#hooks;
    if (hooks.active) hooks.emit('onRequest', { ...this.#event(), headers: hooks.headers(this.#headers) });
  }

  #answered(response: Response) {
    const hooks = this.#hooks;
    if (!hooks.active) return;
    hooks.emit('onResponse', {
      ...this.#event(),
      status: response.status,
      durationMs: Date.now() - this.#attemptStarted,
      requestId: requestIdOf(response.headers),
      headers: hooks.headers(response.headers),
    });
  }

  /** A retry is decided: counted, logged and told to `onRetry`, before the attempt it announces. */
  #retrying(reason: string) {
    const retries = ++this.#retries;
    this.#plumbing.logger?.info(
      `${this.#operation.name}: retry ${retries} of ${this.#maxRetries} after ${reason}`,
      this.#logData({ retryCount: retries, reason, durationMs: Date.now() - this.#started }),
    );
    if (this.#hooks.active) this.#hooks.emit('onRetry', { ...this.#event(), reason });
  }
}
