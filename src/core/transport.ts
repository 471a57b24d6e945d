import ky, { type HTTPError, isHTTPError, isTimeoutError, type KyInstance, type RetryOptions } from 'ky';
import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  ConsignkitError,
  InternalServerError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionDeniedError,
  RateLimitError,
  RequestAbortedError,
  RequestValidationError,
  ResponseValidationError,
  type SafeCause,
  TimeoutError,
} from './errors.js';
import {
  type AreaProfile,
  checkRequestOptions,
  type Logger,
  type RequestOptions,
  type ResolvedConfig,
  resolveMaxRetries,
  resolveTimeout,
} from './options.js';
import { redact, redactingLogger } from './redact.js';
import { checkInput, describeIssues, findIssues, type Schema } from './validation.js';
import { wait } from './wait.js';

/**
 * `repeatable`: doing it twice has the effect of doing it once (reads, full replaces, lock/unlock).
 * `non-repeatable`: doing it twice does it twice (create, pack, allocate, manifest, membership changes).
 */
export type RetryClass = 'repeatable' | 'non-repeatable';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One operation of the service, declared once: everything else is shared plumbing. */
export interface Operation<Wire = unknown, Result = Wire> {
  name: string;
  method: HttpMethod;
  /** Relative to the area's base URL; `{name}` placeholders are filled from checked, encoded params. */
  path: string;
  params?: Record<string, Schema>;
  body?: Schema;
  /**
   * The body as sent, from the checked input, for inputs that accept more spellings than the service reads
   * (strict in what is sent). Default: the input as given.
   */
  wireBody?: (body: never) => unknown;
  response?: Schema<Wire>;
  /** Turns the (checked) wire body into what the method returns; runs in every validation mode. */
  result?: (body: Wire) => Result | undefined;
  retry: RetryClass;
  /** A 2xx body that is not JSON is taken as text (Base64 sent bare instead of as a JSON string). */
  acceptsText?: boolean;
  /** What a 204 with no body means, where the service documents one; any other empty 2xx is an error. */
  whenEmpty?: Wire;
  /** Checked as in `'strict'` mode whatever the client's `validation`: what is read here is written back. */
  alwaysStrict?: boolean;
  /** The references a call names, for {@link OutcomeUnknownError}. Defaults to the path params. */
  references?: (call: Call) => string[];
  /**
   * Answers that mean "already done" once an earlier attempt may have acted and its answer was lost (a
   * timeout, a failed connection, a 5xx, then a retry): a retried lock that meets "already locked" has
   * locked. Read then as success, with `result(call)`. A first attempt that meets them gets its error,
   * since nothing was lost.
   */
  doneWhenRetried?: { statuses: readonly number[]; result: (call: Call) => Result };
  /**
   * Answers that mean "already as asked" on any attempt: a shipment added to a group it is already in
   * (304 in the data contracts). Read as success, with `result(call)`.
   */
  alreadyDone?: { statuses: readonly number[]; result: (call: Call) => Result };
}

export interface Call {
  params?: Record<string, unknown>;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
}

export function defineOperation<Wire = unknown, Result = Wire>(operation: Operation<Wire, Result>) {
  return operation;
}

/** Statuses worth another attempt of a repeatable operation. */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses that, with `Retry-After`, mean the service turned the request away without acting on it. */
const TURNED_AWAY_STATUS = new Set([429, 503]);
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
/** A server that asks for a longer wait than this gets an error, not a sleeping caller. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** ky's retry settings; `shouldRetry` (per retry class) has the last word on every attempt. */
const RETRY_DEFAULTS: RetryOptions = {
  methods: ['get', 'put', 'post', 'delete'],
  statusCodes: [...RETRYABLE_STATUS],
  // Every retried status waits what its `Retry-After` asks; which ones a non-repeatable operation may
  // retry at all (429 and 503, turned away) is `shouldRetry`'s call.
  afterStatusCodes: [...RETRYABLE_STATUS],
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  jitter: true,
};

