// The two clients' methods as `declaredMethods` finds them, by walking a client of each area built with a
// placeholder key (nothing is sent: src/operation-catalog.ts): for the scripts that write what the code declares (docs/api.md,
// src/core/operation-names.ts, the MCP summaries), so that none of them keeps a list.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = resolve(fileURLToPath(import.meta.url), '../..');

const load = (path) => tsImport(pathToFileURL(resolve(root, path)).href, import.meta.url);

/** `[{ area, client, methods }]`, area A's first; each method with its path, owner class and operations. */
export async function walkClients() {
  // One import, so that the walker and the clients share one module graph (one Resource class).
  const { methodsByArea } = await load('src/operation-catalog.ts');
  const { orders, shipments } = methodsByArea();
  return [
    { area: 'orders', client: 'OrdersClient', methods: orders },
    { area: 'shipments', client: 'ShipmentsClient', methods: shipments },
  ];
}
