/**
 * The ledger's contract: what a client asks of the `ledger` option, and what a ledger answers. Core owns it,
 * so that the clients import nothing from `consignkit/ledger`; the ledgers there (`createPostgresLedger`,
 * `createMemoryLedger`) implement it, and `consignkit/ledger` and the root export it as they always did.
 */
import type { OutcomeUnknownErrorJSON } from './errors.js';
import type { Logger } from './logger.js';
import type { Call } from './remembered-call.js';

/** What settling read for one reference: its state now, and whether the operation is done there. */
export interface SettledReference {
  /** The reference read (a consignment, a shipment, or a creation's customer reference). */
  reference: string;
  /** Its state as read now; `undefined` when nothing was found. */
  state: string | undefined;
  /** `true` done, `false` not done, `undefined` neither proved. */
  done: boolean | undefined;
}

/** Whose pause it is: the service throttles an API key, in one area and environment. */
export interface PauseScope {
  /** The client's environment: a sandbox pause never holds production back. */
  environment: 'sandbox' | 'production';
  /** Area A (`OrdersClient`) or area B (`ShipmentsClient`): each is throttled on its own. */
  area: 'orders' | 'shipments';
  /** A fingerprint of the API key (16 hex digits of its SHA-256), never the key itself. */
  key: string;
}

/** Where a ledger keeps its pauses: `Ledger.pause`, optional for a ledger of your own. */
export interface SharedPause {
  /** The instant before which nothing is sent in this scope, when one is in the future. */
  notBefore(scope: PauseScope): Promise<Date | undefined>;
  /** Moves the scope's "not before" to `until`, unless it is later already. */
  pauseUntil(scope: PauseScope, until: Date, reason: string): Promise<void>;
}

/** What a call through a ledger needs: the ledger, the call, and how to read the service to settle. */
export interface LedgerCall {
  /** The ledger the call goes through. */
  ledger: Ledger;
  /** The client's environment: entries of the sandbox and of production never meet. */
  environment: LedgerKey['environment'];
  /** The client's area. */
  area: LedgerKey['area'];
  /** The operation: its name here; the clients pass its whole declaration, which the ledger reads. */
  operation: {
    /** Its name, as in `error.operation` (`manifestConsignments`). */
    readonly name: string;
  };
  /** The call as it is sent: its checked params and body. */
  call: Call;
  /** The call's `timeout` and `maxRetries`, resolved: the lease outlasts what they allow. */
  timeout: number;
  /** See `timeout`. */
  maxRetries: number;
  /** The caller's opt-out of the customer reference a creation otherwise needs. */
  createWithoutCustomerReference: boolean;
  /** Reads the service as `reconcile` does (the client's own). */
  settle: ((stored: OutcomeUnknownErrorJSON) => Promise<SettledReference[]>) | undefined;
  /** The client's logger, for what the ledger did. */
  logger: Logger | undefined;
  /** Whose shared pause the call waits out: the client's environment, area and key fingerprint. */
  pauseScope: () => Promise<PauseScope>;
  /** The call's signal: it ends a wait for the shared pause. */
  signal: AbortSignal | undefined;
}

/**
 * Where a ledger entry stands.
 * - `pending`: a call holds the claim until its lease passes (in flight; past the lease, its worker is
 *   taken for crashed, and the next call settles the entry by reading the service before sending).
 * - `done`: the service acted on it (a 2xx, queued work included, or settling found it done).
 * - `refused`: the service certainly did not act (it refused the request, the request never reached it,
 *   or settling found it not done): the next call sends without reading first.
 * - `unknown`: no answer came (or settling could not conclude): the next call settles it first.
 */
export type LedgerState = 'pending' | 'done' | 'refused' | 'unknown';

/**
 * What an entry is keyed by: what a call does, so that two calls that do different things never meet,
 * and the same call always meets its earlier self. Sandbox and production entries never meet, nor two
 * accounts' (API keys').
 */
export interface LedgerKey {
  /** The client's environment. */
  environment: 'sandbox' | 'production';
  /**
   * The account: a fingerprint of the API key (16 hex digits of its SHA-256, as the shared pause keeps
   * it), never the key. Empty for an entry written by consignkit 0.3.0, which kept no account.
   */
  account: string;
  /** Area A (`OrdersClient`) or area B (`ShipmentsClient`). */
  area: 'orders' | 'shipments';
  /** The operation's id (`manifestConsignments`). */
  operation: string;
  /**
   * One reference the call acts on (`EC-…`, `sp_…`), the customer reference for a creation, the
   * shipping location for Manifest From Query (`*` for a query naming none).
   */
  reference: string;
  /**
   * What the call asks of it, where the operation and reference do not say it alone: the package's
   * customer reference for Add Package, the target state for Change Shipment State, the shipment for a
   * group's membership change, a digest of the query for Manifest From Query. Empty when nothing more.
   * A reference or a state, never a name, an address or a document (docs/scale.md lists each operation's).
   */
  asks: string;
}

