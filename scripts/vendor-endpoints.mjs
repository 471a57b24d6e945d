#!/usr/bin/env node
// Writes docs/vendor-endpoints.json: every endpoint of the vendor's C# SDK reference (verb, path and
// title, as its ApiEndpoint annotations write them; `guidePath` where the vendor's guides write the route
// otherwise), the facts docs/api.md's "Coverage" section is generated from. Committed, so that the
// generator and its test run without the vendor's repository; this script reads it from DOC_CENTRE_REPO.
//   node scripts/vendor-endpoints.mjs --write   rewrite docs/vendor-endpoints.json from the reference
//   node scripts/vendor-endpoints.mjs --check   fail when the file is not what the reference says
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guidePathOf } from './vendor-coverage.mjs';
import { docCentreRepo, loadReference, REFERENCE } from './vendor-reference.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const target = resolve(root, 'docs/vendor-endpoints.json');

function fromReference() {
  const { endpoints } = loadReference(docCentreRepo('vendor-endpoints'));
  const facts = endpoints
    .map((endpoint) => {
      const guidePath = guidePathOf(endpoint);
      return {
        verb: endpoint.verb.toUpperCase(),
        path: endpoint.path,
        title: endpoint.name,
        ...(guidePath ? { guidePath } : {}),
      };
    })
    .sort(
      (a, b) =>
        a.path.localeCompare(b.path) || a.verb.localeCompare(b.verb) || a.title.localeCompare(b.title),
    );
  const data = {
    source: `${REFERENCE.folder}/ref-*/**.yml at ${REFERENCE.commit}: each ApiEndpoint`,
    endpoints: facts,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

const text = fromReference();
if (process.argv.includes('--write')) {
  writeFileSync(target, text);
  console.log(
    `vendor-endpoints: wrote docs/vendor-endpoints.json (${JSON.parse(text).endpoints.length} endpoints)`,
  );
} else if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error(
      'vendor-endpoints: docs/vendor-endpoints.json differs from the reference: run with --write',
    );
    process.exit(1);
  }
  console.log('vendor-endpoints: docs/vendor-endpoints.json matches the reference');
} else {
  process.stdout.write(text);
}
