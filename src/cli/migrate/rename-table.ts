// The 0.3.0 rename table, read from the file the package ships (migrations/0.3.0.json) so that the
// command and an integrator's own tooling read the same data.
import renames from '../../../migrations/0.3.0.json' with { type: 'json' };

/** The clients whose flat methods moved into resources, by their declared class name. */
export type ClientName = 'OrdersClient' | 'ShipmentsClient';

export const CLIENT_NAMES: readonly ClientName[] = ['OrdersClient', 'ShipmentsClient'];

/** How the docs and the reports name an instance of each client: `orders.consignments.create`. */
export const CLIENT_VARIABLE: Record<ClientName, string> = {
  OrdersClient: 'orders',
  ShipmentsClient: 'shipments',
};

/** Old method name to new path from the client (`cancelConsignment` to `consignments.cancel`), per client. */
export type RenameTable = Record<ClientName, ReadonlyMap<string, string>>;

/** Reads a table whose keys are `OrdersClient.<old>` / `ShipmentsClient.<old>`; throws on any other key. */
export function renameTableOf(entries: Record<string, string>): RenameTable {
  const table: Record<ClientName, Map<string, string>> = {
    OrdersClient: new Map(),
    ShipmentsClient: new Map(),
  };
  for (const [key, path] of Object.entries(entries)) {
    const [client, old, extra] = key.split('.');
    if (extra !== undefined || old === undefined || !CLIENT_NAMES.includes(client as ClientName)) {
      throw new Error(`rename table: '${key}' is not OrdersClient.<name> or ShipmentsClient.<name>`);
    }
    table[client as ClientName].set(old, path);
  }
  return table;
}

export const RENAMES_0_3_0: RenameTable = renameTableOf(renames);
