import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as fleetBullmq } from '../../examples/fleet-bullmq.js';
import { main as fleetPgBoss } from '../../examples/fleet-pg-boss.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { REDIS_MISSING, type RedisServer, redisServerBinary, startRedis } from '../support/redis.js';

if (!redisServerBinary) console.log(REDIS_MISSING);

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.remove());

describe('examples/fleet-pg-boss.ts', () => {
  it('ships every consignment with two pg-boss workers, each allocated and manifested once', async () => {
    const lines: string[] = [];
    const result = await fleetPgBoss((line) => lines.push(line), undefined, {
      connectionString: postgres.connectionString,
      count: 6,
      workers: 2,
    });
    expect(result).toEqual({ shipped: 6, sentOnce: true, unsettled: 0 });
    expect(
      lines.filter((line) =>
        /^worker [12]: EC-\S+ Manifested \(allocation sent, manifest sent\)$/.test(line),
      ),
    ).toHaveLength(6);
  }, 90_000);

  it('says what to set, and sends nothing, without a database', async () => {
    const lines: string[] = [];
    expect(
      await fleetPgBoss((line) => lines.push(line), undefined, { connectionString: '' }),
    ).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining('CONSIGNKIT_LEDGER_URL')]);
  });
});

describe.skipIf(!redisServerBinary)('examples/fleet-bullmq.ts', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(() => redis?.stop());

  it("ships every consignment with two BullMQ workers, a 429's Retry-After passed to BullMQ's rate limiter", async () => {
    const lines: string[] = [];
    const started = Date.now();
    const result = await fleetBullmq((line) => lines.push(line), undefined, {
      redisUrl: redis.url,
      connectionString: postgres.connectionString,
      count: 6,
      workers: 2,
    });
    expect(result).toEqual({ shipped: 6, throttled: 1, sentOnce: true, unsettled: 0 });
    expect(lines.filter((line) => /turned away \(429\): the queue pauses 1000 ms$/.test(line))).toHaveLength(
      1,
    );
    // The queue waited out the Retry-After (1 s) before the throttled job ran again.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  }, 90_000);
});
