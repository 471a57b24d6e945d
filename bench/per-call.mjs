// The per-call gap (issue 26): getOrder over raw fetch when calls alternate with other work, as they do
// in an application (and in bench/peers.mjs, where five other SDKs run between two of ours), rather than
// in a loop of the same call. Each round runs every contender once, in a shuffled order, each call
// preceded by `other work` that allocates what another SDK's call would (a 54 kB answer fetched, parsed
// and a copy of it kept for a few rounds); only the call itself is timed. The garbage collections that
// start inside a timed call are charged to it (PerformanceObserver 'gc' entries, by time).
//   node bench/per-call.mjs [--items=130] [--rounds=3000] [--other=alloc|none] [--mode=interleaved|loop]
//                           [--labels] [--baseline=path/to/old/dist/index.js]
// Needs `npm run build` first. Prints medians, the ratio over raw fetch and the collections per call.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OrdersClient, ShipmentsClient } from 'consignkit';
import { labelDocument, order } from './fixtures.mjs';
import { summarize } from './measure.mjs';
import { serveCanned } from './server.mjs';

const KEY = 'bench-key';
const ordersHeaders = {
  accept: 'application/json',
  'ocp-apim-subscription-key': KEY,
  'electio-api-version': '1.1',
};
const shipmentsHeaders = { accept: 'application/json', 'x-api-key': KEY, 'x-api-version': '1.1' };

async function fetchJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text);
}

/** A seeded shuffle, so that runs are comparable and no contender always follows the same one. */
function shuffler(seed = 0x9e3779b9) {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return (items) => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1));
      [copy[index], copy[other]] = [copy[other], copy[index]];
    }
    return copy;
  };
}

/**
 * What runs between two timed calls when `other` is 'alloc': another SDK's call, as far as the heap is
 * concerned. A 54 kB JSON answer is fetched and parsed, and a structured copy of it is kept for four
 * rounds, as an application keeps results it is working on: the young generation is never empty when
 * our call starts, and some of what it holds lives long enough to be promoted.
 */
function otherWork(origin) {
  const kept = [];
  return async () => {
    const body = await fetchJson(`${origin}/other/resource`, { accept: 'application/json' });
    kept.push(structuredClone(body));
    if (kept.length > 4) kept.shift();
  };
}

