import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import type { Ledger } from '../../core/ledger-contract.js';
import { type Environment, environmentNamed, ORDERS_AREA, SHIPMENTS_AREA } from '../../core/options.js';
import { OrdersClient } from '../../orders/client.js';
import { ShipmentsClient } from '../../shipments/client.js';
import type { Command, CommandContext } from '../command.js';
import { LEDGER_URL_VARIABLE, ledgerSecrets } from '../ledger-commands.js';
import { EXIT_OK, table, UsageError } from '../output.js';
import { selectTools } from './selection.js';
import { createConsignkitMcpServer, serveOverStdio } from './server.js';
import { deriveTools } from './tools.js';

// `consignkit mcp`: the command line read, the clients made as every command makes them, then the
// server made, which imports `@modelcontextprotocol/sdk`: `--list` and every refusal work without it.

/**
 * Sandbox unless `--environment production` is given. `CONSIGNKIT_ENVIRONMENT=production` alone is
 * refused rather than followed or ignored: an agent's server must not reach production because a shell
 * exported a variable, and must not quietly run elsewhere than the variable says either.
 */
function environmentOf(values: CommandContext['values'], env: CommandContext['io']['env']): Environment {
  const flag = values.environment;
  if (flag !== undefined) {
    const environment = environmentNamed(flag);
    if (environment === undefined) {
      throw new UsageError(`--environment must be sandbox or production, got '${flag}'`, 'mcp');
    }
    return environment;
  }
  // Read as every command reads it (`Production` is production), so that it is never quietly ignored.
  const variable = env.CONSIGNKIT_ENVIRONMENT;
  if (variable === undefined || variable === '') return 'sandbox';
  const named = environmentNamed(variable);
  if (named === undefined) {
    throw new UsageError(`CONSIGNKIT_ENVIRONMENT must be sandbox or production, got '${variable}'`, 'mcp');
  }
  if (named === 'production') {
    throw new UsageError(
      'CONSIGNKIT_ENVIRONMENT is production, but consignkit mcp reaches production only with --environment production (and an allow-list, --tools)',
      'mcp',
    );
  }
  return named;
}

/**
 * The Postgres ledger of `--ledger-url` or CONSIGNKIT_LEDGER_URL, when one is given. `pg` is checked here,
 * at start, rather than at the first confirmed call (the ledger loads it lazily): a server that cannot
 * keep its ledger must not start and later answer every write with a missing package.
 */
const PG = 'pg';

async function ledgerOf({ values, io }: CommandContext): Promise<Ledger | undefined> {
  const connectionString = values['ledger-url'] || io.env[LEDGER_URL_VARIABLE];
  if (!connectionString) return undefined;
  try {
    // Through a variable, as src/ledger/postgres.ts loads it: the bundler leaves the optional peer alone.
    await import(PG);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new ConfigurationError(
      'consignkit mcp with a ledger (--ledger-url or CONSIGNKIT_LEDGER_URL) needs pg (node-postgres), an optional peer dependency of consignkit: npm install pg@^8',
    );
  }
  const { createPostgresLedger } = await import('../../ledger/postgres.js');
  return createPostgresLedger({ connectionString }, { poolSize: 2 });
}

const toolsOf = (value: string | undefined) => value?.split(',').map((entry) => entry.trim());

export const mcpCommand: Command = {
  name: 'mcp',
  options: [
    'environment',
    'tools',
    'read-only',
    'output-dir',
    'orders-base-url',
    'shipments-base-url',
    'list',
    'ledger-url',
  ],
  remote: false,
  arguments: [0, 0],
  async run(context) {
    const { values, io, out, clientOptions } = context;
    const environment = environmentOf(values, io.env);
    const selection = { environment, tools: toolsOf(values.tools), readOnly: values['read-only'] ?? false };
    // Checked before anything else: a misspelt --tools is said at once, with or without the MCP SDK.
    const offered = selectTools(deriveTools(), selection);
    if (values.list) {
      const rows = offered.map((tool) => ({
        name: tool.name,
        operation: tool.vendor ?? tool.operation,
        kind: tool.read ? 'read' : tool.repeatable ? 'write' : 'write, confirmed',
        destructive: tool.destructive,
      }));
      if (out.json) out.value(rows);
      for (const line of table([
        ['TOOL', 'OPERATION', 'KIND'],
        ...rows.map((row) => [
          row.name,
          row.operation,
          `${row.kind}${row.destructive ? ', destructive' : ''}`,
        ]),
      ])) {
        out.line(line);
      }
      return EXIT_OK;
    }
    const client = (area: typeof ORDERS_AREA, flag: string | undefined) => {
      const options = clientOptions(area);
      return { ...options, environment, baseUrl: flag || options.baseUrl };
    };
    const orderOptions = client(ORDERS_AREA, values['orders-base-url']);
    const shipmentOptions = client(SHIPMENTS_AREA, values['shipments-base-url']);
    // Made first, so that a missing key is said before anything waits on stdin.
    const orders = new OrdersClient(orderOptions);
    const shipments = new ShipmentsClient(shipmentOptions);
    const ledger = await ledgerOf(context);
    try {
      return await serve(context, {
        orders,
        shipments,
        ledger,
        keys: [orderOptions.apiKey, shipmentOptions.apiKey, io.env.CONSIGNKIT_API_KEY],
        offered: offered.length,
        readOnly: selection.readOnly,
        tools: selection.tools,
      });
    } finally {
      await ledger?.close();
    }
  },
};

/** The server made and served over stdio, until its client closes its input or Ctrl-C. */
async function serve(
  { values, io }: CommandContext,
  made: {
    orders: OrdersClient;
    shipments: ShipmentsClient;
    ledger: Ledger | undefined;
    keys: (string | undefined)[];
    offered: number;
    readOnly: boolean;
    tools: string[] | undefined;
  },
): Promise<number> {
  const { orders, shipments, ledger } = made;
  const outputDir = resolve(values['output-dir'] ?? (await mkdtemp(join(tmpdir(), 'consignkit-mcp-'))));
  const server = await createConsignkitMcpServer({
    orders,
    shipments,
    ledger,
    // The keys, and the ledger's connection string and its password: never in an answer or a log line.
    secrets: [
      ...made.keys,
      ...ledgerSecrets(values['ledger-url'] ? ['--ledger-url', values['ledger-url']] : [], io.env),
    ],
    tools: made.tools,
    readOnly: made.readOnly,
    outputDir,
    log: (line) => io.stderr.write(`consignkit mcp: ${line}\n`),
  });
  const stdin = io.stdin;
  const stdout = io.stdout as Partial<NodeJS.WritableStream>;
  if (!stdin || typeof stdout.once !== 'function') {
    throw new ConfigurationError('consignkit mcp needs the process streams: it speaks MCP over stdio');
  }
  io.stderr.write(
    `consignkit mcp: ${made.offered} tools, ${orders.environment}${made.readOnly ? ', read-only' : ''}${ledger ? ', through the ledger' : ''}; documents in ${outputDir}\n`,
  );
  await serveOverStdio(
    server,
    stdin,
    stdout as NodeJS.WritableStream,
    io.waitForStop?.() ?? new Promise<void>(() => {}),
    (line) => io.stderr.write(`consignkit mcp: ${line}\n`),
  );
  return EXIT_OK;
}
