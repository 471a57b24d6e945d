/**
 * The error hierarchy. Every error the SDK throws extends {@link ConsignkitError}; none of them holds
 * the outgoing request, its headers or anything else that could carry an API key.
 */

/** The name of an {@link ApiError}: its own class's, one per HTTP status family. */
export type ApiErrorName =
  | 'ApiError'
  | 'BadRequestError'
  | 'AuthenticationError'
  | 'PermissionDeniedError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'RateLimitError'
  | 'InternalServerError';
/** The name of a {@link ResponseValidationError}: its own, or `ResponseTooLargeError`. */
export type ResponseValidationErrorName = 'ResponseValidationError' | 'ResponseTooLargeError';
/** The name of an allocation's error: area A's, or area B's subclass. */
export type AllocationErrorName = 'AllocationError' | 'ShipmentAllocationError';
/** The name of a printer's error (`consignkit/node`'s `printZpl`). */
export type PrinterErrorName = 'PrinterError' | 'PrinterUnreachableError' | 'PrinterTimeoutError';
/**
 * Every error class's name: `error.name` is typed as its own class's literal (`'NotFoundError'`), so a
 * `switch (error.name)` is checked for typos and exhaustiveness.
 */
export type ConsignkitErrorName =
  | 'ConsignkitError'
  | 'ConfigurationError'
  | 'RequestValidationError'
  | 'TimeoutError'
  | 'ConnectionError'
  | 'RequestAbortedError'
  | 'OutcomeUnknownError'
  | 'DocumentError'
  | AllocationErrorName
  | 'LedgerError'
  | 'OperationInFlightError'
  | 'OperationAlreadyDoneError'
  | ApiErrorName
  | ResponseValidationErrorName
  | PrinterErrorName;

import type { OperationName } from './operation-names.js';
import { type Call, rememberCall, settlingPartOf } from './remembered-call.js';
import type { ValidationIssue } from './validation-issue.js';

export type { ValidationIssue } from './validation-issue.js';

/** Where each error lists its class names, the same symbol in every copy of consignkit. */
const CLASSES = Symbol.for('consignkit.errorClasses');

/**
 * The base class of every error consignkit throws: `catch (error) { if (error instanceof
 * ConsignkitError) … }` tells the SDK's errors from everything else. Branch on the subclass, and on
 * `status` and `code` for an {@link ApiError}, never on `message`. No error, its `message`, `String()`,
 * `JSON.stringify()` or `util.inspect()` ever contains an API key.
 */
export class ConsignkitError extends Error {
  /** The class's name (`'NotFoundError'`…), as `String(error)` and stack traces show it, even minified. */
  override name: ConsignkitErrorName = 'ConsignkitError';

  /**
   * Whether `value` is an error of this class or a subclass, thrown by any copy of consignkit in the
   * process. `instanceof` fails across copies (the ESM and the CommonJS build loaded side by side, or two
   * versions in `node_modules`); this does not: `if (OutcomeUnknownError.is(error)) …`.
   */
  static is<T extends ConsignkitError>(
    this: abstract new (
      ...args: never[]
    ) => T,
    value: unknown,
  ): value is T {
    if (value === null || typeof value !== 'object') return false;
    const classes = (value as { [CLASSES]?: unknown })[CLASSES];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `is` is called on, a subclass too.
    return Array.isArray(classes) && classes.includes(this.name);
  }

  /** The names of this error's classes, itself first: what {@link ConsignkitError.is} reads, in any copy. */
  get [CLASSES](): string[] {
    const names: string[] = [];
    for (
      let proto = Object.getPrototypeOf(this);
      proto && proto !== Error.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      names.push(proto.constructor.name);
    }
    return names;
  }

  /**
   * What `JSON.stringify(error)` writes: `name`, `message` and the fields of its class (`status`, `code`,
   * `issues`…), so that a log shipped as JSON keeps them. None holds the API key.
   */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...Object.fromEntries(Object.entries(this)) };
  }
}

