import { parseArgs } from 'node:util';
import { type ClientOptions, type Environment, ORDERS_AREA, SHIPMENTS_AREA } from '../core/options.js';
import { VERSION } from '../core/user-agent.js';
import { OrdersClient } from '../orders/client.js';
import { ShipmentsClient } from '../shipments/client.js';
import { type CliIo, type Command, type CommandContext, OPTIONS, type OptionValues } from './command.js';
import { commands } from './commands.js';
import { COMMAND_HELP, MAIN_HELP } from './help.js';
import { ledgerSecrets } from './ledger-commands.js';
import { createOutput, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, isUsageError, UsageError } from './output.js';

export type { CliIo, OptionValues } from './command.js';
export { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Output } from './output.js';

const ALWAYS_ALLOWED = new Set(['help', 'json']);
const CONNECTION_OPTIONS = ['environment', 'base-url'];

/**
 * Runs the `consignkit` command line `argv` (without `node` and the script) and resolves to its exit
 * code: 0 success, 1 a failure at run time (the service answered an error, no answer came, a file could
 * not be written), 2 bad usage (including a missing API key or an input the SDK refuses before sending).
 * Never throws; every error is one line on `stderr`, with no API key in it.
 */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const secrets = [
    io.env.CONSIGNKIT_API_KEY,
    io.env.CONSIGNKIT_ORDERS_API_KEY,
    io.env.CONSIGNKIT_SHIPMENTS_API_KEY,
    // The ledger's connection string holds a password: never printed either.
    ...ledgerSecrets(argv, io.env),
  ];
  // Before parsing succeeds, `--json` anywhere asks for a JSON error.
  let out = createOutput(io, argv.includes('--json'), secrets);
  try {
    const { values, positionals } = parse(argv);
    out = createOutput(io, values.json ?? false, secrets);
    const [name, ...rest] = positionals;
    if (values.version && name === undefined) {
      out.text(`consignkit ${VERSION}\n`);
      return EXIT_OK;
    }
    if (name === undefined || name === 'help') {
      const topic = name === 'help' ? rest[0] : undefined;
      if (topic !== undefined && COMMAND_HELP[topic] === undefined) throw unknownCommand(topic);
      if (name === undefined && !values.help) {
        // No command: the help is the answer, but on stderr and with exit code 2, as bad usage.
        io.stderr.write(MAIN_HELP);
        return EXIT_USAGE;
      }
      out.text(topic === undefined ? MAIN_HELP : (COMMAND_HELP[topic] as string));
      return EXIT_OK;
    }
    if (COMMAND_HELP[name] === undefined) throw unknownCommand(name);
    if (values.help) {
      out.text(COMMAND_HELP[name] as string);
      return EXIT_OK;
    }
    const command = findCommand(name, rest);
    const args = command.name.includes(' ') ? rest.slice(1) : rest;
    checkOptions(command, values);
    if (args.length < command.arguments[0] || args.length > command.arguments[1]) {
      throw new UsageError(
        `${command.name} takes ${describeCount(command.arguments)}, got ${args.length}`,
        name,
      );
    }
    const context: CommandContext = {
      args,
      values,
      io,
      out,
      orders: () => new OrdersClient(clientOptions(values, io.env, ORDERS_AREA)),
      shipments: () => new ShipmentsClient(clientOptions(values, io.env, SHIPMENTS_AREA)),
      clientOptions: (area) => clientOptions(values, io.env, area),
    };
    return await command.run(context);
  } catch (error) {
    out.error(error);
    return isUsageError(error) ? EXIT_USAGE : EXIT_FAILURE;
  }
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    // Node's wording, shortened where it explains more than a command line needs.
    const { code, message } = error as { code?: string; message: string };
    const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'(-[^']*)'/.exec(message)?.[1];
    const [first] = argv;
    const command = first !== undefined && COMMAND_HELP[first] !== undefined ? first : undefined;
    throw new UsageError(unknown ? `unknown option '${unknown}'` : message, command);
  }
}

function unknownCommand(name: string): UsageError {
  return new UsageError(`unknown command '${name}'`);
}

/** `manifests list` and `orders get` are two words; the rest are one. */
function findCommand(name: string, rest: string[]): Command {
  const single = commands.find((command) => command.name === name);
  if (single) return single;
  const [sub] = rest;
  const pair = commands.find((command) => command.name === `${name} ${sub}`);
  if (pair) return pair;
  const choices = commands.filter((command) => command.name.startsWith(`${name} `)).map((c) => c.name);
  throw new UsageError(
    sub === undefined
      ? `${name} needs a subcommand: ${choices.join(', ')}`
      : `unknown command '${name} ${sub}'`,
    name,
  );
}

function checkOptions(command: Command, values: OptionValues): void {
  const allowed = new Set([
    ...ALWAYS_ALLOWED,
    ...command.options,
    ...(command.remote ? CONNECTION_OPTIONS : []),
  ]);
  for (const option of Object.keys(values)) {
    if (!allowed.has(option)) {
      throw new UsageError(`${command.name} does not take --${option}`, command.name.split(' ')[0]);
    }
  }
}

function describeCount([min, max]: readonly [number, number]): string {
  if (min === max) return min === 0 ? 'no arguments' : `${min} argument${min === 1 ? '' : 's'}`;
  return max === Number.POSITIVE_INFINITY
    ? `at least ${min} argument${min === 1 ? '' : 's'}`
    : `${min} to ${max} arguments`;
}

/**
 * The client options of a command: the key from the area's variable, then `CONSIGNKIT_API_KEY`, all read
 * from `env` (never from `process.env` behind the caller's back, so `run` does what its `env` says).
 */
function clientOptions(
  values: OptionValues,
  env: CliIo['env'],
  area: { keyVariable: string; baseUrlVariable: string },
): ClientOptions & { apiKey: string; environment: Environment } {
  return {
    // An empty key makes the client throw its ConfigurationError, which names the variables to set.
    apiKey: env[area.keyVariable] || env.CONSIGNKIT_API_KEY || '',
    environment: (values.environment || env.CONSIGNKIT_ENVIRONMENT || 'sandbox') as Environment,
    baseUrl: values['base-url'] || env[area.baseUrlVariable] || undefined,
  };
}
