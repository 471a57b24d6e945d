import { ConsignkitError, type SafeCause } from '../core/errors.js';
import type { SettledReference } from '../core/ledger-contract.js';

/**
 * The ledger (`consignkit/ledger`) could not be used: its database is unreachable or refused a query,
 * its tables are missing, or they were made by a newer consignkit. When a call meets it before sending,
 * nothing was sent: its message says so. Its message and `cause` never hold the connection string.
 */
export class LedgerError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'LedgerError' as const;
  /** The id of the operation that was not sent, when a call met it. */
  readonly operation: string | undefined;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, init: { operation?: string | undefined; cause?: SafeCause | undefined } = {}) {
    super(message, init.cause ? { cause: init.cause } : undefined);
    this.operation = init.operation;
  }
}

/**
 * Another call of the same operation on the same reference holds the ledger's claim now, in this process
 * or another: nothing was sent. Wait and try again (by then it is done, or its lease has passed and the
 * next call settles it by reading the service).
 */
export class OperationInFlightError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'OperationInFlightError' as const;
  /** The operation's id, for example `manifestConsignments`. */
  readonly operation: string;
  /** The references another call holds. */
  readonly references: string[];
  /** How long ago the oldest of those claims was taken, in milliseconds. */
  readonly claimAgeMs: number;
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(message: string, init: { operation: string; references: string[]; claimAgeMs: number }) {
    super(message);
    this.operation = init.operation;
    this.references = init.references;
    this.claimAgeMs = init.claimAgeMs;
  }
}

/**
 * The ledger held an earlier call of this operation on these references (a crashed worker's, one whose
 * answer was lost, or one that completed), and reading the service showed it done for some or all of
 * them: nothing was sent. `settled` says what was read for each. When every reference is done, the
 * operation's work is in place: treat it as success (a method that returns nothing returns instead).
 * When some are not done, send again for those alone.
 */
export class OperationAlreadyDoneError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'OperationAlreadyDoneError' as const;
  /** The operation's id, for example `manifestConsignments`. */
  readonly operation: string;
  /** The references of the call. */
  readonly references: string[];
  /** What settling read, reference by reference. */
  readonly settled: SettledReference[];
  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(
    message: string,
    init: { operation: string; references: string[]; settled: SettledReference[] },
  ) {
    super(message);
    this.operation = init.operation;
    this.references = init.references;
    this.settled = init.settled;
  }
}
