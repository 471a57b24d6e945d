// Cold start: how long `await import(...)` takes in a fresh Node process, for consignkit and for the
// dependencies it loads, measured side by side (the subjects interleaved, run after run).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
  // What consignkit loaded at import until it compiled zod in and loaded ky with its first client.
  'ky + zod/mini': { load: ['ky', 'zod/mini'] },
  'ky + zod': { load: ['ky', 'zod'] },
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

/** Wall time of a fresh `node` that imports `specifier`, against `node -e 0`, alternating, in ms. */
export function coldImports(subjects, runs, root) {
  const time = (args, cwd) => {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const baseline = [];
  const samples = new Map(subjects.map(([name]) => [name, []]));
  for (let run = 0; run < runs; run++) {
    baseline.push(time(['-e', '0'], root));
    for (const [name, specifier, cwd] of subjects)
      samples
        .get(name)
        .push(time(['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], cwd));
  }
  const base = summarize(baseline).median;
  return {
    base,
    over: new Map([...samples].map(([name, values]) => [name, summarize(values).median - base])),
  };
}

/**
 * The files a static `import` of `entry` loads, with their sizes in bytes: the entry and every file it
 * imports, transitively (not what it loads later with `import()`). Each costs the loader a resolve and
 * a read even when it is empty.
 */
export function importedFiles(entry) {
  const files = new Map();
  const visit = (file) => {
    if (files.has(file)) return;
    const code = readFileSync(file, 'utf8');
    files.set(file, Buffer.byteLength(code));
    for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g))
      visit(resolve(dirname(file), specifier));
  };
  visit(resolve(entry));
  return files;
}
