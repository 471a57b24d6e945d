import { OutcomeUnknownError } from '../core/errors.js';
import { type Call, callOf, rememberCall } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import type { Operation, Transport } from '../core/transport.js';

/**
 * Sends an operation whose lost answer no read can settle, and puts its `unsettled` advice into the
 * {@link OutcomeUnknownError} it may end in, so that the error itself says what to do instead.
 */
export async function sendExplained<Wire, Result>(
  transport: Transport,
  operation: Operation<Wire, Result>,
  call: Call,
  options: RequestOptions | undefined,
): Promise<Result> {
  try {
    return await transport.send(operation, call, options);
  } catch (error) {
    const rule = operation.outcome;
    if (!(error instanceof OutcomeUnknownError) || !rule || !('unsettled' in rule)) throw error;
    if (error.message.includes(rule.unsettled)) throw error;
    const explained = new OutcomeUnknownError(`${error.message}: ${rule.unsettled}`, {
      operation: error.operation,
      references: error.references,
      reason: error.reason,
      cause: error.cause as never,
    });
    throw rememberCall(explained, callOf(error) ?? call);
  }
}
