import { connect } from 'node:net';
import { ConfigurationError, ConsignkitError, type PrinterErrorName } from '../core/errors.js';
import { sniffFormat } from '../documents/decode.js';
import { DocumentError } from '../documents/errors.js';

/** Where {@link printZpl} sends, and how long it waits. */
export interface PrintZplOptions {
  /** The printer's host name or IP address. */
  host: string;
  /** Its raw print port. Default 9100, the port Zebra printers (and most others) take raw ZPL on. */
  port?: number | undefined;
  /** How long connecting and handing over the bytes may take, in milliseconds. Default 10,000. */
  timeout?: number | undefined;
  /** Stops the send: the connection is closed at once. */
  signal?: AbortSignal | undefined;
}

/**
 * A send to a label printer failed. `sentBytes` says how far it got: 0 means nothing reached the printer,
 * so sending again is safe; more means it may have printed, and sending again may print a duplicate.
 */
export class PrinterError extends ConsignkitError {
  /** {@inheritDoc consignkit!ConsignkitError.name} */
  override name: PrinterErrorName = 'PrinterError';
  /** The printer, `host:port`. */
  readonly printer: string;
  /** How many bytes were handed to the connection before it failed. */
  readonly sentBytes: number;
  /** Made by {@link printZpl}; exported for `instanceof`. */
  constructor(message: string, init: { printer: string; sentBytes: number; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.printer = init.printer;
    this.sentBytes = init.sentBytes;
  }
}

/** The printer refused the connection, or could not be reached: nothing was sent. */
export class PrinterUnreachableError extends PrinterError {
  /** {@inheritDoc consignkit!ConsignkitError.name} */
  override name = 'PrinterUnreachableError' as const;
}

/** The printer did not connect, or did not take the bytes, within `timeout`. */
export class PrinterTimeoutError extends PrinterError {
  /** {@inheritDoc consignkit!ConsignkitError.name} */
  override name = 'PrinterTimeoutError' as const;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Sends ZPL to a network label printer over raw TCP (port 9100), as Zebra printers take it. It resolves
 * once the printer's connection has taken every byte and the send is closed. It never retries: a label
 * printed twice is a real cost, so a failure says how many bytes were sent (`sentBytes`) and leaves the
 * decision to you.
 *
 * @param bytes - A ZPL program or stream (such as {@link mergeLabels} makes).
 * @throws {@link PrinterUnreachableError} when the connection is refused or the host cannot be found
 *   (nothing was sent), {@link PrinterTimeoutError} when connecting or sending takes longer than
 *   `timeout`, {@link PrinterError} for any other failure of the connection or an abort.
 * @throws {@link consignkit!DocumentError} when `bytes` are not ZPL, and
 *   {@link consignkit!ConfigurationError} for a bad host, port or timeout: nothing is sent then.
 *
 * @example
 * ```ts
 * import { printZpl } from 'consignkit/node';
 *
 * const [label] = await shipments.labels.get('sp_01hzy…', { format: 'ZPL' });
 * await printZpl(decodeDocument(label).bytes, { host: '10.0.0.42' });
 * ```
 */
export function printZpl(bytes: Uint8Array, options: PrintZplOptions): Promise<void> {
  const { host, port = 9100, timeout = 10_000, signal } = options ?? ({} as PrintZplOptions);
  if (typeof host !== 'string' || host === '') throw new ConfigurationError('printZpl: host is required');
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigurationError(`printZpl: port must be an integer from 1 to 65535, got ${String(port)}`);
  }
  if (typeof timeout !== 'number' || !(timeout > 0)) {
    throw new ConfigurationError(
      `printZpl: timeout must be a positive number of milliseconds, got ${String(timeout)}`,
    );
  }
  if (!(bytes instanceof Uint8Array) || sniffFormat(bytes) !== 'zpl') {
    throw new DocumentError('printZpl: the bytes are not ZPL (a ZPL program starts with ^XA)');
  }
  const printer = `${host}:${port}`;
  if (signal?.aborted) {
    return Promise.reject(
      new PrinterError(`printZpl: aborted before connecting to ${printer}; nothing was sent`, {
        printer,
        sentBytes: 0,
      }),
    );
  }
  return new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    let connected = false;
    let settled = false;
    const sent = () => (connected ? Math.min(socket.bytesWritten, bytes.length) : 0);
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve();
    };
    const onAbort = () =>
      finish(
        new PrinterError(
          `printZpl: aborted while sending to ${printer} (${sent()} of ${bytes.length} bytes sent)`,
          { printer, sentBytes: sent() },
        ),
      );
    const timer = setTimeout(() => {
      const stage = connected
        ? `the printer did not take the bytes (${sent()} of ${bytes.length} sent)`
        : 'it did not connect';
      finish(
        new PrinterTimeoutError(`printZpl: ${printer} timed out after ${timeout} ms: ${stage}`, {
          printer,
          sentBytes: sent(),
        }),
      );
    }, timeout);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('connect', () => {
      connected = true;
      // `end` hands over the bytes and closes our side; its callback runs once they are all written.
      socket.end(bytes, () => finish());
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (!connected && UNREACHABLE.has(code)) {
        finish(
          new PrinterUnreachableError(`printZpl: ${printer} cannot be reached (${code}); nothing was sent`, {
            printer,
            sentBytes: 0,
            cause: error,
          }),
        );
      } else {
        finish(
          new PrinterError(
            `printZpl: the connection to ${printer} failed (${code || error.message}) after ${sent()} of ${bytes.length} bytes`,
            { printer, sentBytes: sent(), cause: error },
          ),
        );
      }
    });
    // The printer may close its side first; whatever it does after taking the bytes does not matter.
    socket.on('close', () => {
      if (!settled)
        finish(
          new PrinterError(
            `printZpl: ${printer} closed the connection after ${sent()} of ${bytes.length} bytes`,
            { printer, sentBytes: sent() },
          ),
        );
    });
  });
}
