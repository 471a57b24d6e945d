import { run } from '../../src/cli/run.js';

/** A stream that keeps what is written, optionally claiming to be a terminal. */
export function capture(isTTY = false) {
  let text = '';
  return {
    isTTY,
    write(chunk: string) {
      text += chunk;
      return true;
    },
    get text() {
      return text;
    },
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the `consignkit` command in process, as `src/cli/index.ts` does, with only `env` for environment. */
export async function cli(
  argv: string[],
  env: Record<string, string | undefined> = {},
  options: {
    tty?: boolean;
    waitForStop?: () => Promise<void>;
    confirm?: (question: string) => Promise<boolean>;
  } = {},
): Promise<CliResult> {
  const stdout = capture();
  const stderr = capture(options.tty ?? false);
  const code = await run(argv, {
    stdout,
    stderr,
    env,
    waitForStop: options.waitForStop,
    ...(options.confirm ? { confirm: options.confirm } : {}),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** The lines of `text`, without the empty one after the last newline. */
export const lines = (text: string) =>
  text.split('\n').filter((line, index, all) => line !== '' || index < all.length - 1);
