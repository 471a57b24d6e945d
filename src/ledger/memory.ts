import type { OutcomeUnknownErrorJSON } from '../core/errors.js';
import type {
  ClaimResult,
  Ledger,
  LedgerClaim,
  LedgerEntry,
  LedgerFilter,
  LedgerIntent,
  LedgerKey,
  LedgerState,
  SettledEntry,
  SettlingClients,
} from '../core/ledger-contract.js';
import { guardedSend, outcomesRecorded } from './guard.js';
import { createMemoryPause } from './pause.js';
import { settleLedger } from './settle.js';

/** Options of {@link createMemoryLedger}. */
export interface MemoryLedgerOptions {
  /** See {@link Ledger.leaseMs}. Default 300 000. */
  leaseMs?: number | undefined;
  /** The clock, in milliseconds (for tests of leases). Default `Date.now`. */
  now?: (() => number) | undefined;
}

interface MemoryEntry {
  key: LedgerKey;
  state: LedgerState;
  claim: string;
  claimedAt: number;
  leaseUntil: number;
  updatedAt: number;
  call: OutcomeUnknownErrorJSON;
  note: string | undefined;
}

const keyOf = (key: LedgerKey) =>
  JSON.stringify([key.environment, key.account, key.area, key.operation, key.reference, key.asks]);

/** The call an entry keeps: with its own reference alone when the intent claimed several (see LedgerIntent). */
export function callOfKey(intent: LedgerIntent, reference: string): OutcomeUnknownErrorJSON {
  return intent.references.length > 1
    ? { ...intent.call, references: reference === '*' ? [] : [reference] }
    : intent.call;
}

/**
 * A {@link Ledger} held in this process's memory: claims exclude other calls of this process only, and
 * nothing survives it. For one process, and for tests; a fleet needs {@link createPostgresLedger}.
 */
export function createMemoryLedger(options: MemoryLedgerOptions = {}): Ledger {
  const now = options.now ?? Date.now;
  const entries = new Map<string, MemoryEntry>();
  const isLive = (entry: MemoryEntry, at: number) => entry.state === 'pending' && entry.leaseUntil > at;
  // The pause is kept on the real clock, as it is waited out on it (the `now` option is for leases).
  const pause = createMemoryPause();
  const ledger: Ledger = {
    leaseMs: options.leaseMs,
    pause,
    async claim(intent: LedgerIntent): Promise<ClaimResult> {
      const paused = await pause.notBefore({
        environment: intent.environment,
        area: intent.area,
        key: intent.account,
      });
      if (paused !== undefined) return { paused };
      const at = now();
      const keys = intent.references.map((reference) => ({ ...keyFields(intent), reference }));
      const held = keys
        .map((key) => entries.get(keyOf(key)))
        .filter((entry): entry is MemoryEntry => entry !== undefined && isLive(entry, at))
        .map((entry) => ({ reference: entry.key.reference, claimAgeMs: at - entry.claimedAt }));
      if (held.length > 0) return { held };
      const claim: LedgerClaim = { id: globalThis.crypto.randomUUID(), intent, keys: [] };
      for (const key of keys) {
        const earlier = entries.get(keyOf(key));
        claim.keys.push({ reference: key.reference, previous: earlier?.state, previousCall: earlier?.call });
        entries.set(keyOf(key), {
          key,
          state: 'pending',
          claim: claim.id,
          claimedAt: at,
          leaseUntil: at + intent.leaseMs,
          updatedAt: at,
          call: structuredClone(callOfKey(intent, key.reference)),
          note: undefined,
        });
      }
      return { claim };
    },
    async renew(claim, leaseMs) {
      const at = now();
      const held = claim.keys.map((key) =>
        entries.get(keyOf({ ...keyFields(claim.intent), reference: key.reference })),
      );
      if (!held.every((entry) => entry?.claim === claim.id && entry.state === 'pending')) return false;
      for (const entry of held) if (entry) entry.leaseUntil = at + leaseMs;
      return true;
    },
    async record(claim, state, note, references) {
      for (const reference of references ?? claim.keys.map((key) => key.reference)) {
        const entry = entries.get(keyOf({ ...keyFields(claim.intent), reference }));
        if (entry === undefined || entry.claim !== claim.id) continue;
        entry.state = state;
        entry.updatedAt = now();
        entry.note = note;
      }
    },
    async list(filter: LedgerFilter = {}): Promise<LedgerEntry[]> {
      const at = now();
      const listed = [...entries.values()]
        .filter(
          (entry) =>
            (filter.environment === undefined || entry.key.environment === filter.environment) &&
            (filter.account === undefined || entry.key.account === filter.account) &&
            (filter.area === undefined || entry.key.area === filter.area) &&
            (filter.states === undefined || filter.states.includes(entry.state)) &&
            (!filter.settleable ||
              entry.state === 'unknown' ||
              (entry.state === 'pending' && !isLive(entry, at))),
        )
        .sort((a, b) => a.updatedAt - b.updatedAt)
        .slice(0, filter.limit ?? Number.POSITIVE_INFINITY);
      return listed.map((entry) => ({
        ...entry.key,
        state: entry.state,
        claimedAt: new Date(entry.claimedAt),
        leaseUntil: new Date(entry.leaseUntil),
        updatedAt: new Date(entry.updatedAt),
        call: structuredClone(entry.call),
        note: entry.note,
      }));
    },
    guard: guardedSend,
    settle(clients: SettlingClients, filter): Promise<SettledEntry[]> {
      return settleLedger(ledger, clients, filter);
    },
    async resolve(key, state, note) {
      const matching = [...entries.values()].filter(
        ({ key: each }) =>
          each.environment === key.environment &&
          each.area === key.area &&
          each.operation === key.operation &&
          each.reference === key.reference &&
          (key.account === undefined || each.account === key.account) &&
          (key.asks === undefined || each.asks === key.asks),
      );
      for (const entry of matching) {
        entry.state = state;
        entry.updatedAt = now();
        entry.note = note ?? `resolved by hand: ${state}`;
      }
      return matching.length > 0;
    },
    async migrate() {},
    flush() {
      return outcomesRecorded(this);
    },
    async close() {
      await outcomesRecorded(ledger);
    },
  };
  return ledger;
}

function keyFields(intent: Pick<LedgerIntent, 'environment' | 'account' | 'area' | 'operation' | 'asks'>) {
  return {
    environment: intent.environment,
    account: intent.account,
    area: intent.area,
    operation: intent.operation,
    asks: intent.asks,
  };
}
