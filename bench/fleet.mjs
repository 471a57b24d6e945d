// Throughput of 4 worker processes sending non-repeatable calls (manifestConsignments, one new consignment
// each) through a shared Postgres ledger, against the same 4 without a ledger (issue 36; target: 90% or
// more). Each worker is a process of its own, as in a fleet; the server answers after `latencyMs`, so the
// figure is given for a loopback server that answers at once (the ledger's worst case) and for one that
// takes as long as a real service's call.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPostgresLedger } from 'consignkit/ledger';
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

/** Calls per second of `workers` processes, each making `perWorker` calls, started at the same instant. */
async function round({ baseUrl, ledgerUrl, workers, perWorker, first }) {
  const children = Array.from({ length: workers }, (_, index) =>
    spawn(process.execPath, [WORKER], {
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
  for (const child of children) child.stdin.write('go\n');
  const results = [];
  for (const line of lines) results.push(JSON.parse((await line.next()).value));
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  const slowest = Math.max(...results.map((result) => result.ms));
  return (workers * perWorker) / (slowest / 1000);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureFleet({ workers = 4, perWorker = 500, rounds = 3, latencies = [0, 50] } = {}) {
  const postgres = await startPostgres();
  const ledger = createPostgresLedger({ connectionString: postgres.connectionString });
  await ledger.migrate();
  await ledger.close();
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
          without.push(await round({ baseUrl: server.origin, workers, perWorker: calls, first }));
          first += workers * calls;
          withLedger.push(
            await round({
              baseUrl: server.origin,
              ledgerUrl: postgres.connectionString,
              workers,
              perWorker: calls,
              first,
            }),
          );
          first += workers * calls;
        }
      } finally {
        await server.close();
      }
      results.push({ latencyMs, calls: workers * calls, without: median(without), with: median(withLedger) });
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
  }
}
