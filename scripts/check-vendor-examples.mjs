#!/usr/bin/env node
// Feeds every example answer the vendor publishes to the client method that would receive it, under
// strict validation, and says which parse. A dev tool, not a CI step: the vendor's files are not ours to
// commit, so they are read at run time from the vendor's documentation repository (like
// scripts/check-openapi.mjs). What it finds becomes a fixture test of our own (test/contract/).
//   node scripts/check-vendor-examples.mjs            every example, refused ones with why, then counts
//   node scripts/check-vendor-examples.mjs --verbose  also what each parsed example went through
//   node scripts/check-vendor-examples.mjs --json     the results as JSON (for a before/after table)
//
// Examples come from:
//   area B, OpenAPI: every 2xx `example`/`examples` of spec-*.yaml at 1f6e217 and swagger.yaml at 2d5ad30;
//   area B, guides:  every JSON block under a "Response" tab of docfx_project/pro/api/shipments/*.md on
//                    the branch content/shipments;
//   area A, pages:   the same in help/*.md, help/flows.md, help/flows/*.md and includes/_*.md on master.
// A guide's answer is matched to the operation of the request shown before it (verb and URL), or by
// GUIDE_OPERATIONS below where the page shows none. Each is answered by a stub `fetch` (the status the
// file documents, 200 for a guide) to the method's call of test/reliability/operations.ts, which holds a
// valid call of every method. Exit 1 when any example is refused or matched to no method.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import YAML from 'yaml';
import { foldJsonExamples } from './check-openapi.mjs';
import { leafPaths, valueAt } from './vendor-maximal.mjs';
import { vendorTitles } from './vendor-titles.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
// No default: a machine's path is not the project's to write down.
const DOC_CENTRE = process.env.DOC_CENTRE_REPO;
const NEWEST = { commit: '1f6e217', folder: 'docfx_project/pro/api/reference/definitions' };
const OLDER = { commit: '2d5ad30', file: 'docfx_project/pro/api/swagger.yaml' };
const AREA_B_GUIDES = { commit: 'content/shipments', folder: 'docfx_project/pro/api/shipments' };
const AREA_A_PAGES = {
  commit: 'master',
  paths: [
    /^docfx_project\/pro\/api\/help\/[^/]+\.md$/,
    /^docfx_project\/pro\/api\/help\/flows\/[^/]+\.md$/,
    /^docfx_project\/pro\/api\/includes\/_[^/]+\.md$/,
  ],
};

/**
 * Routes of the older file that the newest files renamed: the same answer, under the method that now
 * sends it. (`{}` stands for any one segment.)
 */
const RENAMED_ROUTES = {
  'PUT /shipments/allocate/{}/quote/{}': 'allocateShipmentWithQuote',
  'PUT /shipments/allocation': 'allocateShipments',
  'PUT /shipments/allocation/filters': 'allocateShipmentsWithFilters',
  'PUT /shipments/allocation/service': 'allocateShipmentsWithCarrierService',
};

/** Guide answers whose page shows no request the tool can read: `page#index` (index of the answer on the page). */
const GUIDE_OPERATIONS = {
  // The answer every allocate returns, shown on its own: a list, as Allocate Consignments answers.
  '_allocating.md#0': 'allocateConsignments',
};

/** Blocks under a "Response" title that no client method receives, and why. */
const NOT_ANSWERS = {
  'tracking_consignments_using_react.md#0':
    "a REACT shipment: the tracking product's own shape, not a PRO answer",
};

