#!/usr/bin/env node
// Writes src/cli/mcp/summaries.json: the TSDoc summary (its first paragraph) of every public method of
// the two clients, keyed `OrdersClient.getConsignment`. `consignkit mcp` describes each tool with the
// summary of the method of its operation's name; the comments are gone from the built code, so they are
// read here, from the source, and committed beside the server. `npm run api:docs` runs it with
// scripts/api-docs.mjs; test/cli/mcp/tools.test.ts fails when the file is not what the code says.
//   node scripts/mcp-summaries.mjs           rewrite the file
//   node scripts/mcp-summaries.mjs --check   fail when it is stale
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(fileURLToPath(import.meta.url), '../..');
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

function summariesOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = {};
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      const hidden = ts.getCombinedModifierFlags(member);
      if (hidden & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static))
        continue;
      const key = `${statement.name.text}.${member.name.text}`;
      // Overloads: the first declaration that has a comment.
      found[key] ??= summaryOf(member, source);
    }
  }
  return found;
}

function render() {
  const summaries = {};
  const sourceRoot = join(root, 'src');
  for (const entry of readdirSync(sourceRoot, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const client = join(sourceRoot, entry.name, 'client.ts');
    if (
      !entry.isDirectory() ||
      !existsSync(join(sourceRoot, entry.name, 'operations.ts')) ||
      !existsSync(client)
    )
      continue;
    for (const [key, summary] of Object.entries(summariesOf(client))) {
      if (summary !== undefined) summaries[key] = summary;
    }
  }
  return `${JSON.stringify(summaries, null, 2)}\n`;
}

const text = render();
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
