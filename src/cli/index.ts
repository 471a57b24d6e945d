#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { listen } from '../testing/http-server.js';
import { createMockCore } from '../testing/service.js';

const HELP = `Usage: consignkit <command> [options]

Commands:
  mock [--port N]   serve the mock of both areas over HTTP on 127.0.0.1 (port 0: any free port)

Options:
  --help            show this help
`;

/** Exit codes: 0 success, 1 a failure while running, 2 bad usage. */
async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`consignkit: ${(error as Error).message}\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(HELP);
    return values.help ? 0 : 2;
  }
  if (command === 'mock') {
    const port = Number(values.port ?? 4010);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      process.stderr.write(`consignkit: --port must be a port number, got '${values.port}'\n`);
      return 2;
    }
    const core = createMockCore();
    const server = await listen(core, port);
    process.stdout.write(
      `mock listening\n  orders (area A):    ${server.ordersUrl}\n  shipments (area B): ${server.shipmentsUrl}\n  api key:            ${core.apiKey}\n`,
    );
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return new Promise<number>(() => {});
  }
  process.stderr.write(`consignkit: unknown command '${command}'\n${HELP}`);
  return 2;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' }, port: { type: 'string' } },
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`consignkit: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
