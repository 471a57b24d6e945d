/**
 * 1,000 concurrent `getLabels` calls through one ShipmentsClient against the mock's HTTP server on
 * loopback. Prints one JSON line of figures, then simply ends: the process must exit on its own, so a
 * handle or timer left open shows as a hang.
 *
 *   node --expose-gc --import tsx test/load/run-load.ts [count]     (npm run load)
 *
 * Memory: a first round of `count` concurrent calls brings the connection pool (both ends of every
 * keep-alive connection live in this process) and the JIT to their working state; the heap is then
 * measured after `global.gc()` before and after a second round. What the second round leaves behind is
 * what the client keeps per call. (A new server per round would show growth from Node's fetch itself: its
 * dispatcher keeps about 2 KB per connection to an origin that has gone away, with or without consignkit.)
 */
import { decodeDocument, type ShipmentReference, ShipmentsClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

const COUNT = Number(process.argv[2] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The heap once garbage collection has nothing left to take. */
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
  const shipment = mock.store.shipments.addShipment({ carrierName: 'Acme Parcels' });
  const shipments = new ShipmentsClient({ apiKey: mock.apiKey, baseUrl: server.shipmentsUrl });
  const reference = shipment.reference as ShipmentReference;

  /** `COUNT` calls at once; how many came back as a PDF label, the failures, and the time taken. */
  async function round() {
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: COUNT }, () => shipments.labels.get(reference, { format: 'PDF' })),
    );
    const durationMs = Math.round(performance.now() - started);
    let labels = 0;
    const failures: string[] = [];
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') failures.push(String(outcome.reason));
      else if (decodeDocument(outcome.value[0]!).format === 'pdf') labels += 1;
    }
    // The mock logs every request it receives: its state, not the client's.
    mock.store.requests.length = 0;
    return { labels, failed: failures.length, firstFailures: failures.slice(0, 3), durationMs };
  }

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  const first = await round();
  const heapBefore = await settledHeap();
  const second = await round();
  const heapAfter = await settledHeap();
  clearInterval(sampler);
  await server.close();

  console.log(
    JSON.stringify({
      count: COUNT,
      first,
      second,
      peakRssMiB: mib(Math.max(peakRss, process.memoryUsage().rss)),
      heapBeforeMiB: mib(heapBefore),
      heapAfterMiB: mib(heapAfter),
      heapGrowthBytes: heapAfter - heapBefore,
    }),
  );
}

await main();
