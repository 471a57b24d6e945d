#!/usr/bin/env node
// Run by `npm run build` after tsup. tsup writes the declarations twice, for `import` (.d.ts) and for
// `require` (.d.cts), and each entry's shared declaration chunks twice with them: the same text, 0.4 MB of
// the installed package's 3 MB budget (decode-*.d.ts alone is 0.35 MB of every operation's TSDoc). The
// ES module entries (index.d.ts…) now import the CommonJS chunks (`./decode-….cjs`, which TypeScript
// reads as the .d.cts beside it, under node16, bundler and node10 resolution alike), and the .d.ts chunks
// are deleted. Each class is then declared once for both conditions, as dist/'s code defines it once.
// Fails when a chunk's two copies differ in anything but the names of the chunks they import, so that a
// change of tsup cannot make the import condition read other types than it was built with.
//   node scripts/shared-declarations.mjs   (run by `npm run build`)
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(fileURLToPath(import.meta.url), '../../dist');
const all = readdirSync(dist, { recursive: true }).map((file) => file.split('\\').join('/'));
// A chunk is named by tsup (rollup-plugin-dts) `<name>-<8-character hash>.d.ts`, in dist/ itself (a hash
// may hold `-` and `_`); entries are index files.
const chunkOf = (file, extension) => file.match(new RegExp(`^([a-z-]+)-[\\w-]{8}\\${extension}$`))?.[1];
for (const file of all.filter((file) => /^[^/]+\.d\.c?ts$/.test(file) && !file.startsWith('index.')))
  if (chunkOf(file, file.endsWith('.d.cts') ? '.d.cts' : '.d.ts') === undefined)
    throw new Error(`shared-declarations: ${file} is neither an entry nor named as a chunk; see this script`);
const twins = new Map();
for (const file of all) {
  for (const [extension, side] of [
    ['.d.ts', 'esm'],
    ['.d.cts', 'cjs'],
  ]) {
    const name = chunkOf(file, extension);
    if (name === undefined) continue;
    const pair = twins.get(name) ?? {};
    if (pair[side])
      throw new Error(`shared-declarations: two ${extension} chunks named ${name}: ${pair[side]}, ${file}`);
    twins.set(name, { ...pair, [side]: file });
  }
}

// `from './decode-DIibtGgX.js'` and `from './decode-JODfGNOM.cjs'` both read `from './decode'`; so do
// side-effect imports (`import '../operation-names-Dcl1wuAL.js'`) and `import('…')` types.
const specifier = /((?:from|import)\s*\(?\s*')(\.{1,2}\/)([a-z-]+)-[\w-]{8}\.c?js'/g;
const normalised = (text) => text.replace(specifier, "$1$2$3'");
const cjsOf = new Map();
for (const [name, { esm, cjs }] of twins) {
  if (!esm || !cjs) throw new Error(`shared-declarations: chunk ${name} has no twin (${esm ?? cjs})`);
  if (normalised(readFileSync(join(dist, esm), 'utf8')) !== normalised(readFileSync(join(dist, cjs), 'utf8')))
    throw new Error(`shared-declarations: ${esm} and ${cjs} declare different things`);
  cjsOf.set(name, cjs.replace(/\.d\.cts$/, '.cjs'));
}

let rewritten = 0;
for (const file of all.filter((file) => file.endsWith('.d.ts') && chunkOf(file, '.d.ts') === undefined)) {
  const path = join(dist, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(specifier, (whole, keyword, _directory, name) => {
    const target = cjsOf.get(name);
    if (target === undefined)
      throw new Error(`shared-declarations: ${file} imports an unknown chunk: ${whole}`);
    const relativePath = relative(join(dist, file, '..'), join(dist, target))
      .split('\\')
      .join('/');
    return `${keyword}${relativePath.startsWith('.') ? relativePath : `./${relativePath}`}'`;
  });
  if (next !== text) {
    writeFileSync(path, next);
    rewritten += 1;
  }
}
for (const { esm } of twins.values()) rmSync(join(dist, esm));
console.log(
  `shared-declarations: ${rewritten} ES module declaration files read the ${twins.size} CommonJS declaration chunks`,
);
