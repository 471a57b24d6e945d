#!/usr/bin/env node
// The `consignkit` command: `run` does everything; this file only wires it to the process.
import { run } from './run.js';

run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  // Only `mock` waits for this, so Ctrl-C keeps its default meaning for every other command.
  waitForStop: () =>
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
}).then((code) => {
  process.exitCode = code;
});
