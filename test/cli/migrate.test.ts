import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTypeScript } from '../../src/cli/migrate-command.js';
import { cli } from '../support/cli.js';

// `consignkit migrate` on small projects written here: a fake `consignkit` package declaring the 0.2 flat
// clients (what an integrator's code was typed against before upgrading), a tsconfig, and the files.
const CONSIGNKIT_0_2 = `
export interface RequestOptions { signal?: AbortSignal }
export declare class OrdersClient {
  constructor(options: { apiKey: string });
  getOrder(reference: string, options?: RequestOptions): Promise<{ Reference: string }>;
  cancelConsignment(reference: string, options?: RequestOptions): Promise<void>;
  allocateWithCheapestQuote(references: string[], options?: RequestOptions): Promise<void>;
  getTracking(reference: string, options?: RequestOptions): Promise<unknown>;
}
export declare class ShipmentsClient {
  constructor(options: { apiKey: string });
  getShipment(reference: string, options?: RequestOptions): Promise<unknown>;
  getTracking(reference: string, options?: RequestOptions): Promise<unknown>;
}
export declare const mock: { failNext(operation: string): void };
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    noEmit: true,
  },
  include: ['src'],
});

const TYPED = `import { mock, OrdersClient as Orders, ShipmentsClient } from 'consignkit';

const orders = new Orders({ apiKey: 'k' });
const shipments = new ShipmentsClient({ apiKey: 'k' });
const either: Orders | ShipmentsClient = Math.random() > 0.5 ? orders : shipments;

class Repository {
  getOrder(id: string) {
    return id;
  }
}

class MyOrders extends Orders {}

class Shipping {
  constructor(
    private readonly orders: Orders,
    private readonly spare?: Orders,
  ) {}
  cancel(reference: string) {
    return this.orders.getOrder(reference).then(() => this.spare?.cancelConsignment(reference));
  }
}

export async function main(repository: Repository, mine: MyOrders) {
  await orders.getOrder('EO-1');
  await orders['cancelConsignment']('EC-1');
  await orders?.cancelConsignment('EC-2');
  await either.getTracking('EC-3');
  await mine.getOrder('EO-2');
  await shipments.getShipment('sp_1');
  repository.getOrder('EO-3');
  mock.failNext('cancelConsignment');
  return [Shipping, ['EO-4'].map(orders.getOrder)];
}

export function unpack() {
  const { getOrder } = orders;
  return getOrder;
}

export type Lookup = Parameters<Orders['getOrder']>[0] | Parameters<Repository['getOrder']>[0];
`;

const TYPED_AFTER = TYPED.replace(
  'return this.orders.getOrder(reference).then(() => this.spare?.cancelConsignment(reference));',
  'return this.orders.get(reference).then(() => this.spare?.consignments.cancel(reference));',
)
  .replace("await orders.getOrder('EO-1');", "await orders.get('EO-1');")
  .replace("await orders['cancelConsignment']('EC-1');", "await orders.consignments['cancel']('EC-1');")
  .replace("await orders?.cancelConsignment('EC-2');", "await orders?.consignments.cancel('EC-2');")
  .replace("await either.getTracking('EC-3');", "await either.tracking.get('EC-3');")
  .replace("await mine.getOrder('EO-2');", "await mine.get('EO-2');")
  .replace("await shipments.getShipment('sp_1');", "await shipments.get('sp_1');")
  .replace("['EO-4'].map(orders.getOrder)", "['EO-4'].map(orders.get)")
  .replace("Parameters<Orders['getOrder']>", "Parameters<Orders['get']>");

const UNTYPED_JS = `import 'consignkit';

export function track(client, reference) {
  const cache = { getOrder: (id) => id };
  cache.getOrder(reference);
  return client.getTracking(reference).then(() => client.allocation.allocateWithCheapestQuote([reference]));
}

export const allocate = (client, references) => client.allocateWithCheapestQuote(references);
`;

const README = `# Shipping

\`\`\`ts
import { OrdersClient } from 'consignkit';
const order = await orders.getOrder('EO-1');
await orders.cancelConsignment('EC-1');
\`\`\`

\`\`\`sh
node -e "orders.getOrder('EO-1')"
\`\`\`
`;

let directory: string;

async function project(files: Record<string, string>): Promise<string> {
  directory = await mkdtemp(join(tmpdir(), 'consignkit-migrate-'));
  const all = {
    'node_modules/consignkit/package.json': JSON.stringify({ name: 'consignkit', types: 'index.d.ts' }),
    'node_modules/consignkit/index.d.ts': CONSIGNKIT_0_2,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(directory, path)), { recursive: true });
    await writeFile(join(directory, path), text);
  }
  return directory;
}

const read = (path: string) => readFile(join(directory, path), 'utf8');

afterEach(async () => {
  if (directory !== undefined) await rm(directory, { recursive: true, force: true });
});

