/**
 * Where log lines go, as `(message, data)`: `console` fits as it is; pino and bunyan take the data
 * first, so wrap them with {@link objectFirstLogger}. `data` holds the call's `operation`, `method`,
 * `url`, `attempt`, and where they apply `status`, `durationMs`, `retryCount`, `reason` and `error`.
 * Every message and every `data` value is redacted before it reaches you: the API key never appears.
 */
export interface Logger {
  /** Each request sent (method and URL) and its answer (status and milliseconds). */
  debug(message: string, data?: Record<string, unknown>): void;
  /** Each retry: which one, and why (a status, a timeout, a dropped connection). */
  info(message: string, data?: Record<string, unknown>): void;
  /** A 2xx answer that failed its check under `validation: 'warn'`, with the issues. */
  warn(message: string, data?: Record<string, unknown>): void;
  /** For failures; this version reports them by throwing, and does not call it. */
  error(message: string, data?: Record<string, unknown>): void;
}

/**
 * A logger whose methods take the data first and the message second, as pino and bunyan do:
 * `logger.info({ operation: 'getOrder' }, 'getOrder: 200 in 41 ms')`.
 */
export interface ObjectFirstLogger {
  /** Each request and its answer. */
  debug(data: Record<string, unknown>, message: string): unknown;
  /** Each retry. */
  info(data: Record<string, unknown>, message: string): unknown;
  /** A 2xx answer that failed its check under `validation: 'warn'`. */
  warn(data: Record<string, unknown>, message: string): unknown;
  /** Not called by this version. */
  error(data: Record<string, unknown>, message: string): unknown;
}

/**
 * The {@link Logger} of a pino or bunyan logger, which take the data first: every line then keeps its
 * structured fields (`operation`, `method`, `url`, `attempt`, `status`, `durationMs`, `reason`…) instead
 * of dropping them. `console` fits a {@link Logger} as it is.
 *
 * ```ts
 * import pino from 'pino';
 * const orders = new OrdersClient({ logger: objectFirstLogger(pino({ level: 'debug' })) });
 * ```
 */
export function objectFirstLogger(target: ObjectFirstLogger): Logger {
  return {
    debug: (message, data) => void target.debug(data ?? {}, message),
    info: (message, data) => void target.info(data ?? {}, message),
    warn: (message, data) => void target.warn(data ?? {}, message),
    error: (message, data) => void target.error(data ?? {}, message),
  };
}
