/**
 * A fleet of pg-boss workers that never sends an allocation or a manifest twice, even when a worker dies
 * between sending and recording: pg-boss (version 10; 11 and later need Node 22) and consignkit's ledger
 * share one PostgreSQL database, so an order's own row and the job that ships it are written in one
 * transaction, and every non-repeatable call is claimed in the ledger before it is sent (docs/scale.md).
 * Two of its three workers are killed on purpose, each between the allocation it sent and its manifest:
 * their jobs run again on the third, which sends no allocation twice.
 * `CONSIGNKIT_LEDGER_URL=postgres://user:password@127.0.0.1/db npx tsx examples/fleet-pg-boss.ts`, or
 * in a clone `npm run demo` (`npx tsx examples/fleet-demo.ts`), which starts a PostgreSQL of its own.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { type ConsignmentReference, OperationInFlightError, OrdersClient } from 'consignkit';
import { createPostgresLedger, type Ledger } from 'consignkit/ledger';
import { createMockService } from 'consignkit/testing';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { packedConsignments, type ShipJob, shipConsignment } from './fleet-job.js';
import { isMain } from './run.js';

export const QUEUE = 'ship-consignment';

/** pg-boss on the ledger's database, with the queue the workers take jobs from. */
export async function startBoss(
  connectionString: string,
  options: PgBoss.ConstructorOptions = {},
  // How long a job may run before pg-boss takes it for a dead worker's and runs it again.
  expireInSeconds = 120,
) {
  const boss = new PgBoss({ connectionString, max: 4, ...options });
  boss.on('error', (error) => console.error(`pg-boss: ${error.message}`));
  await boss.start();
  await boss.createQueue(QUEUE, {
    name: QUEUE,
    // A job whose step is in flight elsewhere (OperationInFlightError) is tried again later, and so is one
    // whose worker died (pg-boss expires it): at least once, which the ledger turns into exactly once.
    retryLimit: 100,
    retryDelay: 2,
    expireInSeconds,
  });
  return boss;
}

/**
 * Records the request to ship each consignment and its job in ONE transaction: both or neither, so no
 * order is recorded without its job, and no job runs for an order that was rolled back.
 */
export async function enqueue(pool: pg.Pool, boss: PgBoss, consignments: ConsignmentReference[]) {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS shipping_requests (consignment text PRIMARY KEY, job_id text NOT NULL, requested_at timestamptz NOT NULL DEFAULT now())',
  );
  for (const consignment of consignments) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      const data: ShipJob = { consignment };
      const jobId = await boss.send(QUEUE, data, { db });
      await client.query('INSERT INTO shipping_requests (consignment, job_id) VALUES ($1, $2)', [
        consignment,
        jobId,
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
}

/**
 * One worker: its own client, sharing the ledger with every other worker, taking one job at a time. The
 * job ends once the ledger has stored the outcomes of its calls (`ledger.flush()`): a call answers before
 * its outcome is stored, and a worker killed between the two would leave its entry pending.
 */
export async function startWorker(
  boss: PgBoss,
  orders: OrdersClient,
  ledger: Ledger,
  onShipped: (result: Awaited<ReturnType<typeof shipConsignment>>) => void = () => {},
  pollingIntervalSeconds = 0.5,
) {
  return boss.work<ShipJob>(QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    try {
      onShipped(await shipConsignment(orders, job.data.consignment));
    } catch (error) {
      // Another worker holds the step (or a dead one did, until its lease passes): nothing was sent.
      // Failing the job hands it back to pg-boss, which runs it again after retryDelay.
      if (error instanceof OperationInFlightError) throw new Error(`in flight elsewhere: ${error.message}`);
      throw error;
    } finally {
      await ledger.flush();
    }
  });
}

/**
 * The demo's stand-in for `kill -9` on a worker process: once `kill()` runs, the worker's calls never
 * reach the service and never answer, so its job stops where it is, and pg-boss takes the job back when
 * it expires (`expireInSeconds`) and hands it to another worker. Nothing to copy: in a real fleet each
 * worker is a process (test/fleet kills real ones).
 */
