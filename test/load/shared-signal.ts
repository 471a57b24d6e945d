/**
 * One long-lived `AbortSignal` shared by every call, as a worker's shutdown signal is: the heap after
 * garbage collection, round after round of sequential `getOrder` calls through a fetch that answers at
 * once (no sockets, so nothing but the SDK and fetch's `Request` can hold memory). Prints one JSON line:
 * the settled heap after each round, with the signal and without it.
 *
 *   node --expose-gc --import tsx test/load/shared-signal.ts [rounds] [callsPerRound]
 */
import { type FetchLike, OrdersClient } from '../../src/index.js';

const ROUNDS = Number(process.argv[2] ?? 12);
const CALLS = Number(process.argv[3] ?? 2000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

async function settledHeap(): Promise<number> {
  for (let round = 0; round < 4; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

const body = JSON.stringify({ OrderReference: 'EO-1', Packages: [], Addresses: [] });
const fetch: FetchLike = async () => new Response(body, { headers: { 'content-type': 'application/json' } });

async function measure(signal: AbortSignal | undefined): Promise<number[]> {
  const orders = new OrdersClient({ apiKey: 'sk_test_shared_signal_0123456789', fetch });
  const heaps: number[] = [];
  // A warm-up round: the JIT and ky's first load are not what is measured.
  for (let call = 0; call < CALLS; call++) await orders.get('EO-1', { signal });
  for (let round = 0; round < ROUNDS; round++) {
    for (let call = 0; call < CALLS; call++) await orders.get('EO-1', { signal });
    heaps.push(await settledHeap());
  }
  return heaps;
}

async function main() {
  const controller = new AbortController();
  const withSignal = await measure(controller.signal);
  const withoutSignal = await measure(undefined);
  // The least-squares slope of the heap over the rounds, per call: one round's noise (a few hundred KB
  // of whatever gc left that time) weighs less than it would in last-minus-first.
  const bytesPerCall = (heaps: number[]) => {
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const rounds = heaps.map((_, index) => index);
    const [x, y] = [mean(rounds), mean(heaps)];
    const covariance = rounds.reduce(
      (sum, round, index) => sum + (round - x) * ((heaps[index] as number) - y),
      0,
    );
    const variance = rounds.reduce((sum, round) => sum + (round - x) ** 2, 0);
    return Math.round(covariance / variance / CALLS);
  };
  const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  console.log(
    JSON.stringify({
      rounds: ROUNDS,
      callsPerRound: CALLS,
      withSignal: { heapMiB: withSignal.map(mib), bytesPerCall: bytesPerCall(withSignal) },
      withoutSignal: { heapMiB: withoutSignal.map(mib), bytesPerCall: bytesPerCall(withoutSignal) },
    }),
  );
}

await main();
