// The fleet crash test's driver, for either engine: 4 worker processes (test/fleet/worker.ts) ship 200
// consignments (allocate, then manifest) through `consignkit mock` in a process of its own, with a
// Postgres ledger they share; the driver SIGKILLs random workers at random points and starts new ones.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { packedConsignments } from '../../examples/fleet-job.js';
import { OrdersClient } from '../../src/index.js';
import { createPostgresLedger } from '../../src/ledger/index.js';
import { type MockProcess, startMockProcess } from '../support/mock-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The worker, bundled once per run with esbuild: a restarted worker is up in well under a second, where
 * tsx compiled the sources again in every new process (tens of seconds on a busy 2-core machine).
 */
async function bundleWorker(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(ROOT, 'node_modules', '.cache', 'consignkit-fleet', `worker-${process.pid}.mjs`);
  await mkdir(dirname(outfile), { recursive: true });
  const source = (path: string) => join(ROOT, path);
  await build({
    entryPoints: [source('test/fleet/worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    external: ['pg', 'pg-boss', 'bullmq'],
    alias: {
      'consignkit/ledger': source('src/ledger/index.ts'),
      'consignkit/testing': source('src/testing/index.ts'),
      consignkit: source('src/index.ts'),
    },
    define: { __CONSIGNKIT_VERSION__: JSON.stringify('0.0.0-fleet') },
  });
  return outfile;
}
export type Engine = 'pg-boss' | 'bullmq';
type Point = 'before-send' | 'in-flight' | 'before-record';

export interface CrashOptions {
  engine: Engine;
  ledgerUrl: string;
  redisUrl?: string;
  consignments?: number;
  workers?: number;
  /** Kills at each point, at most. */
  killsPerPoint?: number;
  /** The chance of a kill each time a worker reaches a point (while the budget lasts). */
  killChance?: number;
  /** The chance of a kill while the mock holds an answer back (few answers are held: a higher chance). */
  inFlightKillChance?: number;
  /** Answers the mock holds back, per operation (the first ones it receives). */
  heldAnswers?: number;
  seed?: number;
  /** Gives up after this long. */
  limitMs?: number;
}

export interface CrashReport {
  engine: Engine;
  consignments: number;
  kills: Record<Point, number>;
  workersStarted: number;
  /** Consignments allocated or manifested more than once, by the mock's count. */
  resends: number;
  allocations: number;
  manifests: number;
  /** Consignments whose allocation or manifest the mock never received. */
  missing: number;
  /** Ledger entries left pending or unknown. */
  unsettled: number;
  jobsCompleted: number;
  jobsFailed: number;
  durationMs: number;
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const count = options.consignments ?? 200;
  const workerCount = options.workers ?? 4;
  const killsPerPoint = options.killsPerPoint ?? 8;
  const killChance = options.killChance ?? 0.15;
  const heldAnswers = options.heldAnswers ?? 8;
  const inFlightKillChance = options.inFlightKillChance ?? 0.5;
  const chance = random(options.seed ?? 20261127);
  const [mock, workerScript]: [MockProcess, string] = await Promise.all([startMockProcess(), bundleWorker()]);
  const children = new Set<ChildProcess>();
  const kills: Record<Point, number> = { 'before-send': 0, 'in-flight': 0, 'before-record': 0 };
  const inFlightSeen = { allocate: 0, manifest: 0 };
  const shipped = new Set<string>();
  let workersStarted = 0;
  let stopping = false;
  const engineParts = await startEngine(options);
  try {
    const seeding = new OrdersClient({ apiKey: mock.apiKey, baseUrl: mock.ordersUrl });
    const consignments = await packedConsignments(seeding, count, `CRASH-${options.engine}`);
    // The first answers of each transmission are held back: a kill then lands between sending and answer.
    await mock.failNext('allocateConsignments', { hold: 1_500, times: heldAnswers });
    await mock.failNext('manifestConsignments', { hold: 1_500, times: heldAnswers });
    await engineParts.enqueue(consignments);

    let allShipped = () => {};
    const done = new Promise<void>((resolve) => {
      allShipped = resolve;
    });
    const kill = (child: ChildProcess, at: Point, detail?: string) => {
      kills[at] += 1;
      for (const consignment of consignmentsOf(detail)) killedFor.add(consignment);
      child.kill('SIGKILL');
    };
    // One kill per consignment at most: each kill costs its job a lease (over a minute) before another
    // worker may settle it, and chained kills would only make the run longer, not the proof stronger.
    const killedFor = new Set<string>();
    const consignmentsOf = (detail = '') => detail.match(/EC-[0-9A-Z-]+/g) ?? [];
    const maybeKill = (at: Point, detail?: string) =>
      !stopping &&
      !consignmentsOf(detail).some((consignment) => killedFor.has(consignment)) &&
      kills[at] < killsPerPoint &&
      // Kills early in the run: each leaves a claim its lease holds for over a minute.
      shipped.size < count * 0.6 &&
      chance() < (at === 'in-flight' ? inFlightKillChance : killChance);

    const startWorker = () => {
      workersStarted += 1;
      const child = spawn(process.execPath, [workerScript], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
        env: {
          ...process.env,
          ENGINE: options.engine,
          LEDGER_URL: options.ledgerUrl,
          REDIS_URL: options.redisUrl ?? '',
          ORDERS_BASE_URL: mock.ordersUrl,
          API_KEY: mock.apiKey,
        },
      });
      children.add(child);
      child.on('exit', () => {
        children.delete(child);
        if (!stopping) startWorker();
      });
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        let message: { point?: Point; detail?: string; shipped?: string };
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        if (message.shipped) {
          shipped.add(message.shipped);
          if (shipped.size === count) allShipped();
          return;
        }
        if (!message.point) return;
        if (message.point === 'in-flight') {
          // Only the held answers leave time to land between sending and answer.
          const kind = message.detail?.startsWith('allocate') ? 'allocate' : 'manifest';
          inFlightSeen[kind] += 1;
          if (inFlightSeen[kind] <= heldAnswers && maybeKill('in-flight', message.detail)) {
            kill(child, 'in-flight', message.detail);
          }
          return;
        }
        if (maybeKill(message.point, message.detail)) kill(child, message.point, message.detail);
        else child.stdin?.write('go\n');
      });
    };
    for (let index = 0; index < workerCount; index++) startWorker();
    const progress = setInterval(() => {
      if (process.env.FLEET_PROGRESS)
        console.error(
          `fleet ${options.engine}: ${shipped.size}/${count} shipped, kills ${JSON.stringify(kills)}`,
        );
    }, 5_000).unref();
    const limit = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`gave up after ${options.limitMs}ms: ${shipped.size}/${count} shipped`)),
        options.limitMs ?? 360_000,
      ).unref(),
    );
    await Promise.race([done, limit]).finally(() => clearInterval(progress));
    // Every job reported shipped; let the last ones complete in their queue.
    const jobs = await engineParts.waitForJobs(count, 30_000);
    stopping = true;
    await stopAll(children);

    const transmissions = await mock.transmissions();
    const allocations = transmissions.allocateConsignments ?? {};
    const manifests = transmissions.manifestConsignments ?? {};
    const sum = (counts: Record<string, number>) =>
      Object.values(counts).reduce((total, each) => total + each, 0);
    const resends = consignments.filter(
      (consignment) => (allocations[consignment] ?? 0) > 1 || (manifests[consignment] ?? 0) > 1,
    ).length;
    const missing = consignments.filter(
      (consignment) => allocations[consignment] === undefined || manifests[consignment] === undefined,
    ).length;
    const ledger = createPostgresLedger({ connectionString: options.ledgerUrl });
    const unsettled = (await ledger.list({ states: ['pending', 'unknown'] })).length;
    await ledger.close();
    return {
      engine: options.engine,
      consignments: count,
      kills,
      workersStarted,
      resends,
      allocations: sum(allocations),
      manifests: sum(manifests),
      missing,
      unsettled,
      jobsCompleted: jobs.completed,
      jobsFailed: jobs.failed,
      durationMs: Date.now() - started,
    };
  } finally {
    stopping = true;
    await stopAll(children);
    await engineParts.close();
    await mock.stop();
    await rm(workerScript, { force: true });
  }
}