/** Which entries {@link Ledger.resolve} marks: every account's and every `asks` when those are left out. */
export type LedgerKeyToResolve = Omit<LedgerKey, 'account' | 'asks'> &
  Partial<Pick<LedgerKey, 'account' | 'asks'>>;

/** One entry of a ledger, as {@link Ledger.list} reads it. */
export interface LedgerEntry extends LedgerKey {
  /** Where it stands. */
  state: LedgerState;
  /** When the claim now on it was taken. */
  claimedAt: Date;
  /** When that claim's lease passes: after it, a `pending` entry is taken for a crashed worker's. */
  leaseUntil: Date;
  /** When the entry last changed. */
  updatedAt: Date;
  /** The call, in the stored form of an `OutcomeUnknownError`: what settling it reads from. */
  call: OutcomeUnknownErrorJSON;
  /** Why it is in its state, when something was found out (the error's name, what settling read). */
  note: string | undefined;
}

/**
 * What a call asks a ledger for before sending: one exclusive claim on each of its keys, unless the
 * shared pause of its account holds calls back now.
 */
export interface LedgerIntent {
  /** The client's environment. */
  environment: LedgerKey['environment'];
  /** The account: the API key's fingerprint (see {@link LedgerKey.account}). */
  account: string;
  /** The client's area. */
  area: LedgerKey['area'];
  /** The operation's id. */
  operation: string;
  /** The keys' references, each claimed; all or none. */
  references: string[];
  /** What the call asks of each of them (see {@link LedgerKey.asks}). */
  asks: string;
  /**
   * The call, in the stored form of an `OutcomeUnknownError`. Each key's entry keeps it with its
   * `references` narrowed to the key's own when the intent has several keys (one reference each of a
   * list): what settling that entry reads.
   */
  call: OutcomeUnknownErrorJSON;
  /** How long the claim holds before it is taken for a crashed worker's. */
  leaseMs: number;
}

/** One key a claim took: new, or over an entry that was in `previous` (a dead claim, an outcome). */
export interface ClaimedKey {
  /** The key's reference. */
  reference: string;
  /** `undefined` for a new entry. `pending` means the earlier claim's lease had passed. */
  previous: LedgerState | undefined;
  /** The earlier call on it, for settling it. */
  previousCall: OutcomeUnknownErrorJSON | undefined;
}

/** A claim held: its token, which only it can record an outcome under. */
export interface LedgerClaim {
  /** The claim's token: only it can record an outcome on its entries. */
  id: string;
  /** What was claimed. */
  intent: LedgerIntent;
  /** Each key taken, with what it was taken over from. */
  keys: ClaimedKey[];
}

/** A key another call holds, with how long ago it was claimed. */
export interface HeldKey {
  /** The key's reference. */
  reference: string;
  /** How long ago its claim was taken, in milliseconds. */
  claimAgeMs: number;
}

/** A claim taken: every key is the caller's. */
export interface ClaimTaken {
  /** The claim. */
  claim: LedgerClaim;
  /** Never set here. */
  held?: undefined;
  /** Never set here. */
  paused?: undefined;
}

/** A claim refused: some keys are held by live claims, and nothing was taken. */
export interface ClaimRefused {
  /** Never set here. */
  claim?: undefined;
  /** The keys held, with their claims' ages. */
  held: HeldKey[];
  /** Never set here. */
  paused?: undefined;
}

/**
 * No claim taken: the shared pause of the intent's account holds every call back until `paused` (the
 * service asked to wait). The caller waits, then claims again.
 */
export interface ClaimPaused {
  /** Never set here. */
  claim?: undefined;
  /** Never set here. */
  held?: undefined;
  /** Until when nothing is to be sent in the intent's environment, area and account. */
  paused: Date;
}

/**
 * {@link Ledger.claim}'s answer: the claim, or the keys held by live claims, or the shared pause in
 * effect (and nothing taken in either case).
 */
export type ClaimResult = ClaimTaken | ClaimRefused | ClaimPaused;

/** Which entries {@link Ledger.list} reads. */
export interface LedgerFilter {
  /** Only this environment's entries. */
  environment?: LedgerKey['environment'] | undefined;
  /** Only this account's entries (an API key's fingerprint). */
  account?: string | undefined;
  /** Only this area's entries. */
  area?: LedgerKey['area'] | undefined;
  /** Only these states. */
  states?: LedgerState[] | undefined;
  /** Only the entries a settle would take: `unknown`, and `pending` past its lease. */
  settleable?: boolean | undefined;
  /** At most this many, oldest change first. Default: all. */
  limit?: number | undefined;
}

/** What {@link Ledger.settle} found for one entry. */
export interface SettledEntry extends LedgerKey {
  /**
   * `done`: the service did it (recorded done); `not-done`: it did not (recorded refused: the next call
   * sends); `inconclusive`: the reads neither prove nor disprove it (left unknown: check by hand);
   * `unsettleable`: no read can tell for this operation (left unknown: check by hand, then
   * {@link Ledger.resolve}); `in-flight`: a live claim holds it now; `skipped`: no client of its area and
   * environment was given; `failed`: reading failed (left unknown).
   */
  found: 'done' | 'not-done' | 'inconclusive' | 'unsettleable' | 'in-flight' | 'skipped' | 'failed';
  /** What was read, for people: each reference's state, or why nothing was. */
  detail: string;
}

