import type { KyInstance } from 'ky';
import { parseBody } from './answer.js';
import { BodyTooLargeError, readBody } from './body.js';
import {
  RequestAbortedError,
  RequestValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
} from './errors.js';
import { type Attempts, describeFailure, failureOf, translateFailure } from './failure.js';
import { checkHooks, HookCaller, type Hooks, nextCallId, requestIdOf } from './hooks.js';
import { type CopyNotes, jsonCopy, UncopiableBody } from './json-copy.js';
import { type HTTPError, isHTTPError, loadKy, readErrorData } from './ky.js';
import { linkSignal } from './linked-signal.js';
import { type Call, type Operation, referencesOf } from './operation.js';
import {
  checkRequestOptions,
  type Logger,
  type RequestOptions,
  type ResolvedConfig,
  resolveMaxResponseBytes,
  resolveMaxRetries,
  resolveTimeout,
} from './options.js';
import { OwnFailure, own } from './own-failure.js';
import { redact, redactingLogger } from './redact.js';
import { backoff, retryOptions, turnedAway } from './retry.js';
import { userAgent } from './user-agent.js';
import { checkInput, describeIssues, findIssues, formatPath, type Schema } from './validation.js';
import { wait } from './wait.js';

// The seams operations and clients build on. The parts live beside this file: the retry policy
// (retry.ts), answer to error (answer.ts, failure.ts), body reading (body.ts, where the byte bound
// lives); `send` below runs one call's attempts and is the one place that sees each attempt start (the
// loop's top, `beforeRetry`), end (`attemptEnded`, a read body, the `catch`) and the call settle: where
// per-attempt hooks and structured log data belong.
export {
  type Call,
  defineOperation,
  type Operation,
  type OutcomeRule,
  type RetryClass,
} from './operation.js';