async function stopAll(children: Set<ChildProcess>) {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** The queue of the engine under test: enqueueing, counting the jobs, closing. */
async function startEngine(options: CrashOptions) {
  const ledger = createPostgresLedger({ connectionString: options.ledgerUrl });
  await ledger.migrate();
  await ledger.close();
  const poll = async (
    read: () => Promise<{ completed: number; failed: number }>,
    count: number,
    ms: number,
  ) => {
    const until = Date.now() + ms;
    let counts = await read();
    while (counts.completed + counts.failed < count && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      counts = await read();
    }
    return counts;
  };
  if (options.engine === 'pg-boss') {
    const { default: pg } = await import('pg');
    const { QUEUE, enqueue, startBoss } = await import('../../examples/fleet-pg-boss.js');
    const pool = new pg.Pool({ connectionString: options.ledgerUrl, max: 2 });
    const boss = await startBoss(options.ledgerUrl, { max: 2, supervise: false, schedule: false }, 15);
    const read = async () => {
      const { rows } = await pool.query(
        "SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM pgboss.job WHERE name = $1",
        [QUEUE],
      );
      return rows[0] as { completed: number; failed: number };
    };
    return {
      enqueue: (consignments: Parameters<typeof enqueue>[2]) => enqueue(pool, boss, consignments),
      waitForJobs: (count: number, ms: number) => poll(read, count, ms),
      async close() {
        await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
        await pool.end();
      },
    };
  }
  const { Queue } = await import('bullmq');
  const { QUEUE, connectionOf, enqueue } = await import('../../examples/fleet-bullmq.js');
  const queue = new Queue(QUEUE, { connection: connectionOf(options.redisUrl as string) });
  const read = async () => {
    const counts = await queue.getJobCounts('completed', 'failed');
    return { completed: counts.completed ?? 0, failed: counts.failed ?? 0 };
  };
  return {
    enqueue: (consignments: Parameters<typeof enqueue>[1]) => enqueue(queue, consignments),
    waitForJobs: (count: number, ms: number) => poll(read, count, ms),
    async close() {
      await queue.close();
    },
  };
}
