import { ConfigurationError } from './errors.js';
import { checkHooks, type Hooks } from './hooks.js';
import type { Ledger } from './ledger-contract.js';
import type { Logger } from './logger.js';
import { type AppInfo, checkAppInfo } from './user-agent.js';

/**
 * A fetch-compatible function: `globalThis.fetch`, undici's, a test double, or one that adds a proxy
 * or tracing. It receives every request, credentials included, so only pass one you trust.
 */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** `sandbox` (the default) or `production`: each has its own base URLs and its own keys. */
export type Environment = 'sandbox' | 'production';

/**
 * How a 2xx answer is checked against its schema: `strict` (the default) throws
 * {@link ResponseValidationError}, `warn` logs the issues and returns the body as received, `off` skips
 * the check.
 */
export type ValidationMode = 'strict' | 'warn' | 'off';

/**
 * Options of {@link OrdersClient} and {@link ShipmentsClient}. All are optional: a client built with none
 * reads its key and environment from environment variables.
 */
export interface ClientOptions {
  /**
   * The API key of the environment in use. Default: the area's environment variable
   * (`CONSIGNKIT_ORDERS_API_KEY` or `CONSIGNKIT_SHIPMENTS_API_KEY`), then `CONSIGNKIT_API_KEY`; missing
   * everywhere, the constructor throws {@link ConfigurationError}. Surrounding whitespace is trimmed.
   */
  apiKey?: string | undefined;
  /**
   * `'sandbox'` or `'production'`, in any case (`Production` too). Default: `CONSIGNKIT_ENVIRONMENT`,
   * then `'sandbox'`.
   */
  environment?: Environment | Capitalize<Environment> | Uppercase<Environment> | undefined;
  /**
   * Replaces the whole base URL (host and path), for proxies and the mock. Default:
   * `CONSIGNKIT_ORDERS_BASE_URL` or `CONSIGNKIT_SHIPMENTS_BASE_URL` (so that an app can be pointed at
   * `consignkit mock` without code), then the environment's URL (area A `https://apisandbox.electioapp.com` or `https://api.electioapp.com`; area B
   * `https://api.sorted.com/prosandbox` or `https://api.sorted.com/pro`). It must be an absolute `http:`
   * or `https:` URL without credentials, query or fragment (`http://localhost:4010/orders-api`, not
   * `localhost:4010/orders-api`); anything else is a {@link ConfigurationError} naming the option or
   * variable it came from, and never showing credentials.
   */
  baseUrl?: string | undefined;
  /**
   * Milliseconds each attempt may take, from sending to the last byte of a 2xx answer: its headers and
   * body share one deadline, so a body still arriving when it passes is a timeout. For an error answer
   * the headers must arrive within `timeout`, and its body is read for at most another `timeout` (past
   * that, the error carries no `body`). Waits between attempts do not count. Default 30 000.
   */
  timeout?: number | undefined;
  /**
   * Retries after the first attempt, where the operation's class allows them (see the clients). Default
   * 2; 0 disables retries.
   */
  maxRetries?: number | undefined;
  /** The fetch that sends every request. Default `globalThis.fetch`. */
  fetch?: FetchLike | undefined;
  /**
   * Extra headers on every request (tracing…). They cannot replace the key or version headers; a
   * `User-Agent` here replaces the SDK's. A value that cannot be sent (a line break…), or a header that
   * fetch forbids or that changes the request's framing (`content-length`, `transfer-encoding`, `host`,
   * `connection`, `expect`, `keep-alive`, `upgrade`, `cookie`, `proxy-*`, `sec-*`…), is a
   * {@link ConfigurationError}.
   */
  headers?: Record<string, string> | undefined;
  /**
   * Your application, appended to the `User-Agent` every request carries
   * (`consignkit/<version> (<runtime>/<version>) <name>/<version> (+<url>)`), so that the service's
   * support staff can see who calls. A name or version that is not an HTTP token is a
   * {@link ConfigurationError}. In a browser no `User-Agent` is set: the browser sends its own.
   */
  appInfo?: AppInfo | undefined;
  /** Where to log requests, retries and validation warnings, redacted. Default: no logging. */
  logger?: Logger | undefined;
  /**
   * Called before each attempt, on each answer, before each retry and when a call fails: for tracing,
   * metrics and request ids. See {@link Hooks}. A call's own `hooks` run as well.
   */
  hooks?: Hooks | undefined;
  /** How 2xx answers are checked. Default `'strict'`. */
  validation?: ValidationMode | undefined;
  /**
   * The largest 2xx body read, in bytes, counted after decompression (a gzip answer is measured as it
   * inflates). Past it the read stops at once and the call ends in {@link consignkit!ResponseTooLargeError}, never
   * retried. Default 67 108 864 (64 MiB, far above the largest label or manifest); at most 524 288 000
   * (500 MiB, below the longest string JavaScript can hold). Error bodies are read up to 10 MiB, past
   * which the error carries no `body`.
   */
  maxResponseBytes?: number | undefined;
  /**
   * A durable record of non-repeatable operations (`consignkit/ledger`: `createPostgresLedger`,
   * `createMemoryLedger`). With it, every operation that must not be repeated (create, allocate,
   * manifest, cancel…) is claimed before it is sent and its outcome recorded after, so that no two
   * calls, in any process sharing it, send it twice: see `docs/scale.md`. Repeatable reads never touch
   * it. Default: none.
   */
  ledger?: Ledger | undefined;
}

