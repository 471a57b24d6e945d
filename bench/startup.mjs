// Cold start: how long `await import(...)` takes in a fresh Node process, for consignkit and for the
// dependencies it loads, measured side by side (the subjects interleaved, run after run).
import { execFileSync } from 'node:child_process';
import { summarize } from './measure.mjs';

/**
 * The child warms Node's ESM loader with an empty module first, so that only loading the subject's own
 * files (reading, compiling, evaluating) is timed, not the loader every import would pay anyway. What
 * `after` names is loaded before the clock starts.
 */
const child = ({ load, after = [] }) => `
await import('data:text/javascript,export default 0');
for (const specifier of ${JSON.stringify(after)}) await import(specifier);
const started = performance.now();
for (const specifier of ${JSON.stringify(load)}) await import(specifier);
process.stdout.write(String(performance.now() - started));`;

export const STARTUP_SUBJECTS = {
  consignkit: { load: ['consignkit'] },
  'ky + zod/mini (what consignkit loads)': { load: ['ky', 'zod/mini'] },
  'ky + zod': { load: ['ky', 'zod'] },
  'consignkit, ky and zod/mini already loaded': { load: ['consignkit'], after: ['ky', 'zod/mini'] },
};

/** Milliseconds per subject over `runs` fresh processes started in `root` (where `consignkit` resolves). */
export function measureStartup({ runs = 40, root = process.cwd(), subjects = STARTUP_SUBJECTS } = {}) {
  const samples = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [name, subject] of Object.entries(subjects)) {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', child(subject)], {
        cwd: root,
        encoding: 'utf8',
      });
      samples[name].push(Number(output));
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, summarize(values)]));
}