/** Timed calls with the collections inside each, by contender: the interleaved harness. */
export async function measurePerCall({
  items = 130,
  rounds = 3000,
  warmUp = 1000,
  other = 'alloc',
  mode = 'interleaved',
  labels = false,
  labelBytes = 4 * 1024 * 1024,
  baseline,
} = {}) {
  const body = order(items);
  const server = await serveCanned({
    'GET /orders-api/orders/EO-000-002-0TS': body,
    'GET /other/resource': order(items),
    'GET /shipments-api/labels/sp_bench/pdf/203': labelDocument(labelBytes),
  });
  const A = `${server.origin}/orders-api`;
  const B = `${server.origin}/shipments-api`;
  const client = (Client, validation, base) => new Client({ apiKey: KEY, baseUrl: base, validation });
  // Another build of the package (a copy of `dist/` from before a change), timed in the same rounds.
  const before = baseline ? await import(pathToFileURL(baseline).href) : undefined;
  const orderUrl = `${A}/orders/EO-000-002-0TS`;
  const labelUrl = `${B}/labels/sp_bench/pdf/203`;
  // getLabels hands over the label as the service sent it (Base64 in JSON), as raw fetch does here.
  const call = labels
    ? (build) => {
        const shipments = client(build.ShipmentsClient, build.validation, B);
        // A baseline from before 0.3.0 has the flat methods.
        if (!shipments.labels) return () => shipments.getLabels('sp_bench', { format: 'PDF' });
        return () => shipments.labels.get('sp_bench', { format: 'PDF' });
      }
    : (build) => {
        const orders = client(build.OrdersClient, build.validation, A);
        if (!orders.consignments) return () => orders.getOrder('EO-000-002-0TS');
        return () => orders.get('EO-000-002-0TS');
      };
  const builds = [
    ['consignkit, strict', { OrdersClient, ShipmentsClient, validation: 'strict' }],
    ['consignkit, off', { OrdersClient, ShipmentsClient, validation: 'off' }],
    ...(before
      ? [
          ['consignkit, strict, baseline', { ...before, validation: 'strict' }],
          ['consignkit, off, baseline', { ...before, validation: 'off' }],
        ]
      : []),
  ];
  const tasks = {
    'raw fetch': () => fetchJson(labels ? labelUrl : orderUrl, labels ? shipmentsHeaders : ordersHeaders),
    ...Object.fromEntries(builds.map(([name, build]) => [name, call(build)])),
  };
  const names = Object.keys(tasks);
  const between = other === 'alloc' ? otherWork(server.origin) : async () => {};

  const collections = [];
  const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const windows = new Map(names.map((name) => [name, []]));
  const shuffle = shuffler();
  try {
    for (const task of Object.values(tasks)) await task();
    const run = async (name, record) => {
      await between();
      const started = performance.now();
      await tasks[name]();
      const ended = performance.now();
      if (record) windows.get(name).push([started, ended]);
    };
    for (let round = 0; round < warmUp; round++) for (const name of shuffle(names)) await run(name, false);
    if (mode === 'loop') {
      // The plain loop: a block of one contender's calls, then the next's, the blocks rotated.
      const block = 50;
      for (let done = 0; done < rounds; done += block)
        for (const name of shuffle(names)) for (let call = 0; call < block; call++) await run(name, true);
    } else {
      for (let round = 0; round < rounds; round++) for (const name of shuffle(names)) await run(name, true);
    }
    // Let the observer deliver the last entries.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
    await server.close();
  }

  const results = {};
  const starts = collections.map((entry) => entry.startTime).sort((a, b) => a - b);
  const byStart = [...collections].sort((a, b) => a.startTime - b.startTime);
  for (const name of names) {
    const spans = windows.get(name);
    let count = 0;
    let gcMs = 0;
    let major = 0;
    for (const [from, to] of spans) {
      let low = 0;
      let high = starts.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (starts[middle] < from) low = middle + 1;
        else high = middle;
      }
      for (let index = low; index < byStart.length && byStart[index].startTime < to; index++) {
        count++;
        gcMs += byStart[index].duration;
        // NODE_PERFORMANCE_GC_MAJOR = 4 (mark-compact); 1 is a scavenge.
        if ((byStart[index].detail?.kind ?? byStart[index].kind) === 4) major++;
      }
    }
    const durations = spans.map(([from, to]) => to - from);
    const sorted = summarize(durations);
    const mean = durations.reduce((sum, value) => sum + value, 0) / durations.length;
    const p90 = [...durations].sort((a, b) => a - b)[Math.floor(durations.length * 0.9)];
    results[name] = {
      ...sorted,
      mean,
      p90,
      gcPerCall: count / spans.length,
      gcMsPerCall: gcMs / spans.length,
      major,
    };
  }
  return { results, kB: Buffer.byteLength(JSON.stringify(body)) / 1000 };
}

export function printPerCall({ results }, heading) {
  const raw = results['raw fetch'];
  console.log(heading);
  console.log(
    '| contender | median ms | x raw fetch (median) | mean ms | x raw (mean) | p90 ms | GCs per call | GC ms per call | mark-compacts |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `| ${name} | ${r.median.toFixed(3)} | ${(r.median / raw.median).toFixed(2)}x | ${r.mean.toFixed(3)} | ${(r.mean / raw.mean).toFixed(2)}x | ${r.p90.toFixed(3)} | ${r.gcPerCall.toFixed(2)} | ${r.gcMsPerCall.toFixed(3)} | ${r.major} |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argument = (name, fallback) => {
    const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
    return found === undefined ? fallback : found.slice(name.length + 3);
  };
  const options = {
    items: Number(argument('items', 130)),
    rounds: Number(argument('rounds', 3000)),
    warmUp: Number(argument('warm-up', 1000)),
    other: argument('other', 'alloc'),
    mode: argument('mode', 'interleaved'),
    labels: process.argv.includes('--labels'),
    baseline: argument('baseline', undefined),
  };
  const measured = await measurePerCall(options);
  printPerCall(
    measured,
    `Node ${process.version}, ${options.labels ? 'getLabels, 4 MB label' : `getOrder, ${measured.kB.toFixed(0)} kB`}, ${options.mode}, other work: ${options.other}, ${options.rounds} rounds after ${options.warmUp}\n`,
  );
}
