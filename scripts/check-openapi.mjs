#!/usr/bin/env node
// Checks every area B exchange, the client's requests and the mock's answers, against the vendor's
// OpenAPI files. A dev tool, not a CI step: the vendor's files are not ours to commit, so they are read
// at run time, from the vendor's documentation repository or from a directory.
//   node scripts/check-openapi.mjs          read them from the vendor's docs repository, its git directory
//                                           in DOC_CENTRE_REPO
//   node scripts/check-openapi.mjs <dir>    read <dir>/spec-*.yaml (+ shared.yaml…) and <dir>/swagger.yaml
//   add --verbose to list every exchange, not only those with violations
//   add --self-test to check the check instead: exchanges that each break the files in a known way
//
// It starts the shipped mock over HTTP on loopback, drives every ShipmentsClient method through it
// (scripts/openapi-exchanges.mjs: success paths and the documented errors the mock produces), records
// each exchange through the client's `fetch` option, and checks it against the operation of the files
// whose path and method match: the newest files (spec-*.yaml at 1f6e217) first, the older swagger.yaml
// (2d5ad30) for a route only it has. Exit 1 on any violation.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

const root = resolve(fileURLToPath(import.meta.url), '../..');
// No default: a machine's path is not the project's to write down.
const DOC_CENTRE = process.env.DOC_CENTRE_REPO;
const NEWEST = { commit: '1f6e217', folder: 'docfx_project/pro/api/reference/definitions' };
const OLDER = { commit: '2d5ad30', file: 'docfx_project/pro/api/swagger.yaml' };

// ---------------------------------------------------------------------------------------------------
// Loading the files

/**
 * Some of the vendor's examples are multi-line JSON objects that start on an `example:` line and are
 * not indented under it, which is not valid YAML. They are folded back onto their line (JSON is YAML
 * flow syntax); nothing outside an example is touched.
 */
export function foldJsonExamples(text) {
  const lines = text.split(/\r?\n/);
  const out = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const start = /^(\s*example:\s*)([[{])\s*$/.exec(line);
    if (!start) {
      out.push(line);
      continue;
    }
    let json = start[2];
    let depth = 1;
    let inString = false;
    for (index++; index < lines.length && depth > 0; index++) {
      const next = lines[index];
      for (let char = 0; char < next.length; char++) {
        const c = next[char];
        if (inString) {
          if (c === '\\') char++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
      }
      json += `\n${next}`;
    }
    index--;
    out.push(`${start[1]}${JSON.stringify(JSON.parse(json))}`);
  }
  return out.join('\n');
}

function gitShow(commit, path) {
  return execFileSync('git', ['-C', DOC_CENTRE, 'show', `${commit}:${path}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Every file of both sets: `{ name, text }`, newest set flagged. */
function readVendorFiles(directory) {
  if (directory) {
    const names = readdirSync(directory).filter((name) => /\.ya?ml$/.test(name));
    if (!names.some((name) => name.startsWith('spec-'))) throw new Error(`no spec-*.yaml in ${directory}`);
    return names.map((name) => ({
      name,
      text: readFileSync(join(directory, name), 'utf8'),
      newest: name !== 'swagger.yaml',
    }));
  }
  if (!DOC_CENTRE) {
    console.error(
      "check-openapi: set DOC_CENTRE_REPO to the git directory of the vendor's docs repository (sortedgroup/doc-centre), or pass a directory of the files",
    );
    process.exit(2);
  }
  if (!existsSync(DOC_CENTRE))
    throw new Error(`no vendor files: DOC_CENTRE_REPO (${DOC_CENTRE}) does not exist`);
  const listed = execFileSync(
    'git',
    ['-C', DOC_CENTRE, 'ls-tree', '--name-only', NEWEST.commit, `${NEWEST.folder}/`],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter((path) => /\.ya?ml$/.test(path));
  return [
    ...listed.map((path) => ({ name: basename(path), text: gitShow(NEWEST.commit, path), newest: true })),
    { name: 'swagger.yaml', text: gitShow(OLDER.commit, OLDER.file), newest: false },
  ];
}

/** Parses the files and inlines every `$ref` that points into another file (`./shared.yaml#/servers`). */
function loadDocuments(files) {
  const parsed = new Map(files.map((file) => [file.name, YAML.parse(foldJsonExamples(file.text))]));
  const pointer = (document, fragment) =>
    fragment
      .replace(/^\//, '')
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, part) => node?.[part], document);
  const inline = (node, seen = 0) => {
    if (Array.isArray(node)) return node.map((item) => inline(item, seen));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      const [file, fragment = ''] = node.$ref.split('#');
      const target = parsed.get(basename(file));
      if (target === undefined || seen > 20) return { unresolved: node.$ref };
      return inline(pointer(target, fragment), seen + 1);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, seen)]));
  };
  return files
    .filter((file) => file.name.startsWith('spec-') || file.name === 'swagger.yaml')
    .map((file) => ({ name: file.name, newest: file.newest, document: inline(parsed.get(file.name)) }));
}

