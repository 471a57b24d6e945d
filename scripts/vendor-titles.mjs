#!/usr/bin/env node
// Writes src/cli/mcp/vendor-titles.json: the vendor's title of every operation (`Create Order` for
// `createOrder`), read from the `@vendor` tag of the TSDoc on its declaration, right above the method that
// sends it. The titles stay out of the declarations themselves, and so out of an application's bundle
// (1 kB min+gzip): only docs/api.md (scripts/api-docs.mjs), the MCP server's tool titles and the dev
// tools read them. `npm run api:docs` runs it; test/cli/mcp/tools.test.ts fails when the file is stale,
// and test/operations.test.ts when an operation has no title.
//   node scripts/vendor-titles.mjs           rewrite the file
//   node scripts/vendor-titles.mjs --check   fail when it is stale
//
// A tag belongs to the operation id its declaration names (the one string of it that is an
// `OperationName`: `name: 'createOrder'`, or a helper's first argument): a tag on a declaration that
// names none, or several, is an error. An id declared in several forms may have a title per form
// (`getCollectionNote`), in the order of the sources.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'src/cli/mcp/vendor-titles.json');

const sourcesIn = (directory) =>
  readdirSync(directory, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? sourcesIn(join(directory, entry.name))
        : entry.name.endsWith('.ts')
          ? [join(directory, entry.name)]
          : [],
    );

/** `{ titles: { operationId: [title, …] }, problems: [...] }`, from the sources under src/. */
export function vendorTitles() {
  const names = new Set(
    [...readFileSync(join(root, 'src/core/operation-names.ts'), 'utf8').matchAll(/\|\s*'(\w+)'/g)].map(
      (match) => match[1],
    ),
  );
  const titles = {};
  const problems = [];
  for (const file of sourcesIn(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@vendor')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      for (const doc of ts.getJSDocCommentsAndTags(node)) {
        if (!ts.isJSDoc(doc) || doc.parent !== node) continue;
        for (const tag of doc.tags ?? []) {
          if (tag.tagName.text !== 'vendor') continue;
          const title = (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/\s+/g, ' ').trim();
          const named = new Set();
          const collect = (child) => {
            if (ts.isStringLiteralLike(child) && names.has(child.text)) named.add(child.text);
            ts.forEachChild(child, collect);
          };
          ts.forEachChild(node, collect);
          const where = `${relative(root, file)}:${source.getLineAndCharacterOfPosition(tag.getStart()).line + 1}`;
          if (title === '') problems.push(`${where}: @vendor without a title`);
          else if (named.size !== 1)
            problems.push(
              `${where}: @vendor ${title} is on a declaration naming ${named.size} operation ids`,
            );
          else {
            const [name] = named;
            titles[name] = [...new Set([...(titles[name] ?? []), title])];
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const sorted = Object.fromEntries(Object.entries(titles).sort(([a], [b]) => a.localeCompare(b)));
  return { titles: sorted, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { titles, problems } = vendorTitles();
  if (problems.length > 0) {
    for (const problem of problems) console.error(`vendor-titles: ${problem}`);
    process.exit(1);
  }
  const text = `${JSON.stringify(titles, null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (current !== text) {
      console.error(
        `vendor-titles: ${relative(root, target)} is stale: run \`npm run api:docs\` and commit it`,
      );
      process.exit(1);
    }
    console.log(`vendor-titles: ${relative(root, target)} up to date`);
  } else {
    writeFileSync(target, text);
    console.log(`vendor-titles: wrote ${relative(root, target)}`);
  }
}
