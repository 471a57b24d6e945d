import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Consignments, OrdersClient } from '../../../src/index.js';
import { cli } from '../../support/cli.js';
import { orderInput } from '../../support/fixtures.js';
import { useMockService } from '../../support/mock-service.js';

// The corpus's code after `consignkit migrate --write`, run against 0.3 (this repository's source, which
// `consignkit` resolves to here) and the mock: an override renamed with its calls still runs, a prototype
// access is the resource's method, and an override left for a hand change fails loudly, never silently.
const { mock } = useMockService();
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

let root: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (root !== undefined) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** The fixture's `before` project, migrated with a 0.2 `consignkit` beside it; answers its folder. */
async function migrated(name: string): Promise<string> {
  root = await mkdtemp(join(tmpdir(), `consignkit-migrated-${name}-`));
  await cp(join(FIXTURES, name, 'before'), root, { recursive: true });
  await mkdir(join(root, 'node_modules/consignkit'), { recursive: true });
  await writeFile(
    join(root, 'node_modules/consignkit/package.json'),
    JSON.stringify({ name: 'consignkit', types: 'index.d.ts' }),
  );
  await cp(join(FIXTURES, 'consignkit-0.2.d.ts'), join(root, 'node_modules/consignkit/index.d.ts'));
  await cp(join(FIXTURES, 'tsconfig.fixture.json'), join(root, 'tsconfig.json'));
  expect((await cli(['migrate', '--write', root])).code).toBe(0);
  // Imported from here, so that `consignkit` is this repository's 0.3 and not the 0.2 declarations.
  await rm(join(root, 'node_modules'), { recursive: true });
  return root;
}

describe('code migrated by consignkit migrate, run against 0.3', { timeout: 60_000 }, () => {
  it('runs an override renamed with its calls, super call included', async () => {
    const folder = await migrated('override-on-client');
    const { AuditedOrders, read, audit } = await import(join(folder, 'src/audited.ts'));
    const orders = new AuditedOrders({ apiKey: mock.apiKey });
    const reference = await orders.create(orderInput());
    await expect(read(orders)).rejects.toThrow(/EO-1/);
    const order = await orders.get(reference);
    expect(JSON.stringify(order)).toContain(reference);
    expect(audit).toEqual(['read EO-1', `read ${reference}`]);
  });

  it('reads a prototype access as the resource method, with no TypeError at import', async () => {
    const folder = await migrated('prototype');
    const patch = await import(join(folder, 'src/patch.ts'));
    expect(patch.create).toBe(Consignments.prototype.create);
    expect(patch.read).toBe(OrdersClient.prototype.get);
    const namespace = await import(join(folder, 'src/namespace.ts'));
    expect(namespace.cancel).toBe(Consignments.prototype.cancel);
  });

  it('leaves an override of a method that moved to a resource reachable, failing loudly at its super call', async () => {
    const folder = await migrated('override-on-resource');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { AuditedOrders, ship } = await import(join(folder, 'src/audited.ts'));
    const audited = new AuditedOrders({ apiKey: mock.apiKey });
    // The integrator's code calls the override, which runs, and stops at super.createConsignment.
    await expect(ship(audited, new OrdersClient({ apiKey: mock.apiKey }))).rejects.toThrow(TypeError);
    expect(log).toHaveBeenCalledWith('creating', {});
  });
});