// ---------------------------------------------------------------------------------------------------
// OpenAPI 3.0 schemas as JSON Schema

/**
 * OpenAPI 3.0's dialect as JSON Schema, for one direction: `nullable` becomes "or null"; a `$ref`'s
 * siblings are ignored (3.0 says so); a `readOnly` property is not required of a request and may not
 * be sent in one, and a `writeOnly` one likewise in an answer.
 */
function toJsonSchema(node, direction) {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, direction));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') return { $ref: node.$ref };
  const { nullable, example, readOnly: _r, writeOnly: _w, ...rest } = node;
  const schema = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'properties' && value && typeof value === 'object') {
      schema.properties = {};
      const hidden = [];
      for (const [name, property] of Object.entries(value)) {
        const forbidden = direction === 'request' ? property?.readOnly : property?.writeOnly;
        if (forbidden) hidden.push(name);
        schema.properties[name] = forbidden
          ? { not: {}, description: `${direction === 'request' ? 'readOnly' : 'writeOnly'}` }
          : toJsonSchema(property, direction);
      }
      if (Array.isArray(rest.required))
        schema.required = rest.required.filter((name) => !hidden.includes(name));
    } else if (key === 'required' && Array.isArray(value)) {
      schema.required ??= value;
    } else {
      schema[key] = toJsonSchema(value, direction);
    }
  }
  if (schema.required?.length === 0) delete schema.required;
  return nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
}

function newAjv() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const integer = (bits) => ({
    type: 'number',
    validate: (value) => Number.isInteger(value) && Math.abs(value) <= 2 ** (bits - 1),
  });
  ajv.addFormat('int32', integer(32));
  ajv.addFormat('int64', { type: 'number', validate: (value) => Number.isInteger(value) });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('byte', /^[A-Za-z0-9+/]*={0,2}$/);
  ajv.addFormat('binary', () => true);
  return ajv;
}

// ---------------------------------------------------------------------------------------------------
// Operations of the files

function buildOperations(documents) {
  const ajv = newAjv();
  const operations = [];
  for (const { name, newest, document } of documents) {
    for (const direction of ['request', 'response']) {
      ajv.addSchema(
        { $id: `${direction}/${name}`, components: toJsonSchema(document.components ?? {}, direction) },
        `${direction}/${name}`,
      );
    }
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
        const operation = item[method];
        if (!operation) continue;
        const segments = path.replace(/^\//, '').split('/');
        operations.push({
          file: name,
          newest,
          method: method.toUpperCase(),
          path,
          title: operation.summary ?? `${method.toUpperCase()} ${path}`,
          segments,
          literals: segments.filter((segment) => !segment.startsWith('{')).length,
          parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])],
          requestBody: operation.requestBody,
          responses: operation.responses ?? {},
        });
      }
    }
  }
  /** A validator of `schema` (an inline schema or a `$ref` into its file) in one direction. */
  const cache = new Map();
  const validator = (file, direction, schema) => {
    const key = `${file}|${direction}|${JSON.stringify(schema)}`;
    if (!cache.has(key)) {
      const rebased = JSON.parse(
        JSON.stringify(toJsonSchema(schema, direction)).replace(
          /"\$ref":"#\/components\//g,
          `"$ref":"${direction}/${file}#/components/`,
        ),
      );
      cache.set(key, ajv.compile(rebased));
    }
    return cache.get(key);
  };
  return { operations, validator };
}

