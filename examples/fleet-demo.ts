/**
 * The fleet examples as `npm run demo` runs them: on the PostgreSQL of CONSIGNKIT_LEDGER_URL and the Redis
 * of REDIS_URL, or else, in a clone of consignkit, on a PostgreSQL and a redis-server of its own
 * (scripts/embedded-postgres.mjs, scripts/embedded-redis.mjs), removed afterwards. Where one cannot
 * start, a line says why. `npx tsx examples/fleet-demo.ts`
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { main as fleetBullmq } from './fleet-bullmq.js';
import { main as fleetPgBoss } from './fleet-pg-boss.js';
import { isMain } from './run.js';

type Service = { url: string; stop(): Promise<void> } | { why: string };

const given = (url: string): Service => ({ url, stop: async () => {} });

async function postgres(log: (line: string) => void): Promise<Service> {
  if (process.env.CONSIGNKIT_LEDGER_URL) return given(process.env.CONSIGNKIT_LEDGER_URL);
  try {
    const { startPostgres } = await import('../scripts/embedded-postgres.mjs');
    const started = await startPostgres();
    log('CONSIGNKIT_LEDGER_URL is unset: on an embedded PostgreSQL of its own, removed afterwards');
    return { url: started.connectionString, stop: started.remove };
  } catch (error) {
    return { why: `skipped: CONSIGNKIT_LEDGER_URL is unset, and ${(error as Error).message}` };
  }
}

async function redis(log: (line: string) => void): Promise<Service> {
  if (process.env.REDIS_URL) return given(process.env.REDIS_URL);
  try {
    const { redisServerBinary, startRedis } = await import('../scripts/embedded-redis.mjs');
    if (!redisServerBinary) {
      return { why: 'skipped: REDIS_URL is unset, and no redis-server is on the PATH to start one' };
    }
    const started = await startRedis();
    log('REDIS_URL is unset: on a redis-server of its own, on a free loopback port, stopped afterwards');
    return { url: started.url, stop: started.stop };
  } catch (error) {
    return { why: `skipped: REDIS_URL is unset, and ${(error as Error).message}` };
  }
}

export async function fleetDemo(log: (line: string) => void = console.log) {
  log('\n== fleet-pg-boss');
  const database = await postgres(log);
  const results: { pgBoss?: unknown; bullmq?: unknown } = {};
  try {
    if ('why' in database) log(database.why);
    else results.pgBoss = await fleetPgBoss(log, undefined, { connectionString: database.url });

    log('\n== fleet-bullmq');
    if ('why' in database) {
      log(database.why);
      return results;
    }
    const queue = await redis(log);
    if ('why' in queue) {
      log(queue.why);
      return results;
    }
    try {
      results.bullmq = await fleetBullmq(log, undefined, {
        redisUrl: queue.url,
        connectionString: database.url,
      });
    } finally {
      await queue.stop();
    }
    return results;
  } finally {
    if (!('why' in database)) await database.stop();
  }
}

if (isMain(import.meta.url)) await fleetDemo();
