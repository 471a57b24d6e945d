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

Where a receiver's type is unknown (plain JavaScript, \`any\`, Markdown) a name that moves to one place
is rewritten "by name", and listed so, only in a file (or Markdown code block) that imports or requires
\`consignkit\`; anywhere else it is listed, not changed. A subclass's override of a method that stays on
the client is renamed with its calls (\`getOrder\` becomes \`get\`); an override of one that moves to a
resource (\`createConsignment\`) cannot be renamed into place and is reported with its calls, which are
left reaching it. \`OrdersClient.prototype.createConsignment\` becomes \`Consignments.prototype.create\`,
imported from \`consignkit\`. Reported, not rewritten: destructuring (\`const { getOrder } = orders\`),
method names in strings (\`vi.spyOn(shipments, 'getQuotesForShipment')\`,
\`'createConsignment' in orders\`), objects made into a client (\`{ getOrder: vi.fn() } as unknown as
OrdersClient\`), keys in types (\`Pick<OrdersClient, 'getOrder'>\`) and \`.d.ts\` files. A method passed as
a value is rewritten with a warning (it loses its \`this\` either way). A file whose bytes would not come
back the same (Latin-1, UTF-16) is reported and left alone. See \`consignkit migrate --help\` and
[docs/cli.md](docs/cli.md).

## What no compiler sees

In TypeScript, a call the codemod missed fails to compile. These changes between 0.2 and 0.3 compile
unchanged and show only when the code runs: look for each in your code.

### A request field the SDK does not know is refused

0.2 sent it, and the service ignored it without a word. 0.3 throws \`RequestValidationError\` before
sending, code \`unknown_field\` (or \`near_miss\` when it looks like a misspelling of a known field). For a
field the service added since this version of consignkit, allow unknown fields for that call; for one
that looks like a near miss on purpose, mark it where you write it:

\`\`\`ts
import { withExtraFields } from 'consignkit';

await orders.create(order, { allowUnknownFields: true });
await orders.create(withExtraFields(order, { Weigth: 'a field the service really has' }));
\`\`\`

### A refused area B allocation is a \`ShipmentAllocationError\`, not an \`ApiError\`

0.2 threw \`InternalServerError\` (an \`ApiError\`, status 521) when the service refused to allocate a
shipment. 0.3 throws \`ShipmentAllocationError\`, an \`AllocationError\` and not an \`ApiError\` (still never
retried; \`status\` is still 521), on every area B allocate method, single and bulk. A \`catch\` that tested
\`instanceof ApiError\` or \`instanceof InternalServerError\` no longer matches it, and a fallback behind it
stops running:

\`\`\`ts
import { AllocationError } from 'consignkit';

try {
  await shipments.allocation.allocate(shipment);
} catch (error) {
  // 0.2: if (error instanceof InternalServerError) …
  if (error instanceof AllocationError) return allocateWithAnotherService(shipment, error.reasons);
  throw error;
}
\`\`\`

\`AllocationError\` matches a refused allocation of either area; \`ShipmentAllocationError\` area B's alone.
Other 5xx answers stay \`InternalServerError\`.

### \`NaN\` and \`Infinity\` in a request are refused

0.2 sent them as JSON writes them, \`null\`: a package weight of \`NaN\` went out as no weight. 0.3 throws
\`RequestValidationError\` (code \`not_finite\`) before sending. Check numbers read from files or forms:

\`\`\`ts
const weight = Number(row.weight);
if (!Number.isFinite(weight)) throw new Error(\`row \${row.id}: no weight\`);
\`\`\`

### A list whose own \`toJSON()\` gives other items is refused

0.2 checked the list and sent what its \`toJSON()\` returned. 0.3 throws \`RequestValidationError\` (code
\`list_to_json\`). Pass a plain array: \`shipments.allocation.allocateMany([...references])\`.

### References in answers are checked for their prefix

A shipment, group, quote or manifest reference in an area B answer is checked for its prefix (\`sp_\`,
\`sg_\`…), as the references you send always were. Under the default \`validation: 'strict'\` an answer that
breaks it is a \`ResponseValidationError\`; \`validation: 'warn'\` logs it and returns the answer.

### \`reconcile\` counts a later state as proof

A lost allocation whose consignment is now \`ReadyToShip\`, \`Manifesting\`, \`Manifested\`, \`ManifestFailed\`
or with the carrier is \`done: true\` (0.2 said \`undefined\`: nothing concluded), and so is a lost manifest
whose consignment is with the carrier. Code that sent such a call again by hand on \`undefined\` no longer
needs to look.

### Since 0.3.0 (unreleased)

These compile unchanged too:

- **The Postgres ledger's tables move to version 3.** A ledger key now holds the account (the API key's
  fingerprint) and what the call asks (the package of Add Package, the state of Change State…). Run
  \`await ledger.migrate()\` (or \`npx consignkit ledger migrate\`) once, before the new workers start: until
  then, a call through the ledger is refused with a \`LedgerError\` that says to migrate. Entries written by
  0.3.0 keep settling.
- **Area B's Get Tracking Events is \`getShipmentTracking\`**, no longer \`getTracking\` (area A's id): in
  hook events (\`event.operation\`), \`error.operation\`, \`mock.failNext('getShipmentTracking')\` and the MCP
  tool's name. \`getTracking\` now names area A's operation only.
- **A paged list that does not advance ends with a \`ResponseValidationError\`** (code \`page_repeated\` or
  \`no_new_items\`) instead of reading on: a service that ignores \`skip\` no longer loops for ever.
- **A value is checked as what it serialises to**, at any depth: an object or class instance whose
  \`toJSON()\` returns other fields is checked, and sent, as those fields (\`orders.patch\` and
  \`consignments.patch\` checked the caller's fields before).
- **\`deliveryOptions.selectAsOrder\` sends the documented body**, \`{ DeliveryOptions: [{ Reference,
  OrderReferenceProvidedByCustomer, MetaData }] }\` (0.3.0 sent \`{ Reference }\` and dropped the rest), and a
  selection the service refuses inside its answer throws \`NotFoundError\` or \`BadRequestError\`.
- **\`wait\` ends at its deadline** whatever its reads are doing: reads still in flight are aborted, and
  their items come back \`pending\`. Size a queue job's timeout on the wait's \`deadline\`.
- **A wait's own errors name the read it polls with**: \`error.operation\` is \`getConsignmentStatus\` or
  \`getShipment\` (0.3.0 said \`waitForAllocation\` or \`waitForManifest\`, no operation ids), and
  \`consignments.patch\`'s refusal of what it read names \`getConsignment\` (not \`patchConsignment\`).
- **\`consignkit mcp\` reads \`CONSIGNKIT_ENVIRONMENT\` in any case**: \`PRODUCTION\` is refused without
  \`--environment production\`, as \`production\` was (0.3.0 ran it in the sandbox).

### The mock

- It lists quotes, delivery options and the services left out by service reference, no longer cheapest
  first. A test that took the first as the cheapest now gets another one: choose with
  \`cheapestQuote(quotes)\`, \`cheapestDeliveryOption(options)\` or \`cheapestShipmentQuote(quotes)\`.
- It checks addresses as the service does: a contact email in a valid format (\`test@something\` is
  refused), an assigned ISO 3166-1 alpha-2 country code, a postcode of that country's format. A fixture
  that moves an address to another country needs a postcode of that country.
- Its area B 400 \`validation_error\` for labels, shipment groups and customs documents has the details'
  messages as its \`message\` (it said "A provided property has an invalid format").

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