function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    // Every placeholder is a declared, checked param; reaching this is a bug in an operation declaration.
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`No value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** Sends declared operations for one area with one resolved configuration. */
export class Transport {
  readonly #config: ResolvedConfig;
  readonly #logger: Logger | undefined;

  #http: KyInstance | undefined;
  /** The default `accept`, then the client's extra headers: the start of every request's headers. */
  readonly #clientHeaders: Headers;

  constructor(config: ResolvedConfig) {
    this.#config = config;
    this.#logger = redactingLogger(config.logger, [config.apiKey]);
    this.#clientHeaders = new Headers({ accept: 'application/json' });
    const agent = userAgent(config.appInfo);
    if (agent !== undefined) this.#clientHeaders.set('user-agent', agent);
    for (const [name, value] of Object.entries(config.headers)) this.#clientHeaders.set(name, value);
    // A failed load fails the first call, where it can be reported.
    loadKy().catch(() => undefined);
  }

  /** ky for this client: made on the first call, once ky is loaded (a client starts the load as it is made). */
  async #createHttp(): Promise<KyInstance> {
    // Redirects are answers, not instructions: followed, fetch would take the key to whatever host the
    // `Location` names, and turn a redirected POST (a lock, a manifest) into a GET that reads as success.
    // `parseJson` keeps an error body labelled JSON that does not parse as its text: ky would drop it.
    const ky = (await loadKy()).default;
    // `readErrorData` reads an error answer's body into `HTTPError.data` (ky 2 did; ky 1 keeps Node 20).
    this.#http ??= ky.create({
      fetch: this.#config.fetch,
      redirect: 'manual',
      parseJson: parseBody,
      hooks: { beforeError: [readErrorData] },
    });
    return this.#http;
  }

  get environment() {
    return this.#config.environment;
  }

  get baseUrl() {
    return this.#config.baseUrl;
  }

  /**
   * One `Headers` for one call: the client's, then the call's, then the content type, and the key and
   * version set last. Header names are case-insensitive, so an extra `X-Api-Key` or `Electio-API-Version`
   * in any casing is replaced here rather than sent beside the real one (`x-api-key: evil, KEY`).
   */
  #headersFor(callHeaders: Record<string, string> | undefined, hasBody: boolean): Record<string, string> {
    const headers = new Headers(this.#clientHeaders);
    for (const [name, value] of Object.entries(callHeaders ?? {})) headers.set(name, value);
    if (hasBody) headers.set('content-type', 'application/json');
    const { keyHeader, versionHeader } = this.#config.area;
    headers.set(keyHeader, this.#config.apiKey);
    headers.set(versionHeader[0], versionHeader[1]);
    // A plain object of lower-case names: ky drops a `Headers` entry whose value is the text 'undefined'.
    return Object.fromEntries(headers);
  }

  async send<Wire, Result>(
    operation: Operation<Wire, Result>,
    call: Call = {},
    requestOptions?: RequestOptions,
  ) {
    const started = Date.now();
    const config = this.#config;
    let options: RequestOptions;
    let prepared: { url: string; json: string | undefined };
    let limits: { maxRetries: number; timeout: number; maxBytes: number };
    try {
      options = checkRequestOptions(requestOptions);
      limits = {
        maxRetries: resolveMaxRetries(options.maxRetries ?? config.maxRetries),
        timeout: resolveTimeout(options.timeout ?? config.timeout),
        maxBytes: resolveMaxResponseBytes(options.maxResponseBytes ?? config.maxResponseBytes),
      };
      prepared = this.#prepare(operation, call);
    } catch (error) {
      this.#refused(operation, requestOptions, error, started);
      throw error;
    }
    const { url, json } = prepared;
    const http = this.#http ?? (await this.#createHttp());
    if (options.signal?.aborted) {
      throw new RequestAbortedError(
        `${operation.name}: the signal was aborted before sending; nothing was sent`,
        operation.name,
      );
    }
    const { maxRetries, timeout, maxBytes } = limits;
    const log = this.#logger;
    // What every log line of this call carries, for structured loggers (pino, bunyan): never the key.
    const logData = (extra: Record<string, unknown>) => ({
      operation: operation.name,
      method: operation.method,
      url,
      attempt: retries + 1,
      ...extra,
    });
    let retries = 0;
    log?.debug(`${operation.name}: ${operation.method} ${url}`, logData({}));
    const logRetry = (retryCount: number, reason: string) =>
      log?.info(
        `${operation.name}: retry ${retryCount} of ${maxRetries} after ${reason}`,
        logData({ retryCount, reason, durationMs: Date.now() - started }),
      );

    const headers = this.#headersFor(options.headers, json !== undefined);
    const hooks = new HookCaller([config.hooks, options.hooks], [config.apiKey]);
    const callId = nextCallId();
    const event = () => ({
      callId,
      operation: operation.name,
      method: operation.method,
      url,
      attempt: retries + 1,
    });
    const requestSent = () => {
      if (hooks.active) hooks.emit('onRequest', { ...event(), headers: hooks.headers(headers) });
    };
    const answered = (response: Response, since: number) => {
      if (!hooks.active) return;
      hooks.emit('onResponse', {
        ...event(),
        status: response.status,
        durationMs: Date.now() - since,
        requestId: requestIdOf(response.headers),
        headers: hooks.headers(response.headers),
      });
    };
    const retrying = (reason: string) => {
      if (hooks.active) hooks.emit('onRetry', { ...event(), reason });
    };
    // Whether any attempt may have reached the service: one in flight, or one that failed without being
    // turned away. A non-repeatable call aborted while none has was provably not sent.
    const attempts: Attempts = { inFlight: true, mayHaveReached: false, earlierMayHaveReached: false };
    const attemptEnded = (error: Error) => {
      attempts.inFlight = false;
      if (!turnedAway(error, options.signal)) attempts.mayHaveReached = true;
    };
    const attemptAll = async (): Promise<Result> => {
      for (;;) {
        attempts.inFlight = true;
        let attemptStarted = Date.now();
        requestSent();
        let status: number | undefined;
        let responseText: string;
        // ky times each attempt's headers with `timeout`; the body gets what is left of it (`readBody`).
        const bodyTimeout = new AbortController();
        const pending = http(url, {
          method: operation.method,
          headers,
          body: json,
          timeout,
          signal: callSignal ? AbortSignal.any([callSignal.signal, bodyTimeout.signal]) : bodyTimeout.signal,
          // ky asks after every failed attempt that has retries left, before any wait.
          retry: retryOptions(
            operation.retry,
            config.area.name,
            options.signal,
            maxRetries - retries,
            attemptEnded,
          ),
          hooks: {
            beforeRetry: [
              own(({ error }) => {
                if (!turnedAway(error, options.signal)) attempts.earlierMayHaveReached = true;
                if (isHTTPError(error)) answered(error.response, attemptStarted);
                attempts.inFlight = true;
                attemptStarted = Date.now();
                const reason = describeFailure(error);
                logRetry(++retries, reason);
                retrying(reason);
                requestSent();
              }),
            ],
          },
        });
        try {
          // The status is read from the settled response, not from an `afterResponse` hook: ky hands hooks a
          // clone, which tees (and buffers) every body.
          const response = await pending;
          status = response.status;
          answered(response, attemptStarted);
          responseText = await readBody(response, {
            ms: attemptStarted + timeout - Date.now(),
            maxBytes,
            stop: bodyTimeout,
          });
        } catch (error) {
          if (error instanceof BodyTooLargeError) {
            // A 2xx whose body is not needed has told all there is to tell: the service did it.
            if (!operation.response) return undefined as Result;
            // Our own bound, not the connection's failure: asking again would bring the same answer.
            throw this.#tooLarge(operation as Operation, call, status ?? 200, error.limit);
          }
          // ky's retries end once the headers are in: a 2xx whose body was then cut off (or stalled) is asked
          // for again here, when the operation is repeatable and retries are left.
          const cutOff =
            status !== undefined &&
            status < 300 &&
            !options.signal?.aborted &&
            !(error instanceof OwnFailure);
          if (status !== undefined && status < 300) attempts.mayHaveReached = true;
          if (cutOff && operation.retry === 'repeatable' && retries < maxRetries) {
            attempts.earlierMayHaveReached = true;
            const reason = `the answer was cut off (${describeFailure(error)})`;
            logRetry(++retries, reason);
            retrying(reason);
            try {
              await wait(backoff(retries), callSignal?.signal);
              continue;
            } catch {
              // Aborted while waiting: reported as the abort it is, below.
            }
          }
          // The last answer of a failed call (earlier ones were told before their retry).
          if (failureOf(error, options.signal) === 'answer')
            answered((error as HTTPError).response, attemptStarted);
          const settled = this.#alreadyDone(operation, call, error, options.signal, attempts);
          if (settled) return settled.result;
          const failure = translateFailure(error, {
            operation,
            call,
            signal: options.signal,
            attempts,
            area: config.area.name,
            apiKey: config.apiKey,
          });
          log?.debug(
            `${operation.name}: failed after ${Date.now() - started} ms: ${failure.name}: ${failure.message}`,
            logData({ status, durationMs: Date.now() - started, error: failure.name }),
          );
          throw failure;
        }
        log?.debug(
          `${operation.name}: ${status} in ${Date.now() - started} ms`,
          logData({ status, durationMs: Date.now() - started }),
        );
        return this.#read(operation, call, status, responseText);
      }
    };
    // The caller's signal may live as long as the process (a worker's shutdown signal): the call links to
    // it through one listener shared by every call on that signal, released as the call ends.
    const link = options.signal ? linkSignal(options.signal) : undefined;
    const callSignal = link?.controller;
    try {
      return await attemptAll();
    } catch (error) {
      if (hooks.active && error instanceof Error) {
        hooks.emit('onError', { ...event(), error, durationMs: Date.now() - started });
      }
      throw error;
    } finally {
      link?.unlink();
    }
  }

  /**
   * A call refused before anything was sent (its input or its options): `onError` hears of it as of any
   * failed call, with `attempt: 0`, and the operation's path as it is declared for `url`, since the
   * refused input may be what the path is made of. Integrators count errors there.
   */
  #refused(
    operation: Pick<Operation, 'name' | 'method' | 'path'>,
    requestOptions: unknown,
    error: unknown,
    started: number,
  ) {
    if (!(error instanceof Error)) return;
    let callHooks: Hooks | undefined;
    try {
      // The call's own hooks hear of it too, unless they are what was refused.
      callHooks = checkHooks((requestOptions as RequestOptions | undefined)?.hooks, 'hooks');
    } catch {}
    const hooks = new HookCaller([this.#config.hooks, callHooks], [this.#config.apiKey]);
    if (!hooks.active) return;
    hooks.emit('onError', {
      callId: nextCallId(),
      operation: operation.name,
      method: operation.method,
      url: `${this.#config.baseUrl}/${operation.path}`,
      attempt: 0,
      error,
      durationMs: Date.now() - started,
    });
  }

  #scrub<T>(value: T): T {
    return redact(value, [this.#config.apiKey]);
  }

  #prepare(operation: Omit<Operation, 'response' | 'result'>, call: Call) {
    const params = call.params ?? {};
    for (const [name, schema] of Object.entries(operation.params ?? {})) {
      checkInput(schema, params[name], name, [name]);
    }
    const json = operation.body
      ? serialise(operation.body, call.body, operation.name, operation.wireBody)
      : undefined;
    const url = new URL(`${this.#config.baseUrl}/${fillPath(operation.path, params)}`);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return { url: url.toString(), json };
  }

  /**
   * The message for a 2xx answer that cannot be used. After a non-repeatable request it says that the
   * service has acted on it: a manifest sent again because its answer did not parse is transmitted twice.
   */
  #badAnswer(operation: Operation, call: Call, status: number, problem: { read: string; acted: string }) {
    const name = operation.name;
    if (operation.retry === 'repeatable') return this.#scrub(`${name}: ${problem.read}`);
    const references = referencesOf(operation, call).join(', ') || 'the resource';
    return this.#scrub(
      `${name}: the service accepted the request (HTTP ${status}) but its answer ${problem.acted}; do not send it again without checking ${references}`,
    );
  }

  #tooLarge(operation: Operation, call: Call, status: number, limit: number) {
    const bound = `maxResponseBytes (${limit} bytes)`;
    const message = this.#badAnswer(operation, call, status, {
      read: `the answer is larger than ${bound}; reading stopped there`,
      acted: `is larger than ${bound}, so it was not read`,
    });
    return new ResponseTooLargeError(message, {
      operation: operation.name,
      limit,
      references: referencesOf(operation, call),
    });
  }

  /**
   * An answer that says the call's change is already in place (`doneWhenRetried` after an attempt whose
   * answer was lost, `alreadyDone` on any): the call's result then, else undefined.
   */
  #alreadyDone<Result>(
    operation: Pick<Operation<unknown, Result>, 'name' | 'doneWhenRetried' | 'alreadyDone'>,
    call: Call,
    error: unknown,
    signal: AbortSignal | undefined,
    attempts: Attempts,
  ): { result: Result } | undefined {
    if (failureOf(error, signal) !== 'answer') return undefined;
    const status = (error as HTTPError).response.status;
    const retried = operation.doneWhenRetried;
    const settled =
      retried && attempts.earlierMayHaveReached && retried.statuses.includes(status)
        ? { done: retried, why: 'after a retry: an earlier attempt had done it' }
        : operation.alreadyDone?.statuses.includes(status)
          ? { done: operation.alreadyDone, why: 'already as asked' }
          : undefined;
    if (!settled) return undefined;
    this.#logger?.info(`${operation.name}: ${status} ${settled.why}`, { operation: operation.name, status });
    return { result: settled.done.result(call) };
  }

  #read<Wire, Result>(
    operation: Operation<Wire, Result>,
    call: Call,
    status: number,
    responseText: string,
  ): Result {
    if (!operation.response) return undefined as Result;
    const bad = (problem: { read: string; acted: string }) =>
      this.#badAnswer(operation as Operation, call, status, problem);
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
        throw new ResponseValidationError(
          bad({
            read: `the service answered 2xx with a body that is not JSON${empty}`,
            acted: `is not JSON${empty}`,
          }),
          {
            issues: [{ path: [], message: 'not JSON' }],
            body: this.#scrub(responseText),
            operation: operation.name,
          },
        );
      }
    }
    const validation = operation.alwaysStrict ? 'strict' : this.#config.validation;
    if (validation !== 'off') {
      const found = findIssues(operation.response, body);
      if (found) {
        const issues = this.#scrub(found);
        const described = describeIssues(issues);
        const message = bad({
          read: `unexpected response: ${described}`,
          acted: `is not what was expected: ${described}`,
        });
        if (validation === 'strict') {
          throw new ResponseValidationError(message, {
            issues,
            body: this.#scrub(body),
            operation: operation.name,
          });
        }
        this.#logger?.warn(message, { operation: operation.name, issues });
      }
    }
    if (!operation.result) return body as Result;
    let result: Result | undefined;
    try {
      result = operation.result(body as Wire);
    } catch (error) {
      if (error instanceof ResponseValidationError) {
        throw new ResponseValidationError(error.message, {
          issues: error.issues,
          body: this.#scrub(error.body),
          operation: operation.name,
        });
      }
      result = undefined;
    }
    if (result === undefined) {
      const message = bad({
        read: 'the response does not hold the expected result',
        acted: 'does not hold the expected result',
      });
      throw new ResponseValidationError(message, {
        issues: [{ path: [], message: 'expected result not found' }],
        body: this.#scrub(body),
        operation: operation.name,
      });
    }
    return result;
  }
}

