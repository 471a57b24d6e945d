#!/usr/bin/env node
// Refuses to publish a package.json without `repository`, `homepage` and `bugs`: npm's page links them,
// and users report bugs through them. consignkit has no public home yet, and a URL made up to fill the
// fields would send users nowhere, so they are left out until one exists and this guard
// (`prepublishOnly`) stops `npm publish` meanwhile. `npm pack` is not stopped.
//   node scripts/check-publish-metadata.mjs [folder holding package.json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? process.cwd();
const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));

const isWebUrl = (value) => {
  try {
    const url = new URL(String(value).replace(/^git\+/, ''));
    // Reserved names (RFC 2606) are placeholders, not a home.
    return (
      /^(https?|git|ssh):$/.test(url.protocol) &&
      !/(^|\.)(example(\.\w+)?|invalid|test|localhost)$/.test(url.hostname)
    );
  } catch {
    return false;
  }
};
const urlOf = (field) => (typeof field === 'string' ? field : field?.url);

const problems = [];
if (!isWebUrl(urlOf(pkg.repository)))
  problems.push('repository (the public source repository: { "type": "git", "url": … })');
if (!isWebUrl(pkg.homepage)) problems.push("homepage (the project's public page)");
const bugs = pkg.bugs;
if (!isWebUrl(urlOf(bugs)) && !(typeof bugs?.email === 'string' && /^[^@\s]+@[^@\s]+$/.test(bugs.email)))
  problems.push('bugs (where users report bugs: { "url": … } or { "email": … })');

if (problems.length > 0) {
  console.error(
    `check-publish-metadata: ${pkg.name} cannot be published without:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check-publish-metadata: ${pkg.name}'s repository, homepage and bugs are set`);
