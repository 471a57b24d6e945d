import { readBackOf } from '../core/client-base.js';
import { declaredOperations } from '../core/declared-methods.js';
import { ConsignkitError } from '../core/errors.js';
import type {
  Ledger,
  LedgerEntry,
  LedgerFilter,
  LedgerState,
  SettledEntry,
  SettlingClients,
} from '../core/ledger-contract.js';
import type { OutcomeRule } from '../core/operation.js';
import { DEFAULT_LEASE_MS, doneOf, outcomesRecorded } from './guard.js';

/** The rule the client's declaration of the entry's operation gives (found by walking the client). */
function ruleOf(entry: LedgerEntry, client: object): OutcomeRule | undefined {
  return declaredOperations(client).find((operation) => operation.name === entry.operation)?.outcome;
}

const keyOf = (entry: LedgerEntry) => ({
  environment: entry.environment,
  account: entry.account,
  area: entry.area,
  operation: entry.operation,
  reference: entry.reference,
  asks: entry.asks,
});

/**
 * {@link Ledger.settle} for any ledger: each `unknown` entry, and each `pending` one past its lease, is
 * claimed (so that no call sends meanwhile), read through the client of its area and environment, and
 * recorded as found. One at a time: settling follows a failure, often an overloaded service.
 */
export async function settleLedger(
  ledger: Ledger,
  clients: SettlingClients,
  filter: Pick<LedgerFilter, 'environment' | 'area' | 'limit'> = {},
): Promise<SettledEntry[]> {
  // The outcomes this process is still recording are not for settling.
  await outcomesRecorded(ledger);
  const entries = await ledger.list({ ...filter, settleable: true });
  const results: SettledEntry[] = [];
  for (const entry of entries) {
    const key = keyOf(entry);
    const client = clients[entry.area];
    if (client === undefined || client.environment !== entry.environment) {
      const kind = entry.area === 'orders' ? 'OrdersClient' : 'ShipmentsClient';
      results.push({
        ...key,
        found: 'skipped',
        detail: `no ${kind} of the ${entry.environment} environment was given`,
      });
      continue;
    }
    const answer = await ledger.claim({
      environment: entry.environment,
      account: entry.account,
      area: entry.area,
      operation: entry.operation,
      references: [entry.reference],
      asks: entry.asks,
      call: entry.call,
      leaseMs: ledger.leaseMs ?? DEFAULT_LEASE_MS,
    });
    if (answer.paused) {
      // Settling only reads, but the service asked this account to wait: left for the next settle.
      results.push({
        ...key,
        found: 'skipped',
        detail: `the service asked to wait until ${answer.paused.toISOString()}`,
      });
      continue;
    }
    if (answer.held) {
      results.push({ ...key, found: 'in-flight', detail: 'a live claim holds it now' });
      continue;
    }
    const claim = answer.claim;
    const finish = async (
      found: SettledEntry['found'],
      state: Exclude<LedgerState, 'pending'>,
      detail: string,
    ) => {
      await ledger.record(claim, state, detail);
      results.push({ ...key, found, detail });
    };
    const rule = ruleOf(entry, client);
    if (rule === undefined || 'unsettled' in rule) {
      await finish(
        'unsettleable',
        'unknown',
        rule?.unsettled ?? `${entry.operation} is not an operation this version can settle`,
      );
      continue;
    }
    try {
      // The entry keeps the references settling reads (its own, of a list; all of a single call's).
      const read = await readBackOf(client)(entry.call);
      const { state, done } = doneOf(rule, read);
      const detail = read.length === 0 ? (done ? 'nothing left to act on' : 'not found') : (state ?? '');
      if (done === true) await finish('done', 'done', detail);
      else if (done === false) await finish('not-done', 'refused', detail);
      else await finish('inconclusive', 'unknown', detail);
    } catch (error) {
      const detail =
        error instanceof ConsignkitError || error instanceof Error
          ? `${error.name}: ${error.message}`
          : String(error);
      await finish('failed', 'unknown', detail);
    }
  }
  return results;
}
