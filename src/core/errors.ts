/**
 * The error hierarchy. Every error the SDK throws extends {@link ConsignkitError}; none of them holds
 * the outgoing request, its headers or anything else that could carry an API key.
 */

/** One problem found by a schema: where it is and what is wrong. */
export interface ValidationIssue {
  /** Path to the offending value, for example `['Packages', 0, 'Items']`. */
  path: (string | number)[];
  message: string;
  code?: string;
}

/** The base class of every error consignkit throws. */
export class ConsignkitError extends Error {
  override name = 'ConsignkitError';
}

/** Bad or missing client options, found at construction. */
export class ConfigurationError extends ConsignkitError {
  override name = 'ConfigurationError';
}

/** The input was rejected before anything was sent. */
export class RequestValidationError extends ConsignkitError {
  override name = 'RequestValidationError';
  readonly issues: ValidationIssue[];
  constructor(message: string, issues: ValidationIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/** A 2xx body did not match its schema (or was not JSON at all). */
export class ResponseValidationError extends ConsignkitError {
  override name = 'ResponseValidationError';
  readonly issues: ValidationIssue[];
  readonly body: unknown;
  readonly operation: string;
  constructor(message: string, init: { issues: ValidationIssue[]; body: unknown; operation: string }) {
    super(message);
    this.issues = init.issues;
    this.body = init.body;
    this.operation = init.operation;
  }
}

/** What an {@link ApiError} is built from: the service's answer, already read and parsed. */
export interface ApiErrorInit {
  status: number;
  code: string | undefined;
  message: string;
  details: unknown[] | undefined;
  correlationId: string | undefined;
  body: unknown;
  headers: Record<string, string>;
  operation: string;
}

/** The service answered with a non-2xx status. Branch on `status` and `code`, never on `message`. */
export class ApiError extends ConsignkitError {
  override name = 'ApiError';
  readonly status: number;
  /** The service's own error code (`Code` in area A, `code` in area B), not the HTTP status. */
  readonly code: string | undefined;
  readonly details: unknown[] | undefined;
  readonly correlationId: string | undefined;
  /** The parsed error body (or its text when it was not JSON). */
  readonly body: unknown;
  /** The response headers. */
  readonly headers: Record<string, string>;
  /** The SDK method that failed, for example `getOrder`. */
  readonly operation: string;
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

/** 400: the service rejected the request. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: the API key is missing or wrong for this environment. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: the key may not do this. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409, or area B's 429 `conflict`: the request breaks a rule of the resource's current state. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 429 that is throttling (it carries `Retry-After`, or is not area B's `conflict`). */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /** Seconds the service asked to wait, when it said. */
  readonly retryAfter: number | undefined;
  constructor(init: ApiErrorInit & { retryAfter: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}
/** 5xx: the service failed. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/** No response arrived in time (after any retries). */
export class TimeoutError extends ConsignkitError {
  override name = 'TimeoutError';
  readonly operation: string;
  constructor(message: string, operation: string) {
    super(message);
    this.operation = operation;
  }
}

/** The connection failed and no response arrived (after any retries). */
export class ConnectionError extends ConsignkitError {
  override name = 'ConnectionError';
  readonly operation: string;
  constructor(message: string, operation: string, cause?: SafeCause) {
    super(message, cause ? { cause } : undefined);
    this.operation = operation;
  }
}

/** The caller's `AbortSignal` ended a repeatable request, or was aborted before any request was sent. */
export class RequestAbortedError extends ConsignkitError {
  override name = 'RequestAbortedError';
  readonly operation: string;
  constructor(message: string, operation: string) {
    super(message);
    this.operation = operation;
  }
}

/**
 * A non-repeatable operation (create, pack, allocate, manifest…) may have reached the service, but no
 * answer came. The SDK did not retry it. Check the state of `references` before trying again:
 * a manifest sent twice is transmitted to the carrier twice.
 */
export class OutcomeUnknownError extends ConsignkitError {
  override name = 'OutcomeUnknownError';
  readonly operation: string;
  /** The references the request named (orders, consignments, shipments, groups). */
  readonly references: string[];
  /** Why no answer came. */
  readonly reason: 'timeout' | 'connection' | 'aborted';
  constructor(
    message: string,
    init: {
      operation: string;
      references: string[];
      reason: OutcomeUnknownError['reason'];
      cause?: SafeCause;
    },
  ) {
    super(message, init.cause ? { cause: init.cause } : undefined);
    this.operation = init.operation;
    this.references = init.references;
    this.reason = init.reason;
  }
}

/** A low-level cause stripped to its name, message and code: nothing that holds a request. */
export interface SafeCause {
  name: string;
  message: string;
  code?: string;
}
