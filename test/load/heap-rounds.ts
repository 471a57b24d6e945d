/**
 * Where a long concurrent run's heap goes: `count` concurrent `getOrder` calls over loopback HTTP to the
 * mock, round after round, with the settled heap (after `global.gc()`) and the number of open sockets
 * after each round. A retention grows with every round; a connection pool that is still settling grows
 * for a few rounds and then stays. Prints one JSON line.
 *
 *   node --expose-gc --import tsx test/load/heap-rounds.ts [rounds] [count] [signal|none] [turnedAway] [drain]
 *
 * With `drain`, each round's heap is also measured once the idle keep-alive connections have closed
 * (both ends time them out within 5 s): what is left then is not the pool's.
 */
import { OrdersClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

const ROUNDS = Number(process.argv[2] ?? 12);
const COUNT = Number(process.argv[3] ?? 2000);
const SHARED_SIGNAL = (process.argv[4] ?? 'none') === 'signal';
const TURNED_AWAY = Number(process.argv[5] ?? COUNT / 2);
const DRAIN = process.argv[6] === 'drain';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 100) / 100;

async function settledHeap(): Promise<number> {
  for (let round = 0; round < 4; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

/** Open TCP sockets of this process (both ends of every loopback connection). */
const sockets = () =>
  (process as unknown as { _getActiveHandles(): object[] })
    ._getActiveHandles()
    .filter((handle) => handle.constructor.name === 'Socket').length;

async function main() {
  const mock = createMockService();
  const server = await mock.listen(0);
  const orders = new OrdersClient({ apiKey: mock.apiKey, baseUrl: server.ordersUrl, maxRetries: 30 });
  const reference = await orders.create(orderInput());
  const shutdown = new AbortController();
  const rounds: {
    heapMiB: number;
    sockets: number;
    ms: number;
    failed: number;
    drained?: { heapMiB: number; sockets: number };
  }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0 && TURNED_AWAY > 0) {
      mock.failNext('getOrder', { status: 503, retryAfter: 0, times: TURNED_AWAY });
    }
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: COUNT }, () =>
        orders.get(reference, SHARED_SIGNAL ? { signal: shutdown.signal } : undefined),
      ),
    );
    const ms = Math.round(performance.now() - started);
    mock.store.requests.length = 0;
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
    const settled = { heapMiB: mib(await settledHeap()), sockets: sockets(), ms, failed };
    if (DRAIN) {
      const until = Date.now() + 20_000;
      while (sockets() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
      rounds.push({ ...settled, drained: { heapMiB: mib(await settledHeap()), sockets: sockets() } });
    } else {
      rounds.push(settled);
    }
    // Each round as it ends, on stderr: a loaded machine can take minutes a round.
    console.error(JSON.stringify({ round, ...rounds.at(-1) }));
  }
  await server.close();
  console.log(JSON.stringify({ count: COUNT, sharedSignal: SHARED_SIGNAL, turnedAway: TURNED_AWAY, rounds }));
}

await main();
