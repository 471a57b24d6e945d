import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersClient, RateLimitError, RequestAbortedError } from '../../src/index.js';
import { createMemoryLedger, createPostgresLedger, type Ledger } from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
const opened: Ledger[] = [];

beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  for (const ledger of opened) await ledger.close().catch(() => {});
  await server?.remove();
});

/** A worker's own ledger (its own pool) on the shared database. */
async function workerLedger() {
  const ledger = createPostgresLedger({ connectionString: server.connectionString });
  opened.push(ledger);
  await ledger.migrate();
  return ledger;
}

const client = (mock: MockService, ledger: Ledger, environment: 'sandbox' | 'production' = 'production') =>
  new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger, environment });

/** How long a call took, and what it ended in. */
async function timed(call: () => Promise<unknown>) {
  const started = Date.now();
  const outcome = await call().then(
    () => 'ok',
    (error: Error) => error,
  );
  return { ms: Date.now() - started, outcome };
}

describe('the shared pause on a Postgres ledger', () => {
  it("makes every worker wait out one worker's 429 Retry-After before sending", async () => {
    const mock = createMockService();
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const [first, second] = [await allocatedConsignment(setup), await packedConsignment(setup)];
    const [workerA, workerB] = [client(mock, await workerLedger()), client(mock, await workerLedger())];

    mock.failNext('manifestConsignments', { status: 429, retryAfter: 2 });
    await expect(workerA.manifests.manifest([first])).rejects.toBeInstanceOf(RateLimitError);
    const before = mock.requests('allocateConsignments').length;
    const { ms, outcome } = await timed(() => workerB.allocation.allocate([second]));
    expect(outcome).toBe('ok');
    expect(ms).toBeGreaterThanOrEqual(1_700);
    expect(mock.requests('allocateConsignments')).toHaveLength(before + 1);
  }, 30_000);

  it('pauses for a 503 with Retry-After too, and keeps a fingerprint of the key, never the key', async () => {
    const mock = createMockService({ apiKey: 'pause-test-key-503' });
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const [first, second] = [await allocatedConsignment(setup), await allocatedConsignment(setup)];
    const ledger = await workerLedger();
    const [workerA, workerB] = [client(mock, ledger), client(mock, await workerLedger())];
    mock.failNext('manifestConsignments', { status: 503, retryAfter: 1 });
    await expect(workerA.manifests.manifest([first])).rejects.toMatchObject({ status: 503 });
    const { ms, outcome } = await timed(() => workerB.manifests.manifest([second]));
    expect(outcome).toBe('ok');
    expect(ms).toBeGreaterThanOrEqual(700);

    const admin = new pg.Pool({ connectionString: server.connectionString, max: 1 });
    try {
      const { rows } = await admin.query('SELECT * FROM consignkit_ledger_pauses');
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain('pause-test-key-503');
      expect(rows.map((row) => row.api_key)).toContainEqual(expect.stringMatching(/^[0-9a-f]{16}$/));
    } finally {
      await admin.end();
    }
  }, 30_000);

  it('leaves another environment and another key unpaused', async () => {
    const mock = createMockService();
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const [first, second] = [await allocatedConsignment(setup), await packedConsignment(setup)];
    const [paused, sandbox] = [
      client(mock, await workerLedger()),
      client(mock, await workerLedger(), 'sandbox'),
    ];
    mock.failNext('manifestConsignments', { status: 429, retryAfter: 3 });
    await expect(paused.manifests.manifest([first])).rejects.toBeInstanceOf(RateLimitError);
    const inSandbox = await timed(() => sandbox.allocation.allocate([second]));
    expect(inSandbox.outcome).toBe('ok');
    expect(inSandbox.ms).toBeLessThan(1_500);

    const other = createMockService({ apiKey: 'another-account-key' });
    const otherSetup = new OrdersClient({ apiKey: other.apiKey, fetch: other.fetch });
    const third = await packedConsignment(otherSetup);
    const otherAccount = await timed(() =>
      client(other, opened.at(-1) as Ledger).allocation.allocate([third]),
    );
    expect(otherAccount.outcome).toBe('ok');
    expect(otherAccount.ms).toBeLessThan(1_500);
  }, 30_000);

  it('sends nothing when the signal aborts the wait, and says why', async () => {
    const mock = createMockService();
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const [first, second] = [await allocatedConsignment(setup), await allocatedConsignment(setup)];
    const [workerA, workerB] = [client(mock, await workerLedger()), client(mock, await workerLedger())];
    mock.failNext('manifestConsignments', { status: 429, retryAfter: 5 });
    await expect(workerA.manifests.manifest([first])).rejects.toBeInstanceOf(RateLimitError);
    const before = mock.requests('manifestConsignments').length;
    const aborted = await workerB.manifests
      .manifest([second], { signal: AbortSignal.timeout(200) })
      .catch((error: unknown) => error);
    expect(aborted).toBeInstanceOf(RequestAbortedError);
    expect(String((aborted as Error).message)).toMatch(/pause another worker recorded.*nothing was sent/);
    expect(mock.requests('manifestConsignments')).toHaveLength(before);
  }, 30_000);
});

describe('the shared pause on a memory ledger', () => {
  it('is shared by the clients of one process', async () => {
    const mock = createMockService();
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const [first, second] = [await allocatedConsignment(setup), await packedConsignment(setup)];
    const ledger = createMemoryLedger();
    mock.failNext('manifestConsignments', { status: 429, retryAfter: 1 });
    await expect(client(mock, ledger).manifests.manifest([first])).rejects.toBeInstanceOf(RateLimitError);
    const { ms, outcome } = await timed(() => client(mock, ledger).allocation.allocate([second]));
    expect(outcome).toBe('ok');
    expect(ms).toBeGreaterThanOrEqual(700);
  });
});
