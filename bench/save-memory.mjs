// Peak memory of saving a 16 MB label, each measurement in a fresh child process.
//
// Method (Linux): the child builds the label object (its 22 MB Base64 string stays resident, as it would
// after getLabels), collects garbage, then resets the kernel's high-water mark of its resident memory
// (writing 5 to /proc/self/clear_refs). After the save, VmHWM in /proc/self/status is the highest
// resident size reached during it; minus the resident size at the reset, that is the memory the save
// needed at its peak, whether on V8's heap, in ArrayBuffers or in native buffers. Sampling
// process.memoryUsage() could not see it: decoding is synchronous and blocks every timer.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './measure.mjs';

const LABEL_BYTES = 16 * 1024 * 1024;

/** What is measured: the SDK's atomic save, and the least any save can do (decode, write). */
const METHODS = {
  saveDocument: async (label, path) => {
    const { saveDocument } = await import('consignkit/node');
    await saveDocument(label, path);
  },
  'Buffer.from + fs.writeFile': (label, path) => writeFile(path, Buffer.from(label.file, 'base64')),
};

const kibibytes = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))[1]);

async function childMain(method, path) {
  const { labelDocument } = await import('./fixtures.mjs');
  if (method === 'saveDocument') await import('consignkit/node');
  const label = labelDocument(LABEL_BYTES);
  globalThis.gc();
  globalThis.gc();
  writeFileSync('/proc/self/clear_refs', '5');
  const before = kibibytes('VmRSS');
  await METHODS[method](label, path);
  const peak = kibibytes('VmHWM');
  process.stdout.write(JSON.stringify({ peakIncreaseMB: ((peak - before) * 1024) / 1e6 }));
}

/** Peak resident memory added by each method, in MB, over `runs` fresh processes each. */
export function measureSaveMemory({ runs = 5 } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'consignkit-bench-'));
  const samples = Object.fromEntries(Object.keys(METHODS).map((name) => [name, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const method of Object.keys(METHODS)) {
        const output = execFileSync(
          process.execPath,
          [
            '--expose-gc',
            fileURLToPath(import.meta.url),
            '--child',
            method,
            join(folder, `label-${run}.pdf`),
          ],
          { encoding: 'utf8' },
        );
        samples[method].push(JSON.parse(output).peakIncreaseMB);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, summarize(values)]));
}

if (process.argv[2] === '--child') await childMain(process.argv[3], process.argv[4]);