/**
 * Bad or missing client options, found at construction (no API key, an unknown `environment`, a
 * `baseUrl` that is not a URL…) or in a call's {@link RequestOptions}. Nothing was sent.
 */
export class ConfigurationError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'ConfigurationError' as const;
}

/**
 * The input was rejected before anything was sent: a missing or badly typed field, a reference of the
 * wrong kind, a misspelt option. `message` names the first problems; `issues` holds them all.
 */
export class RequestValidationError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'RequestValidationError' as const;
  /** Every problem found, each with the path to the offending field. */
  readonly issues: ValidationIssue[];
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, issues: ValidationIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/**
 * A 2xx answer did not match its schema, or was not JSON at all, with the client's `validation` set to
 * `'strict'` (the default; `'warn'` logs and returns the body instead). `patchOrder` checks the order it
 * reads whatever the setting, because a wrong read written back would delete data.
 *
 * After a non-repeatable operation (a manifest, a pack, an allocation…) the service has acted on the
 * request: the message says so ("the service accepted the request (HTTP 200) but its answer …; do not
 * send it again without checking …"). Check the references it names before sending again: a manifest
 * sent twice is transmitted to the carrier twice.
 */
export class ResponseValidationError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name: ResponseValidationErrorName = 'ResponseValidationError';
  /** Every problem found, each with the path to the offending field of the body. */
  readonly issues: ValidationIssue[];
  /** The body as received: parsed JSON, or the text when it was not JSON. */
  readonly body: unknown;
  /** The id of the operation whose answer failed, for example `getOrder`. */
  readonly operation: OperationName;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, init: { issues: ValidationIssue[]; body: unknown; operation: OperationName }) {
    super(message);
    this.issues = init.issues;
    this.body = init.body;
    this.operation = init.operation;
  }
}

/**
 * A 2xx answer was larger than `maxResponseBytes` (default 64 MiB; counted after decompression), so the
 * SDK stopped reading it there rather than hold it all in memory. Never retried: the same request would
 * bring the same answer. A {@link ResponseValidationError} (its `issues` say why; `body` is `undefined`).
 *
 * After a non-repeatable operation the service has acted on the request: the message says so and names
 * the `references` to check before sending it again, as {@link OutcomeUnknownError} does.
 */
export class ResponseTooLargeError extends ResponseValidationError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'ResponseTooLargeError' as const;
  /** The bound that was passed, in bytes: the call's `maxResponseBytes`. */
  readonly limit: number;
  /** The references the request named (orders, consignments, shipments, groups). */
  readonly references: string[];
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, init: { operation: OperationName; limit: number; references: string[] }) {
    super(message, {
      issues: [{ path: [], message: `larger than ${init.limit} bytes`, code: 'too_big' }],
      body: undefined,
      operation: init.operation,
    });
    this.limit = init.limit;
    this.references = init.references;
  }
}

/** What an {@link ApiError} is built from: the service's answer, already read, parsed and redacted. */
export interface ApiErrorInit {
  /** The HTTP status. */
  status: number;
  /** The service's own error code (`Code` in area A, `code` in area B), when it sent one. */
  code: string | undefined;
  /** The service's message (`Message` or `message`), or a description of the status. */
  message: string;
  /** The service's details (`Details` or `details`), when it sent any. */
  details: unknown[] | undefined;
  /** The service's correlation id (`CorrelationId`, `correlation_id` or a header), when it sent one. */
  correlationId: string | undefined;
  /** The parsed error body, or its text when it was not JSON. */
  body: unknown;
  /** The response headers, lower-case names. */
  headers: Record<string, string>;
  /** The id of the operation that failed, for example `getOrder`. */
  operation: OperationName;
}

/**
 * The service answered with a non-2xx status. The SDK throws the subclass for the status
 * ({@link BadRequestError}, {@link NotFoundError}…), and `ApiError` itself for the statuses none of them
 * covers (405, 410…), redirects included: a 3xx is never followed (that would take the API key to the
 * host it names) nor retried, and `headers.location` holds its target. Area A's error body (`Code`, `Message`, `CorrelationId`, `Details`) and area B's
 * (`code`, `message`, `correlation_id`, `details`) land in the same fields. Branch on `status` and
 * `code`, never on `message`; new codes appear without notice.
 */
