#!/usr/bin/env node
// Fails when the build has renamed a public class or function: esbuild and the CommonJS conversion lower
// class fields into `_class9 = class …`, which names the class `_class9`, and `util.inspect(error)` (what
// console.log and most loggers show) then prints `_class9 [NotFoundError]`. Checks every export of every
// entry point, imported (ESM) and required (CommonJS). Needs `npm run build` first.
//   node scripts/check-names.mjs [package root]
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? '.');
const entries = ['index', 'node/index', 'testing/index'];

export async function mangledNames(base = root) {
  const req = createRequire(resolve(base, 'package.json'));
  const problems = [];
  let checked = 0;
  for (const entry of entries) {
    const loaded = {
      [`dist/${entry}.js`]: await import(pathToFileURL(resolve(base, `dist/${entry}.js`)).href),
      [`dist/${entry}.cjs`]: req(resolve(base, `dist/${entry}.cjs`)),
    };
    for (const [file, exports] of Object.entries(loaded)) {
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'function' || name === 'default') continue;
        checked += 1;
        if (value.name !== name) problems.push(`${file}: export ${name} is named '${value.name}'`);
      }
    }
  }
  return { checked, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { checked, problems } = await mangledNames();
  if (problems.length > 0) {
    console.error(
      `check-names: ${problems.length} public names mangled by the build:\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`check-names: ${checked} exported classes and functions keep their names (ESM and CommonJS)`);
}