/**
 * The body as JSON text: one plain copy made by JSON's rules (`toJSON`, own fields only), checked, then
 * sent, so that what was checked is what goes on the wire. Made before anything is sent, a body JSON
 * cannot hold (a BigInt, a cycle, a getter that throws) is a `RequestValidationError` naming the field,
 * not a failure that looks like the network's.
 */
function serialise(schema: Schema, body: unknown, name: string, wireBody?: (body: never) => unknown): string {
  const notes: CopyNotes = { inherited: [] };
  let plain: unknown;
  try {
    plain = jsonCopy(body, notes);
  } catch (error) {
    if (!(error instanceof UncopiableBody)) throw error;
    const where = formatPath(error.issue.path);
    throw new RequestValidationError(
      `Invalid ${name} request: ${where === '' ? 'the body' : where}: ${error.issue.message}`,
      [error.issue],
    );
  }
  try {
    checkInput(schema, plain, `${name} request`);
  } catch (error) {
    if (!(error instanceof RequestValidationError) || notes.inherited.length === 0) throw error;
    const [first = ''] = notes.inherited;
    throw new RequestValidationError(
      `${error.message} (${first === '' ? 'the body' : first} has fields on its prototype, such as getters of a class, which JSON does not send: pass a plain object, or give it a toJSON())`,
      error.issues,
    );
  }
  let text: string | undefined;
  let problem = 'it has no JSON form';
  try {
    text = JSON.stringify(wireBody ? wireBody(plain as never) : plain);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (text === undefined) {
    const message = `the body cannot be sent as JSON: ${problem}`;
    throw new RequestValidationError(`Invalid ${name} request: ${message}`, [{ path: [], message }]);
  }
  return text;
}
