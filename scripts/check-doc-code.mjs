#!/usr/bin/env node
// Keeps README.md within 25,000 bytes with links that work on npm, and type-checks every TypeScript code block of README.md and
// docs/*.md against the sources, so that no documented example can go stale. Each block becomes a module of its own: its imports stay at the top,
// the rest runs inside an async function (top-level `await` as written), and the names examples take
// as given (`orders`, `shipments`, `mock`, a reference…) are declared once, globally, in
// scripts/doc-code-globals.d.ts. Runs tsc against the BUILT declarations (`npm run build` first), as an
// integrator's project sees them, with the strictest flags users turn on (exactOptionalPropertyTypes,
// noUncheckedIndexedAccess, skipLibCheck false); fails on any error.
//   node scripts/check-doc-code.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = '.doc-code';
const files = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The ```ts blocks of a Markdown file, with the line each starts on. */
function blocks(file) {
  const found = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let at = 0; at < lines.length; at++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[at])) continue;
    const start = at + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    found.push({ line: start + 1, code: lines.slice(start, end) });
    at = end;
  }
  return found;
}

/** The block as a module: imports first, the rest in an async function. */
function moduleOf(code) {
  const imports = [];
  const body = [];
  let inImport = false;
  for (const line of code) {
    if (inImport || /^import\s/.test(line)) {
      imports.push(line);
      inImport = !/from\s+['"][^'"]+['"];?\s*$|^import\s+['"][^'"]+['"];?\s*$/.test(line);
    } else body.push(line);
  }
  return `${imports.join('\n')}\nexport {};\nasync function example() {\n${body.join('\n')}\n}\nvoid example;\n`;
}

// The README is the front door: quick start, configuration, the operation tables, errors, retries and
// testing. Everything deeper lives in docs/. Stripe's and OpenAI's are 27-28 kB.
const README_LIMIT = 25_000;
const readmeBytes = Buffer.byteLength(readFileSync('README.md'));
if (readmeBytes > README_LIMIT) {
  console.error(
    `check-doc-code: README.md is ${readmeBytes} bytes, over ${README_LIMIT}: move the detail to docs/`,
  );
  process.exit(1);
}

// npm renders the README without a repository to resolve relative links against, so every link is
// absolute or an anchor, and each link to the package's own files names one that ships in it.
const PACKAGE_FILES = 'https://unpkg.com/consignkit/';
const shipped = new Set(
  JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
  )[0].files.map((file) => file.path),
);
const readme = readFileSync('README.md', 'utf8');
const links = [...readme.matchAll(/\]\(([^)\s]+)\)|^\[[^\]]+\]:\s*(\S+)/gm)].map(
  (match) => match[1] ?? match[2],
);
const broken = links.filter((link) =>
  link.startsWith(PACKAGE_FILES)
    ? !shipped.has(link.slice(PACKAGE_FILES.length).split('#')[0])
    : !/^(https?:|mailto:|#)/.test(link),
);
if (broken.length > 0) {
  console.error(`check-doc-code: README links that break on npm: ${broken.join(', ')}`);
  process.exit(1);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT);
const written = [];
for (const file of files) {
  for (const [index, block] of blocks(file).entries()) {
    const name = `${file.replace(/\W+/g, '-')}-${index + 1}-line-${block.line}.ts`;
    writeFileSync(join(OUT, name), moduleOf(block.code));
    written.push(name);
  }
}
writeFileSync(
  join(OUT, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: '../tsconfig.json',
      compilerOptions: {
        noUnusedLocals: false,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        // The built declarations, as an integrator's project sees them (needs `npm run build` first).
        paths: {
          consignkit: ['../dist/index.d.ts'],
          'consignkit/node': ['../dist/node/index.d.ts'],
          'consignkit/ledger': ['../dist/ledger/index.d.ts'],
          'consignkit/testing': ['../dist/testing/index.d.ts'],
        },
      },
      include: ['*.ts', '../scripts/doc-code-globals.d.ts'],
    },
    null,
    2,
  ),
);
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', join(OUT, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  console.log(`check-doc-code: ${written.length} code blocks of ${files.length} files type-check`);
  rmSync(OUT, { recursive: true, force: true });
} catch {
  console.error(
    `check-doc-code: a code block does not type-check (the files are in ${OUT}/, named after their source and line)`,
  );
  process.exit(1);
}
