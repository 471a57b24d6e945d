// The `consignkit` command wired to this process: its arguments, streams, variables, terminal and signals.
import { createInterface } from 'node:readline/promises';
import { run } from './run.js';

/** A yes/no question on the terminal; only asked when both ends are one. */
async function confirm(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

/** Runs the command line this process was started with, and sets its exit code. */
export function runInThisProcess(): Promise<void> {
  return run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    stdin: process.stdin,
    ...(process.stdin.isTTY && process.stderr.isTTY ? { confirm } : {}),
    // Only `mock` waits for this, so Ctrl-C keeps its default meaning for every other command.
    waitForStop: () =>
      new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      }),
  }).then((code) => {
    process.exitCode = code;
  });
}