/** The operation whose path and method match: the newest files first, the most fixed segments first. */
function matchOperation(operations, method, path) {
  const parts = path.replace(/^\//, '').split('/').map(decodeURIComponent);
  const candidates = operations
    .filter((operation) => operation.method === method && operation.segments.length === parts.length)
    .filter((operation) =>
      operation.segments.every((segment, index) => segment.startsWith('{') || segment === parts[index]),
    )
    // A fixed segment beats a parameter, in any file (`/shipments/state_counts`, only in swagger.yaml,
    // is not Get Shipment of `state_counts`); for the same path, the newest files win.
    .sort((a, b) => b.literals - a.literals || Number(b.newest) - Number(a.newest));
  const best = candidates[0];
  if (!best) return [];
  // Several of the newest files may hold the same path (the shipments file repeats the labels routes):
  // the exchange must satisfy each of them.
  return candidates
    .filter((operation) => operation.literals === best.literals && operation.newest === best.newest)
    .map((operation) => {
      const params = {};
      operation.segments.forEach((segment, index) => {
        if (segment.startsWith('{')) params[segment.slice(1, -1)] = parts[index];
      });
      return { operation, params };
    });
}

// ---------------------------------------------------------------------------------------------------
// Checking one exchange

const mediaType = (value) => (value ?? '').split(';')[0].trim().toLowerCase();

function schemaErrors(validate, value, where) {
  if (validate(value)) return [];
  return validate.errors.map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${error.params.additionalProperty})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify(error.params.allowedValues)})`
          : '';
    return `${where}${error.instancePath || ''}: ${error.message}${extra}`;
  });
}

/** A path or query value as its schema's type reads it. */
function coerce(value, schema) {
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && value !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export const titleOf = (operation) =>
  `${operation.title} (${operation.file}: ${operation.method} ${operation.path})`;

/** Checks one exchange against every operation of the files that matches it: `{ titles, violations }`. */
export function checkExchange(spec, exchange) {
  const url = new URL(exchange.url);
  const base = new URL(exchange.baseUrl);
  const path = url.pathname.slice(base.pathname.replace(/\/$/, '').length) || '/';
  const matches = matchOperation(spec.operations, exchange.method, path);
  if (matches.length === 0) {
    return { titles: [`${exchange.method} ${path}`], violations: ['no path and method of the files match'] };
  }
  return {
    titles: matches.map(({ operation }) => titleOf(operation)),
    violations: matches.flatMap(({ operation, params }) =>
      checkAgainst(spec, operation, params, exchange, url).map((violation) =>
        matches.length > 1 ? `${operation.file}: ${violation}` : violation,
      ),
    ),
  };
}

function checkAgainst(spec, operation, params, exchange, url) {
  const violations = [];
  const v = (direction, schema) => spec.validator(operation.file, direction, schema);

  // The request: parameters.
  const declared = new Set();
  for (const parameter of exchange.invalidOnPurpose ? [] : operation.parameters) {
    declared.add(`${parameter.in}:${parameter.name.toLowerCase()}`);
    let value;
    if (parameter.in === 'path') value = params[parameter.name];
    else if (parameter.in === 'query') value = url.searchParams.get(parameter.name) ?? undefined;
    else if (parameter.in === 'header') value = exchange.requestHeaders[parameter.name.toLowerCase()];
    else continue;
    if (value === undefined) {
      if (parameter.required || parameter.in === 'path') {
        violations.push(`request ${parameter.in} parameter ${parameter.name}: required, not sent`);
      }
      continue;
    }
    if (parameter.schema) {
      violations.push(
        ...schemaErrors(
          v('request', parameter.schema),
          coerce(value, parameter.schema),
          `request ${parameter.in} parameter ${parameter.name}`,
        ),
      );
    }
  }
  for (const name of exchange.invalidOnPurpose ? [] : Object.keys(params)) {
    if (!declared.has(`path:${name.toLowerCase()}`)) {
      violations.push(`request path parameter ${name}: not declared by the operation`);
    }
  }
  for (const name of exchange.invalidOnPurpose ? [] : new Set(url.searchParams.keys())) {
    if (!declared.has(`query:${name.toLowerCase()}`)) {
      violations.push(`request query parameter ${name}: not declared by the operation`);
    }
  }

  // The request: body.
  const hasBody = exchange.requestBody !== '';
  if (operation.requestBody) {
    const content = operation.requestBody.content ?? {};
    const type = mediaType(exchange.requestHeaders['content-type']);
    if (!hasBody) {
      if (operation.requestBody.required) violations.push('request body: required, not sent');
    } else if (!(type in content)) {
      violations.push(
        `request content-type ${type || '(none)'}: not one of ${Object.keys(content).join(', ')}`,
      );
    } else if (!exchange.invalidOnPurpose) {
      const body = parseJson(exchange.requestBody);
      if (body.error) violations.push(`request body: ${body.error}`);
      else if (content[type].schema) {
        violations.push(...schemaErrors(v('request', content[type].schema), body.value, 'request body #'));
      }
    }
  } else if (hasBody && !exchange.invalidOnPurpose) {
    violations.push('request body: sent, but the operation takes none');
  }

  // The answer.
  const status = String(exchange.status);
  const answer =
    operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
  if (!answer) {
    violations.push(
      `response status ${status}: not documented (${Object.keys(operation.responses).join(', ')})`,
    );
  } else {
    const content = answer.content ?? {};
    const types = Object.keys(content);
    const type = mediaType(exchange.responseHeaders['content-type']);
    if (types.length === 0) {
      if (exchange.responseBody !== '') violations.push(`response ${status} body: the files document none`);
    } else if (exchange.responseBody === '') {
      violations.push(`response ${status} body: empty, the files document ${types.join(', ')}`);
    } else if (!(type in content)) {
      violations.push(`response ${status} content-type ${type || '(none)'}: not one of ${types.join(', ')}`);
    } else {
      const body = parseJson(exchange.responseBody);
      if (body.error) violations.push(`response ${status} body: ${body.error}`);
      else if (content[type].schema) {
        violations.push(
          ...schemaErrors(v('response', content[type].schema), body.value, `response ${status} body #`),
        );
      }
    }
  }
  return violations;
}

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: 'not JSON' };
  }
}