function git(...args) {
  return execFileSync('git', ['-C', DOC_CENTRE, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
const show = (commit, path) => git('show', `${commit}:${path}`);
const list = (commit, folder) =>
  git('ls-tree', '-r', '--name-only', commit, `${folder}/`).split('\n').filter(Boolean);

// ---------------------------------------------------------------------------------------------------
// The examples

/** Every 2xx example answer of the OpenAPI files: `{ source, method, path, status, body }`. */
function openApiExamples() {
  const files = list(NEWEST.commit, NEWEST.folder)
    .filter((path) => /\/spec-[^/]+\.ya?ml$/.test(path))
    .map((path) => ({ name: path.split('/').pop(), text: show(NEWEST.commit, path) }));
  files.push({ name: 'swagger.yaml', text: show(OLDER.commit, OLDER.file) });
  const found = [];
  for (const file of files) {
    const document = YAML.parse(foldJsonExamples(file.text));
    const local = (node) => {
      let current = node;
      for (
        let hops = 0;
        typeof current?.$ref === 'string' && current.$ref.startsWith('#/') && hops < 10;
        hops++
      ) {
        current = current.$ref
          .slice(2)
          .split('/')
          .reduce((value, part) => value?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
      }
      return current;
    };
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
        for (const [status, reference] of Object.entries(operation.responses)) {
          if (!/^2\d\d$/.test(status)) continue;
          const response = local(reference) ?? {};
          const bodies = [];
          for (const media of Object.values(response.content ?? {})) {
            if (media.example !== undefined) bodies.push(['example', media.example]);
            for (const [name, example] of Object.entries(media.examples ?? {})) {
              bodies.push([`examples.${name}`, local(example)?.value]);
            }
            const schema = local(media.schema);
            if (schema?.example !== undefined && typeof schema.example === 'object') {
              bodies.push(['schema example', schema.example]);
            }
          }
          // OpenAPI 2 (the older file): examples by content type, or on the schema.
          for (const [type, example] of Object.entries(response.examples ?? {})) {
            bodies.push([`examples.${type}`, example]);
          }
          const schema = local(response.schema);
          if (schema?.example !== undefined && typeof schema.example === 'object') {
            bodies.push(['schema example', schema.example]);
          }
          for (const [which, body] of bodies) {
            found.push({
              area: 'B',
              source: `${file.name} ${method.toUpperCase()} ${path} ${status} ${which}`,
              method: method.toUpperCase(),
              path,
              status: Number(status),
              body,
            });
          }
        }
      }
    }
  }
  return found;
}

const REQUEST_LINE =
  /\b(GET|PUT|POST|DELETE|PATCH)?\s*`?(https?:\/\/api\.(?:electioapp|sorted)\.com(?:\/pro(?:sandbox)?)?)(\/[^\s`"'<>)]*)/i;

/**
 * The JSON answers of a markdown page: each ```json block under a heading or tab whose title says
 * "Response", with the last request shown before it on the page. Blocks in HTML comments count too.
 * With `kind` 'request', the JSON bodies under a title that says "Request" instead.
 */
function pageAnswers(area, page, text, kind = 'answer') {
  const found = [];
  const lines = text.split(/\r?\n/);
  let title = '';
  let request;
  let index = 0;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    const heading = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (heading) title = heading[1];
    const fence = /^\s*```\s*(\w*)\s*$/.exec(line);
    if (!fence) {
      const shown = REQUEST_LINE.exec(line);
      if (shown) request = { method: shown[1]?.toUpperCase(), path: shown[3] };
      continue;
    }
    const block = [];
    for (at++; at < lines.length && !/^\s*```\s*$/.test(lines[at]); at++) block.push(lines[at]);
    const content = block.join('\n');
    const shown = REQUEST_LINE.exec(content);
    if (shown && content.trim().split('\n').length <= 2) {
      request = { method: shown[1]?.toUpperCase(), path: shown[3] };
      continue;
    }
    const titled =
      kind === 'answer' ? /respon/i.test(title) : /request/i.test(title) && !/respon/i.test(title);
    if (!titled || !/^\s*[[{]/.test(content)) continue;
    const source = `${page.split('/').slice(-2).join('/')}#${index++} "${title.replace(/\]\(#tab.*$/, '').replace(/^\[/, '')}"`;
    const key = `${page.split('/').pop()}#${index - 1}`;
    const { text: json, filled } = fillPlaceholders(content);
    let body;
    try {
      body = JSON.parse(json);
    } catch (error) {
      found.push({ area, source, key, request, title, unreadable: error.message });
      continue;
    }
    found.push({ area, source, key, request, title, status: 200, body, filled });
  }
  return found;
}

/** Valid Base64 (a PDF's first bytes): what a placeholder for a file's content stands for. */
const SAMPLE_FILE = 'JVBERi0xLjQK';

/**
 * The page's block made JSON where it is JSON with an ellipsis of the writer's: a placeholder for a
 * file's content (`{Base64 file contents}`, `(Base64 document data)`, `"(document data)"`) becomes
 * Base64, a `// omitted` comment and the key it stood for go, and a comma missing between two objects
 * of a list is put back. `filled` says what was done, so that the report shows it.
 */
function fillPlaceholders(content) {
  const filled = [];
  let text = content;
  const replace = (pattern, by, what) => {
    const next = text.replace(pattern, by);
    if (next !== text) filled.push(what);
    text = next;
  };
  replace(/:\s*[({]\s*Base64[^)}\n]*[)}]/g, `: "${SAMPLE_FILE}"`, 'a file placeholder');
  replace(/:\s*"\((?:[^"()]*)(?:data|contents)\)"/g, `: "${SAMPLE_FILE}"`, 'a file placeholder');
  replace(/,(\s*"[^"\n]*"\s*:\s*)\/\/[^\n]*(?=\s*[}\]])/g, '', 'an omitted field');
  replace(/}(\s*){/g, '},$1{', 'a missing comma');
  return { text, filled };
}