/** The last, optional argument of every client method: settings for that call only. */
export interface RequestOptions {
  /**
   * Aborts the call. A repeatable call then ends in {@link RequestAbortedError}; so does a non-repeatable
   * one that provably never reached the service (not sent yet, or waiting out a `Retry-After` after every
   * attempt was turned away). A non-repeatable one that may have reached it ends in
   * {@link OutcomeUnknownError}.
   */
  signal?: AbortSignal | undefined;
  /** The client's `timeout` (per attempt, headers and 2xx body together), for this call. Default: the client's. */
  timeout?: number | undefined;
  /** Retries after the first attempt, for this call. Default: the client's `maxRetries`. */
  maxRetries?: number | undefined;
  /**
   * Extra headers for this call, over the client's `headers`. They cannot replace the key or version
   * headers. One that cannot be sent, or that fetch forbids or that changes framing (as the client's
   * `headers`), is a {@link ConfigurationError} before anything is sent.
   */
  headers?: Record<string, string> | undefined;
  /** The client's `maxResponseBytes` (the largest 2xx body read), for this call. Default: the client's. */
  maxResponseBytes?: number | undefined;
  /** Hooks for this call, called after the client's: how to read one call's status and request id. */
  hooks?: Hooks | undefined;
  /**
   * `true` sends fields of the request body that the SDK does not know, as written: for a field the
   * service has added since this version. By default such a field is a {@link RequestValidationError}
   * before anything is sent, naming the fields known there: sent, the service would ignore it without a
   * word (`GiftMessageForCourier` for `CourierInstructions`). A near miss of a known field (`Wieght`) is
   * refused either way; mark it with {@link withExtraFields} if it is meant. Answers are never affected:
   * fields the service adds to them are always kept.
   */
  allowUnknownFields?: boolean | undefined;
  /**
   * With a `ledger`, a creation needs its customer reference (`ConsignmentReferenceProvidedByCustomer`,
   * `OrderReferenceProvidedByCustomer`, `custom_reference`): without one, nothing can find it if its answer
   * is lost, and the call is refused before sending. `true` sends it all the same, knowingly unsettleable.
   */
  createWithoutCustomerReference?: boolean | undefined;
}

/** What differs between the two areas of the service. */
export interface AreaProfile {
  name: 'orders' | 'shipments';
  urls: Record<Environment, string>;
  keyHeader: string;
  versionHeader: readonly [name: string, value: string];
  keyVariable: string;
  /** The environment variable that replaces the base URL (`consignkit mock`, a proxy). */
  baseUrlVariable: string;
}

export const ORDERS_AREA: AreaProfile = {
  name: 'orders',
  urls: { production: 'https://api.electioapp.com', sandbox: 'https://apisandbox.electioapp.com' },
  keyHeader: 'ocp-apim-subscription-key',
  versionHeader: ['electio-api-version', '1.1'],
  keyVariable: 'CONSIGNKIT_ORDERS_API_KEY',
  baseUrlVariable: 'CONSIGNKIT_ORDERS_BASE_URL',
};

export const SHIPMENTS_AREA: AreaProfile = {
  name: 'shipments',
  urls: { production: 'https://api.sorted.com/pro', sandbox: 'https://api.sorted.com/prosandbox' },
  keyHeader: 'x-api-key',
  versionHeader: ['x-api-version', '1.1'],
  keyVariable: 'CONSIGNKIT_SHIPMENTS_API_KEY',
  baseUrlVariable: 'CONSIGNKIT_SHIPMENTS_BASE_URL',
};

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;
/** 64 MiB: far above the largest label or manifest (a few MB of Base64). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 2 ** 20;
/** 500 MiB: a decoded body must fit in one string, and V8's longest is just under 512 Mi characters. */
export const MAX_RESPONSE_BYTES_CEILING = 500 * 2 ** 20;

/** Options after defaults and environment variables are applied. */
export interface ResolvedConfig {
  area: AreaProfile;
  apiKey: string;
  environment: Environment;
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  fetch: FetchLike | undefined;
  headers: Record<string, string>;
  logger: Logger | undefined;
  hooks: Hooks | undefined;
  validation: ValidationMode;
  maxResponseBytes: number;
  appInfo: AppInfo | undefined;
  ledger: Ledger | undefined;
}

