// A consumer's type check of a 4-line file that imports each SDK, with `skipLibCheck: false`: the files
// TypeScript loads, the types it creates and the time it takes, medians of three runs of `tsc
// --extendedDiagnostics`. consignkit is packed and installed as an integrator installs it; OpenAI's and
// Stripe's SDKs come from the npm registry. Needs `npm run build` first.
//   node bench/typecheck.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const TYPESCRIPT = JSON.parse(
  execFileSync('node', ['-p', 'JSON.stringify(require("typescript/package.json").version)'], {
    cwd: ROOT,
    encoding: 'utf8',
  }),
);

const CONTENDERS = {
  consignkit: {
    install: () => {
      const folder = mkdtempSync(join(tmpdir(), 'consignkit-pack-'));
      execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], { cwd: ROOT, stdio: 'ignore' });
      return join(folder, readdirSync(folder)[0]);
    },
    code: "import { OrdersClient } from 'consignkit';\nconst orders = new OrdersClient({ apiKey: 'k' });\nexport const order = await orders.get('EO-1');\n",
  },
  openai: {
    install: () => 'openai@^6',
    code: "import OpenAI from 'openai';\nconst client = new OpenAI({ apiKey: 'k' });\nexport const files = await client.files.list();\n",
  },
  stripe: {
    install: () => 'stripe@^19',
    code: "import Stripe from 'stripe';\nconst stripe = new Stripe('k');\nexport const customers = await stripe.customers.list();\n",
  },
};

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
  },
  files: ['index.ts'],
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function measureTypecheck({ rounds = 3 } = {}) {
  const results = {};
  for (const [name, contender] of Object.entries(CONTENDERS)) {
    const project = mkdtempSync(join(tmpdir(), `typecheck-${name}-`));
    try {
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: `typecheck-${name}`, private: true, type: 'module' }),
      );
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
      writeFileSync(join(project, 'index.ts'), contender.code);
      execFileSync(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          contender.install(),
          `typescript@${TYPESCRIPT}`,
          '@types/node@20',
        ],
        { cwd: project, stdio: 'ignore' },
      );
      const runs = [];
      for (let round = 0; round < rounds; round++) {
        const output = execFileSync(
          process.execPath,
          ['node_modules/typescript/bin/tsc', '-p', '.', '--extendedDiagnostics'],
          { cwd: project, encoding: 'utf8' },
        );
        const read = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(output)?.[1]);
        runs.push({ files: read('Files'), types: read('Types'), seconds: read('Total time') });
      }
      results[name] = {
        files: runs[0].files,
        types: runs[0].types,
        seconds: median(runs.map((run) => run.seconds)),
      };
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
  return results;
}

if (process.argv[1] === import.meta.filename) {
  console.table(measureTypecheck());
}
