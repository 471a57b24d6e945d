#!/usr/bin/env node
// Writes docs/api.md, the method reference, from what the code declares: for each client method, the
// vendor's operation, verb and path, and retry class from its operation(s); what it returns and throws
// from the method's signature and TSDoc. Nothing in it is written by hand, so it cannot drift.
//   node scripts/api-docs.mjs           rewrite docs/api.md
//   node scripts/api-docs.mjs --check   fail when docs/api.md is not what the code says
//
// It finds the areas as `src/<area>/operations.ts` beside `src/<area>/client.ts`. The operations are
// whatever operations.ts exports (declared there, or re-exported from the resource modules; alone, in
// objects or in lists), and a client method is linked to the operations whose `name` is its own.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import ts from 'typescript';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const target = join(root, 'docs/api.md');

/**
 * Client methods that send no operation of their own name: the operations they send, in order. Every
 * other public method must have an operation of its name, and every operation a method: the script
 * fails otherwise, so that nothing is left out of docs/api.md.
 */
const composedMethods = {
  // Get Order (checked in every validation mode), then the merged order written back whole.
  patchOrder: ['getOrder', 'updateOrder'],
  // Get Consignment (checked in every validation mode), then the merged consignment written back whole.
  patchConsignment: ['getConsignment', 'updateConsignment'],
  // Reads what an OutcomeUnknownError names; never sends the change again. Each client reads its own area.
  'OrdersClient.reconcile': ['getConsignment', 'getConsignmentReferences', 'getDeliveryOption'],
  'ShipmentsClient.reconcile': ['getShipment', 'getShipmentGroup'],
  // Poll what a queued allocation or manifest left, until done, failed or the deadline: reads only.
  'OrdersClient.waitForAllocation': ['getConsignmentStatus'],
  'OrdersClient.waitForManifest': ['getConsignmentStatus'],
  'ShipmentsClient.waitForAllocation': ['getShipment'],
  'ShipmentsClient.waitForManifest': ['getShipment'],
};
/** The operations a client's method sends: its composition, else the operation of its own name. */
const composedOf = (client, method) => composedMethods[`${client}.${method}`] ?? composedMethods[method];
/** Methods about the client itself (options, base URL), not the service. */
const clientMethods = new Set(['withOptions']);

const RETRY_CLASSES = new Set(['repeatable', 'non-repeatable']);

function isOperation(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.name === 'string' &&
    typeof value.method === 'string' &&
    typeof value.path === 'string' &&
    RETRY_CLASSES.has(value.retry)
  );
}

/** Every operation reachable from a module's exports, each (name, method, path) once, in export order. */
function operationsIn(moduleExports) {
  const found = new Map();
  const seen = new Set();
  const visit = (value, depth) => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > 4) return;
    seen.add(value);
    if (isOperation(value)) {
      const key = `${value.name} ${value.method} ${value.path}`;
      const known = found.get(key);
      // Two declarations of one request (Get Order, and Get Order as patchOrder reads it): either title.
      if (!known || (!known.vendor && value.vendor)) found.set(key, value);
      return;
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child, depth + 1);
  };
  for (const value of Object.values(moduleExports)) visit(value, 0);
  return [...found.values()];
}

/** `{@link Foo.bar}` and `{@link Foo | text}` as Markdown; line breaks folded. */
function markdownOf(text) {
  return text
    .replace(/\{@link\s+([^}|\s]+)\s*(?:\|\s*([^}]+))?\}/g, (_, target, label) =>
      label ? label.trim() : `\`${target}\``,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The `@throws` paragraphs of a declaration's TSDoc comment, read from its text: TypeScript's JSDoc
 * parser takes the `{` of `@throws {@link X}` for a type and loses the rest. `tag` reads another
 * block tag the same way (`@remarks`: what the method reference must say beside it, such as a feature
 * that comes from our service spec and not from any vendor file).
 */
function throwsOf(node, source, tag = 'throws') {
  const comment = ts.getJSDocCommentsAndTags(node).findLast((doc) => ts.isJSDoc(doc));
  if (!comment) return [];
  const lines = comment
    .getText(source)
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*( |$)/, ''));
  const paragraphs = [];
  let current;
  for (const line of lines) {
    if (/^\s*@\w+/.test(line)) {
      current = new RegExp(`^\\s*@${tag}\\b`).test(line) ? [line.replace(/^\s*@\w+\s*/, '')] : undefined;
      if (current) paragraphs.push(current);
    } else if (current) {
      current.push(line);
    }
  }
  return paragraphs.map((paragraph) => markdownOf(paragraph.join(' ')));
}

/** The public methods a client class declares itself, with their signature, return type and `@throws`. */
function clientMethodsOf(program, file) {
  const source = program.getSourceFile(file);
  const checker = program.getTypeChecker();
  const classes = [];
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    if (!ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword))
      continue;
    const methods = [];
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      const modifiers = ts.getCombinedModifierFlags(member);
      if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static))
        continue;
      const signature = checker.getSignatureFromDeclaration(member);
      const returns = member.type
        ? member.type.getText(source)
        : checker.typeToString(signature.getReturnType(), member, ts.TypeFormatFlags.NoTruncation);
      const parameters = member.parameters.map(
        (parameter) =>
          `${parameter.name.getText(source)}${parameter.questionToken || parameter.initializer ? '?' : ''}`,
      );
      const throws = throwsOf(member, source);
      const remarks = throwsOf(member, source, 'remarks');
      methods.push({
        name: member.name.text,
        parameters,
        returns: returns.replace(/\s+/g, ' '),
        throws,
        remarks,
      });
    }
    classes.push({ name: statement.name.text, methods });
  }
  return classes;
}

