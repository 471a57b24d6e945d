// One worker process of the fleet crash test (test/fleet/*.test.ts), on pg-boss or BullMQ as the
// examples run them, with a Postgres ledger shared by every worker. It announces each point where a crash
// matters on stdout and waits for the driver's word on stdin, so that the driver can SIGKILL it exactly
// there: `before-send` (claimed, not sent), `in-flight` (sent, no answer yet: the mock may hold the
// answer back) and `before-record` (answered, outcome not recorded).
import { createInterface } from 'node:readline';
import { type ConsignmentReference, OrdersClient } from '../../src/index.js';
import { createPostgresLedger, type Ledger } from '../../src/ledger/index.js';

const env = process.env as Record<string, string>;
const { ENGINE, LEDGER_URL, REDIS_URL, ORDERS_BASE_URL, API_KEY } = env;

const replies = createInterface({ input: process.stdin });
const waiting: (() => void)[] = [];
replies.on('line', () => waiting.shift()?.());
// The driver gone (its end of stdin closed): so is this worker.
replies.on('close', () => process.exit(0));

/** Tells the driver where this worker is, and waits for it to say go (or to kill it). */
function point(name: string, detail: string): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    process.stdout.write(`${JSON.stringify({ point: name, detail })}\n`);
  });
}

const TRANSMISSION = /\/(allocation\/allocate|consignments\/manifest)$/;

/** The client's fetch, with the points around a transmission. */
const fetchWithPoints: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (!TRANSMISSION.test(url)) return fetch(input, init);
  const detail = `${url.split('/').pop()} ${typeof init?.body === 'string' ? init.body : ''}`;
  await point('before-send', detail);
  const answer = fetch(input, init);
  process.stdout.write(`${JSON.stringify({ point: 'in-flight', detail })}\n`);
  return answer;
};

const shared = createPostgresLedger(
  { connectionString: LEDGER_URL as string },
  { leaseMs: Number(env.LEASE_MS ?? 5_000), poolSize: 3 },
);
/** The ledger, with the point between an answer and its outcome being recorded. */
const ledger: Ledger = {
  ...shared,
  leaseMs: shared.leaseMs,
  claim: (intent) => shared.claim(intent),
  record: async (claim, state, note, references) => {
    await point(
      'before-record',
      `${claim.intent.operation} ${state} ${JSON.stringify(claim.intent.references)}`,
    );
    return shared.record(claim, state, note, references);
  },
  list: (filter) => shared.list(filter),
  settle: (clients, filter) => shared.settle(clients, filter),
  resolve: (key, state, note) => shared.resolve(key, state, note),
  migrate: () => shared.migrate(),
  close: () => shared.close(),
};

const orders = new OrdersClient({
  apiKey: API_KEY as string,
  baseUrl: ORDERS_BASE_URL as string,
  fetch: fetchWithPoints,
  ledger,
  maxRetries: 0,
  timeout: Number(env.TIMEOUT_MS ?? 3_000),
});

const shipped = (consignment: ConsignmentReference) =>
  process.stdout.write(`${JSON.stringify({ shipped: consignment })}\n`);

if (ENGINE === 'pg-boss') {
  const { startBoss, startWorker } = await import('../../examples/fleet-pg-boss.js');
  const boss = await startBoss(
    LEDGER_URL as string,
    { max: 2, maintenanceIntervalSeconds: 1, monitorStateIntervalSeconds: 60 },
    15,
  );
  await startWorker(boss, orders, ledger, (result) => shipped(result.consignment), 0.5);
} else {
  const { startWorker } = await import('../../examples/fleet-bullmq.js');
  startWorker(
    REDIS_URL as string,
    orders,
    ledger,
    { shipped: (result) => shipped(result.consignment) },
    {
      // A killed worker's job is taken back after its lock lapses, as often as it takes.
      lockDuration: 4_000,
      stalledInterval: 2_000,
      maxStalledCount: 1_000,
    },
  );
}
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
