import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { REDIS_MISSING, type RedisServer, redisServerBinary, startRedis } from '../support/redis.js';
import { runCrashTest } from './crash.js';

if (!redisServerBinary) console.log(REDIS_MISSING);

describe.skipIf(!redisServerBinary)('a BullMQ fleet, its workers killed at random', () => {
  let postgres: RunningPostgres;
  let redis: RedisServer;
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([postgres?.remove(), redis?.stop()]);
  });

  it('allocates and manifests each of 200 consignments exactly once, loses no job and settles every entry', async () => {
    const report = await runCrashTest({
      engine: 'bullmq',
      ledgerUrl: postgres.connectionString,
      redisUrl: redis.url,
    });
    console.log(`fleet crash test: ${JSON.stringify(report)}`);
    expect(report.kills['before-send']).toBeGreaterThan(0);
    expect(report.kills['in-flight']).toBeGreaterThan(0);
    expect(report.kills['before-record']).toBeGreaterThan(0);
    expect(report).toMatchObject({
      resends: 0,
      missing: 0,
      allocations: 200,
      manifests: 200,
      unsettled: 0,
      jobsCompleted: 200,
      jobsFailed: 0,
    });
  }, 480_000);
});
