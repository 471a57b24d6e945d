import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The import rules of issue 47 run in CI (`.ci/run`): a new import loop, or an import that runs back up a
// floor, must fail the run, naming the files.
const script = fileURLToPath(new URL('../../scripts/check-imports.mjs', import.meta.url));

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-imports-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function tree(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), text);
  }
}

function check(...extra: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [script, '--check', '--root', folder, ...extra], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const layered = {
  'index.ts': "export { OrdersClient } from './orders/index.js';\n",
  'orders/index.ts': "export { OrdersClient } from './client.js';\n",
  'orders/client.ts': "import { send } from '../core/send.js';\nexport class OrdersClient { send = send; }\n",
  'core/send.ts': "import type { Options } from './options.js';\nexport const send = (o?: Options) => o;\n",
  'core/options.ts': 'export interface Options { retries: number }\n',
};

describe('scripts/check-imports.mjs', () => {
  it('is run by CI after the lint', async () => {
    const { readFile } = await import('node:fs/promises');
    const ci = await readFile(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci).toMatch(/npm run lint\n(#.*\n)?node scripts\/check-imports\.mjs --check\n/);
  });

  it('accepts a tree where every import runs down a floor and none loops', async () => {
    await tree(layered);
    const { code, stdout } = await check('--max-loops', '0');
    expect(code).toBe(0);
    expect(stdout).toContain('Import loops: 0');
  });

  it('fails on an import loop and on core importing a plug-in, naming the files', async () => {
    await tree({
      ...layered,
      // core -> ledger runs back up a floor, and ledger -> core closes a loop.
      'core/options.ts':
        "import type { Ledger } from '../ledger/types.js';\nexport interface Options { ledger?: Ledger }\n",
      'ledger/types.ts':
        "import type { Options } from '../core/options.js';\nexport type Ledger = Options;\n",
    });
    const { code, stdout, stderr } = await check('--max-loops', '0');
    expect(code).toBe(1);
    expect(stdout).toContain('1. 2 files: core/options.ts, ledger/types.ts');
    expect(stdout).toMatch(/back up a floor.*: 1\n {2}core\/options\.ts -> ledger\/types\.ts/);
    expect(stderr).toContain('core/options.ts -> ledger/types.ts breaks "core imports nothing outside core"');
    expect(stderr).toContain('1 import loops, at most 0 allowed');
  });

  it('fails when a resource imports its own client, or one area imports another', async () => {
    await tree({
      ...layered,
      'orders/wait.ts': "import { OrdersClient } from './client.js';\nexport const wait = OrdersClient;\n",
      'shipments/index.ts': "import { wait } from '../orders/wait.js';\nexport const w = wait;\n",
    });
    const { code, stderr } = await check();
    expect(code).toBe(1);
    expect(stderr).toContain(
      'orders/wait.ts -> orders/client.ts breaks "no area module imports its own client.ts"',
    );
    expect(stderr).toContain(
      'shipments/index.ts -> orders/wait.ts breaks "the areas never import each other"',
    );
  });

  it('fails when a mock area imports the bridge or the other mock area', async () => {
    await tree({
      'testing/bridge.ts': 'export const bridge = 1;\n',
      'testing/service.ts': "import { bridge } from './bridge.js';\nexport const s = bridge;\n",
      'testing/orders/labels.ts': "import { bridge } from '../bridge.js';\nexport const l = bridge;\n",
      'testing/shipments/state.ts': "import { l } from '../orders/labels.js';\nexport const s = l;\n",
    });
    const { code, stderr } = await check();
    expect(code).toBe(1);
    expect(stderr).toContain('testing/orders/labels.ts -> testing/bridge.ts');
    expect(stderr).toContain('testing/shipments/state.ts -> testing/orders/labels.ts');
    expect(stderr).not.toContain('testing/service.ts ->');
  });
});
