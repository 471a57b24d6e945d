/**
 * A non-repeatable call through a ledger: claim, settle an earlier call by reading, send, record. The one
 * place that decides what a call does with a ledger; `OperationCall` hands it the call and how to send it.
 */
import {
  ApiError,
  ConnectionError,
  OutcomeUnknownError,
  type OutcomeUnknownErrorJSON,
  RequestAbortedError,
  RequestValidationError,
  ResponseValidationError,
  type SafeCause,
} from '../core/errors.js';
import type {
  ClaimedKey,
  Ledger,
  LedgerCall,
  LedgerClaim,
  LedgerIntent,
  LedgerState,
  PauseScope,
  SettledReference,
} from '../core/ledger-contract.js';
import { type Call, type Operation, type OutcomeRule, referencesOf } from '../core/operation.js';
import { LedgerError, OperationAlreadyDoneError, OperationInFlightError } from './errors.js';
import { recordSharedPause, waitOutSharedPause } from './pause.js';

/** A claim's lease when the ledger names none: longer than a call with the default options can take. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/**
 * Past the last moment a call can still be waiting for its answer, how long the service may yet act on a
 * request the client gave up on (a request still in its queue): the lease outlasts the call by this much.
 */
export const LEASE_MARGIN_MS = 60_000;
/** The longest `Retry-After` a call waits out (core/retry.ts). */
const LONGEST_WAIT_MS = 60_000;

/**
 * The longest a call can take, from its first attempt to its last answer: every attempt's `timeout`, and
 * the longest wait between attempts (a non-repeatable call is sent again only when turned away, after a
 * `Retry-After` of at most 60 s).
 */
export function longestCallMs(timeout: number, maxRetries: number): number {
  return (maxRetries + 1) * timeout + maxRetries * LONGEST_WAIT_MS;
}

/**
 * How a client sends one non-repeatable call through a ledger: the shared pause waited out first, then
 * the claim, the settling of an earlier call, the request and the outcome's record. `Ledger.guard` of the
 * ledgers made here; a ledger of your own implements its `guard` with it.
 */
export async function guardedSend<Result>(call: LedgerCall, send: () => Promise<Result>): Promise<Result> {
  const scope = await call.pauseScope();
  return sendThroughLedger(call as DeclaredCall, scope, () =>
    recordSharedPause(call.ledger.pause, scope, call.operation.name, send),
  );
}

/** A call as the clients make it: with the operation's whole declaration (retry class, outcome rule…). */
type DeclaredCall = Omit<LedgerCall, 'operation'> & { operation: Operation<never, unknown> };

const UNSETTLEABLE_PREFIX = '~unsettleable:';

/** 16 hex digits of the SHA-256 of a value's JSON: what a key keeps of a query, an address or a document. */
async function digestOf(value: unknown): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(JSON.stringify(value) ?? ''),
  );
  return `#${[...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * What a call is keyed by besides its environment, account and operation: the references it claims (its
 * customer reference for a creation, its scope for a query, else what it acts on) and what it asks of them.
 */
async function claimKeys(context: DeclaredCall): Promise<{ references: string[]; asks: string }> {
  const { operation, call } = context;
  const declared = operation.ledgerKey?.(call);
  const asks =
    declared === undefined
      ? ''
      : typeof declared.asks === 'string'
        ? declared.asks
        : await digestOf(declared.asks.digest);
  const creation = operation.customerReference;
  if (creation) {
    const reference = creation.of(call);
    if (reference !== undefined && reference.trim() !== '') return { references: [reference], asks };
    if (context.createWithoutCustomerReference) {
      // Still recorded, under a key no other call can meet, so that a crash leaves it in sight.
      return { references: [`${UNSETTLEABLE_PREFIX}${globalThis.crypto.randomUUID()}`], asks };
    }
    throw new RequestValidationError(
      `${operation.name}: with a ledger, a creation needs its customer reference (${creation.field}): nothing else can find it if its answer is lost, so nothing could tell a second creation from a first. Set ${creation.field}, or pass { createWithoutCustomerReference: true } in this call's options to send it unsettleable; nothing was sent`,
      [{ path: [creation.field], message: 'required with a ledger', code: 'ledger_customer_reference' }],
    );
  }
  const references = [
    ...new Set(
      (declared?.references ?? referencesOf(operation, call)).filter((reference) => reference !== ''),
    ),
  ];
  // Sorted: two calls claiming overlapping keys take them in one order, and never wait on each other.
  return { references: references.length > 0 ? references.sort() : ['*'], asks };
}

