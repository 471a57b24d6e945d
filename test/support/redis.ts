import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A redis-server of the test's own, on a loopback port, with a temporary directory. */
export interface RedisServer {
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The `redis-server` binary on PATH (or REDIS_SERVER), or undefined: `.ci/run` installs Debian's
 * `redis-server`; elsewhere the Redis tests are skipped with {@link REDIS_MISSING}.
 */
export const redisServerBinary: string | undefined = (() => {
  const candidate = process.env.REDIS_SERVER ?? 'redis-server';
  const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? candidate : undefined;
})();

/** The one line a skipped Redis test file prints. */
export const REDIS_MISSING =
  'skipped: no redis-server binary on PATH (apt-get install redis-server, or set REDIS_SERVER): the BullMQ tests need one';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts redis-server on 127.0.0.1 and a free port, persisting nothing, and waits until it accepts connections. */
export async function startRedis(): Promise<RedisServer> {
  if (!redisServerBinary) throw new Error(REDIS_MISSING);
  const dir = await mkdtemp(join(tmpdir(), 'consignkit-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    redisServerBinary,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
