import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `test/load/shared-signal.ts` in its own process (it needs `--expose-gc`) and returns its figures. */
async function measure(rounds: number, calls: number) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'test/load/shared-signal.ts', String(rounds), String(calls)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
    withSignal: { bytesPerCall: number };
    withoutSignal: { bytesPerCall: number };
  };
}

describe("a caller's long-lived AbortSignal", () => {
  it('keeps nothing of the calls made with it: the heap stays flat, as without a signal', async () => {
    const figures = await measure(8, 2000);
    console.log('shared signal:', JSON.stringify(figures));
    // Before the fix every call left about 120 bytes on the signal, for as long as the signal lived.
    expect(figures.withSignal.bytesPerCall).toBeLessThan(50);
  }, 240_000);
});
