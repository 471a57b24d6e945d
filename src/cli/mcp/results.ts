import { RequestValidationError } from '../../core/errors.js';
import { formatPath } from '../../core/issue-path.js';
import { redact } from '../../core/redact.js';

// What a tool answers: JSON, as structured content and as its text, with every secret the server knows
// redacted from all of it, whatever the service or an error echoed.

/** A tool's answer, as MCP's `CallToolResult` carries it. */
export interface ToolResult {
  /** MCP's `CallToolResult` is open to fields (`_meta`…), and a handler must answer that type. */
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

export function toolResult(
  value: Record<string, unknown>,
  secrets: readonly string[],
  isError = false,
): ToolResult {
  const safe = redact(value, secrets);
  return {
    content: [{ type: 'text', text: JSON.stringify(safe, null, 2) }],
    structuredContent: safe,
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * What to do next, for each class of error: what the SDK's documentation of the class says, for a
 * reader (an agent) that has only the error.
 */
const ADVICE: Record<string, string> = {
  RequestValidationError:
    'Nothing was sent. Correct the fields named in issues (a suggestion is given where a near name exists) and call again.',
  ConfirmationRefusedError:
    'Nothing was sent. Call the tool again without confirmationToken for a new preview and token, then confirm that.',
  ConfigurationError:
    "Nothing was sent. The server's configuration (API key, environment or base URL) is wrong: a person must correct it; calling again will not help.",
  AuthenticationError:
    'The service refused the API key: a person must check the key configured for this area. Calling again will not help.',
  PermissionDeniedError:
    "The key may not use this operation (or this component is not licensed): a person must check the organisation's subscription.",
  NotFoundError:
    'The reference was not found: check it (a read tool of the same area), and that it belongs to this area and environment.',
  ConflictError:
    'The resource is not in a state that allows this: read its state before deciding what to do; do not repeat the call unchanged.',
  BadRequestError:
    'The service refused the request: see details and code, correct the input, and preview again.',
  RateLimitError:
    'Too many requests: wait retryAfter seconds (a minute when it is not given) before calling again.',
  InternalServerError:
    'The service failed. Call a read again later; before repeating a change, read the resource to see whether it happened.',
  TimeoutError: 'No answer came in time, retries included. A read can be called again later.',
  ConnectionError: 'The service could not be reached, retries included. A read can be called again later.',
  RequestAbortedError: 'The call was cancelled.',
  ResponseValidationError:
    "The service answered in a shape consignkit does not expect: a person should check ('consignkit doctor' compares the answers with what consignkit expects).",
  ResponseTooLargeError: 'The answer was larger than the client accepts: ask for less (a smaller page).',
  DocumentError:
    'The service sent a document that is not a PDF, ZPL, BMP or PNG file: a person should check it.',
  OutcomeUnknownError:
    'No answer came, and the change may or may not have happened: it was not sent again. See reconciled for what the service reads now.',
  OperationInFlightError:
    'Nothing was sent: another call of this operation on these references (this server, or another process sharing the ledger) holds its claim now. Read the resources in a while: by then it is done, or its lease has passed and the next confirmed call settles it by reading before sending.',
  OperationAlreadyDoneError:
    'Nothing was sent: the ledger holds an earlier call of this operation on these references, and reading the service showed it done (see settled). Where every entry of settled is done, it happened: do not send it again; for the others alone, preview and confirm again.',
  LedgerError:
    "Nothing was sent: the ledger of non-repeatable operations could not be used (its database is unreachable, or its tables are missing or newer). A person must fix the ledger ('consignkit ledger migrate' makes its tables); then preview and confirm again.",
  ApiError: 'The service answered an error: see status, code and details.',
};

const GENERIC_ADVICE = 'An unexpected error: nothing more is known of it; a person should check.';

/** The fields of an SDK error an agent can act on: never its body or headers, which echo requests. */
export function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), advice: GENERIC_ADVICE };
  const fields = error as unknown as Record<string, unknown>;
  const summary: Record<string, unknown> = { name: error.name, message: error.message };
  for (const key of [
    'status',
    'code',
    'details',
    'correlationId',
    'retryAfter',
    'operation',
    'references',
    'reason',
    'claimAgeMs',
    'settled',
  ]) {
    if (fields[key] !== undefined) summary[key] = fields[key];
  }
  if (error instanceof RequestValidationError) {
    summary.issues = error.issues.map((issue) => ({
      path: formatPath(issue.path),
      message: issue.message,
      ...(issue.suggestion === undefined ? {} : { suggestion: issue.suggestion }),
    }));
  }
  summary.advice = ADVICE[error.name] ?? GENERIC_ADVICE;
  return summary;
}
