import type { OutcomeUnknownErrorJSON } from '../core/errors.js';
import { guardedSend } from './guard.js';
import { createMemoryPause } from './pause.js';
import { settleLedger } from './settle.js';
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
} from './types.js';

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

const keyOf = (key: LedgerKey) => JSON.stringify([key.environment, key.area, key.operation, key.reference]);

/**
 * A {@link Ledger} held in this process's memory: claims exclude other calls of this process only, and
 * nothing survives it. For one process, and for tests; a fleet needs {@link createPostgresLedger}.
 */
export function createMemoryLedger(options: MemoryLedgerOptions = {}): Ledger {
  const now = options.now ?? Date.now;
  const entries = new Map<string, MemoryEntry>();
  const isLive = (entry: MemoryEntry, at: number) => entry.state === 'pending' && entry.leaseUntil > at;
  const ledger: Ledger = {
    leaseMs: options.leaseMs,
    pause: createMemoryPause(),
    async claim(intent: LedgerIntent): Promise<ClaimResult> {
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
          call: structuredClone(intent.call),
          note: undefined,
        });
      }
      return { claim };
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
      const entry = entries.get(keyOf(key));
      if (entry === undefined) return false;
      entry.state = state;
      entry.updatedAt = now();
      entry.note = note ?? `resolved by hand: ${state}`;
      return true;
    },
    async migrate() {},
    async close() {},
  };
  return ledger;
}

function keyFields(intent: Pick<LedgerIntent, 'environment' | 'area' | 'operation'>) {
  return { environment: intent.environment, area: intent.area, operation: intent.operation };
}