export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
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

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function field(body: unknown, ...names: string[]): unknown {
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

type AreaName = AreaProfile['name'];

/**
 * Whether a 429 is a broken rule rather than throttling. Area B documents its 429 as `conflict`, a rule
 * conflict, and documents no throttling; its codes change without notice, so there only a `Retry-After`
 * makes a 429 throttling. Anywhere, the code `conflict` is a rule: waiting will not fix it.
 */
function isRuleConflict(area: AreaName, code: unknown, headers: Headers): boolean {
  return code === 'conflict' || (area === 'shipments' && retryAfterMs(headers) === undefined);
}

/** Builds the right {@link ApiError} subclass from either area's error body (PascalCase or snake_case). */
export function apiErrorFrom(
  status: number,
  headers: Headers,
  rawBody: unknown,
  operation: string,
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

/** The attempt's time ran out while its 2xx body was still arriving. */
class BodyTimeoutError extends Error {
  override name = 'BodyTimeoutError';
}

/**
 * What went wrong with an attempt. Anything fetch throws that is not an answer, a timeout or the caller's
 * abort is a connection failure, whatever its class or message: a custom fetch's `FetchError` with
 * `code: 'ECONNREFUSED'`, a `TypeError('Network error')` caused by `ECONNRESET`, undici's `fetch failed`.
 * (ky's own network-error check knows only some runtimes' messages.)
 */
type Failure = 'answer' | 'timeout' | 'aborted' | 'connection';

function failureOf(error: unknown, signal: AbortSignal | undefined): Failure {
  if (isHTTPError(error)) return 'answer';
  if (signal?.aborted) return 'aborted';
  if (isTimeoutError(error) || error instanceof BodyTimeoutError) return 'timeout';
  return 'connection';
}

/**
 * The body's text, unless the attempt's time runs out first: then `stop` is aborted (which ends the
 * download) and the read fails with a {@link BodyTimeoutError}. ky would give the body a fresh `timeout`
 * of its own, so that headers at 450 ms and a body at 900 ms passed a 500 ms timeout.
 */
async function readWithin(response: Response, ms: number, stop: AbortController): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => {
        const error = new BodyTimeoutError('the answer did not arrive in full before the timeout');
        reject(error);
        stop.abort(error);
      },
      Math.max(0, ms),
    );
  });
  try {
    return await Promise.race([response.text(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a failed attempt provably did not reach the service: a 429/503 carrying `Retry-After` (the
 * service turned it away without acting on it), or a connection that never opened.
 */
function turnedAway(error: unknown, signal: AbortSignal | undefined): boolean {
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
function retryDecision(
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

function neverConnected(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && NEVER_CONNECTED_CODES.has(code);
}

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

  readonly #http: KyInstance;
  /** The default `accept`, then the client's extra headers: the start of every request's headers. */
  readonly #clientHeaders: Headers;

  constructor(config: ResolvedConfig) {
    this.#config = config;
    this.#logger = redactingLogger(config.logger, [config.apiKey]);
    this.#clientHeaders = new Headers({ accept: 'application/json' });
    for (const [name, value] of Object.entries(config.headers)) this.#clientHeaders.set(name, value);
    // Redirects are answers, not instructions: followed, fetch would take the key to whatever host the
    // `Location` names, and turn a redirected POST (a lock, a manifest) into a GET that reads as success.
    // `parseJson` keeps an error body labelled JSON that does not parse as its text: ky would drop it.
    this.#http = ky.create({ fetch: config.fetch, redirect: 'manual', parseJson: parseBody });
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
    const options = checkRequestOptions(requestOptions);
    const { url, json } = this.#prepare(operation, call);
    if (options.signal?.aborted) {
      throw new RequestAbortedError(
        `${operation.name}: the signal was aborted before sending; nothing was sent`,
        operation.name,
      );
    }
    const config = this.#config;
    const maxRetries = resolveMaxRetries(options.maxRetries ?? config.maxRetries);
    const timeout = resolveTimeout(options.timeout ?? config.timeout);
    const started = Date.now();
    const log = this.#logger;
    log?.debug(`${operation.name}: ${operation.method} ${url}`, { operation: operation.name });
    const logRetry = (retryCount: number, reason: string) =>
      log?.info(`${operation.name}: retry ${retryCount} of ${maxRetries} after ${reason}`, {
        operation: operation.name,
        retryCount,
      });

    const headers = this.#headersFor(options.headers, json !== undefined);
    // Whether any attempt may have reached the service: one in flight, or one that failed without being
    // turned away. A non-repeatable call aborted while none has was provably not sent.
    const attempts = { inFlight: true, mayHaveReached: false, earlierMayHaveReached: false };
    const attemptEnded = (error: Error) => {
      attempts.inFlight = false;
      if (!turnedAway(error, options.signal)) attempts.mayHaveReached = true;
    };
    let retries = 0;
    for (;;) {
      attempts.inFlight = true;
      let attemptStarted = Date.now();
      let status: number | undefined;
      let responseText: string;
      // ky times each attempt's headers with `timeout`; the body gets what is left of it (`readWithin`).
      const bodyTimeout = new AbortController();
      const pending = this.#http(url, {
        method: operation.method,
        headers,
        body: json,
        timeout,
        signal: options.signal ? AbortSignal.any([options.signal, bodyTimeout.signal]) : bodyTimeout.signal,
        retry: {
          ...RETRY_DEFAULTS,
          limit: maxRetries - retries,
          // ky asks after every failed attempt that has retries left, before any wait.
          shouldRetry: ({ error }) => {
            attemptEnded(error);
            return retryDecision(operation.retry, config.area.name, error, options.signal);
          },
        },
        hooks: {
          beforeRetry: [
            ({ error }) => {
              if (!turnedAway(error, options.signal)) attempts.earlierMayHaveReached = true;
              attempts.inFlight = true;
              attemptStarted = Date.now();
              logRetry(++retries, describeFailure(error));
            },
          ],
        },
      });
      try {
        // The status is read from the settled response, not from an `afterResponse` hook: ky hands hooks a
        // clone, which tees (and buffers) every body.
        const response = await pending;
        status = response.status;
        responseText = await readWithin(response, attemptStarted + timeout - Date.now(), bodyTimeout);
      } catch (error) {
        // ky's retries end once the headers are in: a 2xx whose body was then cut off (or stalled) is asked
        // for again here, when the operation is repeatable and retries are left.
        const cutOff = status !== undefined && status < 300 && !options.signal?.aborted;
        if (status !== undefined && status < 300) attempts.mayHaveReached = true;
        if (cutOff && operation.retry === 'repeatable' && retries < maxRetries) {
          attempts.earlierMayHaveReached = true;
          logRetry(++retries, `the answer was cut off (${describeFailure(error)})`);
          try {
            await wait(backoff(retries), options.signal);
            continue;
          } catch {
            // Aborted while waiting: reported as the abort it is, below.
          }
        }
        const answered = failureOf(error, options.signal) === 'answer';
        const answer = answered ? (error as HTTPError).response.status : undefined;
        const done = operation.doneWhenRetried;
        if (
          done &&
          attempts.earlierMayHaveReached &&
          answer !== undefined &&
          done.statuses.includes(answer)
        ) {
          log?.info(`${operation.name}: ${answer} after a retry: an earlier attempt had done it`, {
            operation: operation.name,
            status: answer,
          });
          return done.result(call);
        }
        const already = operation.alreadyDone;
        if (already && answer !== undefined && already.statuses.includes(answer)) {
          log?.info(`${operation.name}: ${answer}: already as asked`, {
            operation: operation.name,
            status: answer,
          });
          return already.result(call);
        }
        const failure = this.#translate(error, operation, call, options, attempts);
        log?.debug(
          `${operation.name}: failed after ${Date.now() - started} ms: ${failure.name}: ${failure.message}`,
          { operation: operation.name },
        );
        throw failure;
      }
      log?.debug(`${operation.name}: ${status} in ${Date.now() - started} ms`, {
        operation: operation.name,
        status,
      });
      return this.#read(operation, call, status, responseText);
    }
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
    const references = (operation.references ?? defaultReferences)(call).join(', ') || 'the resource';
    return this.#scrub(
      `${name}: the service accepted the request (HTTP ${status}) but its answer ${problem.acted}; do not send it again without checking ${references}`,
    );
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

  #translate(
    error: unknown,
    operation: Omit<Operation, 'response' | 'result'>,
    call: Call,
    options: RequestOptions,
    attempts: { inFlight: boolean; mayHaveReached: boolean },
  ): Error {
    if (error instanceof ConsignkitError) return error;
    const name = operation.name;
    const failure = failureOf(error, options.signal);
    if (failure === 'answer') {
      const { response, data } = error as HTTPError;
      return apiErrorFrom(response.status, response.headers, data, name, this.#config.area.name, [
        this.#config.apiKey,
      ]);
    }
    const references = () => (operation.references ?? defaultReferences)(call);
    // What a failure says comes from below (fetch, a proxy, a custom fetch): it may quote the key.
    const described = this.#scrub(describeFailure(error));
    const cause = this.#scrub(safeCause(error));
    const unknownOutcome = (reason: OutcomeUnknownError['reason'], what: string) =>
      new OutcomeUnknownError(
        `${name}: ${what}; the request may have reached the service and was not retried. Check ${
          references().join(', ') || 'the resource'
        } before trying again`,
        { operation: name, references: references(), reason, cause },
      );
    if (failure === 'aborted') {
      if (operation.retry === 'repeatable')
        return new RequestAbortedError(`${name}: the request was aborted`, name);
      if (attempts.inFlight || attempts.mayHaveReached)
        return unknownOutcome('aborted', 'the request was aborted');
      return new RequestAbortedError(
        `${name}: the request was aborted while waiting to send it again; the service had turned every attempt away (or none connected), so nothing reached it`,
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
}

/**
 * The checked body as JSON text. Serialising it here, before anything is sent, makes a body JSON cannot
 * hold (a BigInt, a cycle) a `RequestValidationError` and not a failure that looks like the network's.
 */
function serialise(schema: Schema, body: unknown, name: string, wireBody?: (body: never) => unknown): string {
  checkInput(schema, body, `${name} request`);
  let text: string | undefined;
  let problem = 'it has no JSON form';
  try {
    text = JSON.stringify(wireBody ? wireBody(body as never) : body);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (text === undefined) {
    const message = `the body cannot be sent as JSON: ${problem}`;
    throw new RequestValidationError(`Invalid ${name} request: ${message}`, [{ path: [], message }]);
  }
  return text;
}

/** ky's own backoff for the same attempt: exponential from 300 ms, with full jitter. */
function backoff(retryCount: number): number {
  return Math.random() * 300 * 2 ** (retryCount - 1);
}

function defaultReferences(call: Call): string[] {
  return Object.values(call.params ?? {}).filter((value): value is string => typeof value === 'string');
}

function describeFailure(error: unknown): string {
  if (isHTTPError(error)) return `HTTP ${error.response.status}`;
  if (isTimeoutError(error) || error instanceof BodyTimeoutError) return 'a timeout';
  const code = errorCode(error);
  const message =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return code ? `${code}: ${message}` : message;
}
