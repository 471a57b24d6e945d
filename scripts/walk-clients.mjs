// The two clients' methods as `declaredMethods` finds them, by walking a client of each area built with a
// placeholder key (nothing is sent): for the scripts that write what the code declares (docs/api.md,
// src/core/operation-names.ts, the MCP summaries), so that none of them keeps a list.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = resolve(fileURLToPath(import.meta.url), '../..');

const load = (path) => tsImport(pathToFileURL(resolve(root, path)).href, import.meta.url);

/** `[{ area, client, methods }]`, area A's first; each method with its path, owner class and operations. */
export async function walkClients() {
  const [{ declaredMethods }, { OrdersClient }, { ShipmentsClient }] = await Promise.all([
    load('src/core/declared-methods.ts'),
    load('src/orders/client.ts'),
    load('src/shipments/client.ts'),
  ]);
  const options = { apiKey: 'walk-only', baseUrl: 'http://127.0.0.1:9' };
  return [
    { area: 'orders', client: 'OrdersClient', methods: declaredMethods(new OrdersClient(options)) },
    { area: 'shipments', client: 'ShipmentsClient', methods: declaredMethods(new ShipmentsClient(options)) },
  ];
}
