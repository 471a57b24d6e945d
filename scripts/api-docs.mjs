#!/usr/bin/env node
// Writes docs/api.md, the method reference, from what the code declares: for each method of a client and
// of the resources mounted on it, its operation id, the vendor's operation (the `@vendor` tag of its
// declaration: scripts/vendor-titles.mjs), verb and path, and retry class from the operation(s) declared
// for it; what it returns and throws from the method's signature and TSDoc.
// Nothing in it is written by hand, so it cannot drift.
//   node scripts/api-docs.mjs           rewrite docs/api.md
//   node scripts/api-docs.mjs --check   fail when docs/api.md is not what the code says
//   node scripts/api-docs.mjs --stdout  print what docs/api.md would be, writing nothing
//
// The methods are found by walking a client of each area (scripts/walk-clients.mjs): a method's operations
// are the static declaration of its class named as the method. A public method with none is an error,
// and so is `withOptions` only by name (it is about the client, not the service).
//
// The package's exported functions that live with an area's resources (the cheapest-quote helpers, which
// read what a quotes method answers) are listed with the resource whose file, or else folder, they share.
// One that matches no resource, or several, is an error: none is left out silently.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { coverage } from './vendor-coverage.mjs';
import { vendorTitles } from './vendor-titles.mjs';
import { root, walkClients } from './walk-clients.mjs';

const target = join(root, 'docs/api.md');

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

/** Every exported class of the sources, by name, with its public methods' signatures and TSDoc. */
function classesOf(program) {
  const checker = program.getTypeChecker();
  const classes = new Map();
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(join(root, 'src'))) continue;
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const methods = new Map();
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const modifiers = ts.getCombinedModifierFlags(member);
        if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static))
          continue;
        if (methods.has(member.name.text)) continue;
        const signature = checker.getSignatureFromDeclaration(member);
        const returns = member.type
          ? member.type.getText(source)
          : checker.typeToString(signature.getReturnType(), member, ts.TypeFormatFlags.NoTruncation);
        methods.set(member.name.text, {
          parameters: member.parameters.map(
            (parameter) =>
              `${parameter.name.getText(source)}${parameter.questionToken || parameter.initializer ? '?' : ''}`,
          ),
          returns: returns.replace(/\s+/g, ' '),
          throws: throwsOf(member, source),
          remarks: throwsOf(member, source, 'remarks'),
          file: relative(root, source.fileName),
        });
      }
      classes.set(statement.name.text, methods);
    }
  }
  return classes;
}

/** The summary of a declaration's TSDoc: its text before the first blank line, as Markdown. */
function summaryOf(node, source) {
  const comment = ts.getJSDocCommentsAndTags(node).findLast((doc) => ts.isJSDoc(doc));
  if (!comment) return '';
  const text = comment
    .getText(source)
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*( |$)/, ''))
    .join('\n');
  return markdownOf(text.split(/\n\s*\n|\n\s*@/)[0] ?? '');
}

/**
 * The functions the package's entry exports from an area's folders (`src/orders/`, `src/shipments/`):
 * the helpers that work on what a resource's methods answer. Each with its name, parameters, return type,
 * summary and file.
 */
function helpersOf(program) {
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(join(root, 'src/index.ts'));
  const helpers = [];
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(entry))) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.find((node) => ts.isFunctionDeclaration(node));
    if (!declaration) continue;
    const source = declaration.getSourceFile();
    const file = relative(root, source.fileName);
    if (!/^src\/(orders|shipments)\//.test(file)) continue;
    helpers.push({
      name: exported.name,
      parameters: declaration.parameters.map(
        (parameter) =>
          `${parameter.name.getText(source)}${parameter.questionToken || parameter.initializer ? '?' : ''}`,
      ),
      returns: (declaration.type?.getText(source) ?? 'unknown').replace(/\s+/g, ' '),
      summary: summaryOf(declaration, source),
      file,
    });
  }
  return helpers;
}

function programOf(files) {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  return ts.createProgram(files, { ...options, noEmit: true });
}

const cell = (text) => text.replace(/\|/g, '\\|');

/** A reference path as shown: its query's parameter names after it, not its placeholders' types. */
function shownPath(path) {
  const [route, query] = path.split('?');
  const names = (query ?? '').match(/[A-Za-z]+(?==)/g) ?? [];
  return `${route.startsWith('/') ? route : `/${route}`}${names.length ? `?${names.join('&')}` : ''}`;
}