/** The example requests of the area A pages: JSON bodies under a "Request" tab, with the request line before. */
function pageRequests() {
  const found = [];
  const pages = git('ls-tree', '-r', '--name-only', AREA_A_PAGES.commit, 'docfx_project/pro/api/')
    .split('\n')
    .filter((path) => AREA_A_PAGES.paths.some((pattern) => pattern.test(path)));
  for (const page of pages) {
    found.push(
      ...pageAnswers('A', page, show(AREA_A_PAGES.commit, page), 'request').map((e) => ({
        ...e,
        kind: 'request',
      })),
    );
  }
  return found;
}

function guideExamples() {
  const found = [];
  for (const page of list(AREA_B_GUIDES.commit, AREA_B_GUIDES.folder).filter((path) =>
    path.endsWith('.md'),
  )) {
    found.push(...pageAnswers('B', page, show(AREA_B_GUIDES.commit, page)));
  }
  const pages = git('ls-tree', '-r', '--name-only', AREA_A_PAGES.commit, 'docfx_project/pro/api/')
    .split('\n')
    .filter((path) => AREA_A_PAGES.paths.some((pattern) => pattern.test(path)));
  for (const page of pages) found.push(...pageAnswers('A', page, show(AREA_A_PAGES.commit, page)));
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Matching an example to a method

function templateMatcher(template) {
  const pattern = template
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => (/^\{.*\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`, 'i');
}

/** The declared operation of `area` that a verb and concrete or templated path reach, the most literal first. */
function operationFor(declared, area, method, path, title = '') {
  const clean = decodeURI(path.split('?')[0]).replace(/\/+$/, '') || '/';
  const candidates = declared
    .filter((entry) => entry.area === (area === 'A' ? 'orders' : 'shipments'))
    .filter((entry) => method === undefined || entry.operation.method === method)
    .filter((entry) => {
      const template = `/${entry.operation.path.split('?')[0].replace(/^\//, '')}`;
      if (templateMatcher(template).test(clean)) return true;
      // An OpenAPI path is a template too: compare the two with their parameters blanked.
      return /\{/.test(clean) && blank(template) === blank(clean);
    })
    .sort((a, b) => literal(b.operation.path) - literal(a.operation.path))
    // Several operations share a URL when the page shows no verb: the one the page's tab names first.
    .sort((a, b) => named(b.operation, title) - named(a.operation, title));
  // A `{}` in a route is any one segment: blank what the older file names differently.
  return candidates[0]?.operation;
}
const blank = (template) =>
  template
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+$/, '')
    .toLowerCase();
const literal = (template) => template.replace(/\{[^}]*\}/g, '').length;
const namedIn = (operation, title) => (operation && named(operation, title) ? operation : undefined);
const { titles: TITLES } = vendorTitles();
const named = (operation, title) =>
  (TITLES[operation.name] ?? []).some((vendor) => title.toLowerCase().includes(vendor.toLowerCase())) ? 1 : 0;

// ---------------------------------------------------------------------------------------------------
// Running one

async function run(example, call, areaOfCall) {
  const sent = [];
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response(JSON.stringify(example.body), {
      status: example.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const { clientsOver } = await areaOfCall;
  try {
    await call(clientsOver(fetch, { apiKey: 'example-key', maxRetries: 0, validation: 'strict' }));
    return { parsed: true, sent };
  } catch (error) {
    const issues = error?.issues ?? error?.validationIssues ?? error?.errors;
    const detail = Array.isArray(issues)
      ? issues
          .slice(0, 4)
          .map((issue) => `${(issue.path ?? []).join('.') || '(root)'}: ${issue.message}`)
          .join('; ')
      : '';
    return {
      parsed: false,
      sent,
      why: `${error?.name}: ${String(error?.message).split('\n')[0]}${detail ? ` [${detail}]` : ''}`,
    };
  }
}

/**
 * Sends an example request through the public method that sends it (test/contract/vendor-reference-calls.ts),
 * without allowUnknownFields: `refused` with the SDK's reasons, `partly sent` when a field it accepted is
 * not on the wire, else `accepted`.
 */
async function sendExample(example, send, areaOfCall) {
  const sent = [];
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ body: text ? JSON.parse(text) : undefined });
    return new Response(null, { status: 204 });
  };
  const { clientsOver } = await areaOfCall;
  const { orders } = clientsOver(fetch, { apiKey: 'example-key', maxRetries: 0, validation: 'off' });
  try {
    await send(orders, structuredClone(example.body));
  } catch (error) {
    // What the stub answered is no concern here: only what was refused before sending.
    if (error?.name === 'RequestValidationError' || sent.length === 0) {
      // The path and the first clause of each reason: "unknown field", not the fields known there.
      const issues = (error?.issues ?? []).map(
        (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message.split(/[;(]/)[0].trim()}`,
      );
      return {
        outcome: 'refused',
        why: issues.length ? issues.join('; ') : `${error?.name}: ${error?.message}`,
      };
    }
  }
  const wire = sent.find((exchange) => exchange.body !== undefined);
  const missing = wire
    ? leafPaths(example.body).filter((path) => valueAt(wire.body, path) === undefined)
    : [];
  return missing.length
    ? { outcome: 'partly sent', why: `not sent: ${missing.join(', ')}` }
    : { outcome: 'accepted' };
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const asJson = args.includes('--json');
  if (!DOC_CENTRE) {
    console.error(
      "check-vendor-examples: set DOC_CENTRE_REPO to the git directory of the vendor's docs repository (sortedgroup/doc-centre)",
    );
    process.exit(2);
  }
  if (!existsSync(DOC_CENTRE))
    throw new Error(`no vendor repository: DOC_CENTRE_REPO (${DOC_CENTRE}) does not exist`);
  const reliability = tsImport(`${root}/test/reliability/operations.ts`, import.meta.url);
  const { DECLARED } = await tsImport(`${root}/test/support/operations.ts`, import.meta.url);
  const { OPERATIONS } = await reliability;
  // A method's valid call: operation ids are unique across both areas (test/operations.test.ts).
  const callOf = (name) => OPERATIONS.find((entry) => entry.name === name)?.call;

  const { SENDS } = await tsImport(`${root}/test/contract/vendor-reference-calls.ts`, import.meta.url);
  const examples = [...openApiExamples(), ...guideExamples()];
  const results = [];
  for (const example of examples) {
    const result = { area: example.area, source: example.source };
    results.push(result);
    if (example.filled?.length) result.filled = example.filled;
    if (NOT_ANSWERS[example.key]) {
      result.outcome = 'not an answer';
      result.why = NOT_ANSWERS[example.key];
      continue;
    }
    if (example.unreadable) {
      result.outcome = 'not JSON';
      result.why = example.unreadable;
      continue;
    }
    let name = example.key && GUIDE_OPERATIONS[example.key];
    if (!name && example.path) {
      name =
        operationFor(DECLARED, example.area, example.method, example.path)?.name ??
        RENAMED_ROUTES[`${example.method} ${blank(example.path)}`];
    }
    if (!name && example.request) {
      const { method, path } = example.request;
      name =
        operationFor(DECLARED, example.area, method, path, example.title)?.name ??
        // A page that shows another verb than the operation's (PUT for POST): the answer is the same,
        // when the page's tab names the operation.
        namedIn(operationFor(DECLARED, example.area, undefined, path, example.title), example.title)?.name ??
        RENAMED_ROUTES[`${method} ${blank(path.replace(/\/(sp|qu)_\w+/g, '/{}'))}`];
    }
    const call = name && callOf(name);
    result.operation = name ?? '(none)';
    if (!call) {
      result.outcome = 'no method';
      result.why = example.request
        ? `request shown: ${example.request.method ?? '?'} ${example.request.path}`
        : 'no request shown before it';
      continue;
    }
    const outcome = await run(example, call, reliability);
    result.outcome = outcome.parsed ? 'parsed' : 'refused';
    if (!outcome.parsed) result.why = outcome.why;
    result.sent = outcome.sent;
  }

  for (const example of pageRequests()) {
    const result = { area: 'A', kind: 'request', source: example.source };
    results.push(result);
    if (example.filled?.length) result.filled = example.filled;
    if (example.unreadable) {
      result.outcome = 'not JSON';
      result.why = example.unreadable;
      continue;
    }
    const { method, path } = example.request ?? {};
    const name =
      path &&
      (operationFor(DECLARED, 'A', method, path, example.title)?.name ??
        namedIn(operationFor(DECLARED, 'A', undefined, path, example.title), example.title)?.name);
    result.operation = name ?? '(none)';
    const send = name && SENDS[name];
    if (!send) {
      result.outcome = 'no method';
      result.why = example.request ? `request shown: ${method ?? '?'} ${path}` : 'no request shown before it';
      continue;
    }
    Object.assign(result, await sendExample(example, send, reliability));
  }

  if (asJson) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const result of results) {
      if (['parsed', 'accepted'].includes(result.outcome) && !verbose) continue;
      const what = result.kind === 'request' ? 'request' : 'answer';
      console.log(
        `${result.outcome.padEnd(11)} ${what} area ${result.area} ${result.operation}  <- ${result.source}`,
      );
      if (result.why) console.log(`          ${result.why}`);
      if (result.filled)
        console.log(`          (the page's ellipsis filled in: ${result.filled.join(', ')})`);
      if (verbose && result.sent) console.log(`          sent: ${result.sent.join(', ')}`);
    }
    console.log('\nPer area and source:');
    const groups = new Map();
    for (const result of results) {
      const source = /\.ya?ml /.test(result.source) ? 'OpenAPI files' : 'guide and operation pages';
      const key = `area ${result.area}, ${source}, ${result.kind === 'request' ? 'requests' : 'answers'}`;
      const counts = groups.get(key) ?? {
        parsed: 0,
        accepted: 0,
        refused: 0,
        'partly sent': 0,
        'no method': 0,
        'not JSON': 0,
        'not an answer': 0,
      };
      counts[result.outcome]++;
      groups.set(key, counts);
    }
    for (const [key, counts] of [...groups].sort()) {
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0) - counts['not an answer'];
      const passed = key.endsWith('requests')
        ? `${counts.accepted} of ${total} accepted and sent whole, ${counts.refused} refused, ${counts['partly sent']} partly sent`
        : `${counts.parsed} of ${total} parsed, ${counts.refused} refused`;
      console.log(
        `  ${key}: ${passed}, ${counts['no method']} with no method, ${counts['not JSON']} not JSON` +
          (counts['not an answer'] ? ` (and ${counts['not an answer']} not an answer of PRO)` : ''),
      );
    }
  }
  // An answer of an operation the SDK does not wrap ('no method') is listed, not failed: nothing reads it.
  process.exitCode = results.some((result) => ['refused', 'partly sent', 'not JSON'].includes(result.outcome))
    ? 1
    : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 2;
  });
}
