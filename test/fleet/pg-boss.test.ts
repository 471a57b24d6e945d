import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { runCrashTest } from './crash.js';

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.remove());

describe('a pg-boss fleet, its workers killed at random', () => {
  it('allocates and manifests each of 200 consignments exactly once, loses no job and settles every entry', async () => {
    const report = await runCrashTest({ engine: 'pg-boss', ledgerUrl: postgres.connectionString });
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