/**
 * docs/api.md's "Coverage" section: each endpoint of the vendor's C# SDK reference (the facts in
 * docs/vendor-endpoints.json), with the area A methods that wrap it, computed from the declared
 * operations, or the reason it is left out (scripts/vendor-coverage.mjs).
 */
function coverageSection(ordersMethods, problems) {
  const { source, endpoints } = JSON.parse(readFileSync(join(root, 'docs/vendor-endpoints.json'), 'utf8'));
  const result = coverage(endpoints, ordersMethods);
  problems.push(...result.problems.map((problem) => `coverage: ${problem}`));
  const wrapped = result.rows.filter((row) => row.methods.length > 0);
  const rows = result.rows.map((row) => {
    const guide = row.guidePath ? ` (the guides: \`${shownPath(row.guidePath)}\`)` : '';
    const status = row.methods.length
      ? `wrapped: ${row.methods.map((method) => `\`orders.${method}\``).join(', ')}`
      : `left out: ${row.reason}`;
    return `| ${row.verb} | \`${cell(shownPath(row.path))}\`${cell(guide)} | ${cell(row.title)} | ${cell(status)} |`;
  });
  return [
    "## Coverage of the vendor's C# SDK reference",
    '',
    `Every endpoint of the vendor's C# SDK reference (${endpoints.length}: \`${source}\`, listed in`,
    `\`docs/vendor-endpoints.json\`) with the methods that wrap it, or why it is left out:`,
    `${wrapped.length} wrapped, ${endpoints.length - wrapped.length} left out. Where the vendor's guides write a route`,
    "otherwise, the SDK sends the guides' route: they win over the reference. The area A operations the",
    "reference does not list (the call flows' delivery options, the list forms of cancel, deallocate and",
    "ready to ship, the query manifest, an order's addresses, the references search, the commercial",
    "invoice) are documented by the guides alone. Area B is checked against the vendor's OpenAPI files.",
    '',
    "| verb | path | vendor's title | wrapped, or left out and why |",
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
const requestOf = (operation) => `${operation.method} /${operation.path}`;
/** The resource a method belongs to: the path without the method (`consignments`), or the client's own. */
const resourceOf = (path) => path.split('.').slice(0, -1).join('.');
const unique = (values) => [...new Set(values)];

async function render() {
  const areas = await walkClients();
  const program = programOf([join(root, 'src/index.ts')]);
  const classes = classesOf(program);
  const { titles, problems } = vendorTitles();
  const sections = [];
  const helpers = helpersOf(program);
  // Each helper with the resource it belongs to: the one in its file, else the one in its folder.
  const resourceFiles = areas.flatMap(({ client, methods }) =>
    unique(
      methods
        .filter((method) => method.path.includes('.'))
        .map(
          (method) =>
            `${resourceOf(method.path)}\n${classes.get(method.owner)?.get(method.path.split('.').at(-1))?.file}`,
        ),
    ).map((entry) => {
      const [resource, file] = entry.split('\n');
      return { client, resource, file };
    }),
  );
  const helpersByResource = new Map();
  for (const helper of helpers) {
    const sameFile = resourceFiles.filter(({ file }) => file === helper.file);
    const sameFolder = resourceFiles.filter(({ file }) => dirname(file) === dirname(helper.file));
    const owners = sameFile.length > 0 ? sameFile : sameFolder;
    if (owners.length !== 1) {
      problems.push(
        `${helper.name} (${helper.file}): ${owners.length === 0 ? 'no resource' : 'several resources'} beside it to list it with`,
      );
      continue;
    }
    const key = `${owners[0].client} ${owners[0].resource}`;
    helpersByResource.set(key, [...(helpersByResource.get(key) ?? []), helper]);
  }
  for (const { client, methods } of areas) {
    const variable = client === 'OrdersClient' ? 'orders' : 'shipments';
    const byResource = new Map();
    for (const method of methods) {
      if (method.path === 'withOptions') continue;
      const doc = classes.get(method.owner)?.get(method.path.split('.').at(-1));
      if (!doc) {
        problems.push(`${client}.${method.path}: no source for ${method.owner}`);
        continue;
      }
      if (method.operations.length === 0) {
        problems.push(
          `${client}.${method.path}: ${method.owner} declares no operation for it (a static of the method's name)`,
        );
        continue;
      }
      const resource = resourceOf(method.path);
      byResource.set(resource, [...(byResource.get(resource) ?? []), { method, doc }]);
    }
    const parts = [`## \`${client}\``, ''];
    for (const [resource, entries] of byResource) {
      const owner = entries[0].method.owner;
      const rows = [];
      const details = [];
      for (const { method, doc } of entries) {
        const sent = method.operations;
        const ids = unique(sent.map((operation) => operation.name));
        const vendor = unique(ids.map((id) => titles[id]?.[0] ?? `(${id})`));
        const composed = ids.length > 1;
        const retry = unique(sent.map((operation) => operation.retry));
        const requests = unique(sent.map(requestOf));
        const call = `${variable}.${method.path}`;
        const anchor = `${client}-${method.path}`.toLowerCase().replace(/\./g, '-');
        rows.push(
          `| [\`${method.path.split('.').at(-1)}\`](#${anchor}) | ${ids.map((id) => `\`${id}\``).join(', ')} | ${cell(vendor.join(', then '))} | ${requests.map((request) => `\`${cell(request)}\``).join('<br>')} | ${retry.join(', ')} |`,
        );
        details.push(
          [
            `#### <a id="${anchor}"></a>\`${call}(${doc.parameters.join(', ')})\``,
            '',
            `- Operation id${ids.length > 1 ? 's' : ''}: ${ids.map((id) => `\`${id}\``).join(composed ? ', then ' : ', ')}`,
            `- Vendor's operation: ${vendor.join(composed ? ', then ' : ', ')}`,
            `- Request${requests.length > 1 ? 's' : ''}: ${requests.map((request) => `\`${request}\``).join(', ')}`,
            `- Retry class: ${retry.join(', ')}`,
            `- Returns: \`${doc.returns}\``,
            ...doc.remarks.map((text) => `- Note: ${text}`),
            ...(doc.throws.length === 0
              ? ['- Throws: only what every method can (see above)']
              : ['- Throws:', ...doc.throws.map((text) => `  - ${text}`)]),
          ].join('\n'),
        );
      }
      const beside = helpersByResource.get(`${client} ${resource}`) ?? [];
      parts.push(
        resource === ''
          ? `### \`${variable}\`: the client's own methods (\`${entries[0].doc.file}\`)`
          : `### \`${variable}.${resource}\` (\`${owner}\`, \`${entries[0].doc.file}\`)`,
        '',
        "| method | operation id | vendor's operation | request | retry class |",
        '|---|---|---|---|---|',
        ...rows,
        '',
        details.join('\n\n'),
        '',
        ...(beside.length === 0
          ? []
          : [
              `Helpers for what \`${variable}.${resource}\` answers, imported from \`consignkit\` (they send nothing):`,
              '',
              ...beside.map((helper) =>
                [
                  `#### <a id="${helper.name.toLowerCase()}"></a>\`${helper.name}(${helper.parameters.join(', ')})\``,
                  '',
                  `- ${helper.summary}`,
                  `- Returns: \`${helper.returns}\``,
                  `- Source: \`${helper.file}\``,
                  '',
                ].join('\n'),
              ),
            ]),
      );
    }
    sections.push(parts.join('\n').trimEnd());
  }
  const text = [
    '# Method reference',
    '',
    '<!-- Generated by scripts/api-docs.mjs by walking the clients: do not edit. Regenerate with `node scripts/api-docs.mjs`. -->',
    '',
    'Every method of the two clients and of the resources mounted on them, with the operation id it sends',
    "(the name in `error.operation`, hook events, logs, `mock.failNext` and a ledger), the vendor's",
    "operation, its request (relative to the area's base URL), its retry class, what it returns and what it",
    'throws. **Repeatable** operations are retried on timeouts, dropped connections, 408, 429 and 5xx;',
    '**non-repeatable** ones only when the request provably never reached the service, and otherwise end in',
    '`OutcomeUnknownError`.',
    '',
    'Besides the errors listed for a method, any method can end in an `ApiError` subclass for a non-2xx',
    "answer, a `ResponseValidationError` when the answer does not match its schema (in `'strict'`",
    'validation), a `TimeoutError` or `ConnectionError` once its retries are spent, or a',
    '`RequestAbortedError`. The full reference, with every type, is the TypeDoc site (`npm run docs`).',
    '',
    sections.join('\n\n'),
    '',
    coverageSection(areas.find(({ area }) => area === 'orders').methods, problems),
    '',
  ].join('\n');
  return { text, problems };
}

const { text, problems } = await render();
if (problems.length > 0) {
  for (const problem of problems) console.error(`api-docs: ${problem}`);
  process.exit(1);
}
if (process.argv.includes('--stdout')) {
  process.stdout.write(text);
} else if (process.argv.includes('--check')) {
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