export class ApiError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name: ApiErrorName = 'ApiError';
  /** The HTTP status, for example 404. */
  readonly status: number;
  /**
   * The service's own error code (`Code` in area A, `code` in area B, for example `validation_error`),
   * not the HTTP status; `undefined` when the body had none.
   */
  readonly code: string | undefined;
  /**
   * The service's details, when it sent any: in area A `{ Code, Target, Message }` entries, in area B
   * `{ property, code, message }` entries (for example `add_shipments[0]`, `invalid_reference_format`).
   */
  readonly details: unknown[] | undefined;
  /** The service's correlation id for this failure: quote it to the service's support. */
  readonly correlationId: string | undefined;
  /** The parsed error body (or its text when it was not JSON). */
  readonly body: unknown;
  /** The response headers. */
  readonly headers: Record<string, string>;
  /** The id of the operation that failed, for example `getOrder`. */
  readonly operation: OperationName;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.correlationId = init.correlationId;
    this.body = init.body;
    this.headers = init.headers;
    this.operation = init.operation;
  }
}

/** 400: the service rejected the request (a field it refuses, an item not on the order…). */
export class BadRequestError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'BadRequestError' as const;
}
/** 401: the API key is missing, wrong, or a key of the other environment (sandbox or production). */
export class AuthenticationError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'AuthenticationError' as const;
}
/** 403: the key may not do this. */
export class PermissionDeniedError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'PermissionDeniedError' as const;
}
/** 404: no such resource (order, consignment, shipment, group, manifest), or a label of an unallocated shipment. */
export class NotFoundError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'NotFoundError' as const;
}
/**
 * 409, a 429 with the code `conflict`, or in area B any 429 without `Retry-After` (area B documents its
 * 429 as a rule conflict and no throttling, and adds codes without notice): the request breaks a rule of
 * a shipment group's current state (locked, closed, already locked, a shipment already in another open
 * group…). Never retried. Area A documents no 409: its conflicts (an address type already on the order,
 * a consignment in the wrong state) are 400s, a {@link BadRequestError} whose `code` says which.
 */
export class ConflictError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'ConflictError' as const;
}
/**
 * 429 that is throttling, after the retries the operation allows: in area B a 429 carrying `Retry-After`
 * (and not the code `conflict`), in area A any 429 whose code is not `conflict`.
 */
export class RateLimitError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'RateLimitError' as const;
  /** Seconds the service asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(init: ApiErrorInit & { retryAfter: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}
/** 5xx: the service failed (after the retries the operation allows). */
export class InternalServerError extends ApiError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'InternalServerError' as const;
}

/**
 * No response arrived within `timeout` for a repeatable operation, after every retry. A non-repeatable
 * one ends in {@link OutcomeUnknownError} instead.
 */
export class TimeoutError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'TimeoutError' as const;
  /** The id of the operation that timed out, for example `getLabels`. */
  readonly operation: OperationName;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, operation: OperationName) {
    super(message);
    this.operation = operation;
  }
}

/**
 * The connection failed and no response arrived, after every retry (for a non-repeatable operation,
 * only when the connection never opened): anything `fetch` threw that was not a timeout or the caller's
 * abort, whatever its class or message. `cause` holds the low-level error's name, message and code
 * (`ECONNREFUSED`…), as a {@link SafeCause}.
 */
export class ConnectionError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'ConnectionError' as const;
  /** The id of the operation that failed, for example `getOrder`. */
  readonly operation: OperationName;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, operation: OperationName, cause?: SafeCause) {
    super(message, cause ? { cause } : undefined);
    this.operation = operation;
  }
}