/** The clients {@link Ledger.settle} reads through; each settles the entries of its area and environment. */
export interface SettlingClients {
  /** Settles area A's entries of its environment: an `OrdersClient`. */
  orders?: SettlingClient | undefined;
  /** Settles area B's entries of its environment: a `ShipmentsClient`. */
  shipments?: SettlingClient | undefined;
}

/** What settling needs of a client: `OrdersClient` and `ShipmentsClient` are both one. */
export interface SettlingClient {
  /** The environment it reads: only the entries of that environment are settled through it. */
  readonly environment: 'sandbox' | 'production';
  /** Reads the service for a stored call (the clients' `reconcile`). */
  reconcile(outcome: OutcomeUnknownErrorJSON): Promise<SettledReference[]>;
}

/**
 * A durable record of non-repeatable operations, shared by every process that uses it: the client option
 * `ledger` of `OrdersClient` and `ShipmentsClient`. `createPostgresLedger` and
 * `createMemoryLedger` (`consignkit/ledger`) implement it; another store can, keeping the contract of each method.
 */
export interface Ledger {
  /**
   * How long a claim holds before it is taken for a crashed worker's, at least. A call's claim holds
   * longer when the call can take longer: see `docs/scale.md`. Default 300 000 (5 minutes).
   */
  readonly leaseMs?: number | undefined;
  /**
   * Where the ledger keeps the shared pause: after a 429 or 503 with `Retry-After`, every client sharing
   * the ledger waits until then before sending a non-repeatable call. Optional for a ledger of your own.
   */
  readonly pause?: SharedPause | undefined;
  /**
   * Claims every key of `intent` at once, or none: a key is free when it has no entry, or its entry is
   * not `pending`, or its lease has passed. Each key taken is `pending` under the new claim, and comes
   * with the entry it took over (what settling reads). A ledger with a {@link Ledger.pause} answers
   * `paused` instead, taking nothing, while the pause of the intent's account holds: the claim, the
   * check of the pause and the read of the earlier entry are one write (one statement for Postgres).
   * @throws when the store cannot be reached: the call then sends nothing.
   */
  claim(intent: LedgerIntent): Promise<ClaimResult>;
  /**
   * Extends the claim's lease to `leaseMs` from now, on every key it still holds: true when it holds all
   * of them, false when one was taken over (its lease passed meanwhile), and then the caller sends
   * nothing. A call renews its claim after reading the service to settle an earlier entry, just before
   * sending: the lease then covers the send whatever the reads took.
   */
  renew(claim: LedgerClaim, leaseMs: number): Promise<boolean>;
  /**
   * Records the outcome of the claim's call on `references` (default: all its keys), and only where the
   * claim still holds the entry (a claim taken over after its lease passed records nothing). `note` says why.
   * A call through `guardedSend` returns without waiting for the outcome of what it sent to be recorded:
   * a later call of the process on the same keys waits for it, and {@link Ledger.flush} and `close` do
   * too. One never recorded leaves its entry pending, which the next call after the lease settles by
   * reading.
   */
  record(
    claim: LedgerClaim,
    state: Exclude<LedgerState, 'pending'>,
    note?: string,
    references?: string[],
  ): Promise<void>;
  /**
   * Sends one non-repeatable call through the ledger, as the clients do for each: the shared pause waited
   * out, the claim, the settling of an earlier call, `send`, and the outcome's record. A ledger of your
   * own implements it with `guardedSend` (`consignkit/ledger`), as `settle` with `settleLedger`.
   */
  guard<Result>(call: LedgerCall, send: () => Promise<Result>): Promise<Result>;
  /** The entries, oldest change first. */
  list(filter?: LedgerFilter): Promise<LedgerEntry[]>;
  /**
   * Settles every `unknown` entry, and every `pending` one whose lease has passed, by reading the service
   * through the client of its area and environment (never by sending), and records what it found.
   */
  settle(
    clients: SettlingClients,
    filter?: Pick<LedgerFilter, 'environment' | 'area' | 'limit'>,
  ): Promise<SettledEntry[]>;
  /**
   * Marks an entry by hand, after checking the service yourself: `done` (the next call settles it by
   * reading again before sending), `refused` (the next call sends). False when no such entry exists.
   */
  resolve(key: LedgerKeyToResolve, state: 'done' | 'refused', note?: string): Promise<boolean>;
  /** Creates or updates the ledger's tables (nothing for the memory ledger). */
  migrate(): Promise<void>;
  /**
   * Waits until every outcome this process's calls are still recording through this ledger is stored (or
   * failed to store, which the logger is told). Await it before a queue job completes: a worker killed
   * after its job completed then leaves no entry `pending`. A ledger of your own implements it with
   * `outcomesRecorded(this)` (`consignkit/ledger`).
   */
  flush(): Promise<void>;
  /** Waits for the outcomes still being recorded, then releases what the ledger holds (its pool, when it made it). */
  close(): Promise<void>;
}
