// The tests' PostgreSQL: the one starter the tests, the benchmarks and `npm run demo` share.
export {
  freePort,
  type RunningPostgres,
  type StartPostgresOptions,
  startPostgres,
} from '../../scripts/embedded-postgres.mjs';