// ---------------------------------------------------------------------------------------------------
// Running it

// ---------------------------------------------------------------------------------------------------
// The check of the check: exchanges each breaking the files in one known way must each be caught.

const SP = `sp_${'1'.repeat(32)}`;
const SG = `sg_${'1'.repeat(32)}`;
const LABEL = { file: 'JVBERi0=', content_type: 'application/pdf', document_type: 'label', dpi: 203 };
const API_ERROR = { correlation_id: 'c', code: 'not_found', message: 'Not found', details: [] };

function knownBreaches() {
  const exchange = (what, method, path, status, responseBody, extra = {}) => ({
    what,
    step: 'self-test',
    baseUrl: 'http://127.0.0.1/shipments-api',
    method,
    url: `http://127.0.0.1/shipments-api${path}`,
    requestHeaders: { 'x-api-version': '1.1', 'content-type': 'application/json' },
    requestBody: '',
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: responseBody === undefined ? '' : JSON.stringify(responseBody),
    ...extra,
  });
  return [
    exchange('a label with copies', 'GET', `/labels/${SP}/pdf/203`, 200, { ...LABEL, copies: 1 }),
    exchange('an upper-case format', 'GET', `/labels/${SP}/PDF/203`, 200, LABEL),
    exchange('no dpi segment', 'GET', `/labels/${SP}/pdf`, 200, LABEL),
    exchange('a group with no shipments', 'GET', `/shipment_groups/${SG}`, 200, {
      reference: SG,
      state: 'open',
      created: '2026-11-25T09:00:00Z',
      version: 1,
      shipments: [],
    }),
    exchange(
      'a 26-character reference',
      'POST',
      '/shipments',
      201,
      { reference: 'sp_00000000000000000000001' },
      {
        requestBody: '{}',
        invalidOnPurpose: true,
      },
    ),
    exchange('a customs error with reference and _links', 'GET', `/documents/${SP}/cn22`, 404, {
      reference: `er_${'1'.repeat(32)}`,
      ...API_ERROR,
      _links: null,
    }),
    exchange('a body on a 204', 'GET', `/documents/${SP}/cn22`, 204, []),
    exchange('a trailing slash', 'PUT', '/shipment_groups/', 200, { reference: SG }, { requestBody: '{}' }),
    exchange(
      'an empty list sent',
      'POST',
      '/shipment_groups',
      201,
      { reference: SG },
      {
        requestBody: JSON.stringify({ shipments: [] }),
      },
    ),
    exchange('an undocumented status', 'PUT', '/shipment_groups', 429, API_ERROR, {
      requestBody: JSON.stringify({ reference: SG, add_shipments: [SP] }),
    }),
    exchange('a text answer', 'GET', `/tracking/${SP}`, 404, API_ERROR, {
      responseHeaders: { 'content-type': 'text/plain' },
    }),
    exchange('no version header', 'GET', `/tracking/${SP}`, 404, API_ERROR, { requestHeaders: {} }),
    exchange('an unknown query parameter', 'GET', `/shipments/${SP}?expand=all`, 404, API_ERROR),
    exchange('a date without an offset', 'GET', `/shipment_groups/${SG}`, 200, {
      reference: SG,
      state: 'open',
      created: '2026-11-25 09:00',
      version: 1,
      shipments: [SP],
    }),
  ];
}

