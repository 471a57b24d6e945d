#!/usr/bin/env node
// Writes src/cli/mcp/summaries.json: the TSDoc summary (its first paragraph) of every public method of
// the two clients and their resources, keyed by the method's path (`OrdersClient.consignments.get`).
// `consignkit mcp` describes each tool with the summary of the method that sends its operation; the
// comments are gone from the built code, so they are read here, from the source, and committed beside
// the server. `npm run api:docs` runs it with
// scripts/api-docs.mjs; test/cli/mcp/tools.test.ts fails when the file is not what the code says.
//   node scripts/mcp-summaries.mjs           rewrite the file
//   node scripts/mcp-summaries.mjs --check   fail when it is stale
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { root, walkClients } from './walk-clients.mjs';

const target = join(root, 'src/cli/mcp/summaries.json');

/** `{@link Foo.bar}` and `{@link Foo | text}` as code or their text; line breaks folded. */
function plainOf(text) {
  return text
    .replace(/\{@link\s+([^}|\s]+)\s*(?:\|\s*([^}]+))?\}/g, (_, linked, label) =>
      label ? label.trim() : `\`${linked}\``,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** A declaration's TSDoc summary: its comment up to the first block tag, first paragraph only. */
function summaryOf(node, source) {
  const comment = ts.getJSDocCommentsAndTags(node).findLast((doc) => ts.isJSDoc(doc));
  if (!comment) return undefined;
  const lines = comment
    .getText(source)
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*( |$)/, ''));
  const body = [];
  for (const line of lines) {
    if (/^\s*@\w+/.test(line)) break;
    body.push(line);
  }
  const [first] = body
    .join('\n')
    .split(/\n\s*\n/)
    .map(plainOf)
    .filter((paragraph) => paragraph !== '');
  return first;
}

/** Every class's public methods' summaries in one file, keyed `Class.method`. */
function summariesOf(file, found) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      const hidden = ts.getCombinedModifierFlags(member);
      if (hidden & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static))
        continue;
      // Overloads: the first declaration that has a comment.
      found[`${statement.name.text}.${member.name.text}`] ??= summaryOf(member, source);
    }
  }
}

const sourcesIn = (directory) =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesIn(join(directory, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(directory, entry.name)]
        : [],
  );

async function render() {
  const byClass = {};
  for (const file of sourcesIn(join(root, 'src'))) summariesOf(file, byClass);
  const summaries = {};
  for (const { client, methods } of await walkClients()) {
    for (const method of methods) {
      const summary = byClass[`${method.owner}.${method.path.split('.').at(-1)}`];
      if (summary !== undefined) summaries[`${client}.${method.path}`] = summary;
    }
  }
  return `${JSON.stringify(summaries, null, 2)}\n`;
}

const text = await render();
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error(
      `mcp-summaries: ${relative(root, target)} is stale: run \`npm run api:docs\` and commit it`,
    );
    process.exit(1);
  }
  console.log(`mcp-summaries: ${relative(root, target)} up to date`);
} else {
  writeFileSync(target, text);
  console.log(`mcp-summaries: wrote ${relative(root, target)}`);
}
