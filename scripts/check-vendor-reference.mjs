#!/usr/bin/env node
// Checks area A against the vendor's own C# SDK reference, field by field. A dev tool, not a CI step: the
// reference is read at run time from the vendor's documentation repository (its git directory in
// DOC_CENTRE_REPO; `docfx_project/pro/pro-sdk/reference/ref-*/**.yml` at d45c593). For every area A
// operation of the clients (found by walking them, scripts/walk-clients.mjs) matched by verb and path to
// the reference's ApiEndpoint:
//   - a maximal request (every property of the request type, recursively, base classes too, one element
//     per list) is sent through the public method (test/contract/vendor-reference-calls.ts) to a stub
//     fetch, without allowUnknownFields: each refused field, and each field not sent, is a gap;
//   - a maximal answer of the response type is answered to the method's call (test/reliability/
//     operations.ts) under strict validation: a refusal is a gap;
//   - every property of that answer that the answer's schema does not name (missing), or takes only
//     as a key of an open map (open-map), is a gap.
//   node scripts/check-vendor-reference.mjs                  the report; exit 1 on any gap
//   node scripts/check-vendor-reference.mjs --json           the results as JSON
//   node scripts/check-vendor-reference.mjs --unwrapped      reference endpoints no SDK method sends
//   node scripts/check-vendor-reference.mjs --write-fixtures writes test/contract/fixtures/vendor-reference/
//   node scripts/check-vendor-reference.mjs --gaps <file>    also writes the gaps as a plain list
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { endpointFor } from './vendor-coverage.mjs';
import { builtType, leafPaths, maximalValue, unknownKeys, usedSeeds, valueAt } from './vendor-maximal.mjs';
import { docCentreRepo, loadReference, resolveWritten, typeShape } from './vendor-reference.mjs';
import { walkClients } from './walk-clients.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const FIXTURES = resolve(root, 'test/contract/fixtures/vendor-reference');
const load = (path) => tsImport(pathToFileURL(resolve(root, path)).href, import.meta.url);

// ---------------------------------------------------------------------------------------------------
// Matching an operation to its endpoint

// The endpoint an operation sends: scripts/vendor-coverage.mjs, which docs/api.md's "Coverage" shares
// (by the reference's path, or the route the vendor's guides write where they differ).

/** The uid-shape of an endpoint's request type (a body type, or a parameter of a documented class). */
function requestTypeOf(types, endpoint) {
  if (endpoint.requestType) return resolveWritten(types, endpoint.requestType, endpoint.method);
  const parameter = endpoint.parameters.find((p) => types.get(p.type)?.kind === 'Class');
  return parameter && { uid: parameter.type };
}

/** The uid-shape of what an endpoint answers: its written response type, else the method's return type. */
function responseTypeOf(types, endpoint) {
  if (endpoint.responseType) return resolveWritten(types, endpoint.responseType, endpoint.method);
  const returns = endpoint.returns?.replace(/^System\.Threading\.Tasks\.Task\{(.*)\}$/, '$1');
  if (!returns || /^System\.(Threading\.Tasks\.Task|Void)$/.test(returns)) return undefined;
  return typeShape(returns);
}

const shapeName = (shape) => {
  if (!shape) return undefined;
  if (shape.list)
    return `List<${shapeName(typeof shape.list === 'string' ? typeShape(shape.list) : shape.list)}>`;
  if (shape.generic)
    return `${shape.generic.split('.').pop()}<${shape.of.map((of) => shapeName(typeShape(of))).join(', ')}>`;
  return shape.uid
    ?.split('.')
    .pop()
    .replace(/^String$/, 'string');
};

