/**
 * 2,000 concurrent `getOrder` calls through one OrdersClient against the mock's HTTP server on loopback,
 * all sharing one caller `AbortSignal` (a shutdown signal, say); after a warm-up round, 1,000 of each
 * round's attempts are turned away with a 503 and `Retry-After: 0`, so that calls also wait and retry. Prints one JSON line of figures,
 * then simply ends: the process must exit on its own, so a socket or timer left open shows as a hang.
 *
 *   node --expose-gc --import tsx test/load/concurrency.ts [count]
 *
 * Checked: every call returns its order; no process warning (`MaxListenersExceededWarning` above all);
 * the shared signal holds no listener once the calls settle; no timer the SDK or ky started is left
 * pending (the connection pool's idle timers are counted apart); the heap after `global.gc()` is back to its baseline after a second round (the first brings
 * the connection pool and the JIT to their working state).
 */
import { createHook } from 'node:async_hooks';
import { getEventListeners } from 'node:events';
import { OrdersClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

const COUNT = Number(process.argv[2] ?? 2000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

const warnings: string[] = [];
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));

/** Timers created from now on and neither fired nor cleared. */
const pendingTimers = new Map<number, string>();
/** Started by the client side, the SDK or ky (their files in the stack), not by the mock's server. */
const bySdk = (stack: string) =>
  /[/\\](ky|src[/\\](core|orders|shipments|documents))[/\\]/.test(stack) &&
  !/[/\\]src[/\\]testing[/\\]/.test(stack);
let sdkTimersStarted = 0;
// Deep enough to get past the timer internals to the code that started it.
Error.stackTraceLimit = 20;
const hook = createHook({
  init(id, type) {
    if (type !== 'Timeout') return;
    const stack = new Error().stack ?? '';
    if (bySdk(stack)) sdkTimersStarted += 1;
    pendingTimers.set(id, stack);
  },
  destroy(id) {
    pendingTimers.delete(id);
  },
});

const MEASURED_ROUNDS = 3;
// Every order a call returned, watched: once the caller drops it, nothing of the SDK may hold it.
let resultsReturned = 0;
let resultsCollected = 0;
const results = new FinalizationRegistry<null>(() => {
  resultsCollected += 1;
});

async function settledHeap(): Promise<number> {
  for (let round = 0; round < 4; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

async function main() {
  const mock = createMockService();
  const server = await mock.listen(0);
  // Retries enough that no call runs out of them while others' retries take the 503s meant for it: on a
  // loaded machine the retries bunch, and 10 left one call in 25 without (seen once).
  const orders = new OrdersClient({ apiKey: mock.apiKey, baseUrl: server.ordersUrl, maxRetries: 30 });
  const reference = await orders.create(orderInput());
  const shutdown = new AbortController();
  let peakListeners = 0;

  async function round(turnedAway: number) {
    if (turnedAway > 0) mock.failNext('getOrder', { status: 503, retryAfter: 0, times: turnedAway });
    hook.enable();
    const started = performance.now();
    const calls = Array.from({ length: COUNT }, () => orders.get(reference, { signal: shutdown.signal }));
    const sampler = setInterval(() => {
      peakListeners = Math.max(peakListeners, getEventListeners(shutdown.signal, 'abort').length);
    }, 5);
    const outcomes = await Promise.allSettled(calls);
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') {
        results.register(outcome.value, null);
        resultsReturned += 1;
      }
    }
    clearInterval(sampler);
    const durationMs = Math.round(performance.now() - started);
    // Destroy hooks run in a batch after the current tick.
    await new Promise((resolve) => setImmediate(resolve));
    hook.disable();
    // Each keep-alive connection holds an idle timer at both ends (the server's and undici's) until the
    // pool closes it: those belong to the pool. A timer started by the SDK or ky must be gone.
    const ours = [...pendingTimers.values()].filter(bySdk);
    if (process.env.TIMER_STACKS) for (const stack of ours) console.error(stack);
    const timersLeft = { sdk: ours.length, connectionPool: pendingTimers.size - ours.length };
    pendingTimers.clear();
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String(outcome.reason)] : [],
    );
    const requests = mock.requests('getOrder').length;
    mock.store.requests.length = 0;
    return {
      orders: outcomes.length - failures.length,
      failed: failures.length,
      firstFailures: failures.slice(0, 3),
      requests,
      durationMs,
      timersLeft,
      listenersLeft: getEventListeners(shutdown.signal, 'abort').length,
    };
  }

  let peakRss = process.memoryUsage().rss;
  const rss = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  // A first round opens the connections; in the next two, half the attempts are turned away first.
  const warmUp = await round(0);
  const first = await round(COUNT / 2);
  const heapBefore = await settledHeap();
  // Three measured rounds: what one call keeps then shows three times over, well above the noise of the
  // connection pool and the JIT, which one round alone did not always clear on a loaded machine.
  const second = await round(COUNT / 2);
  for (let extra = 0; extra < MEASURED_ROUNDS - 1; extra++) await round(COUNT / 2);
  const heapAfter = await settledHeap();
  clearInterval(rss);
  await server.close();

  console.log(
    JSON.stringify({
      count: COUNT,
      warmUp,
      first,
      second,
      sdkTimersStarted,
      peakSignalListeners: peakListeners,
      warnings,
      peakRssMiB: mib(Math.max(peakRss, process.memoryUsage().rss)),
      heapBeforeMiB: mib(heapBefore),
      heapAfterMiB: mib(heapAfter),
      measuredRounds: MEASURED_ROUNDS,
      resultsReturned,
      resultsCollected,
      heapGrowthBytes: heapAfter - heapBefore,
    }),
  );
}

await main();
