import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { type Environment, ORDERS_AREA, SHIPMENTS_AREA } from '../../core/options.js';
import { OrdersClient } from '../../orders/client.js';
import { ShipmentsClient } from '../../shipments/client.js';
import type { Command, CommandContext } from '../commands.js';
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
  if (flag !== undefined && flag !== 'sandbox' && flag !== 'production') {
    throw new UsageError(`--environment must be sandbox or production, got '${flag}'`, 'mcp');
  }
  if (flag === undefined && env.CONSIGNKIT_ENVIRONMENT === 'production') {
    throw new UsageError(
      'CONSIGNKIT_ENVIRONMENT is production, but consignkit mcp reaches production only with --environment production (and an allow-list, --tools)',
      'mcp',
    );
  }
  return flag ?? 'sandbox';
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
  ],
  remote: false,
  arguments: [0, 0],
  async run({ values, io, out, clientOptions }) {
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
    const outputDir = resolve(values['output-dir'] ?? (await mkdtemp(join(tmpdir(), 'consignkit-mcp-'))));
    const server = await createConsignkitMcpServer({
      orders,
      shipments,
      secrets: [orderOptions.apiKey, shipmentOptions.apiKey, io.env.CONSIGNKIT_API_KEY],
      tools: selection.tools,
      readOnly: selection.readOnly,
      outputDir,
      log: (line) => io.stderr.write(`consignkit mcp: ${line}\n`),
    });
    const stdin = io.stdin;
    const stdout = io.stdout as Partial<NodeJS.WritableStream>;
    if (!stdin || typeof stdout.once !== 'function') {
      throw new ConfigurationError('consignkit mcp needs the process streams: it speaks MCP over stdio');
    }
    io.stderr.write(
      `consignkit mcp: ${offered.length} tools, ${environment}${selection.readOnly ? ', read-only' : ''}; documents in ${outputDir}\n`,
    );
    await serveOverStdio(
      server,
      stdin,
      stdout as NodeJS.WritableStream,
      io.waitForStop?.() ?? new Promise<void>(() => {}),
    );
    return EXIT_OK;
  },
};
