#!/usr/bin/env node
// Run by `npm run build` after class-names.mjs. Shortens the local variables and parameters of dist/'s
// code (`e`, `t`…): 15% fewer bytes for a cold `import 'consignkit'` to compile and for `npm install` to
// write (docs/performance.md, "Cold import"). What a stack trace or `util.inspect` shows keeps its name:
// functions and classes (`keep_fnames` also keeps `const helper = () => …`), every top-level declaration
// (exported or not), properties and methods, and private methods and fields (`#attempt`), which terser
// shortens with the locals and which are put back here. Not in tsup's terser step for that reason: it
// has no option to leave private names alone, and it runs before class-names.mjs, which needs the
// names esbuild gave.
//   node scripts/shorten-locals.mjs   (run by `npm run build`)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';

const dist = resolve(fileURLToPath(import.meta.url), '../../dist');
const files = readdirSync(dist, { recursive: true })
  .filter((file) => /\.c?js$/.test(file))
  .map((file) => join(dist, file));

// A private name, or the same characters in a string or a pattern, which shortening leaves as they are.
const hashName = /#[A-Za-z_$][\w$]*/g;

/** `shortened` with each private name terser shortened put back as `original` spells it. */
function withPrivateNames(file, original, shortened) {
  const before = [...original.matchAll(hashName)].map(([name]) => name);
  const after = [...shortened.matchAll(hashName)];
  if (before.length !== after.length)
    throw new Error(`shorten-locals: ${file}: ${before.length} private names before, ${after.length} after`);
  const back = new Map();
  let text = '';
  let from = 0;
  after.forEach((match, index) => {
    const name = before[index];
    if (match[0] !== name && back.has(match[0]) && back.get(match[0]) !== name)
      throw new Error(
        `shorten-locals: ${file}: ${match[0]} stands for both ${back.get(match[0])} and ${name}`,
      );
    back.set(match[0], name);
    text += shortened.slice(from, match.index) + name;
    from = match.index + match[0].length;
  });
  return text + shortened.slice(from);
}

let saved = 0;
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  const { code: shortened } = await minify(code, {
    module: file.endsWith('.js'),
    compress: false,
    // `module: true` would shorten the top level too.
    mangle: { module: false, toplevel: false, keep_fnames: true, keep_classnames: true },
    format: { comments: false, preserve_annotations: true, ascii_only: true },
  });
  const result = withPrivateNames(file, code, shortened);
  saved += code.length - result.length;
  writeFileSync(file, result);
}
console.log(`shorten-locals: ${files.length} files, ${(saved / 1e3).toFixed(0)} kB shorter`);
