import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { inspect } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../src/core/key-fingerprint.js';
import type { OperationName } from '../../src/core/operation-names.js';
import {
  LedgerError,
  OperationAlreadyDoneError,
  OperationInFlightError,
  OrdersClient,
  OutcomeUnknownError,
  ShipmentsClient,
} from '../../src/index.js';
import {
  createPostgresLedger,
  LEDGER_SCHEMA_VERSION,
  type Ledger,
  type PostgresQuery,
} from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let admin: pg.Pool;
let mock: MockService;
let ledger: Ledger;
let orders: OrdersClient;
const opened: Ledger[] = [];

beforeAll(async () => {
  server = await startPostgres();
  admin = new pg.Pool({ connectionString: server.connectionString, max: 2 });
  // Its idle connections end when a test stops the server: the next query reconnects.
  admin.on('error', () => {});
}, 120_000);

afterAll(async () => {
  for (const each of opened) await each.close().catch(() => {});
  await admin?.end();
  await server?.remove();
});

/** A ledger of its own database state: every test starts from empty tables. */
function open(connection = { connectionString: server.connectionString }, options = {}) {
  const made = createPostgresLedger(connection, options);
  opened.push(made);
  return made;
}

beforeEach(async () => {
  await admin.query('DROP TABLE IF EXISTS consignkit_ledger_entries, consignkit_ledger_version');
  mock = createMockService();
  ledger = open();
  await ledger.migrate();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
});

const sent = (operation: OperationName) => mock.requests(operation).length;
/** A client without the ledger, for what a test starts from. */
const setup = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
const entriesOf = async (operation: string) =>
  (await ledger.list()).filter((entry) => entry.operation === operation);

/** Every form an error is printed or logged in. */
const printed = (error: unknown) =>
  [String(error), JSON.stringify(error), inspect(error, { depth: 20 }), (error as Error).stack].join('\n');

describe('the Postgres ledger: migrate', () => {
  it('makes versioned tables; migrating again changes nothing', async () => {
    await ledger.migrate();
    const { rows } = await admin.query('SELECT version FROM consignkit_ledger_version');
    expect(rows).toEqual([{ version: LEDGER_SCHEMA_VERSION }]);
  });

  it('refuses tables of a newer consignkit, and never takes them down', async () => {
    await admin.query('UPDATE consignkit_ledger_version SET version = version + 1');
    const fresh = open();
    const migrating = await fresh.migrate().catch((caught: unknown) => caught);
    expect(migrating).toBeInstanceOf(LedgerError);
    expect((migrating as Error).message).toMatch(/newer consignkit/);
    const client = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger: fresh });
    const consignment = await allocatedConsignment(
      new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }),
    );
    const calling = await client.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(calling).toBeInstanceOf(LedgerError);
    expect((calling as Error).message).toMatch(/was not sent.*newer consignkit/);
    expect(sent('manifestConsignments')).toBe(0);
    const { rows } = await admin.query('SELECT version FROM consignkit_ledger_version');
    expect(rows).toEqual([{ version: LEDGER_SCHEMA_VERSION + 1 }]);
  });

  it('says to migrate when the tables do not exist, and sends nothing', async () => {
    await admin.query('DROP TABLE consignkit_ledger_entries, consignkit_ledger_version');
    const client = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger: open() });
    const consignment = await allocatedConsignment(
      new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }),
    );
    const error = await client.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as Error).message).toMatch(/ledger\.migrate\(\) or consignkit ledger migrate/);
    expect(sent('manifestConsignments')).toBe(0);
  });
});

