// What every command is made of: the option table the command line is read with, what a command gets
// when it runs, and what it declares. Commands and the runner both import it; it imports neither.
import type { AreaProfile, ClientOptions, Environment } from '../core/options.js';
import type { OrdersClient } from '../orders/client.js';
import type { ShipmentsClient } from '../shipments/client.js';
import type { Output, Printer } from './output.js';

/** Where the command reads and writes: `process` in the real command, captured streams in tests. */
export interface CliIo {
  stdout: Output;
  stderr: Output;
  /** Where API keys and `CONSIGNKIT_ENVIRONMENT` are read from. */
  env: Record<string, string | undefined>;
  /** What `mcp` reads the protocol from (with `stdout`): `process.stdin` in the real command. */
  stdin?: NodeJS.ReadableStream;
  /**
   * Asks a yes/no question before a change that cannot be taken back (deallocate, cancel, manifest); given only on
   * a terminal. Without it, the command goes ahead, as scripts expect.
   */
  confirm?: (question: string) => Promise<boolean>;
  /** Resolves when a long-running command (`mock`) should stop; it runs until then. Default: never. */
  waitForStop?: () => Promise<void>;
}

// One option table for every command, so parseArgs reads any command line in one pass; each command then
// refuses the options it does not take.
export const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  json: { type: 'boolean' },
  environment: { type: 'string' },
  'base-url': { type: 'string' },
  format: { type: 'string' },
  dpi: { type: 'string' },
  out: { type: 'string', short: 'o' },
  'no-extension': { type: 'boolean' },
  rotation: { type: 'string' },
  location: { type: 'string' },
  state: { type: 'string' },
  concurrency: { type: 'string' },
  merge: { type: 'string' },
  group: { type: 'string' },
  print: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  seed: { type: 'string' },
  fixtures: { type: 'string' },
  port: { type: 'string' },
  write: { type: 'boolean' },
  report: { type: 'string' },
  'ledger-url': { type: 'string' },
  tools: { type: 'string' },
  'read-only': { type: 'boolean' },
  'output-dir': { type: 'string' },
  'orders-base-url': { type: 'string' },
  'shipments-base-url': { type: 'string' },
  list: { type: 'boolean' },
} as const;

export type OptionValues = Partial<{
  [Name in keyof typeof OPTIONS]: (typeof OPTIONS)[Name]['type'] extends 'boolean' ? boolean : string;
}>;

/** What a command gets: its arguments and options, where to print, and clients built from the options. */
export interface CommandContext {
  /** The positional arguments after the command's name. */
  args: string[];
  values: OptionValues;
  io: CliIo;
  out: Printer;
  /** An `OrdersClient` from `--environment`, `--base-url` and the environment's keys. */
  orders(): OrdersClient;
  /** A `ShipmentsClient`, likewise. */
  shipments(): ShipmentsClient;
  /** The options a client of `area` is made with: key, environment and base URL, as read from the command line and variables. */
  clientOptions(area: AreaProfile): ClientOptions & { apiKey: string; environment: Environment };
}

export interface Command {
  /** `labels`, or two words: `manifests get`. */
  name: string;
  /** The options it takes besides `--help` and `--json` (and the connection options when `remote`). */
  options: (keyof OptionValues)[];
  /** It talks to the service, so it takes `--environment` and `--base-url`. */
  remote: boolean;
  /** How many positional arguments it takes: [least, most]. */
  arguments: readonly [number, number];
  /** Resolves to the exit code; throws for a failure that ends the command. */
  run(context: CommandContext): Promise<number>;
}
