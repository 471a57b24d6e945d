#!/usr/bin/env node
// The import rules of src/ (issue 47), over the TypeScript module graph: every relative import, export-from
// and `import type` of every .ts file, as `ts.preProcessFile` reads it (no type-check, a second or so).
// It prints the import loops (strongly connected components), the imports that run back up a floor and the
// largest files; `--check` (in .ci/run) fails on a broken rule or on more loops than `maxLoops`.
//   node scripts/check-imports.mjs                 print the report
//   node scripts/check-imports.mjs --check         also fail on a broken rule
//   node scripts/check-imports.mjs --root <dir>    another tree laid out like src/ (the script's own test)
//   node scripts/check-imports.mjs --max-loops <n> another limit on loops than today's (idem)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Known violations, accepted until the issue 47 item named beside each removes them; nothing else may
// break a rule. An entry is `importer -> imported` (paths under the root, `*` for any file of a folder).
// Remove an entry with the change that fixes it: an entry that matches nothing fails `--check` too.
const allowed = [];
// Import loops in src/ today: none. Issue 47 asked for at most 2; a new one fails `--check`, so a shared
// type goes to a leaf module (as testing/orders/state.ts, cli/migrate/rewrite-types.ts) instead.
const todaysLoops = 0;

// The areas. `documents` is the decoder of both areas' label and customs files: the other two may import
// it (it imports only core), and it imports neither of them.
const areas = ['orders', 'shipments', 'documents'];
const shared = 'documents';
// The module that assembles the mock, the only one that may import the bridge between its areas.
const mockAssembly = 'testing/service.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const rootArg = args.indexOf('--root');
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const maxLoops = option('--max-loops') === undefined ? todaysLoops : Number(option('--max-loops'));
const root = rootArg >= 0 ? args[rootArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

function walk(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const key = (path) => relative(root, path).split(sep).join('/');
const files = walk(root).map(key).sort();
const known = new Set(files);

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier).split(sep).join('/');
  const stem = base.replace(/\.(js|ts)$/, '');
  for (const candidate of [`${stem}.ts`, `${base}/index.ts`]) if (known.has(candidate)) return candidate;
  return undefined;
}

const lines = new Map();
const edges = new Map();
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  lines.set(file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
  const imported = ts.preProcessFile(text, true, true).importedFiles;
  edges.set(file, [
    ...new Set(imported.map(({ fileName }) => resolve(file, fileName)).filter((target) => target)),
  ]);
}

// Tarjan's strongly connected components; a component of more than one file is an import loop.
function loops() {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file)) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

const top = (file) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '');
// Floors: core 0, the areas 1, the root files and the plug-ins (ledger, node, cli, testing) 2, on top of
// core and the areas. Within a floor, an area's client.ts mounts its resources, and the mock's bridge
// joins its areas, so a resource importing its client, or a mock area the bridge, also runs back up.
function floor(file) {
  const folder = top(file);
  if (folder === 'core') return 0;
  if (areas.includes(folder)) return 1;
  return 2;
}
const mockSide = (file) =>
  ['testing/orders/', 'testing/shipments/'].find((prefix) => file.startsWith(prefix));
const runsUp = ({ from, to }) =>
  floor(to) > floor(from) ||
  (areas.includes(top(from)) && to === `${top(from)}/client.ts` && !isBarrel(from)) ||
  (mockSide(from) !== undefined && to === 'testing/bridge.ts');
// An area's index.ts is its public barrel: it exports the client, it is not a resource.
const isBarrel = (file) => file === `${top(file)}/index.ts`;

const all = files.flatMap((from) => edges.get(from).map((to) => ({ from, to })));
const upward = all.filter(runsUp);

const rules = [
  {
    name: 'core imports nothing outside core',
    breaks: ({ from, to }) => top(from) === 'core' && top(to) !== 'core',
  },
  {
    name: 'the areas never import each other',
    breaks: ({ from, to }) =>
      areas.includes(top(from)) &&
      areas.includes(top(to)) &&
      top(from) !== top(to) &&
      (top(to) !== shared || top(from) === shared),
  },
  {
    name: 'no area module imports its own client.ts',
    breaks: ({ from, to }) => areas.includes(top(from)) && to === `${top(from)}/client.ts` && !isBarrel(from),
  },
  {
    name: 'the ledger imports core only',
    breaks: ({ from, to }) => top(from) === 'ledger' && top(to) !== 'ledger' && top(to) !== 'core',
  },
  {
    name: "the mock's areas meet in testing/bridge.ts alone",
    breaks: ({ from, to }) =>
      (mockSide(from) !== undefined && mockSide(to) !== undefined && mockSide(from) !== mockSide(to)) ||
      (to === 'testing/bridge.ts' && from !== mockAssembly),
  },
];

const matches = (pattern, file) =>
  pattern.endsWith('/*') ? file.startsWith(pattern.slice(0, -1)) : pattern === file;
// The allow-list is src/'s: another tree (`--root`) gets none.
const allowedBy = ({ from, to }) =>
  rootArg < 0 &&
  allowed.find((entry) => {
    const [importer, imported] = entry.split(' -> ');
    return matches(importer, from) && matches(imported, to);
  });

const found = loops();
const broken = rules.flatMap((rule) =>
  all.filter(rule.breaks).map((edge) => ({ ...edge, rule: rule.name, allowedBy: allowedBy(edge) })),
);
const used = new Set(broken.map((edge) => edge.allowedBy).filter((entry) => entry));
const stale = rootArg >= 0 ? [] : allowed.filter((entry) => !used.has(entry));

const out = [];
out.push(`${files.length} files, ${all.length} imports under ${relative(process.cwd(), root) || '.'}`);
out.push(`\nImport loops: ${found.length} (at most ${maxLoops})`);
for (const [n, component] of found.entries()) {
  out.push(`  ${n + 1}. ${component.length} files: ${component.join(', ')}`);
}
out.push(`\nImports that run back up a floor (core < areas < root, plug-ins): ${upward.length}`);
for (const { from, to } of upward) out.push(`  ${from} -> ${to}`);
out.push('\nLargest files (lines):');
for (const [file, count] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  out.push(`  ${String(count).padStart(5)} ${file}`);
}
out.push('\nRules:');
for (const rule of rules) {
  const edges = broken.filter((edge) => edge.rule === rule.name);
  const open = edges.filter((edge) => !edge.allowedBy);
  out.push(`  ${open.length ? 'FAIL' : 'ok  '} ${rule.name} (${edges.length - open.length} allowed for now)`);
  for (const { from, to } of open) out.push(`         ${from} -> ${to}`);
}
console.log(out.join('\n'));

if (check) {
  const problems = [];
  const open = broken.filter((edge) => !edge.allowedBy);
  for (const { from, to, rule } of open) problems.push(`${from} -> ${to} breaks "${rule}"`);
  if (found.length > maxLoops) problems.push(`${found.length} import loops, at most ${maxLoops} allowed`);
  for (const entry of stale) problems.push(`allow-list entry "${entry}" matches nothing: remove it`);
  if (problems.length) {
    console.error(`\ncheck-imports: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
