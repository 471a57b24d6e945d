import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient } from '../../src/index.js';
import { cli } from '../support/cli.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-cli-seed-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** A free loopback port. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The JSON value `consignkit mock --json` printed first. */
function printedJson<T>(stdout: string): T {
  return JSON.parse(stdout.slice(0, stdout.indexOf('\n}\n') + 2)) as T;
}

/** Runs `consignkit mock` on a port of its own while `use` talks to it over HTTP, then stops it. */
async function withMock(args: string[], use: (ordersUrl: string) => Promise<void> = async () => {}) {
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const port = await freePort();
  const running = cli(
    ['mock', '--port', String(port), '--json', ...args],
    {},
    { waitForStop: () => stopped },
  );
  const ordersUrl = `http://127.0.0.1:${port}/orders-api`;
  // Wait until it answers.
  for (let attempt = 0; attempt < 50; attempt++) {
    if (
      await fetch(`${ordersUrl}/shippinglocations`, {
        headers: { 'ocp-apim-subscription-key': 'mock-api-key' },
      }).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    await use(ordersUrl);
  } finally {
    stop();
  }
  return running;
}

type Seeded = { seeded: { shippingLocations: number; carrierServices: number; allocated: string[] } };

describe('consignkit mock --seed and --fixtures', () => {
  it('seeds from a fixtures file: locations, services and allocated consignments another process can ship', async () => {
    const fixtures = join(folder, 'fixtures.json');
    await writeFile(
      fixtures,
      JSON.stringify({
        shippingLocations: [{ Reference: 'SL-BRISTOL', Name: 'Bristol Depot', CountryCode: 'GB' }],
        carrierServices: [
          {
            CarrierReference: 'ACME',
            CarrierName: 'Acme',
            ServiceReference: 'ACME-24',
            ServiceName: 'Acme 24',
            Countries: ['GB'],
            Price: 0.5,
            TransitDays: 1,
          },
        ],
        allocatedConsignments: 2,
      }),
    );
    let manifested: string[] = [];
    const { code, stdout } = await withMock(['--seed', '7', '--fixtures', fixtures], async (ordersUrl) => {
      // Another process's client, pointed at the mock: it ships what was seeded.
      const orders = new OrdersClient({ apiKey: 'mock-api-key', baseUrl: ordersUrl });
      const ready = await orders.consignments.getReferences({ State: 'Allocated' });
      manifested = (await orders.manifests.manifest(ready))
        .filter((r) => r.IsSuccess)
        .map((r) => String(r.Data));
      expect((await orders.shippingLocations.get('SL-BRISTOL')).Name).toBe('Bristol Depot');
    });
    expect(code).toBe(0);
    const { seeded } = printedJson<Seeded>(stdout);
    expect(seeded).toMatchObject({ shippingLocations: 1, carrierServices: 1 });
    expect(seeded.allocated).toHaveLength(2);
    expect(manifested).toEqual(seeded.allocated);
  });

  it('gives the same references for the same seed, and refuses a bad seed or fixtures file', async () => {
    const fixtures = join(folder, 'one.json');
    await writeFile(fixtures, JSON.stringify({ allocatedConsignments: 1 }));
    const runs: string[][] = [];
    for (const seed of ['42', '42', '43']) {
      const { stdout } = await withMock(['--seed', seed, '--fixtures', fixtures]);
      runs.push(printedJson<Seeded>(stdout).seeded.allocated);
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[2]).not.toEqual(runs[0]);
    expect((await cli(['mock', '--seed', 'x'])).code).toBe(2);
    const unreadable = await cli(['mock', '--fixtures', join(folder, 'missing.json')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('ENOENT');
  });
});