function programOf(files) {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  return ts.createProgram(files, { ...options, noEmit: true });
}

function areasOf() {
  const source = join(root, 'src');
  return readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      area: entry.name,
      operations: join(source, entry.name, 'operations.ts'),
      client: join(source, entry.name, 'client.ts'),
    }))
    .filter((area) => existsSync(area.operations) && existsSync(area.client))
    .sort((a, b) => a.area.localeCompare(b.area));
}

const cell = (text) => text.replace(/\|/g, '\\|');
const requestOf = (operation) => `${operation.method} /${operation.path}`;

async function render() {
  const areas = areasOf();
  const program = programOf(areas.map((area) => area.client));
  const problems = [];
  const sections = [];
  for (const area of areas) {
    const operations = operationsIn(await tsImport(pathToFileURL(area.operations).href, import.meta.url));
    // Node 20 has no Map.groupBy.
    const byName = new Map();
    for (const operation of operations)
      byName.set(operation.name, [...(byName.get(operation.name) ?? []), operation]);
    const used = new Set();
    for (const client of clientMethodsOf(program, area.client)) {
      const rows = [];
      const details = [];
      for (const method of client.methods) {
        if (clientMethods.has(method.name)) continue;
        const names = composedOf(client.name, method.name) ?? [method.name];
        const sent = names.flatMap((name) => byName.get(name) ?? []);
        if (!names.every((name) => byName.has(name))) {
          problems.push(
            `${client.name}.${method.name}: no operation named ${names.filter((name) => !byName.has(name)).join(', ')} in ${relative(root, area.operations)} (declare it in composedMethods if the method sends others)`,
          );
          continue;
        }
        for (const name of names) used.add(name);
        const composed = composedOf(client.name, method.name) !== undefined;
        const vendor = [
          ...new Set(
            names.map(
              (name) => byName.get(name).find((op) => op.vendor)?.vendor ?? `(${name}: none declared)`,
            ),
          ),
        ];
        const retry = [...new Set(sent.map((operation) => operation.retry))];
        const requests = sent.map(requestOf);
        const signature = `${method.name}(${method.parameters.join(', ')})`;
        const anchor = `${client.name}-${method.name}`.toLowerCase();
        rows.push(
          `| [\`${method.name}\`](#${anchor}) | ${cell(vendor.join(', then '))} | ${requests.map((request) => `\`${cell(request)}\``).join('<br>')} | ${retry.join(', ')} |`,
        );
        details.push(
          [
            `### <a id="${anchor}"></a>\`${client.name}.${signature}\``,
            '',
            `- Vendor's operation: ${vendor.join(composed ? ', then ' : ', ')}${composed ? ` (sends ${names.map((name) => `\`${name}\``).join(', then ')})` : ''}`,
            `- Request${requests.length > 1 ? 's' : ''}: ${requests.map((request) => `\`${request}\``).join(', ')}`,
            `- Retry class: ${retry.join(', ')}`,
            `- Returns: \`${method.returns}\``,
            ...method.remarks.map((text) => `- Note: ${text}`),
            ...(method.throws.length === 0
              ? ['- Throws: only what every method can (see above)']
              : ['- Throws:', ...method.throws.map((text) => `  - ${text}`)]),
          ].join('\n'),
        );
      }
      sections.push(
        [
          `## \`${client.name}\` (\`src/${area.area}/\`)`,
          '',
          "| method | vendor's operation | request | retry class |",
          '|---|---|---|---|',
          ...rows,
          '',
          details.join('\n\n'),
        ].join('\n'),
      );
    }
    for (const name of byName.keys()) {
      if (!used.has(name))
        problems.push(
          `${relative(root, area.operations)}: operation ${name} has no client method of its name`,
        );
    }
  }
  const text = [
    '# Method reference',
    '',
    '<!-- Generated by scripts/api-docs.mjs from the operations and the clients: do not edit. Regenerate with `node scripts/api-docs.mjs`. -->',
    '',
    "Every method of the two clients, with the vendor's operation it sends, its request (relative to the",
    "area's base URL), its retry class, what it returns and what it throws. **Repeatable** operations are",
    'retried on timeouts, dropped connections, 408, 429 and 5xx; **non-repeatable** ones only when the',
    'request provably never reached the service, and otherwise end in `OutcomeUnknownError`.',
    '',
    'Besides the errors listed for a method, any method can end in an `ApiError` subclass for a non-2xx',
    "answer, a `ResponseValidationError` when the answer does not match its schema (in `'strict'`",
    'validation), a `TimeoutError` or `ConnectionError` once its retries are spent, or a',
    '`RequestAbortedError`. The full reference, with every type, is the TypeDoc site (`npm run docs`).',
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
  return { text, problems };
}

const { text, problems } = await render();
if (problems.length > 0) {
  for (const problem of problems) console.error(`api-docs: ${problem}`);
  process.exit(1);
}
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error('api-docs: docs/api.md is stale: run `node scripts/api-docs.mjs` and commit it');
    process.exit(1);
  }
  console.log('api-docs: docs/api.md up to date');
} else {
  writeFileSync(target, text);
  console.log(`api-docs: wrote ${relative(root, target)}`);
}
