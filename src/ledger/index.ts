/**
 * A durable record of non-repeatable operations, so that a fleet of workers never sends one twice: give
 * a ledger to `OrdersClient` and `ShipmentsClient` (`ledger` option), and every create, allocate,
 * manifest, cancel… is claimed before it is sent and recorded after. See `docs/scale.md`.
 *
 * ```ts
 * import { OrdersClient } from 'consignkit';
 * import { createPostgresLedger } from 'consignkit/ledger';
 *
 * const ledger = createPostgresLedger({ connectionString: process.env.CONSIGNKIT_LEDGER_URL! });
 * await ledger.migrate();
 * const orders = new OrdersClient({ apiKey, ledger });
 * ```
 *
 * @module consignkit/ledger
 */
// The contract the ledgers implement, which core owns: the clients take a `Ledger` without importing this module.
export type * from '../core/ledger-contract.js';
export { LedgerError, OperationAlreadyDoneError, OperationInFlightError } from './errors.js';
export {
  DEFAULT_LEASE_MS,
  guardedSend,
  LEASE_MARGIN_MS,
  longestCallMs,
  outcomesRecorded,
} from './guard.js';
export { createMemoryLedger, type MemoryLedgerOptions } from './memory.js';
export {
  createPostgresLedger,
  type PostgresConnectionString,
  type PostgresLedgerConnection,
  type PostgresLedgerOptions,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresPoolConnection,
  type PostgresQuery,
  type PostgresResult,
} from './postgres.js';
export { LEDGER_SCHEMA_VERSION } from './postgres-schema.js';
export { settleLedger } from './settle.js';
