// Two builds of consignkit's ledger, alternated call by call on one PostgreSQL (fsync on), each with a
// database of its own: manifestConsignments of a new consignment each call against a canned server, with
// and without the ledger; the ledger alone (claim + record); and the floor under it, one durable INSERT …
// ON CONFLICT and one not waited for on disk. For a before/after of a change to the ledger:
//   node bench/ledger-versus.mjs <dist of the build before> <dist of the build after> [calls]
// (each a `dist` directory of a built checkout: `npm run build` there first).
import pg from 'pg';
import { claimAndRecord } from './ledger.mjs';
import { startPostgres } from './postgres.mjs';
import { serveCanned } from './server.mjs';

const [beforeDist, afterDist, callCount] = process.argv.slice(2);
if (!beforeDist || !afterDist) {
  console.error('usage: node bench/ledger-versus.mjs <dist before> <dist after> [calls]');
  process.exit(2);
}
const { resolve } = await import('node:path');
const { pathToFileURL } = await import('node:url');
const builds = { before: resolve(beforeDist), after: resolve(afterDist) };
const calls = Number(callCount ?? 1000);
const postgres = await startPostgres();
const canned = await serveCanned({ 'PUT /consignments/manifest': [] });
const admin = new pg.Pool({ connectionString: postgres.connectionString, max: 1 });
const clients = {};
const ledgers = [];
for (const [name, dist] of Object.entries(builds)) {
  await admin.query(`CREATE DATABASE ${name}`);
  const { OrdersClient } = await import(pathToFileURL(`${dist}/index.js`).href);
  const { createPostgresLedger } = await import(pathToFileURL(`${dist}/ledger/index.js`).href);
  const ledger = createPostgresLedger({
    connectionString: postgres.connectionString.replace(/\/postgres$/, `/${name}`),
  });
  await ledger.migrate();
  ledgers.push(ledger);
  const options = { apiKey: 'bench-key', baseUrl: canned.origin, maxRetries: 0 };
  clients[`${name} without`] = new OrdersClient(options);
  clients[`${name} with`] = new OrdersClient({ ...options, ledger });
}
let next = 0;
const reference = () => {
  const digits = String(next++).padStart(9, '0');
  return `EC-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
};
const samples = Object.fromEntries(Object.keys(clients).map((name) => [name, []]));
const own = Object.fromEntries(Object.keys(builds).map((name) => [`${name} ledger alone`, []]));
Object.assign(samples, own);
const ledgerOf = Object.fromEntries(
  Object.keys(builds).map((name, index) => [`${name} ledger alone`, ledgers[index]]),
);
const alone = (ledger) => claimAndRecord(ledger, reference());
const floorPool = new pg.Pool({ connectionString: postgres.connectionString, max: 1 });
await floorPool.query('CREATE TABLE t (k text PRIMARY KEY, v int)');
samples['floor: durable insert'] = [];
samples['floor: unsynchronised insert'] = [];
for (let round = 0; round < calls + 200; round++) {
  for (const [name, client] of Object.entries(clients)) {
    const started = performance.now();
    await client.manifests.manifest([reference()]);
    if (round >= 200) samples[name].push(performance.now() - started);
  }
  for (const [name, ledger] of Object.entries(ledgerOf)) {
    const started = performance.now();
    await alone(ledger);
    if (round >= 200) samples[name].push(performance.now() - started);
  }
  for (const [name, text] of [
    ['floor: durable insert', 'INSERT INTO t VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET v = t.v + 1'],
    [
      'floor: unsynchronised insert',
      "INSERT INTO t SELECT $1, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) s ON CONFLICT (k) DO UPDATE SET v = t.v + 1",
    ],
  ]) {
    const started = performance.now();
    await floorPool.query({ name, text, values: [`${name}-${round}`] });
    if (round >= 200) samples[name].push(performance.now() - started);
  }
}
await floorPool.end();
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `${name.padEnd(30)} p50 ${pct(values, 50).toFixed(2)} ms  p99 ${pct(values, 99).toFixed(2)} ms  (${values.length})`,
  );
}
for (const name of Object.keys(builds)) {
  console.log(
    `${name}: the ledger adds ${(pct(samples[`${name} with`], 50) - pct(samples[`${name} without`], 50)).toFixed(2)} ms at p50, ${(pct(samples[`${name} with`], 99) - pct(samples[`${name} without`], 99)).toFixed(2)} ms at p99`,
  );
}
for (const ledger of ledgers) await ledger.close();
await admin.end();
await canned.close();
await postgres.remove();
