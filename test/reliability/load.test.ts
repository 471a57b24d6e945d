import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Only to stop a hang: the run takes seconds. No assertion here is about time. */
const HANG_LIMIT_MS = 180_000;

it(
  '1,000 concurrent getLabels through one client all finish, the heap returns to its baseline, and the process exits on its own',
  async () => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'test/load/run-load.ts', '1000'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    let killed = false;
    const hang = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, HANG_LIMIT_MS);
    const [code, signal] = await once(child, 'exit');
    clearTimeout(hang);

    // It ended by itself: nothing (a socket, a timer) was left to keep it alive.
    expect({ killed, code, signal, stderr }).toEqual({ killed: false, code: 0, signal: null, stderr: '' });
    const figures = JSON.parse(stdout.trim().split('\n').at(-1)!);
    console.log('load:', figures);
    for (const round of [figures.first, figures.second]) {
      expect(round).toMatchObject({ labels: 1000, failed: 0 });
    }
    // Keeping one label per call would add 2.5 MiB; keeping its Request and Response, far more.
    expect(figures.heapGrowthBytes).toBeLessThan(4 * 2 ** 20);
  },
  HANG_LIMIT_MS + 10_000,
);