describe('the Postgres ledger through the clients', () => {
  it('records the intent as pending before sending, and done after', async () => {
    const consignment = await allocatedConsignment(setup());
    let during: unknown[] = [];
    const watching = new OrdersClient({
      apiKey: mock.apiKey,
      ledger,
      maxRetries: 0,
      fetch: async (input, init) => {
        during = (
          await admin.query(
            "SELECT state FROM consignkit_ledger_entries WHERE operation = 'manifestConsignments'",
          )
        ).rows;
        return mock.fetch(input, init);
      },
    });
    await watching.manifests.manifest([consignment]);
    expect(during).toEqual([{ state: 'pending' }]);
    expect(await entriesOf('manifestConsignments')).toEqual([
      expect.objectContaining({
        environment: 'sandbox',
        area: 'orders',
        reference: consignment,
        state: 'done',
      }),
    ]);
  });

  it('answers before its outcome is stored, and close() waits for it: a worker ending cleanly loses none', async () => {
    const consignment = await allocatedConsignment(setup());
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
    const slowToRecord = {
      query: async (config: PostgresQuery) => {
        if (config.name?.includes('record')) await new Promise((resolve) => setTimeout(resolve, 300));
        return pool.query(config);
      },
      connect: () => pool.connect(),
      end: () => pool.end(),
    };
    const worker = createPostgresLedger({ pool: slowToRecord });
    const client = new OrdersClient({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      maxRetries: 0,
      ledger: worker,
    });
    const states = async () =>
      (
        await admin.query(
          "SELECT state FROM consignkit_ledger_entries WHERE operation = 'manifestConsignments'",
        )
      ).rows;
    try {
      await client.manifests.manifest([consignment]);
      expect(await states()).toEqual([{ state: 'pending' }]);
      await worker.close();
      expect(await states()).toEqual([{ state: 'done' }]);
    } finally {
      await pool.end();
    }
  });

  it('flush() waits for the outcomes still being stored, also through a ledger that wraps it, as a queue job awaits before it completes', async () => {
    const [first, second] = [await allocatedConsignment(setup()), await allocatedConsignment(setup())];
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 3 });
    const slowToRecord = {
      query: async (config: PostgresQuery) => {
        if (config.name?.includes('record')) await new Promise((resolve) => setTimeout(resolve, 300));
        return pool.query(config);
      },
      connect: () => pool.connect(),
      end: () => pool.end(),
    };
    const worker = createPostgresLedger({ pool: slowToRecord });
    // A wrapper as a worker writes one to watch its ledger: its calls are recorded under its own name.
    const wrapped: Ledger = { ...worker, record: (...outcome) => worker.record(...outcome) };
    const stateOf = async (consignment: string) =>
      (
        await admin.query(
          "SELECT state FROM consignkit_ledger_entries WHERE operation = 'manifestConsignments' AND reference = $1",
          [consignment],
        )
      ).rows[0]?.state;
    try {
      const direct = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger: worker });
      await direct.manifests.manifest([first]);
      expect(await stateOf(first)).toBe('pending');
      await worker.flush();
      expect(await stateOf(first)).toBe('done');

      const throughWrapper = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger: wrapped });
      await throughWrapper.manifests.manifest([second]);
      expect(await stateOf(second)).toBe('pending');
      await wrapped.flush();
      expect(await stateOf(second)).toBe('done');
    } finally {
      await worker.close();
      await pool.end();
    }
  });

  it('records refused when the service refused it, and the next call sends without reading first', async () => {
    const consignment = await allocatedConsignment(setup());
    mock.failNext('manifestConsignments', { status: 400, body: { Code: 'bad', Message: 'no' } });
    await expect(orders.manifests.manifest([consignment])).rejects.toThrow();
    expect((await entriesOf('manifestConsignments'))[0]?.state).toBe('refused');
    const reads = sent('getConsignment');
    await orders.manifests.manifest([consignment]);
    expect(sent('getConsignment')).toBe(reads);
    expect(sent('manifestConsignments')).toBe(2);
  });

  it('settles an unknown outcome by reading before the next call: done, nothing resent', async () => {
    const consignment = await packedConsignment(setup());
    mock.failNext('allocateConsignments', { network: 'drop-after' });
    await expect(orders.allocation.allocate([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect((await entriesOf('allocateConsignments'))[0]?.state).toBe('unknown');
    const again = await orders.allocation.allocate([consignment]).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('allocateConsignments')).toBe(1);
    expect((await entriesOf('allocateConsignments'))[0]?.state).toBe('done');
  });

  it("takes over a crashed worker's claim once its lease has passed, settles it by reading, and sends nothing", async () => {
    const consignment = await allocatedConsignment(setup());
    // The crashed worker: claimed, sent, died before recording.
    const crashed = await ledger.claim({
      environment: 'sandbox',
      account: await keyFingerprint(mock.apiKey),
      asks: '',
      area: 'orders',
      operation: 'manifestConsignments',
      references: [consignment],
      call: {
        name: 'OutcomeUnknownError',
        message: 'm',
        operation: 'manifestConsignments',
        references: [consignment],
        reason: 'unsettled',
      },
      leaseMs: 300_000,
    });
    expect(crashed.claim).toBeDefined();
    await new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }).manifests.manifest([consignment]);
    const held = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(held).toBeInstanceOf(OperationInFlightError);
    expect(held).toMatchObject({ operation: 'manifestConsignments', references: [consignment] });
    expect((held as Error).message).toMatch(/manifestConsignments is in flight for EC-/);
    // Its lease passes (the database's clock decides).
    await admin.query("UPDATE consignkit_ledger_entries SET lease_until = now() - interval '1 second'");
    const settled = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(settled).toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('claims Manifest From Query by its scope: the shipping locations it names', async () => {
    await allocatedConsignment(setup());
    mock.failNext('manifestConsignmentsFromQuery', { delay: 300 });
    const query = { States: ['Allocated' as const], ShippingLocationReference: 'SL-LONDON' };
    const first = orders.manifests.manifestFromQuery(query);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await orders.manifests.manifestFromQuery(query).catch((caught: unknown) => caught);
    expect(second).toBeInstanceOf(OperationInFlightError);
    expect((second as OperationInFlightError).references).toEqual(['SL-LONDON']);
    await first;
    expect(sent('manifestConsignmentsFromQuery')).toBe(1);
  });

  it('keeps sandbox and production apart: the same reference in each is its own entry', async () => {
    const consignment = await allocatedConsignment(setup());
    await ledger.claim({
      environment: 'production',
      account: await keyFingerprint(mock.apiKey),
      asks: '',
      area: 'orders',
      operation: 'manifestConsignments',
      references: [consignment],
      call: {
        name: 'OutcomeUnknownError',
        message: 'm',
        operation: 'manifestConsignments',
        references: [consignment],
        reason: 'unsettled',
      },
      leaseMs: 300_000,
    });
    // A production claim does not hold the sandbox call.
    await orders.manifests.manifest([consignment]);
    expect(sent('manifestConsignments')).toBe(1);
    const keys = (await ledger.list()).filter((entry) => entry.operation === 'manifestConsignments');
    expect(keys.map((entry) => [entry.environment, entry.state]).sort()).toEqual([
      ['production', 'pending'],
      ['sandbox', 'done'],
    ]);
    // Settling with a sandbox client never reads a production entry through it.
    await admin.query("UPDATE consignkit_ledger_entries SET lease_until = now() - interval '1 second'");
    const settled = await ledger.settle({ orders });
    expect(settled.filter((entry) => entry.environment === 'production')).toEqual([
      expect.objectContaining({ found: 'skipped' }),
    ]);
  });

  it('settle() settles every expired and unknown entry by reading, entry by entry', async () => {
    const done = await packedConsignment(setup());
    const notDone = await packedConsignment(setup());
    mock.failNext('allocateConsignments', { network: 'drop-after' });
    await orders.allocation.allocate([done]).catch(() => {});
    mock.failNext('allocateConsignments', { network: 'drop-before' });
    await orders.allocation.allocate([notDone]).catch(() => {});
    const settled = await ledger.settle({ orders });
    expect(
      settled
        .map(({ reference, found }) => ({ reference, found }))
        .sort((a, b) => a.reference.localeCompare(b.reference)),
    ).toEqual(
      [
        { reference: done, found: 'done' },
        { reference: notDone, found: 'not-done' },
      ].sort((a, b) => a.reference.localeCompare(b.reference)),
    );
    expect((await entriesOf('allocateConsignments')).map((entry) => entry.state).sort()).toEqual([
      'done',
      'refused',
    ]);
    expect(sent('allocateConsignments')).toBe(2);
  });
});

