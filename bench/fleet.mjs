// Throughput of 4 worker processes sending non-repeatable calls (manifestConsignments, one new consignment
// each) through a shared Postgres ledger, against the same 4 without a ledger (issue 36; target: 90% or
// more). Each worker is a process of its own, as in a fleet; the server answers after `latencyMs`, so the
// figure is given for a loopback server that answers at once (the ledger's worst case) and for one that
// takes as long as a real service's call.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPostgresLedger } from 'consignkit/ledger';
import pg from 'pg';
import { startPostgres } from './postgres.mjs';

const WORKER = fileURLToPath(new URL('./fleet-worker.mjs', import.meta.url));

/** Answers every manifest with an empty result list after `latencyMs`. */
async function serveManifests(latencyMs) {
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () =>
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('[]'), latencyMs),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

const workerCommand = () =>
  process.env.FLEET_WORKER_CPUS
    ? ['taskset', ['-c', process.env.FLEET_WORKER_CPUS, process.execPath, WORKER]]
    : [process.execPath, [WORKER]];

const TICK_MS = 10; // /proc's clock ticks (USER_HZ 100 on Linux)
const statOf = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/**
 * Milliseconds of CPU PostgreSQL has spent: the postmaster's own and that of its children, live (from
 * /proc) or ended (its cutime and cstime), so that a backend ending during a round is still counted.
 */
function postgresCpuMs(postmaster) {
  const own = statOf(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = statOf(entry);
      if (Number(stat[1]) === postmaster) ticks += Number(stat[11]) + Number(stat[12]);
    } catch {
      // Ended meanwhile: counted in the postmaster's cutime.
    }
  }
  return ticks * TICK_MS;
}

/**
 * Calls per second of `workers` processes, each making `perWorker` calls, started at the same instant;
 * and the CPU each call cost, in milliseconds: in the workers, in the server (this process) and in
 * PostgreSQL. On 2 cores all three share them: at 0 ms the round measures CPU, not waiting.
 */
async function round({ baseUrl, ledgerUrl, workers, perWorker, first, postmaster }) {
  const children = Array.from({ length: workers }, (_, index) =>
    // FLEET_WORKER_CPUS (`taskset -c` syntax) keeps the workers on those cores: run the bench itself
    // (the server, and PostgreSQL, which it starts) under `taskset -c` on the others, and the database
    // no longer takes its CPU from the workers.
    spawn(...workerCommand(), {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        LEDGER_URL: ledgerUrl ?? '',
        FIRST: String(first + index * perWorker),
        COUNT: String(perWorker),
      },
    }),
  );
  const lines = children.map((child) => createInterface({ input: child.stdout })[Symbol.asyncIterator]());
  for (const line of lines) await line.next(); // ready
  const postgresBefore = postgresCpuMs(postmaster);
  const serverBefore = process.cpuUsage();
  for (const child of children) child.stdin.write('go\n');
  const results = [];
  for (const line of lines) results.push(JSON.parse((await line.next()).value));
  const server = process.cpuUsage(serverBefore);
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  const calls = workers * perWorker;
  const slowest = Math.max(...results.map((result) => result.ms));
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  return {
    perSecond: calls / (slowest / 1000),
    cpuPerCall: {
      workers: sum(results.map((result) => result.cpuMs)) / calls,
      server: (server.user + server.system) / 1000 / calls,
      // Counted until the workers have closed their pools: a backend's last moments are the round's too.
      postgres: (postgresCpuMs(postmaster) - postgresBefore) / calls,
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The round of median throughput, and the median of each CPU figure. */
const medianRound = (rounds) => ({
  perSecond: median(rounds.map((round) => round.perSecond)),
  cpuPerCall: Object.fromEntries(
    Object.keys(rounds[0].cpuPerCall).map((part) => [
      part,
      median(rounds.map((round) => round.cpuPerCall[part])),
    ]),
  ),
});

export async function measureFleet({ workers = 4, perWorker = 500, rounds = 3, latencies = [0, 50] } = {}) {
  const postgres = await startPostgres();
  const ledger = createPostgresLedger({ connectionString: postgres.connectionString });
  await ledger.migrate();
  await ledger.close();
  const probe = new pg.Client({ connectionString: postgres.connectionString });
  await probe.connect();
  const { rows } = await probe.query('SELECT pg_backend_pid() AS pid');
  // Read while the backend lives: its parent is the postmaster.
  const postmaster = Number(statOf(rows[0].pid)[1]);
  await probe.end();
  const results = [];
  let first = 0;
  try {
    for (const latencyMs of latencies) {
      const server = await serveManifests(latencyMs);
      const calls = latencyMs > 0 ? Math.min(perWorker, 100) : perWorker;
      const without = [];
      const withLedger = [];
      try {
        // Alternated, so that both see the same drift of a shared machine.
        for (let index = 0; index < rounds; index++) {
          without.push(await round({ baseUrl: server.origin, workers, perWorker: calls, first, postmaster }));
          first += workers * calls;
          withLedger.push(
            await round({
              baseUrl: server.origin,
              ledgerUrl: postgres.connectionString,
              workers,
              perWorker: calls,
              first,
              postmaster,
            }),
          );
          first += workers * calls;
        }
      } finally {
        await server.close();
      }
      const plain = medianRound(without);
      const guarded = medianRound(withLedger);
      results.push({
        latencyMs,
        calls: workers * calls,
        without: plain.perSecond,
        with: guarded.perSecond,
        cpuWithout: plain.cpuPerCall,
        cpuWith: guarded.cpuPerCall,
      });
    }
    return results;
  } finally {
    await postgres.remove();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const result of await measureFleet()) {
    console.log(
      `server latency ${result.latencyMs} ms, ${result.calls} calls: ${result.without.toFixed(0)}/s without the ledger, ${result.with.toFixed(0)}/s with it: ${((result.with / result.without) * 100).toFixed(0)}%`,
    );
    for (const [arm, cpu] of [
      ['without', result.cpuWithout],
      ['with', result.cpuWith],
    ]) {
      console.log(
        `  CPU per call ${arm} the ledger: ${Object.entries(cpu)
          .map(([part, ms]) => `${part} ${ms.toFixed(3)} ms`)
          .join(', ')}`,
      );
    }
  }
}
