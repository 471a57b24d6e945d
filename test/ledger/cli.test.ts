// `consignkit ledger …` in process, against a real PostgreSQL and the mock's HTTP server.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient, OutcomeUnknownError } from '../../src/index.js';
import { createPostgresLedger, type Ledger } from '../../src/ledger/index.js';
import { createMockService, type MockServer, type MockService } from '../../src/testing/index.js';
import { cli } from '../support/cli.js';
import { createOrderInput, packedConsignment } from '../support/orders-mock.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let admin: pg.Pool;
let mock: MockService;
let http: MockServer;
let ledger: Ledger;

beforeAll(async () => {
  server = await startPostgres();
  admin = new pg.Pool({ connectionString: server.connectionString, max: 1 });
  admin.on('error', () => {});
  mock = createMockService();
  http = await mock.listen();
  ledger = createPostgresLedger({ connectionString: server.connectionString });
}, 120_000);

afterAll(async () => {
  await ledger?.close();
  await http?.close();
  await admin?.end();
  await server?.remove();
});

beforeEach(async () => {
  await admin.query('DROP TABLE IF EXISTS consignkit_ledger_entries, consignkit_ledger_version');
});

const env = () => ({
  CONSIGNKIT_LEDGER_URL: server.connectionString,
  CONSIGNKIT_API_KEY: mock.apiKey,
  CONSIGNKIT_ORDERS_BASE_URL: http.ordersUrl,
  CONSIGNKIT_SHIPMENTS_BASE_URL: http.shipmentsUrl,
});

/** Everything a run printed, for the search for the password. */
const printed = (result: { stdout: string; stderr: string }) => `${result.stdout}\n${result.stderr}`;

describe('consignkit ledger', () => {
  it('migrate makes the tables; list prints the entries; settle reads the service and records what it found', async () => {
    expect(await cli(['ledger', 'migrate'], env())).toMatchObject({ code: 0, stderr: '' });
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
    const consignment = await packedConsignment(new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }));
    mock.failNext('allocateConsignments', { network: 'drop-after' });
    await expect(orders.allocation.allocate([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);

    const listed = await cli(['ledger', 'list', '--json'], env());
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        operation: 'allocateConsignments',
        reference: consignment,
        state: 'unknown',
      }),
    ]);

    const settled = await cli(['ledger', 'settle'], env());
    expect(settled).toMatchObject({ code: 0, stderr: '' });
    expect(settled.stdout).toMatch(new RegExp(`allocateConsignments\\s+${consignment}\\s+done\\s+Allocated`));
    expect(mock.requests('allocateConsignments')).toHaveLength(1);
    const after = await cli(['ledger', 'list', '--state', 'done'], env());
    expect(after.stdout).toContain(consignment);
    for (const result of [listed, settled, after]) {
      expect(printed(result)).not.toContain(server.password);
    }
  });

  it('settle exits 1 and says so when an entry cannot be settled by reading', async () => {
    await cli(['ledger', 'migrate'], env());
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
    const order = await new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }).create(
      createOrderInput({ OrderReferenceProvidedByCustomer: 'CLI-1' }) as never,
    );
    mock.failNext('packOrder', { network: 'drop-after' });
    const packing = { OrderReference: order, Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }] };
    await expect(orders.pack(order as `EO-${string}`, packing as never)).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    const settled = await cli(['ledger', 'settle', '--json'], env());
    expect(settled.code).toBe(1);
    expect(JSON.parse(settled.stdout)).toEqual([
      expect.objectContaining({ operation: 'packOrder', found: 'unsettleable' }),
    ]);
    const resolved = await cli(['ledger', 'resolve', 'packOrder', order as string, 'done'], env());
    expect(resolved.code).toBe(0);
    expect((await ledger.list())[0]).toMatchObject({ state: 'done' });
  });

  it('never prints the connection string or its password: not in errors, nor with --json, nor from --ledger-url', async () => {
    const password = 'S3cret-pass%40word-0123456789';
    const wrong = server.connectionString.replace(server.password, password);
    const runs = [
      await cli(['ledger', 'list'], { ...env(), CONSIGNKIT_LEDGER_URL: wrong }),
      await cli(['ledger', 'list', '--json'], { ...env(), CONSIGNKIT_LEDGER_URL: wrong }),
      await cli(['ledger', 'migrate', '--ledger-url', wrong], { ...env(), CONSIGNKIT_LEDGER_URL: undefined }),
      await cli(['ledger', 'settle', `--ledger-url=${wrong}`, '--nonsense'], env()),
      // Given without --ledger-url, it is an unknown command, which the usage error names.
      await cli(['ledger', wrong], env()),
      // A string that is no URL at all: its password= is hidden too.
      await cli(
        ['ledger', 'list', '--ledger-url', `host=127.0.0.1 port=${server.port} password=${password}`],
        env(),
      ),
    ];
    for (const result of runs) {
      expect(result.code).not.toBe(0);
      expect(result.stderr).not.toBe('');
      for (const secret of [password, decodeURIComponent(password), wrong, server.password]) {
        expect(printed(result)).not.toContain(secret);
      }
    }
    expect(runs[0]?.stderr).toMatch(/^consignkit: LedgerError/);
  });

  it('asks for the connection string when none is given', async () => {
    const result = await cli(['ledger', 'list'], { ...env(), CONSIGNKIT_LEDGER_URL: undefined });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/CONSIGNKIT_LEDGER_URL/);
  });
});
