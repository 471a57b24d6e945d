import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Only to stop a hang: each run takes seconds. No assertion is about time. */
export const HANG_LIMIT_MS = 180_000;

/**
 * Runs a load script in a child process that must exit on its own, which it cannot with a socket or timer
 * left open; returns the figures it printed as JSON on its last line.
 */
export async function runToExit(script: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}
