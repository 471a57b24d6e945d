import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main as fleetBullmq } from '../../examples/fleet-bullmq.js';
import { fleetDemo } from '../../examples/fleet-demo.js';
import { main as fleetPgBoss } from '../../examples/fleet-pg-boss.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { REDIS_MISSING, type RedisServer, redisServerBinary, startRedis } from '../support/redis.js';

if (!redisServerBinary) console.log(REDIS_MISSING);

describe('npm run demo: the fleet examples, with no database given', () => {
  it('runs pg-boss on a PostgreSQL of its own, kills two workers, and sends nothing twice', async () => {
    vi.stubEnv('CONSIGNKIT_LEDGER_URL', '');
    vi.stubEnv('REDIS_URL', '');
    const lines: string[] = [];
    try {
      const results = await fleetDemo((line) => lines.push(line));
      expect(results.pgBoss).toEqual({ shipped: 6, killed: 2, sentOnce: true, duplicates: 0, unsettled: 0 });
      if (!redisServerBinary) {
        expect(results.bullmq).toBeUndefined();
        expect(lines.at(-1)).toBe(
          'skipped: REDIS_URL is unset, and no redis-server is on the PATH to start one',
        );
      } else {
        expect(results.bullmq).toMatchObject({ shipped: 6, sentOnce: true, unsettled: 0 });
      }
    } finally {
      vi.unstubAllEnvs();
    }
    expect(lines).toContain(
      'CONSIGNKIT_LEDGER_URL is unset: on an embedded PostgreSQL of its own, removed afterwards',
    );
    expect(
      lines.filter((line) =>
        /^worker [12]: killed after allocating EC-\S+, before manifesting it$/.test(line),
      ),
    ).toHaveLength(2);
    // A killed worker's job ran again elsewhere: its allocation was found done, not sent again.
    expect(
      lines.some((line) =>
        /^worker \d: EC-\S+ Manifested \(allocation already done, manifest sent\)$/.test(line),
      ),
    ).toBe(true);
    expect(lines.filter((line) => /^ {2}EC-\S+ {2}allocate 1 {2}manifest 1$/.test(line))).toHaveLength(6);
    expect(lines).toContain('workers 3, killed 2; transmissions per consignment:');
    expect(lines).toContain('duplicates 0');
  }, 180_000);

  it('says what to set, and sends nothing, when fleet-pg-boss.ts is given no database', async () => {
    const lines: string[] = [];
    expect(
      await fleetPgBoss((line) => lines.push(line), undefined, { connectionString: '' }),
    ).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining('CONSIGNKIT_LEDGER_URL')]);
  });
});

describe.skipIf(!redisServerBinary)('examples/fleet-bullmq.ts', () => {
  let postgres: RunningPostgres;
  let redis: RedisServer;
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  }, 120_000);
  afterAll(() => Promise.all([postgres?.remove(), redis?.stop()]));

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
