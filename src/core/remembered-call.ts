// A call as sent, and the call each `OutcomeUnknownError` is about, remembered beside the error: what the
// errors need of an operation, apart from the declarations (operation.ts), so that the two need not import
// each other.
import type { OperationName } from './operation-names.js';

/**
 * How `reconcile` settles a non-repeatable operation whose answer was lost. `from`/`to`: the states a
 * resource it names starts from and leads to (one still in `from` was not changed; one in `to` was).
 * `package`: it adds a package to a consignment or deletes one, which leaves the consignment's state
 * as it was; reading the consignment's packages tells instead. `settle`: the operation's own reads tell
 * (see {@link SettledByReading}). `unsettled`: why no read can tell, and
 * what the caller can do instead.
 */
export type OutcomeRule =
  | { from: readonly string[]; to: readonly string[] }
  | { package: 'added' | 'deleted' }
  | SettledByReading
  | { unsettled: string };

/**
 * A lost answer settled by reading what the call acted on, as the operation's own module says: an
 * operation that changes what a consignment or an order holds (its items, its packages' references), which
 * no state tells. Reads only: `settle` never sends the change again.
 */
export interface SettledByReading {
  /**
   * Reads through the area's reader (`reads`, typed by the area) and says, for each thing the call acted
   * on, whether the change is in place. `lost.call` is the call as made; for an error read back from its
   * JSON it is only what `settleWith` kept, so `settle` reads nothing else of it.
   */
  settle: (lost: LostCall, reads: never) => Promise<readonly unknown[]>;
}

/** The call whose answer was lost, as settling sees it. */
export interface LostCall {
  /** The operation's id. */
  operation: OperationName;
  /** The references the error names. */
  references: readonly string[];
  /** The call (or, read back from JSON, its settling part); `undefined` when nothing of it was kept. */
  call: Call | undefined;
}

export interface Call {
  params?: Record<string, unknown> | undefined;
  body?: unknown | undefined;
  query?: Record<string, string | number | boolean | undefined>;
}

// The call behind each OutcomeUnknownError, and the operation it sent, kept out of the error itself (whose
// fields are logged and serialised) so that the request body, which may hold personal data, is never
// printed with it.
const callsOfOutcomes = new WeakMap<Error, { call: Call; operation: OutcomeOf | 'stored' }>();

/** What `reconcile` needs of the operation an {@link OutcomeUnknownError} is about: an `Operation` is one. */
export interface OutcomeOf {
  /** The operation's id. */
  name: OperationName;
  /** How `reconcile` settles a lost answer. */
  outcome?: OutcomeRule | undefined;
  /** The part of the call settling needs besides its references (see `Operation.settleWith`). */
  settleWith?: ((call: Call) => Call) | undefined;
}

/**
 * Remembers the call an {@link OutcomeUnknownError} is about, and its operation, for reconciling it later.
 * `'stored'`: the error was made again from its JSON, whose call is already only what settling needs.
 * There is no default: a call remembered without its operation would be stored whole, body and all.
 */
export function rememberCall<E extends Error>(error: E, call: Call, operation: OutcomeOf | 'stored'): E {
  callsOfOutcomes.set(error, { call, operation });
  return error;
}

/** The call an {@link OutcomeUnknownError} is about, when this copy of the SDK made it. */
export function callOf(error: Error): Call | undefined {
  return callsOfOutcomes.get(error)?.call;
}

/** What settling the call of an {@link OutcomeUnknownError} needs, as its JSON keeps it (see `settleWith`). */
export function settlingPartOf(error: Error): Call | undefined {
  const remembered = callsOfOutcomes.get(error);
  if (!remembered) return undefined;
  if (remembered.operation === 'stored') return remembered.call;
  return remembered.operation.settleWith?.(remembered.call);
}

/** The operation an {@link OutcomeUnknownError} is about (its outcome rule), when this copy of the SDK made it. */
export function operationOf(error: Error): OutcomeOf | undefined {
  const operation = callsOfOutcomes.get(error)?.operation;
  return operation === 'stored' ? undefined : operation;
}
