// A PostgreSQL of the benchmarks' own (scripts/embedded-postgres.mjs, the starter the tests share), with
// durable commits as a local server runs them (BENCH_PG_FSYNC=off turns them off, to see what the disk
// costs).
import { startPostgres as start } from '../scripts/embedded-postgres.mjs';

export function startPostgres() {
  return start({ fsync: process.env.BENCH_PG_FSYNC !== 'off' });
}
