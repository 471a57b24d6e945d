// One worker of bench/fleet.mjs: manifests its share of consignments one after another, through the
// shared Postgres ledger or without one, once the parent says go; prints how long they took.
import { once } from 'node:events';
import { OrdersClient } from 'consignkit';
import { createPostgresLedger } from 'consignkit/ledger';

const { BASE_URL, LEDGER_URL, FIRST, COUNT } = process.env;
const ledger = LEDGER_URL
  ? createPostgresLedger({ connectionString: LEDGER_URL }, { poolSize: 2 })
  : undefined;
const orders = new OrdersClient({
  apiKey: 'bench-key',
  baseUrl: BASE_URL,
  maxRetries: 0,
  ...(ledger ? { ledger } : {}),
});
const reference = (number) => {
  const digits = String(number).padStart(9, '0');
  return `EC-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
};
// Warm: connections to the server and the database, and the JIT.
for (let index = 0; index < 20; index++)
  await orders.manifests.manifest([reference(900_000_000 + Number(FIRST) + index)]);
console.log('ready');
await once(process.stdin, 'data');
const started = performance.now();
const cpu = process.cpuUsage();
for (let index = 0; index < Number(COUNT); index++)
  await orders.manifests.manifest([reference(Number(FIRST) + index)]);
// The last outcomes stored too, as a queue job awaits them before it completes.
await ledger?.flush();
const ms = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ ms, cpuMs: (user + system) / 1000 }));
await ledger?.close();
process.exit(0);