/** The answer's links made to name what the operation made (an order's create answers the order's link). */
function linkedTo(answer, operation) {
  const link = ANSWER_LINKS[operation];
  if (!link || answer === null || typeof answer !== 'object') return answer;
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      if ('Href' in value && 'Rel' in value) Object.assign(value, link);
      Object.values(value).forEach(visit);
    }
  };
  visit(answer);
  return answer;
}
const ANSWER_LINKS = {
  createOrder: { Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' },
  updateOrder: { Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' },
};

// ---------------------------------------------------------------------------------------------------
// Sending and answering

/** A fetch that records each request and answers it with `answer` (JSON) at `status`. */
function stubFetch(answer, status = 200) {
  const sent = [];
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    return answer === undefined
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, sent };
}

const issuesOf = (error) =>
  (error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** What of `request` went on the wire: each leaf path of it not found in a sent body or query. */
function notSent(request, sent) {
  const wire = sent.find((exchange) => exchange.method !== 'GET' || exchange.url.includes('?')) ?? sent[0];
  if (!wire) return leafPaths(request);
  if (wire.body !== undefined) {
    return leafPaths(request).filter((path) => valueAt(wire.body, path) === undefined);
  }
  // A search sends its terms as the query: a term is sent when its name is a parameter, in any case.
  const names = new Set([...new URL(wire.url).searchParams.keys()].map((key) => key.toLowerCase()));
  return Object.keys(request).filter((key) => !names.has(key.toLowerCase()));
}

async function checkRequest({ clientsOver, SENDS }, name, request, answer) {
  const send = SENDS[name];
  if (!send) return { outcome: 'no call', why: `no call in test/contract/vendor-reference-calls.ts` };
  const { fetch, sent } = stubFetch(answer);
  const { orders } = clientsOver(fetch, { apiKey: 'reference-key', maxRetries: 0, validation: 'off' });
  try {
    await send(orders, structuredClone(request));
  } catch (error) {
    if (error?.name === 'RequestValidationError') {
      return { outcome: 'refused', refused: issuesOf(error), notSent: [] };
    }
    if (sent.length === 0) return { outcome: 'error', why: `${error?.name}: ${error?.message}` };
  }
  const missing = notSent(request, sent);
  return { outcome: missing.length ? 'partly sent' : 'accepted whole', refused: [], notSent: missing };
}

async function checkAnswer({ clientsOver, callOf }, name, answer) {
  const call = callOf(name);
  if (!call) return { outcome: 'no call', why: 'no call in test/reliability/operations.ts' };
  const { fetch } = stubFetch(answer);
  try {
    await call(clientsOver(fetch, { apiKey: 'reference-key', maxRetries: 0, validation: 'strict' }));
    return { outcome: 'parsed' };
  } catch (error) {
    return {
      outcome: 'refused',
      why: `${error?.name}: ${String(error?.message).split('\n')[0]}`,
      issues: issuesOf(error),
    };
  }
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const args = process.argv.slice(2);
  const dir = docCentreRepo('check-vendor-reference');
  const { types, endpoints } = loadReference(dir);
  const [{ methods }] = await walkClients();
  const { OPERATIONS, clientsOver } = await load('test/reliability/operations.ts');
  const { SENDS, SAME_REQUEST_AS } = await load('test/contract/vendor-reference-calls.ts');
  const callOf = (name) =>
    OPERATIONS.find((entry) => entry.name === name && entry.call.toString().includes('.orders.'))?.call;

  const operations = [];
  // An operation under the method that sends it alone, before the compositions that send it too.
  for (const method of [...methods].sort((a, b) => a.operations.length - b.operations.length)) {
    for (const operation of method.operations) {
      if (operations.some((seen) => seen.operation === operation)) continue;
      operations.push({ method: method.path, operation });
    }
  }
  const results = [];
  const usedEndpoints = new Set();
  for (const { method, operation } of operations) {
    const endpoint = endpointFor(endpoints, operation);
    if (endpoint) usedEndpoints.add(endpoint);
    // Several paths of one method (labels with and without a format) are one operation of the report.
    if (results.some((result) => result.operation === operation.name && result.endpoint)) continue;
    const result = { operation: operation.name, method, verb: operation.method, path: operation.path };
    const sameAs = SAME_REQUEST_AS[operation.name];
    if (!endpoint && !sameAs) {
      if (!results.some((seen) => seen.operation === operation.name))
        results.push({ ...result, endpoint: undefined });
      continue;
    }
    result.endpoint = endpoint
      ? `${endpoint.verb} ${endpoint.path.split('?')[0]} (${endpoint.name})`
      : `none; takes ${sameAs.split('.').pop()}`;
    const requestShape = sameAs ? { uid: sameAs } : endpoint && requestTypeOf(types, endpoint);
    const responseShape = endpoint && responseTypeOf(types, endpoint);
    result.requestType = shapeName(requestShape);
    result.responseType = shapeName(responseShape);
    const answer = responseShape && linkedTo(maximalValue(types, responseShape, ''), operation.name);
    // A body, or a search's terms sent as the query.
    if (requestShape && (operation.body !== undefined || operation.method === 'GET')) {
      result.request = maximalValue(types, requestShape, '');
      result.sending = await checkRequest({ clientsOver, SENDS }, operation.name, result.request, answer);
    }
    if (
      responseShape &&
      operation.response !== undefined &&
      (answer === undefined || (Array.isArray(answer) && answer.length === 0))
    ) {
      result.answering = { outcome: 'type not in the reference' };
    } else if (answer !== undefined && operation.response !== undefined && typeof answer === 'object') {
      result.answer = answer;
      result.answering = await checkAnswer({ clientsOver, callOf }, operation.name, answer);
      result.answerGaps = unknownKeys(operation.response, answer);
    }
    results.push(result);
  }
  const unwrapped = endpoints
    .filter((endpoint) => !usedEndpoints.has(endpoint))
    .map((endpoint) => ({ verb: endpoint.verb, path: endpoint.path.split('?')[0], name: endpoint.name }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.verb.localeCompare(b.verb));

  const gaps = gapList(results);
  if (args.includes('--write-fixtures')) writeFixtures(results);
  const gapsFile = args[args.indexOf('--gaps') + 1];
  if (args.includes('--gaps') && gapsFile) writeFileSync(gapsFile, gapsMarkdown(results, gaps));
  if (args.includes('--json')) console.log(JSON.stringify({ results, unwrapped, gaps }, null, 2));
  else if (args.includes('--unwrapped')) {
    for (const endpoint of unwrapped)
      console.log(`${endpoint.verb.padEnd(6)} ${endpoint.path}  (${endpoint.name})`);
    console.log(`\n${unwrapped.length} reference endpoints no area A method sends`);
  } else report(results, gaps, unwrapped);
  process.exitCode = gaps.length ? 1 : 0;
}

/** The vendor type of the object a refused path ends in, and the property: `CustomsDocumentation.CategoryType`. */
function ownerAt(request, path, fallback) {
  const parts = path.split('.');
  const parent = valueAt(request, parts.slice(0, -1).join('.'));
  const type =
    parent && typeof parent === 'object' && !Array.isArray(parent) ? builtType.get(parent) : undefined;
  return { type: type ?? fallback, property: parts.at(-1) };
}

/** Every gap, one a line: `{ operation, type, path, kind }`. */
function gapList(results) {
  const gaps = [];
  for (const result of results) {
    for (const issue of result.sending?.refused ?? []) {
      const kind =
        issue.message === 'unknown field' || /unknown field|did you mean/i.test(issue.message)
          ? 'refused'
          : `refused (${issue.message})`;
      gaps.push({
        operation: result.operation,
        side: 'request',
        ...ownerAt(result.request, issue.path, result.requestType),
        path: issue.path,
        kind,
      });
    }
    for (const path of result.sending?.notSent ?? []) {
      gaps.push({
        operation: result.operation,
        side: 'request',
        type: result.requestType,
        path,
        kind: 'not sent',
      });
    }
    if (result.answering?.outcome === 'refused') {
      for (const issue of result.answering.issues.length
        ? result.answering.issues
        : [{ path: '', message: result.answering.why }]) {
        gaps.push({
          operation: result.operation,
          side: 'answer',
          type: result.responseType,
          path: issue.path,
          kind: `answer refused (${issue.message})`,
        });
      }
    }
    for (const gap of result.answerGaps ?? []) {
      gaps.push({
        operation: result.operation,
        side: 'answer',
        type: gap.type,
        path: gap.path,
        kind: gap.kind,
        property: gap.property,
      });
    }
  }
  return gaps;
}

function report(results, gaps, unwrapped) {
  for (const result of results.filter((r) => r.endpoint)) {
    const lines = gaps.filter((gap) => gap.operation === result.operation);
    const sending = result.sending
      ? `request ${result.requestType}: ${result.sending.outcome}`
      : 'no request body';
    const answering = result.answering
      ? `answer ${result.responseType}: ${result.answering.outcome}`
      : 'no answer read';
    console.log(`${result.operation} (${result.method}) <- ${result.endpoint}\n  ${sending}; ${answering}`);
    for (const gap of lines)
      console.log(`    ${gap.side.padEnd(7)} ${gap.kind.padEnd(9)} ${gap.type}: ${gap.path}`);
  }
  const counts = summarise(results, gaps);
  console.log('\nArea A against the C# SDK reference:');
  for (const [key, value] of Object.entries(counts)) console.log(`  ${key}: ${value}`);
  console.log(`  reference endpoints no method sends: ${unwrapped.length} (--unwrapped lists them)`);
  console.log(
    `  types named but not defined by the reference (given values of our own): ${[...usedSeeds].sort().join(', ')}`,
  );
}

function summarise(results, gaps) {
  const matched = results.filter((r) => r.endpoint);
  const withRequest = matched.filter((r) => r.sending);
  const refused = gaps.filter((g) => g.side === 'request' && g.kind.startsWith('refused'));
  return {
    'SDK operations matched to an endpoint': `${matched.length} of ${results.length}`,
    'maximal requests accepted and sent whole': `${withRequest.filter((r) => r.sending.outcome === 'accepted whole').length} of ${withRequest.length}`,
    'request fields refused (paths, over all operations)': refused.length,
    'request fields refused (distinct Type.Property)': distinct(refused),
    'request fields not sent': gaps.filter((g) => g.kind === 'not sent').length,
    'maximal answers parsed strictly': `${matched.filter((r) => r.answering?.outcome === 'parsed').length} of ${matched.filter((r) => ['parsed', 'refused'].includes(r.answering?.outcome)).length}`,
    'answers of a type the reference does not define': matched.filter(
      (r) => r.answering?.outcome === 'type not in the reference',
    ).length,
    'answer properties missing (by type)': distinct(gaps.filter((g) => g.kind === 'missing')),
    'answer properties typed as open maps (by type)': distinct(gaps.filter((g) => g.kind === 'open-map')),
  };
}

/** Gaps counted once per vendor type and property, however many operations answer the type. */
const distinct = (gaps) => new Set(gaps.map((gap) => `${gap.type}.${gap.property}`)).size;

function gapsMarkdown(results, gaps) {
  const lines = [
    '# Area A against the vendor C# SDK reference: gaps',
    '',
    `Written by \`DOC_CENTRE_REPO=… node scripts/check-vendor-reference.mjs --gaps <file>\` on ${new Date().toISOString()}.`,
    'One line per gap: operation, vendor type, field path (from the request or answer root), kind.',
    'refused = the SDK refuses the field (input); not sent = accepted but missing on the wire;',
    'missing = the answer schema does not name it; open-map = taken only as a key of an untyped map.',
    '',
    '## Counts',
    '',
    ...Object.entries(summarise(results, gaps)).map(([key, value]) => `- ${key}: ${value}`),
    '',
    `Types the reference names but does not define at d45c593, given minimal values of our own (so not`,
    `checked here; the vendor pages' examples cover them): ${[...usedSeeds].sort().join(', ')}.`,
    'Members of Common.Address (an undefined base of Consignments.Address) likewise.',
    '',
    'Read with care: the reference types both quote bodies (Get Quotes, Get Service Group Quotes) as the',
    "whole `Consignment`, fields the service writes (state, dates, allocation) included; and the search's",
    "`PageSize`/`StartPage` are the SDK's paging. Whether to accept those is a decision, not only a gap.",
    '',
    '## Requests (by vendor type and property; operations that send it in brackets)',
    '',
    ...grouped(gaps.filter((g) => g.side === 'request')),
    '',
    '## Answers (by vendor type and property; operations that answer it in brackets)',
    '',
    ...grouped(gaps.filter((g) => g.side === 'answer')),
  ];
  return `${lines.join('\n')}\n`;
}

/** Gaps one line per vendor type, property and kind, with an example path and the operations. */
function grouped(gaps) {
  const byProperty = new Map();
  for (const gap of gaps) {
    const key = gap.property
      ? `${gap.type}.${gap.property} ${gap.kind}`
      : `${gap.type} \`${gap.path}\` ${gap.kind}`;
    const entry = byProperty.get(key) ?? { operations: new Set(), path: gap.path };
    entry.operations.add(gap.operation);
    byProperty.set(key, entry);
  }
  return [...byProperty]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { operations, path }]) => `- ${key} (e.g. \`${path}\`) [${[...operations].join(', ')}]`);
}

function writeFixtures(results) {
  rmSync(FIXTURES, { recursive: true, force: true });
  mkdirSync(FIXTURES, { recursive: true });
  for (const result of results.filter((r) => r.request !== undefined || r.answer !== undefined)) {
    const fixture = {
      operation: result.operation,
      method: result.method,
      requestType: result.requestType,
      responseType: result.responseType,
      ...(result.request !== undefined && result.sending?.outcome !== 'no call'
        ? { request: result.request }
        : {}),
      ...(result.answer !== undefined && result.answering?.outcome !== 'no call'
        ? { answer: result.answer }
        : {}),
    };
    if (!fixture.request && !fixture.answer) continue;
    writeFileSync(resolve(FIXTURES, `${result.operation}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 2;
  });
}