// Each run builds a TypeScript program: seconds apiece on a shared machine.
describe('consignkit migrate', { timeout: 60_000 }, () => {
  it('rewrites calls and indexed types on receivers typed as a client, and leaves an unrelated getOrder alone', async () => {
    const root = await project({ 'tsconfig.json': TSCONFIG, 'src/shipping.ts': TYPED });
    const { code, stderr } = await cli(['migrate', '--write', root]);
    expect(code).toBe(0);
    expect(await read('src/shipping.ts')).toBe(TYPED_AFTER);
    expect(stderr).toContain('rewrote 10 call sites in 1 file (0 by name)');
    // The destructured method is reported, not rewritten; the method reference is rewritten with a warning.
    expect(stderr).toMatch(
      /shipping\.ts:38:11: not rewritten: getOrder is destructured from OrdersClient: take it from orders\.get by hand/,
    );
    expect(stderr).toMatch(/shipping\.ts:34:41: warning: getOrder is passed as a value, not called/);
  });

  it('is a dry run by default: prints a unified diff and writes nothing', async () => {
    const root = await project({ 'tsconfig.json': TSCONFIG, 'src/shipping.ts': TYPED });
    const { code, stdout, stderr } = await cli(['migrate', root]);
    expect(code).toBe(0);
    expect(await read('src/shipping.ts')).toBe(TYPED);
    const file = join(root, 'src/shipping.ts');
    expect(stdout).toMatch(new RegExp(`^--- ${file}\n\\+\\+\\+ ${file}\n@@ -18,(\\d+) \\+18,\\1 @@\n`));
    expect(stdout).toContain("-  await orders['cancelConsignment']('EC-1');\n");
    expect(stdout).toContain("+  await orders.consignments['cancel']('EC-1');\n");
    expect(stdout).not.toContain('repository.get(');
    expect(stderr).toContain('10 call sites in 1 file (0 by name); a dry run, nothing written');
  });

  it('a second run rewrites nothing', async () => {
    const root = await project({
      'tsconfig.json': TSCONFIG,
      'src/shipping.ts': TYPED,
      'src/track.js': UNTYPED_JS,
      'README.md': README,
    });
    expect((await cli(['migrate', '--write', root])).code).toBe(0);
    const again = await cli(['migrate', root]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('0 call sites in 0 files (0 by name)');
  });

  it('rewrites untyped JavaScript that imports consignkit by name, and reports those sites as by name', async () => {
    // No tsconfig: the files are typed as loose files with allowJs.
    const root = await project({ 'track.js': UNTYPED_JS });
    const { code, stderr } = await cli(['migrate', '--write', root]);
    expect(code).toBe(0);
    expect(await read('track.js')).toBe(
      UNTYPED_JS.replace('client.getTracking(reference)', 'client.tracking.get(reference)').replace(
        'client.allocateWithCheapestQuote(references)',
        'client.allocation.allocateWithCheapestQuote(references)',
      ),
    );
    expect(stderr).toContain('track.js:6:17: getTracking -> tracking.get by name');
    expect(stderr).toContain('rewrote 2 call sites in 1 file (2 by name)');
  });

  it('types JavaScript through the project when it imports the clients', async () => {
    const root = await project({
      'app.mjs': `import { OrdersClient } from 'consignkit';\nconst orders = new OrdersClient({ apiKey: 'k' });\nconst local = { getOrder: () => 1 };\nawait orders.getOrder('EO-1');\nlocal.getOrder();\n`,
    });
    const { stderr } = await cli(['migrate', '--write', root]);
    expect(await read('app.mjs')).toContain("await orders.get('EO-1');\nlocal.getOrder();\n");
    expect(stderr).toContain('rewrote 1 call site in 1 file (0 by name)');
  });

  it('rewrites the ts and js code blocks of Markdown files that import consignkit by name, and no other block', async () => {
    const root = await project({ 'docs/shipping.md': README });
    const { code, stdout } = await cli(['migrate', root]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      "-const order = await orders.getOrder('EO-1');\n-await orders.cancelConsignment('EC-1');\n+const order = await orders.get('EO-1');\n+await orders.consignments.cancel('EC-1');\n",
    );
    await cli(['migrate', '--write', root]);
    expect(await read('docs/shipping.md')).toContain(`node -e "orders.getOrder('EO-1')"`);
  });

  it('leaves a file that does not parse alone, still rewrites the others, and exits 1', async () => {
    const root = await project({ 'broken.ts': 'orders.getOrder(;\n', 'ok.js': UNTYPED_JS });
    const { code, stderr } = await cli(['migrate', '--write', root]);
    expect(code).toBe(1);
    expect(await read('broken.ts')).toBe('orders.getOrder(;\n');
    expect(await read('ok.js')).not.toBe(UNTYPED_JS);
    expect(stderr).toMatch(/broken\.ts:1:17: cannot parse, left alone/);
  });

  it('answers --json with each site, and refuses a path that does not exist (exit 2)', async () => {
    const root = await project({ 'tsconfig.json': TSCONFIG, 'src/shipping.ts': TYPED });
    const { stdout } = await cli(['migrate', '--json', root]);
    const answer = JSON.parse(stdout) as {
      files: { sites: { old: string; path: string; byName: boolean }[] }[];
      summary: unknown;
    };
    expect(answer.summary).toEqual({ callSites: 10, files: 1, byName: 0 });
    expect(answer.files[0]?.sites).toContainEqual(
      expect.objectContaining({ old: 'getTracking', path: 'tracking.get', byName: false }),
    );
    const missing = await cli(['migrate', join(root, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or folder');
  });

  it('names the package to install when TypeScript is missing', async () => {
    await expect(loadTypeScript(tmpdir(), 'typescript-not-installed')).rejects.toThrow(
      /consignkit migrate needs typescript-not-installed, an optional peer dependency of consignkit: npm install --save-dev typescript-not-installed/,
    );
  });
});
