// A redis-server of the caller's own, for the BullMQ tests and `npm run demo`: the `redis-server` binary on
// PATH (or REDIS_SERVER), on a loopback port, persisting nothing, in a temporary folder removed afterwards.
// `.ci/run` installs Debian's; elsewhere the BullMQ tests are skipped, and the demo says why in one line.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './embedded-postgres.mjs';

/** The `redis-server` binary on PATH (or REDIS_SERVER), or undefined. */
export const redisServerBinary = (() => {
  const candidate = process.env.REDIS_SERVER ?? 'redis-server';
  const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? candidate : undefined;
})();

/** The one line a skipped Redis test file, or the demo, prints. */
export const REDIS_MISSING =
  'skipped: no redis-server binary on PATH (apt-get install redis-server, or set REDIS_SERVER): the BullMQ tests need one';

/** Starts redis-server on 127.0.0.1 and a free port, persisting nothing, and waits until it accepts connections. */
export async function startRedis() {
  if (!redisServerBinary) throw new Error(REDIS_MISSING);
  const dir = await mkdtemp(join(tmpdir(), 'consignkit-redis-'));
  const port = await freePort();
  const child = spawn(
    redisServerBinary,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => reject(new Error(`redis-server cannot start: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    async stop() {
      process.off('exit', stopOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