/**
 * The caller's `AbortSignal` ended a repeatable request; or it ended a non-repeatable one that provably
 * never reached the service: aborted before any request was sent, or while waiting to send it again after
 * every attempt was turned away (a 429/503 with `Retry-After`) or never connected. Aborting a
 * non-repeatable request while an attempt may have reached the service ends in
 * {@link OutcomeUnknownError}, with `reason` `'aborted'`.
 */
export class RequestAbortedError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'RequestAbortedError' as const;
  /** The id of the operation that was aborted. */
  readonly operation: OperationName;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, operation: OperationName) {
    super(message);
    this.operation = operation;
  }
}

/**
 * A non-repeatable operation (create, pack, allocate, manifest, group membership…) may have reached the
 * service, but no answer came. The SDK did not retry it. Check the state of `references` before trying
 * again: a manifest sent twice is transmitted to the carrier twice. For a consignment operation
 * (manifest, allocate, ready or not ready to ship, deallocate, cancel), `OrdersClient.reconcile(error)`
 * reads each consignment and says whether the change happened (`done`).
 *
 * @example
 * ```ts
 * try {
 *   await orders.manifests.manifest(refs);
 * } catch (error) {
 *   if (!(error instanceof OutcomeUnknownError)) throw error;
 *   // Did it happen? Read, then send again only what did not.
 *   const settled = await orders.reconcile(error);
 *   const notDone = settled
 *     .filter((entry) => entry.done === false)
 *     .map((entry) => entry.reference)
 *     .filter(isConsignmentReference); // an order's entry (orders.orderPackages) is no consignment
 *   if (notDone.length > 0) await orders.manifests.manifest(notDone);
 * }
 * ```
 */
export class OutcomeUnknownError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'OutcomeUnknownError' as const;
  /** The id of the operation whose outcome is unknown, for example `manifestConsignments`. */
  readonly operation: OperationName;
  /** The references the request named (orders, consignments, shipments, groups). */
  readonly references: string[];
  /**
   * Why no answer came: no response in time, a dropped connection, or the caller's `AbortSignal`; or
   * `'unsettled'`: a ledger found an earlier call of it whose outcome no read could settle, and sent
   * nothing (see `consignkit/ledger`).
   */
  readonly reason: 'timeout' | 'connection' | 'aborted' | 'unsettled';
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(
    message: string,
    init: {
      operation: OperationName;
      references: string[];
      reason: OutcomeUnknownError['reason'];
      cause?: SafeCause | undefined;
    },
  ) {
    super(message, init.cause ? { cause: init.cause } : undefined);
    this.operation = init.operation;
    this.references = init.references;
    this.reason = init.reason;
  }

  /**
   * Its stored form: `name`, `message`, `operation`, `references`, `reason`, the `cause` when there is
   * one, and `settleWith`, the part of the call that settling needs besides the references (Manifest From
   * Query's query, the state Change Shipment State asked for; never a body with personal data). Store it
   * (a queue, a database), and any process can settle it later: `client.reconcile(stored)`, or
   * {@link OutcomeUnknownError.fromJSON}.
   */
  override toJSON(): OutcomeUnknownErrorJSON {
    const settleWith = settlingPartOf(this);
    const cause = this.cause as SafeCause | undefined;
    return {
      name: this.name,
      message: this.message,
      operation: this.operation,
      references: [...this.references],
      reason: this.reason,
      ...(cause ? { cause: { name: cause.name, message: cause.message, code: cause.code } } : {}),
      ...(settleWith ? { settleWith: structuredClone(settleWith) } : {}),
    };
  }

  /**
   * The error again from its stored form ({@link OutcomeUnknownError.toJSON}, or that parsed from a
   * string), for `reconcile` in any process.
   *
   * @throws {@link ConfigurationError} when `value` is not the stored form of an `OutcomeUnknownError`.
   */
  static fromJSON(value: unknown): OutcomeUnknownError {
    // Built outside the class: a class body naming its own class is renamed by the build (`_OutcomeUnknownError`).
    return outcomeFromJSON(value);
  }
}