function mortal(fetch: typeof globalThis.fetch) {
  let dead = false;
  let buried: () => void = () => {};
  const funeral = new Promise<void>((resolve) => {
    buried = resolve;
  });
  return {
    kill() {
      dead = true;
    },
    // When the demo ends, the dead worker's hung calls are answered 401, so that its job's code unwinds.
    bury: buried,
    fetch: (async (input, init) => {
      if (!dead) return fetch(input, init);
      await funeral;
      return new Response(null, { status: 401 });
    }) as typeof globalThis.fetch,
  };
}

export async function main(
  log: (line: string) => void = console.log,
  _folder?: string,
  { connectionString = process.env.CONSIGNKIT_LEDGER_URL, count = 6, workers = 3, kills = 2 } = {},
) {
  if (!connectionString) {
    log(
      'skipped: set CONSIGNKIT_LEDGER_URL to a PostgreSQL database (pg-boss and the ledger share it); npm run demo in a clone starts one itself',
    );
    return undefined;
  }
  const mock = createMockService();
  // One pool for the application's rows and the ledger; each worker's pg-boss keeps its own, as a process would.
  const pool = new pg.Pool({ connectionString, max: 8 });
  const ledger: Ledger = createPostgresLedger({ pool });
  await ledger.migrate();
  // Jobs expire after 8 s here (the mock answers at once), so that a killed worker's job comes back soon.
  const producer = await startBoss(connectionString, { max: 2 }, 8);
  const bosses = [producer];
  const lives: ReturnType<typeof mortal>[] = [];
  try {
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger });
    const consignments = await packedConsignments(setup, count, `FLEET-PGBOSS-${Date.now()}`);
    await enqueue(pool, producer, consignments);
    log(`enqueued ${consignments.length} consignments, each with its row, in one transaction apiece`);

    const shipped = new Set<string>();
    const killed: string[] = [];
    let finish = () => {};
    const allShipped = new Promise<void>((resolve) => {
      finish = resolve;
    });
    for (let worker = 1; worker <= workers; worker++) {
      const boss = await startBoss(connectionString, { max: 2 }, 8);
      bosses.push(boss);
      const life = mortal(mock.fetch);
      lives.push(life);
      let workId = '';
      // The first `kills` workers die on their first job: after its allocation went out and was recorded,
      // before its manifest. The job's next run must not allocate again.
      const doomed = worker <= kills;
      const fetch: typeof globalThis.fetch = (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (
          doomed &&
          killed.length < kills &&
          url.endsWith('/status') &&
          !killed.includes(`worker ${worker}`)
        ) {
          killed.push(`worker ${worker}`);
          log(`worker ${worker}: killed after allocating ${url.split('/').at(-2)}, before manifesting it`);
          life.kill();
          void boss.offWork({ id: workId });
        }
        return life.fetch(input, init);
      };
      const orders = new OrdersClient({ apiKey: mock.apiKey, fetch, ledger });
      workId = await startWorker(
        boss,
        orders,
        ledger,
        (result) => {
          log(
            `worker ${worker}: ${result.consignment} ${result.state} (allocation ${result.allocation}, manifest ${result.manifest})`,
          );
          shipped.add(result.consignment);
          if (shipped.size === consignments.length) finish();
        },
        0.5,
      );
    }
    await allShipped;

    const { allocateConsignments = {}, manifestConsignments = {} } = mock.transmissions();
    const duplicates = consignments.filter(
      (consignment) =>
        (allocateConsignments[consignment] ?? 0) > 1 || (manifestConsignments[consignment] ?? 0) > 1,
    ).length;
    const sentOnce = consignments.every(
      (consignment) => allocateConsignments[consignment] === 1 && manifestConsignments[consignment] === 1,
    );
    log(`workers ${workers}, killed ${killed.length}; transmissions per consignment:`);
    for (const consignment of consignments) {
      const allocations = allocateConsignments[consignment] ?? 0;
      log(`  ${consignment}  allocate ${allocations}  manifest ${manifestConsignments[consignment] ?? 0}`);
    }
    log(`duplicates ${duplicates}`);
    const open = await ledger.list({ states: ['pending', 'unknown'] });
    log(`ledger entries left unsettled: ${open.length}`);
    return { shipped: shipped.size, killed: killed.length, sentOnce, duplicates, unsettled: open.length };
  } finally {
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true, timeout: 5_000 })));
    for (const life of lives) life.bury();
    await ledger.close();
    await pool.end();
  }
}

if (isMain(import.meta.url)) await main();
