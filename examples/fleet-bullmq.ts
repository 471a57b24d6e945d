/**
 * A fleet of BullMQ workers on Redis that never sends an allocation or a manifest twice, even when a
 * worker dies between sending and recording (BullMQ recovers a stalled job and runs it again): every
 * non-repeatable call is claimed in consignkit's Postgres ledger before it is sent (docs/scale.md). A
 * `RateLimitError` is not waited out inside the job: its `Retry-After` goes to BullMQ's own rate limiter,
 * which pauses the whole queue for every worker.
 * `REDIS_URL=redis://127.0.0.1:6379 CONSIGNKIT_LEDGER_URL=postgres://user:password@127.0.0.1/db npx tsx examples/fleet-bullmq.ts`
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { DelayedError, type Job, Queue, Worker, type WorkerOptions } from 'bullmq';
import { type ConsignmentReference, OperationInFlightError, OrdersClient, RateLimitError } from 'consignkit';
import { createPostgresLedger, type Ledger } from 'consignkit/ledger';
import { createMockService } from 'consignkit/testing';
import { packedConsignments, type ShipJob, shipConsignment } from './fleet-job.js';
import { isMain } from './run.js';

export const QUEUE = 'ship-consignment';

/** BullMQ's connection options for a `redis://host:port` URL. */
export function connectionOf(redisUrl: string) {
  const url = new URL(redisUrl);
  // Workers block on Redis: BullMQ requires maxRetriesPerRequest null for them.
  return { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
}

/**
 * Adds a job per consignment. The consignment is the job's id, so adding it again (a producer that
 * retried) adds nothing. `attempts` covers the tries a job needs while another worker holds its step.
 */
export async function enqueue(queue: Queue<ShipJob>, consignments: ConsignmentReference[]) {
  await queue.addBulk(
    consignments.map((consignment) => ({
      name: 'ship',
      data: { consignment },
      opts: { jobId: consignment, attempts: 50, backoff: { type: 'fixed', delay: 1_000 } },
    })),
  );
}

/** What a worker tells of each job. */
export interface WorkerEvents {
  shipped?(result: Awaited<ReturnType<typeof shipConsignment>>): void;
  throttled?(consignment: ConsignmentReference, waitMs: number): void;
}

/**
 * One worker with its own client (sharing the ledger with every other worker). The client sends no
 * retry of its own (`maxRetries: 0` is the caller's choice): a 429 or 503 with `Retry-After` comes back at
 * once as a `RateLimitError` (or an `InternalServerError`), and its wait is handed to BullMQ. The job
 * ends once the ledger has stored the outcomes of its calls (`ledger.flush()`): a call answers before its
 * outcome is stored, and a worker killed between the two would leave its entry pending.
 */
export function startWorker(
  redisUrl: string,
  orders: OrdersClient,
  ledger: Ledger,
  events: WorkerEvents = {},
  options: Partial<WorkerOptions> = {},
) {
  const worker: Worker<ShipJob> = new Worker<ShipJob>(
    QUEUE,
    async (job: Job<ShipJob>, token?: string) => {
      const { consignment } = job.data;
      try {
        const result = await shipConsignment(orders, consignment);
        events.shipped?.(result);
        return result;
      } catch (error) {
        if (error instanceof RateLimitError && error.retryAfter !== undefined) {
          // The service turned the call away (it did not act): pause the queue for every worker of it,
          // and put the job back without spending an attempt.
          events.throttled?.(consignment, error.retryAfter * 1_000);
          await worker.rateLimit(error.retryAfter * 1_000);
          throw Worker.RateLimitError();
        }
        if (error instanceof OperationInFlightError) {
          // Another worker holds this step (or a dead one did, until its lease passes): nothing was sent.
          // Try again later, without spending an attempt.
          await job.moveToDelayed(Date.now() + 1_000, token);
          throw new DelayedError();
        }
        throw error;
      } finally {
        await ledger.flush();
      }
    },
    { connection: connectionOf(redisUrl), concurrency: 1, ...options },
  );
  worker.on('error', (error) => console.error(`bullmq: ${error.message}`));
  return worker;
}

export async function main(
  log: (line: string) => void = console.log,
  _folder?: string,
  {
    redisUrl = process.env.REDIS_URL,
    connectionString = process.env.CONSIGNKIT_LEDGER_URL,
    count = 6,
    workers = 2,
  } = {},
) {
  if (!redisUrl || !connectionString) {
    log('skipped: set REDIS_URL (BullMQ) and CONSIGNKIT_LEDGER_URL (the ledger, on PostgreSQL)');
    return undefined;
  }
  const mock = createMockService();
  const ledger = createPostgresLedger({ connectionString });
  await ledger.migrate();
  const queue = new Queue<ShipJob>(QUEUE, { connection: connectionOf(redisUrl) });
  // maxRetries 0: the queue, not the job, waits out a Retry-After.
  const client = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger, maxRetries: 0 });
  const running: Worker<ShipJob>[] = [];
  try {
    const consignments = await packedConsignments(client(), count, `FLEET-BULLMQ-${Date.now()}`);
    // The service throttles the first allocation: 429 with Retry-After 1.
    mock.failNext('allocateConsignments', { status: 429, retryAfter: 1 });
    await enqueue(queue, consignments);
    log(`enqueued ${consignments.length} consignments`);

    const shipped = new Set<string>();
    const throttled: string[] = [];
    let finish = () => {};
    const allShipped = new Promise<void>((resolve) => {
      finish = resolve;
    });
    for (let number = 1; number <= workers; number++) {
      const worker = startWorker(redisUrl, client(), ledger, {
        shipped(result) {
          log(
            `worker ${number}: ${result.consignment} ${result.state} (allocation ${result.allocation}, manifest ${result.manifest})`,
          );
          shipped.add(result.consignment);
          if (shipped.size === consignments.length) finish();
        },
        throttled(consignment, waitMs) {
          log(`worker ${number}: ${consignment} turned away (429): the queue pauses ${waitMs} ms`);
          throttled.push(consignment);
        },
      });
      running.push(worker);
    }
    await allShipped;

    const { allocateConsignments = {}, manifestConsignments = {} } = mock.transmissions();
    // A turned-away request reached the service, which did not act on it: it is counted, and expected.
    const sentOnce = consignments.every(
      (consignment) =>
        allocateConsignments[consignment] === 1 + throttled.filter((each) => each === consignment).length &&
        manifestConsignments[consignment] === 1,
    );
    log(
      `${shipped.size} shipped; each allocated once (besides ${throttled.length} turned away) and manifested once: ${sentOnce}`,
    );
    const open = await ledger.list({ states: ['pending', 'unknown'] });
    log(`ledger entries left unsettled: ${open.length}`);
    return { shipped: shipped.size, throttled: throttled.length, sentOnce, unsettled: open.length };
  } finally {
    await Promise.all(running.map((worker) => worker.close()));
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await ledger.close();
  }
}

if (isMain(import.meta.url)) await main();
