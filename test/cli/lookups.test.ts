import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli, lines } from '../support/cli.js';
import { orderInput } from '../support/fixtures.js';

// The commands in process, against the mock's real HTTP server, reached through --base-url.
const mock = createMockService();
let server: MockServer;
let folder: string;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });
const orders = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-cli-discovery-'));
});
afterEach(async () => {
  mock.reset();
  await rm(folder, { recursive: true, force: true });
});

const onOrders = () => ['--base-url', server.ordersUrl];

describe('locations, options, invoice, tracking', () => {
  it('locations lists the shipping locations, as a table or JSON', async () => {
    const { code, stdout } = await cli(['locations', ...onOrders()], env());
    expect(code).toBe(0);
    expect(lines(stdout)[0]).toMatch(/^REFERENCE\s+NAME\s+TOWN\s+COUNTRY$/);
    expect(stdout).toContain('SL-LONDON');
    const json = await cli(['locations', '--json', ...onOrders()], env());
    expect(JSON.parse(json.stdout).map((location: { Reference: string }) => location.Reference)).toEqual([
      'SL-LONDON',
      'SL-LEEDS',
    ]);
  });

  it('options reads a Create Order body from a file and prints the options, cheapest first', async () => {
    const file = join(folder, 'order.json');
    await writeFile(file, JSON.stringify(orderInput()));
    const { code, stdout } = await cli(['options', file, '--json', ...onOrders()], env());
    expect(code).toBe(0);
    const options = JSON.parse(stdout) as { Reference: string; Price: { Net: number } }[];
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => option.Reference.startsWith('EDO-'))).toBe(true);
    // The service lists options in no promised order; the table a person reads is cheapest first.
    const table = await cli(['options', file, ...onOrders()], env());
    const prices = lines(table.stdout)
      .slice(1)
      .map((line) => Number(line.trim().split(/\s+/)[3]));
    expect(prices.length).toBe(options.length);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const unreadable = await cli(['options', join(folder, 'missing.json'), ...onOrders()], env());
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('ENOENT');
  });

  it('invoice saves the commercial invoice PDF; tracking prints the events', async () => {
    const client = orders();
    const order = await client.create(
      orderInput({
        Addresses: [
          orderInput().Addresses[0]!,
          {
            AddressType: 'Destination',
            AddressLine1: '1 Rue de Rivoli',
            Town: 'Paris',
            Postcode: '75001',
            Country: { IsoCode: { TwoLetterCode: 'FR' } },
          },
        ],
      }),
    );
    const [consignment] = await client.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    await client.allocation.allocate([consignment!]);

    const saved = await cli(['invoice', consignment!, '--out', `${folder}/`, ...onOrders()], env());
    expect(saved.code).toBe(0);
    const pdf = await readFile(join(folder, `invoice-${consignment}.pdf`), 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);

    const tracked = await cli(['tracking', consignment!, ...onOrders()], env());
    expect(tracked.code).toBe(0);
    expect(tracked.stdout).toMatch(/ Allocated /);
  });
});

describe('carrier-services list', () => {
  it('lists the references allocating with a carrier service takes, as a table or JSON', async () => {
    const { code, stdout } = await cli(['carrier-services', 'list', ...onOrders()], env());
    expect(code).toBe(0);
    expect(lines(stdout)[0]).toMatch(/^REFERENCE\s+NAME\s+CARRIER\s+CARRIER NAME$/);
    expect(stdout).toMatch(/RM-TRACKED48\s+Royal Mail Tracked 48\s+ROYALMAIL/);
    const json = await cli(['carrier-services', 'list', '--json', ...onOrders()], env());
    const references = JSON.parse(json.stdout).map((service: { Reference: string }) => service.Reference);
    expect(references).toContain('DPD-NEXTDAY');
    expect(references).not.toContain('DHL-WORLDWIDE');
    const help = await cli(['carrier-services', '--help'], env());
    expect(help.stdout).toContain('consignkit carrier-services list');
  });
});
