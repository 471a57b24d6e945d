import { writeFile } from 'node:fs/promises';
import { ConfigurationError, RequestValidationError } from '../core/errors.js';
import { formatPath } from '../core/issue-path.js';
import { redact } from '../core/redact.js';

export const EXIT_OK = 0;
/** The service, a file or anything else at run time failed. */
export const EXIT_FAILURE = 1;
/** Bad usage: unknown command or option, missing or malformed argument, missing key or bad environment. */
export const EXIT_USAGE = 2;

/** A stream the command writes to: `process.stdout`, or anything with `write` in tests. */
export interface Output {
  write(text: string): unknown;
  /** When true (a terminal), `labels` shows its progress here. */
  isTTY?: boolean;
}

/** Bad usage of the command itself: an unknown command or option, a missing or malformed argument. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The command whose `--help` the message points to. */
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super(message);
    this.command = command;
  }
}

/**
 * Exit code 2: the command line was wrong, or the SDK refused it before sending anything (a missing key,
 * a bad environment, a malformed reference or option). Everything else happened at run time: exit 1.
 */
export function isUsageError(error: unknown): boolean {
  return (
    error instanceof UsageError ||
    error instanceof ConfigurationError ||
    error instanceof RequestValidationError
  );
}

/** What one error line says: the class, the status and code when there are some, the message. */
interface ErrorSummary {
  name: string;
  status?: number;
  code?: string;
  message: string;
  /** The argument it concerns, when a command goes through several (`labels sp_a sp_b`). */
  subject?: string;
  /** A refused request's problems, each at its path (`Packages[0].Items[0].Wieght`). */
  issues?: { path: string; message: string; suggestion?: string }[];
}

function summarise(error: unknown, subject?: string): ErrorSummary {
  const { name, message, status, code } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    status?: unknown;
    code?: unknown;
  };
  const issues =
    error instanceof RequestValidationError
      ? error.issues.map((issue) => ({
          path: formatPath(issue.path),
          message: issue.message,
          ...(issue.suggestion === undefined ? {} : { suggestion: issue.suggestion }),
        }))
      : undefined;
  return {
    ...(subject === undefined ? {} : { subject }),
    ...(issues && issues.length > 1 ? { issues } : {}),
    name: error instanceof Error && typeof name === 'string' ? name : 'Error',
    ...(typeof status === 'number' ? { status } : {}),
    // Node's own codes (ENOENT, EACCES…) say what went wrong as much as the service's do.
    ...(typeof code === 'string' && code !== '' ? { code } : {}),
    // One line, whatever the message held.
    message: String(error instanceof Error ? message : error)
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

/** `consignkit: sp_x: NotFoundError (404 not_found): Shipment sp_x was not found`. */
function errorLine(summary: ErrorSummary, command: string | undefined): string {
  const where = [summary.status, summary.code].filter((part) => part !== undefined).join(' ');
  const subject = summary.subject === undefined ? '' : `${summary.subject}: `;
  const usage = summary.name === 'UsageError';
  const head = usage ? '' : `${summary.name}${where === '' ? '' : ` (${where})`}: `;
  const hint = usage ? ` (see consignkit ${command === undefined ? '' : `${command} `}--help)` : '';
  // Several problems: one line each, below the error's own.
  const issues = (summary.issues ?? []).map(
    (issue) => `  ${issue.path ? `${issue.path}: ` : ''}${issue.message}\n`,
  );
  return `consignkit: ${subject}${head}${summary.message}${hint}\n${issues.join('')}`;
}

/** A cell of a line of human output: `-` for nothing. */
export const cell = (value: unknown) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

/**
 * The items with the lowest price first, those without a price last, for a table a person reads: the
 * service lists quotes and options in no promised order. Ties keep the service's order.
 */
export function cheapestFirst<T>(items: readonly T[], priceOf: (item: T) => number | null | undefined): T[] {
  const price = (item: T) => {
    const amount = priceOf(item);
    return typeof amount === 'number' && Number.isFinite(amount) ? amount : Number.POSITIVE_INFINITY;
  };
  return [...items].sort((a, b) => price(a) - price(b));
}

/**
 * How a command prints: plain text or JSON on stdout, one line per error on stderr, a report to a file,
 * never an API key. Every text a command writes anywhere goes through it, so through one redaction.
 */
export interface Printer {
  /** True with `--json`. */
  readonly json: boolean;
  /** Text as it is (help). */
  text(text: string): void;
  /** One line of human output; nothing with `--json`. */
  line(text: string): void;
  /** The machine output of `--json`. */
  value(value: unknown): void;
  /** `value` as JSON to the file at `path` (`doctor --report`), redacted as stdout is. */
  file(path: string, value: unknown): Promise<void>;
  /** One error, on one line: JSON with `--json`. */
  error(error: unknown, subject?: string): void;
  /** A progress line on a terminal's stderr, overwritten by the next; `undefined` clears it. */
  progress(text: string | undefined): void;
}

export function createOutput(
  io: { stdout: Output; stderr: Output },
  json: boolean,
  keys: (string | undefined)[],
): Printer {
  const secrets = keys.filter((key): key is string => key !== undefined && key !== '');
  const safe = (text: string) => redact(text, secrets);
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) io.stderr.write('\r\x1b[K');
    progressShown = false;
  };
  return {
    json,
    text: (text) => io.stdout.write(safe(text)),
    line(text) {
      if (json) return;
      clearProgress();
      io.stdout.write(`${safe(text)}\n`);
    },
    value: (value) => io.stdout.write(`${safe(JSON.stringify(value, null, 2))}\n`),
    file: (path, value) => writeFile(path, `${safe(JSON.stringify(value, null, 2))}\n`),
    error(error, subject) {
      clearProgress();
      const summary = summarise(error, subject);
      const command = error instanceof UsageError ? error.command : undefined;
      io.stderr.write(safe(json ? `${JSON.stringify({ error: summary })}\n` : errorLine(summary, command)));
    },
    progress(text) {
      if (text === undefined) return clearProgress();
      io.stderr.write(`\r${safe(text)}\x1b[K`);
      progressShown = true;
    },
  };
}

/** Left-aligned columns, two spaces apart. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}