describe('the Postgres ledger when Postgres goes away', () => {
  it('sends nothing when the intent cannot be recorded, and says so without the connection string', async () => {
    const consignment = await allocatedConsignment(setup());
    const lines: string[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: (m: string) => lines.push(m), error: () => {} };
    const client = new OrdersClient({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      ledger,
      logger,
      maxRetries: 0,
    });
    await server.stop();
    try {
      const error = await client.manifests.manifest([consignment]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LedgerError);
      expect((error as Error).message).toMatch(
        /manifestConsignments was not sent: the ledger could not record its intent/,
      );
      expect((error as Error).message).toMatch(/Nothing was sent/);
      expect(sent('manifestConsignments')).toBe(0);
      for (const text of [printed(error), ...lines]) {
        expect(text).not.toContain(server.password);
        expect(text).not.toContain(server.connectionString);
      }
    } finally {
      await server.start();
    }
  });

  it('answers the call when the outcome cannot be recorded after sending, and the entry is settled later', async () => {
    const consignment = await allocatedConsignment(setup());
    const lines: string[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: (m: string) => lines.push(m), error: () => {} };
    const client = new OrdersClient({
      apiKey: mock.apiKey,
      ledger,
      logger,
      maxRetries: 0,
      // Postgres dies while the request is out.
      fetch: async (input, init) => {
        await server.stop();
        return mock.fetch(input, init);
      },
    });
    try {
      await client.manifests.manifest([consignment]);
    } finally {
      await server.start();
    }
    expect(sent('manifestConsignments')).toBe(1);
    expect(lines.join('\n')).toMatch(/could not record its outcome/);
    expect(lines.join('\n')).not.toContain(server.password);
    expect((await entriesOf('manifestConsignments'))[0]?.state).toBe('pending');
    await admin.query("UPDATE consignkit_ledger_entries SET lease_until = now() - interval '1 second'");
    expect(await ledger.settle({ orders })).toEqual([
      expect.objectContaining({ reference: consignment, found: 'done' }),
    ]);
    await expect(orders.manifests.manifest([consignment])).rejects.toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('never shows the password of a connection string it cannot use', async () => {
    const wrong = server.connectionString.replace(server.password, 'not-the-password-0123456789');
    const bad = open({ connectionString: wrong });
    const client = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger: bad });
    const error = await client.manifests
      .manifest('sp_00000000000000000000000000')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerError);
    expect(printed(error)).not.toContain('not-the-password-0123456789');
    expect(printed(error)).not.toContain(wrong);
    expect(sent('manifestShipment')).toBe(0);
  });
});

