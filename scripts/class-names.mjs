#!/usr/bin/env node
// Run by `npm run build` after tsup. esbuild gives a class whose body names itself (a resource's method
// sending `Consignments.get`, the static declared above it) an inner name: `Consignments=class
// _Consignments{…}`, so `Consignments.name`, `util.inspect(client.consignments)` and the walk's class
// names read `_Consignments`. keepNames would fix it at 12 kB of bundle; renaming the inner binding to
// the outer one costs nothing and means the same (both name the one class).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(fileURLToPath(import.meta.url), '../../dist');
const files = (directory) =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(directory, entry.name))
      : /\.(c?js)$/.test(entry.name)
        ? [join(directory, entry.name)]
        : [],
  );

let renamed = 0;
for (const file of files(dist)) {
  let text = readFileSync(file, 'utf8');
  const inner = [...text.matchAll(/\b([A-Za-z$][\w$]*)\s*=\s*class _\1\b/g)].map((match) => match[1]);
  for (const name of new Set(inner)) {
    text = text.replace(new RegExp(`(?<![\\w$])_${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'), name);
    renamed += 1;
  }
  if (inner.length > 0) writeFileSync(file, text);
}
console.log(`class-names: ${renamed} classes keep their own names`);
