#!/usr/bin/env node
// MIGRATION.md is written from the rename table the package ships (migrations/0.3.0.json), so the two
// cannot disagree: a section per client, a table per resource.
//   node scripts/migration-doc.mjs           rewrite MIGRATION.md
//   node scripts/migration-doc.mjs --check   fail (exit 1) when MIGRATION.md is not what the table says
import { readFileSync, writeFileSync } from 'node:fs';

const TABLE = 'migrations/0.3.0.json';
const OUTPUT = 'MIGRATION.md';
const CLIENTS = [
  { name: 'OrdersClient', variable: 'orders', area: 'area A: orders, consignments, allocation, manifests' },
  { name: 'ShipmentsClient', variable: 'shipments', area: 'area B: shipments, labels, quotes, groups' },
];

const renames = JSON.parse(readFileSync(TABLE, 'utf8'));
// The operation ids, as src/core/operation-names.ts (itself generated) declares them: a method that sends
// no operation of its own (a wait, a patch composed of a read and a write) has none to show.
const operations = new Set(
  [...readFileSync('src/core/operation-names.ts', 'utf8').matchAll(/^\s*\| '([A-Za-z0-9]+)'/gm)].map(
    (match) => match[1],
  ),
);
const operationOf = (old) => (operations.has(old) ? `\`${old}\`` : 'none of its own (it sends others)');

const TOP = `# Migrating to consignkit 0.3.0

<!-- Written by scripts/migration-doc.mjs from ${TABLE}: edit those, then run it. -->

## What changed

- **The methods moved into resources mounted on the clients**, as Stripe's, OpenAI's and Anthropic's
  SDKs mount theirs: \`orders.cancelConsignment(ref)\` is now \`orders.consignments.cancel(ref)\`, and
  \`shipments.lockShipmentGroup(ref)\` is \`shipments.groups.lock(ref)\`. Each area's main resource keeps
  its verbs on the client itself (\`orders.get\`, \`shipments.create\`).
- **Operation ids did not change.** The old name of a method that sends one operation is that
  operation's id (\`OperationName\`), and it stays in \`error.operation\`, hook events, logs,
  \`mock.failNext(…)\`, \`reconcile\` and the ledger: code that reads or names operations needs no change.
- **No aliases.** 0.3.0 has no deprecated flat names: every call site moves.

## Run the codemod

\`consignkit migrate\` rewrites the call sites in your TypeScript and JavaScript files, and in the
\`ts\` and \`js\` code blocks of your Markdown, from \`${TABLE}\` (shipped in the package). It needs
the \`typescript\` package (an optional peer: \`npm install --save-dev typescript\`) and types your code
through your \`tsconfig.json\`, so a method of your own with an old name is left alone.

\`\`\`sh
npx consignkit migrate              # a dry run over the current folder: a unified diff and a summary
npx consignkit migrate src test     # only these paths
npx consignkit migrate --write      # apply it
\`\`\`

Where a receiver's type is unknown (plain JavaScript, Markdown) a name that moves to one place is
rewritten "by name" and listed so. Destructuring (\`const { getOrder } = orders\`) is reported, not
rewritten; a method passed as a value is rewritten with a warning (it loses its \`this\` either way).
See \`consignkit migrate --help\` and [docs/cli.md](docs/cli.md).

## Conventions

- A \`Many\` suffix is the list form of an operation that also has a single form:
  \`consignments.cancel(ref)\` and \`consignments.cancelMany(refs)\`.
- The last parameter of every method is \`options?: RequestOptions\` (\`signal\`, \`timeout\`,
  \`maxRetries\`, \`headers\`…).
`;

function section({ name, variable, area }) {
  const resources = new Map();
  for (const [key, path] of Object.entries(renames)) {
    const [client, old] = key.split('.');
    if (client !== name) continue;
    const segments = path.split('.');
    const resource = segments.length === 1 ? '' : segments.slice(0, -1).join('.');
    if (!resources.has(resource)) resources.set(resource, []);
    resources.get(resource).push([old, path]);
  }
  let text = `\n## \`${name}\` (${area})\n`;
  for (const [resource, rows] of resources) {
    text += `\n### ${resource === '' ? `\`${variable}\` itself` : `\`${variable}.${resource}\``}\n\n`;
    text += '| old name | new path | operation id |\n|---|---|---|\n';
    for (const [old, path] of rows)
      text += `| \`${old}\` | \`${variable}.${path}\` | ${operationOf(old)} |\n`;
  }
  return text;
}

const unknown = Object.keys(renames).filter((key) => !CLIENTS.some(({ name }) => key.startsWith(`${name}.`)));
if (unknown.length > 0) {
  console.error(`migration-doc: ${TABLE} has keys of no client: ${unknown.join(', ')}`);
  process.exit(1);
}

const document = TOP + CLIENTS.map(section).join('');

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUTPUT, 'utf8');
  } catch {}
  if (current !== document) {
    console.error(`migration-doc: ${OUTPUT} is not what ${TABLE} says: run node scripts/migration-doc.mjs`);
    process.exit(1);
  }
  console.log(`migration-doc: ${OUTPUT} matches ${TABLE}`);
} else {
  writeFileSync(OUTPUT, document);
  console.log(`migration-doc: wrote ${OUTPUT} (${Object.keys(renames).length} renames)`);
}