describe('the Postgres ledger across processes', () => {
  it('two processes manifesting the same consignment at the same instant transmit it once', async () => {
    const source = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const consignments = [];
    for (let index = 0; index < 6; index++) consignments.push(await allocatedConsignment(source));
    const http = await mock.listen();
    // Each answer is held back a little, so that the other process meets the live claim.
    mock.failNext('manifestConsignments', { delay: 150, times: consignments.length * 2 });
    try {
      const env = {
        ...process.env,
        LEDGER_URL: server.connectionString,
        ORDERS_BASE_URL: http.ordersUrl,
        CONSIGNMENTS: JSON.stringify(consignments),
        STEP_MS: '400',
      };
      const worker = () => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/ledger-race-worker.ts'], {
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        let signalReady: () => void;
        const ready = new Promise<void>((resolve) => (signalReady = resolve));
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.startsWith('ready\n')) signalReady();
        });
        child.stderr.on('data', (chunk) => (err += chunk));
        const exited = once(child, 'exit').then(([code]) => ({
          code,
          out: out.slice('ready\n'.length),
          err,
        }));
        return { child, ready, exited };
      };
      const workers = [worker(), worker()];
      await Promise.all(workers.map((each) => each.ready));
      // Both connected and waiting: the same instant for each, a little ahead.
      const startAt = String(Date.now() + 200);
      for (const each of workers) each.child.stdin.end(`${startAt}\n`);
      const [a, b] = await Promise.all(workers.map((each) => each.exited));
      expect(a?.err + (b?.err ?? '')).toBe('');
      const outcomes = [JSON.parse(a?.out ?? '') as string[], JSON.parse(b?.out ?? '') as string[]];
      for (const [index, consignment] of consignments.entries()) {
        const pair = [outcomes[0]?.[index], outcomes[1]?.[index]].sort();
        // One sent it; the other met the claim, or the settled outcome.
        expect(['OperationAlreadyDoneError', 'OperationInFlightError']).toContain(pair[0]);
        expect(pair[1]).toBe('sent');
        expect(
          mock.store.orders.manifests.filter((manifest) =>
            manifest.ConsignmentReferences.includes(consignment),
          ),
        ).toHaveLength(1);
      }
      expect(sent('manifestConsignments')).toBe(consignments.length);
    } finally {
      await http.close();
    }
  }, 60_000);
});
