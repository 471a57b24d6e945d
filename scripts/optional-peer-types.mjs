#!/usr/bin/env node
// msw is an optional peer of consignkit/testing: only `mock.handlers` needs it. Its declarations import
// msw's `RequestHandler` type, which a project without msw cannot resolve: under `skipLibCheck: false`
// that failed the consumer's type check (TS2307). The import is marked ts-ignore here, after the
// build, so that without msw `handlers` is typed `any[]` and everything else keeps its types; with msw,
// `handlers` is msw's `RequestHandler[]` as before. Fails when the import is not where it was, so that
// a change of the build cannot silently bring the error back.
//   node scripts/optional-peer-types.mjs   (run by `npm run build`)
import { readFileSync, writeFileSync } from 'node:fs';

const IMPORT = "import { RequestHandler } from 'msw';";
const MARKED = `// @ts-ignore: msw is an optional peer; without it, \`handlers\` is typed any[].\n${IMPORT}`;

for (const file of ['dist/testing/index.d.ts', 'dist/testing/index.d.cts']) {
  const text = readFileSync(file, 'utf8');
  if (text.includes(MARKED)) continue;
  const lines = text.split('\n').filter((line) => line.includes("from 'msw'"));
  if (lines.length !== 1 || lines[0] !== IMPORT) {
    console.error(`optional-peer-types: ${file} imports msw as ${JSON.stringify(lines)}, not as ${IMPORT}`);
    process.exit(1);
  }
  writeFileSync(file, text.replace(IMPORT, MARKED));
}
console.log('optional-peer-types: the msw import of consignkit/testing is optional in its declarations');