function readEnv(name: string): string | undefined {
  // The root entry must run where `process` does not exist (edge runtimes, browsers).
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

function nonNegativeInteger(value: number, option: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(`${option} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

export function resolveTimeout(value: number, option = 'timeout'): number {
  if (!Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new ConfigurationError(`${option} must be a positive number of milliseconds, got ${String(value)}`);
  }
  return value;
}

export function resolveMaxRetries(value: number, option = 'maxRetries'): number {
  return nonNegativeInteger(value, option);
}

export function resolveMaxResponseBytes(value: number, option = 'maxResponseBytes'): number {
  if (!Number.isInteger(value) || value <= 0 || value > MAX_RESPONSE_BYTES_CEILING) {
    throw new ConfigurationError(
      `${option} must be a whole number of bytes from 1 to ${MAX_RESPONSE_BYTES_CEILING}, got ${String(value)}`,
    );
  }
  return value;
}

/** Leading and trailing HTTP whitespace, which `Headers` strips from every value it sends. */
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Whether `Headers` accepts this name and value (no line break, NUL or character beyond Latin-1). */
function isSendableHeader(name: string, value: string): boolean {
  try {
    new Headers([[name, value]]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Headers the fetch standard forbids a caller to set, or that change how the request is framed on the
 * wire: fetch refuses some (`content-length`, `transfer-encoding`, `expect`, `keep-alive`, `upgrade`,
 * `connection`) only as it sends, which would read as a failure that may have reached the service, and a
 * browser silently drops the others. Refused before sending, like any other header that cannot be sent.
 */
const FORBIDDEN_HEADERS = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'access-control-request-private-network',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
  'x-http-method',
  'x-http-method-override',
  'x-method-override',
]);

function isForbiddenHeader(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return FORBIDDEN_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-');
}

/**
 * Checks extra headers before anything is sent. The error names the header, never its value: a value may
 * be a credential of its own (an `Authorization` for a proxy).
 */
export function checkHeaders(headers: unknown, option: string): Record<string, string> {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    throw new ConfigurationError(`${option} must be an object of header names and string values`);
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') {
      throw new ConfigurationError(`${option}: the value of '${name}' must be a string, got ${typeof value}`);
    }
    if (isForbiddenHeader(name)) {
      throw new ConfigurationError(
        `${option}: '${name}' cannot be set by the caller: fetch forbids or sets it`,
      );
    }
    if (!isSendableHeader(name, value)) {
      throw new ConfigurationError(
        `${option}: '${name}' is not a valid header name, or its value holds a line break, a NUL or a character beyond Latin-1`,
      );
    }
  }
  return headers as Record<string, string>;
}

/**
 * Checks a call's options before anything is sent, so that a bad one is a `ConfigurationError` and not a
 * failure of the request that reads as if it may have reached the service.
 */
export function checkRequestOptions(options: unknown): RequestOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ConfigurationError('The request options must be an object');
  }
  const { signal, headers, hooks, allowUnknownFields } = options as RequestOptions;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ConfigurationError('signal must be an AbortSignal');
  }
  if (allowUnknownFields !== undefined && typeof allowUnknownFields !== 'boolean') {
    throw new ConfigurationError(
      `allowUnknownFields must be true or false, got ${typeof allowUnknownFields}`,
    );
  }
  if (headers !== undefined) checkHeaders(headers, 'headers');
  checkHooks(hooks, 'hooks');
  return options;
}

/**
 * The key as it will be sent. `Headers` strips surrounding whitespace (a key read from a file keeps its
 * line break), so the key is trimmed here too: redaction must look for what the service can echo back.
 * The error never shows the key.
 */
function resolveApiKey(area: AreaProfile, given: unknown): string {
  const apiKey = given ?? readEnv(area.keyVariable) ?? readEnv('CONSIGNKIT_API_KEY');
  if (apiKey === undefined || apiKey === '') {
    throw new ConfigurationError(
      `No API key for the ${area.name} API: pass apiKey, or set ${area.keyVariable} or CONSIGNKIT_API_KEY`,
    );
  }
  if (typeof apiKey !== 'string')
    throw new ConfigurationError(`apiKey must be a string, got ${typeof apiKey}`);
  const trimmed = apiKey.replace(HTTP_WHITESPACE, '');
  if (trimmed === '') throw new ConfigurationError(`The API key for the ${area.name} API is blank`);
  if (!isSendableHeader(area.keyHeader, trimmed)) {
    throw new ConfigurationError(
      `The API key for the ${area.name} API cannot be sent in a header: it holds a line break, a NUL or a character beyond Latin-1 (pasted with it?)`,
    );
  }
  return trimmed;
}

/** The area's base URL under `consignkit mock`, as an example of a URL written in full. */
const mockUrlOf = (area: AreaProfile) => `http://localhost:4010/${area.name}-api`;

/** A URL as it may be shown in an error: whatever stands before an `@` of its authority is hidden. */
function showUrl(text: string): string {
  return text.replace(/^([^/?#]*\/\/)[^/?#]*@/, '$1***@');
}

/**
 * The base URL, from the `baseUrl` option, the area's variable, or the environment. It must be an
 * absolute `http:` or `https:` URL without credentials, query or fragment: anything else fails at
 * construction, naming where it came from, rather than at the first call as a failure that reads as if
 * the request may have been sent (`file:`, `data:`), or as "fetch failed" (`localhost:4010/api`, which is
 * a URL of the scheme `localhost:`). Credentials are never echoed.
 */
function resolveBaseUrl(area: AreaProfile, given: unknown, environment: Environment): string {
  const fromVariable = given === undefined ? readEnv(area.baseUrlVariable) : undefined;
  const value = given ?? fromVariable ?? area.urls[environment];
  const source = fromVariable === undefined ? 'baseUrl' : area.baseUrlVariable;
  if (typeof value !== 'string')
    throw new ConfigurationError(`${source} must be a string, got ${typeof value}`);
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  if (url === undefined) {
    throw new ConfigurationError(
      `${source} is not an absolute URL: '${showUrl(value)}' (write it with its scheme, such as '${mockUrlOf(area)}')`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // `user:password@host` parses as the scheme `user:`: a scheme is shown only when no `@` follows.
    const scheme = value.includes('@') ? '' : `, got the scheme '${url.protocol}'`;
    const hint = /^\d/.test(value.trim().slice(url.protocol.length))
      ? ' (a host and port without http:// or https:// before it?)'
      : '';
    throw new ConfigurationError(`${source} must be an http: or https: URL${scheme}${hint}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigurationError(
      `${source} must not hold credentials (user or password before '@'): the SDK sends the API key; give a proxy its credentials through a custom fetch`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigurationError(
      `${source} must not hold a query or a fragment: each request's path is appended to it, got '${showUrl(value)}'`,
    );
  }
  return value.trim().replace(/\/+$/, '');
}

/**
 * An environment as every entry reads its name (the `environment` option, `CONSIGNKIT_ENVIRONMENT`, the
 * commands' `--environment`): `Production` from a deployment's settings means production, so the names
 * are matched without case and around spaces. `undefined` for anything else, which each refuses.
 */
export function environmentNamed(named: unknown): Environment | undefined {
  if (typeof named !== 'string') return undefined;
  const environment = named.trim().toLowerCase();
  return environment === 'sandbox' || environment === 'production' ? environment : undefined;
}

export function resolveConfig(area: AreaProfile, options: ClientOptions = {}): ResolvedConfig {
  const apiKey = resolveApiKey(area, options.apiKey);
  const named = options.environment ?? readEnv('CONSIGNKIT_ENVIRONMENT') ?? 'sandbox';
  const environment = environmentNamed(named);
  if (environment === undefined) {
    throw new ConfigurationError(`environment must be 'sandbox' or 'production', got '${String(named)}'`);
  }
  const baseUrl = resolveBaseUrl(area, options.baseUrl, environment);
  const validation = options.validation ?? 'strict';
  if (!['strict', 'warn', 'off'].includes(validation)) {
    throw new ConfigurationError(`validation must be 'strict', 'warn' or 'off', got '${String(validation)}'`);
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('fetch must be a function');
  }
  return {
    area,
    apiKey,
    environment,
    baseUrl,
    timeout: resolveTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS),
    maxRetries: resolveMaxRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES),
    fetch: options.fetch,
    headers: options.headers === undefined ? {} : { ...checkHeaders(options.headers, 'headers') },
    logger: options.logger,
    hooks: checkHooks(options.hooks, 'hooks'),
    validation,
    maxResponseBytes: resolveMaxResponseBytes(options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
    appInfo: checkAppInfo(options.appInfo),
    ledger: checkLedger(options.ledger),
  };
}

function checkLedger(ledger: unknown): Ledger | undefined {
  if (ledger === undefined) return undefined;
  const methods = ['claim', 'record', 'list', 'settle'] as const;
  if (
    ledger === null ||
    typeof ledger !== 'object' ||
    methods.some((method) => typeof (ledger as Record<string, unknown>)[method] !== 'function')
  ) {
    throw new ConfigurationError(
      "ledger must be a Ledger: createPostgresLedger or createMemoryLedger from 'consignkit/ledger'",
    );
  }
  return ledger as Ledger;
}
