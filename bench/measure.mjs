// Side-by-side timing on tinybench, and the small statistics the report quotes.
import { Bench } from 'tinybench';

/** Min, median and max of `samples` (any unit). */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { min: sorted[0], median, max: sorted.at(-1), count: sorted.length };
}

/** A full collection: Node's `gc()` (with `--expose-gc`) or Bun's; `undefined` where there is none. */
export function garbageCollector() {
  if (typeof globalThis.gc === 'function') return () => globalThis.gc();
  if (globalThis.Bun) return () => globalThis.Bun.gc(true);
  return undefined;
}

/**
 * Times each of `tasks` (name to async function) side by side. A shared, noisy machine drifts, so the
 * run is split into `rounds` benches with the task order rotated each round, and every task's samples
 * (milliseconds per call) from all rounds are merged.
 *
 * With `collectGarbage`, for tasks that each leave megabytes behind, every call starts from a clean heap
 * (`node --expose-gc`): otherwise a call is charged with whatever earlier garbage the collector happens
 * to clear during it. A collection takes longer than a fast call, so those rounds count `iterations`
 * instead of running for `time`.
 */
export async function sideBySide(
  tasks,
  { rounds = 5, time = 1000, iterations = 20, warmupTime = 250, collectGarbage = false } = {},
) {
  const collect = collectGarbage ? garbageCollector() : undefined;
  const clean = collect !== undefined;
  const fnOptions = clean ? { beforeEach: collect } : undefined;
  const names = Object.keys(tasks);
  const samples = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({
      time: clean ? 0 : time,
      iterations,
      warmupTime: clean ? 0 : warmupTime,
      warmupIterations: 5,
      retainSamples: true,
      throws: true,
    });
    for (let index = 0; index < names.length; index++) {
      const name = names[(index + round) % names.length];
      bench.add(name, tasks[name], fnOptions);
    }
    await bench.run();
    for (const task of bench.tasks) samples.get(task.name).push(...task.result.latency.samples);
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples.get(name))]));
}

export const ms = (value) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