/** {@link OutcomeUnknownError.fromJSON}. */
function outcomeFromJSON(value: unknown): OutcomeUnknownError {
  const stored = (typeof value === 'string' ? parseStored(value) : value) as Partial<OutcomeUnknownErrorJSON>;
  const problem =
    stored === null || typeof stored !== 'object'
      ? 'it is not an object'
      : stored.name !== undefined && stored.name !== 'OutcomeUnknownError'
        ? `its name is ${JSON.stringify(stored.name)}`
        : typeof stored.operation !== 'string' || stored.operation === ''
          ? 'it has no operation'
          : !Array.isArray(stored.references) || stored.references.some((entry) => typeof entry !== 'string')
            ? 'its references are not a list of strings'
            : !OUTCOME_REASONS.includes(stored.reason as never)
              ? 'its reason is not timeout, connection, aborted or unsettled'
              : stored.settleWith !== undefined &&
                  (stored.settleWith === null || typeof stored.settleWith !== 'object')
                ? 'its settleWith is not an object'
                : undefined;
  if (problem !== undefined) {
    throw new ConfigurationError(`Not the stored form of an OutcomeUnknownError: ${problem}`);
  }
  const { operation, references, reason, settleWith, cause } = stored as OutcomeUnknownErrorJSON;
  const message =
    typeof stored.message === 'string'
      ? stored.message
      : `${operation}: the outcome is unknown; check ${references.join(', ') || 'the resource'} before trying again`;
  const safeCause =
    cause && typeof cause.name === 'string' && typeof cause.message === 'string'
      ? {
          name: cause.name,
          message: cause.message,
          code: typeof cause.code === 'string' ? cause.code : undefined,
        }
      : undefined;
  const error = new OutcomeUnknownError(message, {
    // Whatever id the store held: reconcile refuses one that is no operation of its area.
    operation: operation as OperationName,
    references: [...references],
    reason,
    cause: safeCause,
  });
  return rememberCall(error, (settleWith ?? {}) as Call, 'stored');
}

const OUTCOME_REASONS: readonly OutcomeUnknownError['reason'][] = [
  'timeout',
  'connection',
  'aborted',
  'unsettled',
];

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The part of a call that settling it needs (`OutcomeUnknownErrorJSON.settleWith`). */
export interface SettlingCall {
  /** Path parameters, by name. */
  params?: Record<string, unknown>;
  /** What of the body settling reads (a query manifest's query, the state asked for). */
  body?: unknown;
  /** Query parameters, by name. */
  query?: Record<string, string | number | boolean | undefined>;
}

/**
 * The stored form of an {@link OutcomeUnknownError} ({@link OutcomeUnknownError.toJSON}): plain JSON, which
 * `reconcile` on either client takes as it takes the error.
 */
export type OutcomeUnknownErrorJSON = {
  /** Always `'OutcomeUnknownError'`. */
  name: 'OutcomeUnknownError';
  /** The error's message. */
  message: string;
  /**
   * The id of the operation whose outcome is unknown: a string, as a store may hold an id an older
   * version wrote (`reconcile` refuses one it does not know).
   */
  operation: string;
  /** The references the request named. */
  references: string[];
  /** Why no answer came. */
  reason: OutcomeUnknownError['reason'];
  /** The low-level cause, when there was one. */
  cause?: SafeCause | undefined;
  /** The part of the call settling needs besides the references; no personal data. */
  settleWith?: SettlingCall | undefined;
};

/**
 * The `cause` of a {@link ConnectionError} or {@link OutcomeUnknownError}: the low-level error stripped to
 * its name, message and code, so that it holds nothing of the request (headers, key).
 */
export interface SafeCause {
  /** The low-level error's name, for example `TypeError`. */
  name: string;
  /** Its message, for example `fetch failed`. */
  message: string;
  /** Its code, or its cause's, for example `ECONNREFUSED` or `UND_ERR_CONNECT_TIMEOUT`. */
  code?: string | undefined;
}