/** The call in the stored form of an `OutcomeUnknownError`, as the ledger keeps it. */
function storedCall(operation: Operation<never, unknown>, call: Call): OutcomeUnknownErrorJSON {
  const settleWith = operation.settleWith?.(call);
  return {
    name: 'OutcomeUnknownError',
    message: `${operation.name}: sent under a ledger claim, its outcome not recorded`,
    operation: operation.name,
    references: referencesOf(operation, call),
    reason: 'unsettled',
    ...(settleWith
      ? { settleWith: structuredClone(settleWith) as OutcomeUnknownErrorJSON['settleWith'] }
      : {}),
  };
}

/** What the service did with a call that failed: what its entry records. */
export function outcomeOfFailure(error: unknown): Exclude<LedgerState, 'pending'> {
  if (OutcomeUnknownError.is(error)) return 'unknown';
  // A 2xx whose body could not be used: the service acted.
  if (ResponseValidationError.is(error)) return 'done';
  if (ApiError.is(error)) return (error as ApiError).status >= 500 ? 'unknown' : 'refused';
  // Never connected, or provably not sent.
  if (ConnectionError.is(error) || RequestAbortedError.is(error)) return 'refused';
  // Area A's allocation answered: some allocated, some failed. The next call reads which.
  if (error instanceof Error && error.name === 'AllocationError') return 'done';
  return 'unknown';
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** A failed store, as the call's error: nothing was sent. */
function notRecorded(name: string, error: unknown): LedgerError {
  const reason = LedgerError.is(error) ? (error as Error).message : describe(error);
  const cause = LedgerError.is(error) ? ((error as Error).cause as SafeCause | undefined) : undefined;
  return new LedgerError(
    `${name} was not sent: the ledger could not record its intent (${reason}). Nothing was sent; send it again once the ledger is reachable`,
    { operation: name, cause },
  );
}

/** How many times a call waits out the shared pause before it gives up (another worker keeps being turned away). */
const MOST_PAUSES = 5;

/** Sends a non-repeatable call through the ledger; `send` sends it once. */
export async function throughLedger<Result>(
  context: DeclaredCall,
  scope: PauseScope,
  send: () => Promise<Result>,
): Promise<Result> {
  const { ledger, operation } = context;
  const name = operation.name;
  const { references, asks } = await claimKeys(context);
  const leaseMs = Math.max(
    ledger.leaseMs ?? DEFAULT_LEASE_MS,
    longestCallMs(context.timeout, context.maxRetries) + LEASE_MARGIN_MS,
  );
  const intent = {
    environment: context.environment,
    account: scope.key,
    area: context.area,
    operation: name,
    references,
    asks,
    call: storedCall(operation, context.call),
    leaseMs,
  };
  // An outcome of this process still being recorded on one of these keys is stored first: the claim
  // then meets it as a later call always did.
  await recordedBefore(ledger, intent);
  let claim: LedgerClaim;
  try {
    let answer = await ledger.claim(intent);
    for (let pauses = 0; answer.paused && pauses < MOST_PAUSES; pauses++) {
      // The claim, the pause and the earlier entry are one write: a pause takes nothing, so nothing is
      // held while it is waited out.
      await waitOutSharedPause(answer.paused, context.signal, name);
      answer = await ledger.claim(intent);
    }
    if (answer.paused) {
      throw new OperationInFlightError(
        `${name}: the service kept turning this account's calls away (the shared pause runs until ${answer.paused.toISOString()}); nothing was sent. Try again later`,
        { operation: name, references, claimAgeMs: 0 },
      );
    }
    if (answer.held) {
      const held = answer.held.map((key) => key.reference);
      const claimAgeMs = Math.max(0, ...answer.held.map((key) => key.claimAgeMs));
      throw new OperationInFlightError(
        `${name} is in flight for ${held.join(', ')} (claimed ${Math.round(claimAgeMs / 1000)} s ago by another call, in this process or another): nothing was sent. Try again once it has finished, or once its lease has passed`,
        { operation: name, references: held, claimAgeMs },
      );
    }
    claim = answer.claim;
  } catch (error) {
    if (OperationInFlightError.is(error) || RequestAbortedError.is(error)) throw error;
    throw notRecorded(name, error);
  }
  if (await settleEarlier(context, claim)) {
    // The reads may have outlasted the lease, and another worker taken the claim over and sent: the
    // lease is renewed, and only while this claim still holds every key, before anything is sent.
    let held: boolean;
    try {
      held = await ledger.renew(claim, leaseMs);
    } catch (error) {
      throw notRecorded(name, error);
    }
    if (!held) {
      throw new OperationInFlightError(
        `${name}: reading the service to settle an earlier call outlasted this call's lease, and another call took its claim over; nothing was sent (the other call settles and sends it)`,
        { operation: name, references, claimAgeMs: 0 },
      );
    }
  }
  let result: Result;
  try {
    result = await send();
  } catch (error) {
    recordBehind(context, claim, outcomeOfFailure(error), error instanceof Error ? error.name : 'failed');
    throw error;
  }
  recordBehind(context, claim, 'done', undefined);
  return result;
}

/** Each ledger's outcomes being recorded behind the calls that sent them, by key. */
const recording = new WeakMap<Ledger, Map<string, Promise<void>>>();

const keyText = (intent: LedgerIntent, reference: string) =>
  JSON.stringify([intent.environment, intent.account, intent.area, intent.operation, intent.asks, reference]);

/**
 * Records a sent call's outcome without keeping the call waiting for it: the claim was the durable write
 * before sending, and an outcome lost (the process ends first, the store fails) leaves the entry pending,
 * which the next call after its lease settles by reading, as after a crash. A later call of this process
 * on the same keys waits for it ({@link recordedBefore}); `flush`, and the Postgres ledger's `list`,
 * `resolve` and `close`, wait for every outcome still being recorded.
 */
function recordBehind(
  context: DeclaredCall,
  claim: LedgerClaim,
  state: Exclude<LedgerState, 'pending'>,
  note: string | undefined,
) {
  const { ledger } = context;
  let byKey = recording.get(ledger);
  if (byKey === undefined) {
    byKey = new Map();
    recording.set(ledger, byKey);
  }
  const keys = claim.keys.map((key) => keyText(claim.intent, key.reference));
  const recorded = recordQuietly(context, claim, state, note).finally(() => {
    for (const key of keys) if (byKey.get(key) === recorded) byKey.delete(key);
  });
  for (const key of keys) byKey.set(key, recorded);
}

/**
 * Waits for every outcome that calls of this process sent through `ledger` are still recording: what
 * {@link Ledger.flush} does for the ledgers made here, and how a ledger of your own implements it.
 */
export async function outcomesRecorded(ledger: Ledger): Promise<void> {
  const byKey = recording.get(ledger);
  if (byKey !== undefined && byKey.size > 0) await Promise.all(byKey.values());
}

/** Waits for the outcomes of this process still being recorded on the intent's keys (none, mostly). */
async function recordedBefore(ledger: Ledger, intent: LedgerIntent): Promise<void> {
  const waits = intent.references.flatMap(
    (reference) => recording.get(ledger)?.get(keyText(intent, reference)) ?? [],
  );
  if (waits.length > 0) await Promise.all(waits);
}

/**
 * Records an outcome after sending. The call has its answer (or its error) whatever the store says: a
 * store that fails here leaves the entry `pending`, and the next call after its lease settles it by
 * reading. Told to the logger, never thrown over the call's own outcome.
 */
async function recordQuietly(
  context: DeclaredCall,
  claim: LedgerClaim,
  state: Exclude<LedgerState, 'pending'>,
  note: string | undefined,
  references?: string[],
) {
  try {
    await context.ledger.record(claim, state, note, references);
  } catch (error) {
    context.logger?.warn(
      `${context.operation.name}: the ledger could not record its outcome (${state}): ${describe(error)}. Its entry stays pending until its lease passes; then the next call, or ledger.settle, settles it by reading the service`,
      { operation: context.operation.name, ledgerState: state },
    );
  }
}

const settledText = (entry: SettledReference) =>
  `${entry.reference} ${entry.done === true ? 'done' : entry.done === false ? 'not done' : 'not proved either way'} (${entry.state ?? 'not found'})`;

/**
 * The keys the claim took over from an earlier call that may have acted (done, unknown, or a dead claim)
 * are settled by reading before anything is sent. Returns when the call is to be sent; else records what
 * was found, and returns the void result or throws.
 */
async function settleEarlier(context: DeclaredCall, claim: LedgerClaim): Promise<boolean> {
  const { operation } = context;
  const name = operation.name;
  const earlier = claim.keys.filter((key) => key.previous !== undefined && key.previous !== 'refused');
  if (earlier.length === 0) return false;
  let read = false;
  const rule = operation.outcome;
  const creation = operation.customerReference !== undefined;
  const found = new Map<string, SettledReference>();
  const unsettleable: ClaimedKey[] = [];
  for (const key of earlier) {
    if (rule === undefined || 'unsettled' in rule || context.settle === undefined) {
      // A completed call of an operation no read can check: a creation under the same customer reference
      // is a second creation; anything else is a new intent of its own.
      if (key.previous === 'done' && !creation) continue;
      if (key.previous === 'done') {
        found.set(key.reference, { reference: key.reference, state: undefined, done: true });
        continue;
      }
      unsettleable.push(key);
      continue;
    }
    read = true;
    found.set(key.reference, await readEntry(context, claim, key, rule));
  }
  const release = async () => {
    // Nothing is sent: each key records what was found (free ones: the service did not act).
    for (const key of claim.keys) {
      const entry = found.get(key.reference);
      const state: Exclude<LedgerState, 'pending'> = unsettleable.includes(key)
        ? 'unknown'
        : entry?.done === true
          ? 'done'
          : entry?.done === undefined && entry !== undefined
            ? 'unknown'
            : 'refused';
      await recordQuietly(context, claim, state, entry ? settledText(entry) : 'nothing sent', [
        key.reference,
      ]);
    }
  };
  if (unsettleable.length > 0) {
    await release();
    const why =
      rule && 'unsettled' in rule ? rule.unsettled : 'no read of the service can tell whether it happened';
    throw new OutcomeUnknownError(
      `${name}: an earlier call on ${unsettleable.map((key) => key.reference).join(', ')} may have reached the service, and its outcome was never recorded; nothing was sent. ${why}. Once checked, mark it with ledger.resolve (or consignkit ledger resolve)`,
      { operation: name, references: unsettleable.map((key) => key.reference), reason: 'unsettled' },
    );
  }
  const settled = [...found.values()];
  const inconclusive = settled.filter((entry) => entry.done === undefined);
  if (inconclusive.length > 0) {
    await release();
    throw new OutcomeUnknownError(
      `${name}: an earlier call may have acted, and reading the service neither proves nor disproves it: ${inconclusive.map(settledText).join('; ')}. Nothing was sent; check by hand, then mark it with ledger.resolve (or consignkit ledger resolve)`,
      { operation: name, references: inconclusive.map((entry) => entry.reference), reason: 'unsettled' },
    );
  }
  const done = settled.filter((entry) => entry.done === true);
  if (done.length === 0) return read;
  await release();
  const everyKeyDone = claim.keys.every((key) => found.get(key.reference)?.done === true);
  // A method that returns nothing has nothing more to tell: the operation is in place.
  if (everyKeyDone && operation.response === undefined) throw VOID_DONE;
  const notDone = claim.keys
    .filter((key) => found.get(key.reference)?.done !== true)
    .map((key) => key.reference);
  const rest = notDone.length > 0 ? `; not for ${notDone.join(', ')}: send again for those alone` : '';
  throw new OperationAlreadyDoneError(
    `${name} was already done for ${done.map(settledText).join('; ')}${rest}. The ledger settled an earlier call by reading the service; nothing was sent`,
    {
      operation: name,
      references: claim.keys.map((key) => key.reference),
      settled: claim.keys.map(
        (key) => found.get(key.reference) ?? { reference: key.reference, state: undefined, done: false },
      ),
    },
  );
}

/** Thrown through `settleEarlier` when a void operation is done already: the call returns. */
const VOID_DONE = Symbol('done');

/** `throughLedger`, with a void operation found done returning as a sent one would. */
export async function sendThroughLedger<Result>(
  context: DeclaredCall,
  scope: PauseScope,
  send: () => Promise<Result>,
): Promise<Result> {
  try {
    return await throughLedger(context, scope, send);
  } catch (error) {
    if (error === VOID_DONE) return undefined as Result;
    throw error;
  }
}

/** Reads one key's earlier call, as `reconcile` does: done, not done, or neither. */
async function readEntry(
  context: DeclaredCall,
  claim: LedgerClaim,
  key: ClaimedKey,
  rule: SettleableRule,
): Promise<SettledReference> {
  // The entry keeps what settling it reads: its own references (one of a list; all of a single key's call).
  const earlier = key.previousCall ?? claim.intent.call;
  const stored: OutcomeUnknownErrorJSON = {
    ...earlier,
    references:
      claim.keys.length > 1 || key.previousCall === undefined
        ? referencesOfKey(key.reference)
        : earlier.references,
  };
  let found: SettledReference[];
  try {
    found = await context.settle!(stored);
  } catch (error) {
    // Nothing is sent; the entry stays as unsettled as it was.
    for (const claimed of claim.keys) {
      const state =
        claimed.previous === undefined || claimed.previous === 'refused'
          ? 'refused'
          : claimed.previous === 'done'
            ? 'done'
            : 'unknown';
      await recordQuietly(context, claim, state, 'settling failed', [claimed.reference]);
    }
    throw error;
  }
  return { reference: key.reference, ...doneOf(rule, found) };
}

/** The references settling reads for a key: a scope (`*`) or an unsettleable creation names none. */
export function referencesOfKey(reference: string): string[] {
  return reference === '*' || reference.startsWith(UNSETTLEABLE_PREFIX) ? [] : [reference];
}

/** An outcome rule a read of the service can settle. */
export type SettleableRule = Exclude<OutcomeRule, { unsettled: string }>;

/**
 * One key's conclusion from what was read. Nothing found: a creation was not made (`from: []`); a query
 * has nothing left to act on; a package's reading names its package, so none is neither. Otherwise done when every reference read is done, not done when none is.
 */
export function doneOf(
  rule: SettleableRule,
  found: SettledReference[],
): { state: string | undefined; done: boolean | undefined } {
  if (found.length === 0)
    return { state: undefined, done: 'from' in rule ? rule.from.length > 0 : undefined };
  const states = [...new Set(found.map((entry) => entry.state ?? 'not found'))].join(', ');
  if (found.every((entry) => entry.done === true)) return { state: states, done: true };
  if (found.every((entry) => entry.done === false)) return { state: states, done: false };
  return { state: states, done: undefined };
}
