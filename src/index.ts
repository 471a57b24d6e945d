/**
 * The clients of both areas of the service, their options, errors, wire types and schemas, and label
 * decoding. Web-standard APIs only: it runs in Node 20.19+, Bun, Deno and edge runtimes.
 *
 * - {@link OrdersClient} (area A: orders, packing, allocation, manifests) and {@link ShipmentsClient}
 *   (area B: shipments, labels, quotes, allocation, manifests, tracking, groups), or both at once with {@link createClients}.
 * - Errors: everything thrown extends {@link ConsignkitError}.
 * - Wire types keep the service's names (PascalCase in area A, snake_case in area B), and each has the
 *   schema the SDK checks it with (`OrderSchema`, `AddressSchema`…), for checking data of your own:
 *   `OrderSchema.safeParse(value)`. Each is a {@link WireSchema}, and a Standard Schema v1.
 * - {@link decodeDocument} turns a label into checked bytes.
 *
 * @example
 * ```ts
 * import { OrdersClient, ShipmentsClient, createClients } from 'consignkit';
 *
 * const orders = new OrdersClient({ apiKey, environment: 'sandbox' });
 * const shipments = new ShipmentsClient({ apiKey, environment: 'production' });
 * const both = createClients({ environment: 'sandbox', apiKey }); // { orders, shipments }
 * ```
 *
 * @module consignkit
 */
export { type CreateClientsOptions, createClients } from './clients.js';
export { ClientBase } from './core/client-base.js';
export * from './core/index.js';
// The ledger's errors and its interface, which the clients' `ledger` option takes; the ledgers themselves
// are made by `consignkit/ledger`, which loads node-postgres only when asked, and which alone exports what a
// ledger of one's own implements `guard` with (`LedgerCall`, the shared pause).
export type {
  ClaimedKey,
  ClaimPaused,
  ClaimRefused,
  ClaimResult,
  ClaimTaken,
  HeldKey,
  Ledger,
  LedgerClaim,
  LedgerEntry,
  LedgerFilter,
  LedgerIntent,
  LedgerKey,
  LedgerKeyToResolve,
  LedgerState,
  SettledEntry,
  SettledReference,
  SettlingClient,
  SettlingClients,
} from './core/ledger-contract.js';
export { Resource } from './core/resource.js';
export * from './documents/index.js';
export { LedgerError, OperationAlreadyDoneError, OperationInFlightError } from './ledger/errors.js';
export * from './orders/index.js';
export * from './schemas.js';
export * from './shipments/index.js';
