// Labels per second for a collection of 1,000 shipments, by saveAllLabels' concurrency, with the peak
// resident memory of each run. Each run is a fresh child process: the mock served over HTTP on loopback
// (as a real service would be reached), 1,000 allocated shipments, their PDF labels saved to a temporary
// folder. Peak memory is VmHWM from /proc/self/status (Linux).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHIPMENTS = 1000;
const CONCURRENCIES = [1, 4, 16];

async function childMain(concurrency, directory) {
  const { ShipmentsClient } = await import('consignkit');
  const { saveAllLabels } = await import('consignkit/node');
  const { createMockService } = await import('consignkit/testing');
  const mock = createMockService();
  const server = await mock.listen(0);
  const shipments = new ShipmentsClient({ apiKey: mock.apiKey, baseUrl: server.shipmentsUrl });
  const references = Array.from({ length: SHIPMENTS }, () => mock.store.shipments.addShipment({}).reference);
  const started = performance.now();
  const results = await saveAllLabels(shipments, references, { format: 'PDF', directory, concurrency });
  const seconds = (performance.now() - started) / 1000;
  await server.close();
  const peakKiB = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  const failed = results.filter((result) => !result.ok).length;
  console.log(JSON.stringify({ seconds, failed, peakMiB: peakKiB / 1024 }));
}

/** Runs `rounds` fresh processes per concurrency; medians of labels per second, the highest peak RSS. */
export function measureLabelsAtScale({ rounds }) {
  const results = {};
  for (const concurrency of CONCURRENCIES) {
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      const directory = mkdtempSync(join(tmpdir(), 'consignkit-bench-labels-'));
      try {
        const output = execFileSync(
          process.execPath,
          [fileURLToPath(import.meta.url), String(concurrency), directory],
          {
            encoding: 'utf8',
          },
        );
        runs.push(JSON.parse(output.trim().split('\n').at(-1)));
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    }
    const perSecond = runs.map((run) => SHIPMENTS / run.seconds).sort((a, b) => a - b);
    results[concurrency] = {
      medianPerSecond: perSecond[Math.floor(perSecond.length / 2)],
      minPerSecond: perSecond[0],
      maxPerSecond: perSecond.at(-1),
      peakMiB: Math.max(...runs.map((run) => run.peakMiB)),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
      rounds,
    };
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.length === 4) {
  await childMain(Number(process.argv[2]), process.argv[3]);
}
