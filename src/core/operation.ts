import type { ApiError } from './errors.js';
import type { OperationName } from './operation-names.js';
import type { Call, OutcomeRule } from './remembered-call.js';
import type { Schema } from './schema.js';

export {
  type Call,
  callOf,
  type LostCall,
  type OutcomeOf,
  type OutcomeRule,
  operationOf,
  rememberCall,
  type SettledByReading,
  settlingPartOf,
} from './remembered-call.js';

/**
 * `repeatable`: doing it twice has the effect of doing it once (reads, full replaces, lock/unlock).
 * `non-repeatable`: doing it twice does it twice (create, pack, allocate, manifest, membership changes).
 */
export type RetryClass = 'repeatable' | 'non-repeatable';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One operation of the service, declared once: everything else is shared plumbing. */
export interface Operation<Wire = unknown, Result = Wire> {
  /**
   * The operation's id (`createOrder`), unique across both areas: `error.operation`, hook events, the
   * mock's routes and a ledger's entries name it so. Not the method's path (`orders.create` sends it).
   */
  name: OperationName;
  /** For a non-repeatable operation: how `reconcile` settles a lost answer. */
  outcome?: OutcomeRule | undefined;
  method: HttpMethod;
  /** Relative to the area's base URL; `{name}` placeholders are filled from checked, encoded params. */
  path: string;
  params?: Record<string, Schema> | undefined;
  body?: Schema | undefined;
  /**
   * The body as sent, from the checked input, for inputs that accept more spellings than the service reads
   * (strict in what is sent). Default: the input as given.
   */
  wireBody?: (body: never) => unknown;
  response?: Schema<Wire> | undefined;
  /** Turns the (checked) wire body into what the method returns; runs in every validation mode. */
  result?: (body: Wire) => Result | undefined;
  retry: RetryClass;
  /** A 2xx body that is not JSON is taken as text (Base64 sent bare instead of as a JSON string). */
  acceptsText?: boolean | undefined;
  /** What a 204 with no body means, where the service documents one; any other empty 2xx is an error. */
  whenEmpty?: Wire | undefined;
  /** Checked as in `'strict'` mode whatever the client's `validation`: what is read here is written back. */
  alwaysStrict?: boolean | undefined;
  /** The references a call names, for {@link OutcomeUnknownError}. Defaults to the path params. */
  references?: (call: Call) => string[];
  /**
   * For an operation that creates what the service numbers: the field of the caller's own reference for
   * it (the customer reference), and its value in a call (`undefined` when the call has none). A ledger
   * claims it: nothing else can name the creation before the service answers.
   */
  customerReference?: { field: string; of: (call: Call) => string | undefined };
  /**
   * What a ledger keys a call by, where its references alone do not say what it does (docs/scale.md has
   * each operation's key): the references it claims, one key each (default: its references), and what it
   * asks of them. `asks` is stored: a reference or a state as it is; anything else (a query, an address,
   * a document) as `{ digest }`, which the ledger keeps as 16 hex digits of its SHA-256.
   */
  ledgerKey?: (call: Call) => { references?: string[]; asks: string | { digest: unknown } };
  /**
   * The part of the call that settling it needs besides its references (Manifest From Query's query, the
   * state Change Shipment State asked for). It is kept in {@link OutcomeUnknownError}'s JSON and in a
   * ledger's entries, so it must hold no personal data: never a whole body with addresses.
   */
  settleWith?: (call: Call) => Call;
  /**
   * Answers that mean "already done" once an earlier attempt may have acted and its answer was lost (a
   * timeout, a failed connection, a 5xx, then a retry): a retried lock that meets "already locked" has
   * locked. Read then as success, with `result(call)`. A first attempt that meets them gets its error,
   * since nothing was lost.
   */
  doneWhenRetried?: { statuses: readonly number[]; result: (call: Call) => Result };
  /**
   * Answers that mean "already as asked" on any attempt: a shipment added to a group it is already in
   * (304 in the data contracts). Read as success, with `result(call)`.
   */
  alreadyDone?: { statuses: readonly number[]; result: (call: Call) => Result };
  /**
   * An error answer that is the service refusing the request on business grounds (area B's 521 to an
   * allocation), not a failure of the service: the error the caller, `onError` and the log get instead of
   * the {@link ApiError}, or `undefined` to keep it.
   */
  refusal?: (error: ApiError, call: Call) => Error | undefined;
}

export function defineOperation<Wire = unknown, Result = Wire>(operation: Operation<Wire, Result>) {
  return operation;
}

/** A creation's `customerReference`: the body's field of that name, when it is a non-blank string. */
export function customerReferenceIn(field: string): NonNullable<Operation['customerReference']> {
  return {
    field,
    of: (call) => {
      const value = (call.body as Record<string, unknown> | undefined)?.[field];
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    },
  };
}

/** The references a call names: its declared ones, else its string path params. */
export function referencesOf(operation: Pick<Operation, 'references'>, call: Call): string[] {
  return (operation.references ?? defaultReferences)(call);
}

function defaultReferences(call: Call): string[] {
  return Object.values(call.params ?? {}).filter((value): value is string => typeof value === 'string');
}
