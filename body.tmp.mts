import { order } from './bench/fixtures.mjs';
import { serveCanned } from './bench/server.mjs';
import { readBody } from './src/core/body.ts';

const server = await serveCanned({ 'GET /o': order(130) });
const url = `${server.origin}/o`;
const tasks: Record<string, () => Promise<unknown>> = {
  'text()': async () => JSON.parse(await (await fetch(url)).text()),
  readBody: async () => {
    const stop = new AbortController();
    const r = await fetch(url, { signal: stop.signal });
    return JSON.parse(await readBody(r, { ms: 10000, maxBytes: 1e8, stop }));
  },
  'arrayBuffer+decode': async () =>
    JSON.parse(new TextDecoder().decode(await (await fetch(url)).arrayBuffer())),
};
const names = Object.keys(tasks);
const samples = new Map(names.map((n) => [n, [] as number[]]));
for (let round = 0; round < 3000; round++)
  for (let i = 0; i < names.length; i++) {
    const name = names[(i + round) % names.length]!;
    const t = performance.now();
    await tasks[name]!();
    const d = performance.now() - t;
    if (round >= 500) samples.get(name)!.push(d);
  }
const med = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s[s.length >> 1]!;
};
const base = med(samples.get('text()')!);
for (const [n, v] of samples) console.log(n.padEnd(20), med(v).toFixed(3), (med(v) / base).toFixed(3));
await server.close();