function selfTest(spec) {
  let missed = 0;
  for (const breach of knownBreaches()) {
    const { violations } = checkExchange(spec, breach);
    console.log(
      `${violations.length > 0 ? 'caught' : 'MISSED'}: ${breach.what}${violations.length > 0 ? ` (${violations[0]})` : ''}`,
    );
    if (violations.length === 0) missed++;
  }
  console.log(
    `\nself-test: ${knownBreaches().length - missed} of ${knownBreaches().length} known breaches caught`,
  );
  process.exitCode = missed === 0 ? 0 : 1;
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const directory = args.find((arg) => !arg.startsWith('--'));
  const documents = loadDocuments(readVendorFiles(directory && resolve(directory)));
  const spec = buildOperations(documents);
  if (args.includes('--self-test')) return selfTest(spec);
  const { runExchanges } = await import('./openapi-exchanges.mjs');
  const { exchanges, methods, unexpected, unreadable } = await runExchanges(root);
  const { operationsByArea } = await import('tsx/esm/api').then(({ tsImport }) =>
    tsImport(`${root}/src/operation-catalog.ts`, import.meta.url),
  );
  // Routes only the vendor's guides document: no file has their paths to check them against
  // (test/shipments/contents-tracking.test.ts feeds them the guides' examples instead).
  const guideOnly = new Set([
    'getShipmentContentsTracking',
    'getTrackingByCustomReference',
    'getShipmentContentsTrackingByCustomReference',
    'getShipmentGroupsByCustomReference',
    'getShipmentGroupByCustomReference',
    'manifestShipmentsByQuery',
  ]);
  // Every operation area B declares (found by walking ShipmentsClient), by its id: the steps' names.
  const notDriven = [...new Set(operationsByArea().shipments.map((operation) => operation.name))].filter(
    (name) => !guideOnly.has(name) && !methods.includes(name),
  );

  let violations = 0;
  const operationsSeen = new Set();
  const statuses = new Map();
  for (const exchange of exchanges) {
    const result = checkExchange(spec, exchange);
    for (const title of result.titles) {
      operationsSeen.add(title);
      const key = `${title} ${exchange.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    violations += result.violations.length;
    if (result.violations.length > 0 || verbose) {
      console.log(`${exchange.step}: ${exchange.method} ${exchange.url.replace(exchange.baseUrl, '')}`);
      for (const title of result.titles) console.log(`  ${title} -> ${exchange.status}`);
      for (const violation of result.violations) console.log(`  ✗ ${violation}`);
    }
  }
  console.log('\nOperation (file: method path) and status: exchanges');
  for (const [key, count] of [...statuses].sort()) console.log(`  ${key}: ${count}`);
  const newest = spec.operations.filter((operation) => operation.newest).length;
  const unexercised = spec.operations.filter((operation) => !operationsSeen.has(titleOf(operation)));
  console.log(
    '\nOperations of the files no exchange reached (an older route the newest files replace, or none):',
  );
  for (const operation of unexercised) console.log(`  ${titleOf(operation)}`);
  console.log(
    `\nFiles: ${documents.length} (${newest} operations in the newest, ` +
      `${spec.operations.length - newest} in swagger.yaml); client methods driven: ${methods.length}; ` +
      `operations exercised: ${operationsSeen.size}; exchanges checked: ${exchanges.length}; ` +
      `violations: ${violations}`,
  );
  for (const line of unreadable) {
    console.log(`answer fetch could not read (a 407 is a network error to fetch), not checked: ${line}`);
  }
  for (const line of unexpected) console.log(`step with an unexpected outcome: ${line}`);
  if (notDriven.length > 0) console.log(`client methods not driven: ${notDriven.join(', ')}`);
  process.exitCode = violations === 0 && unexpected.length === 0 && notDriven.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 2;
  });
}
