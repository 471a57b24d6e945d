// One worker of the ledger's race test: manifests each consignment at the agreed instant, through a
// Postgres ledger shared with the other worker, and prints what each call ended in as JSON.

import { once } from 'node:events';
import { OrdersClient } from '../../src/index.js';
import { createPostgresLedger } from '../../src/ledger/index.js';

const { LEDGER_URL, ORDERS_BASE_URL, CONSIGNMENTS, STEP_MS } = process.env as Record<string, string>;
const ledger = createPostgresLedger({ connectionString: LEDGER_URL as string }, { poolSize: 2 });
const orders = new OrdersClient({ apiKey: 'mock-api-key', baseUrl: ORDERS_BASE_URL, maxRetries: 0, ledger });
const outcomes: string[] = [];
// Connected before the race, so that both start from a warm pool.
await ledger.list({ limit: 1 });
// Ready; the test then hands both workers the same instant to start at.
console.log('ready');
const [line] = (await once(process.stdin.setEncoding('utf8'), 'data')) as [string];
const START_AT = line.trim();
process.stdin.destroy();
const consignments = JSON.parse(CONSIGNMENTS as string) as `EC-${string}`[];
for (const [index, consignment] of consignments.entries()) {
  const at = Number(START_AT) + index * Number(STEP_MS);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  try {
    await orders.manifests.manifest([consignment]);
    outcomes.push('sent');
  } catch (error) {
    outcomes.push((error as Error).name);
  }
}
await ledger.close();
console.log(JSON.stringify(outcomes));
