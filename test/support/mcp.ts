import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type ConsignkitMcpServerOptions, createConsignkitMcpServer } from '../../src/cli/mcp/server.js';
import { type ClientOptions, OrdersClient, ShipmentsClient } from '../../src/index.js';
import type { MockServer, MockService } from '../../src/testing/index.js';

/** What a tool answered: its structured content, its text, and whether it is an error. */
export interface Answer {
  structured: Record<string, unknown>;
  text: string;
  isError: boolean;
}

/** An MCP client of the SDK's own, connected in process to a consignkit server over the mock's HTTP. */
export interface Session {
  client: Client;
  orders: OrdersClient;
  shipments: ShipmentsClient;
  outputDir: string;
  /** The server's log lines. */
  log: string[];
  call(name: string, args?: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

export async function connect(
  mock: MockService,
  server: MockServer,
  options: Partial<ConsignkitMcpServerOptions> & { client?: ClientOptions } = {},
): Promise<Session> {
  const { client: clientOptions = {}, ...serverOptions } = options;
  const orders = new OrdersClient({ apiKey: mock.apiKey, baseUrl: server.ordersUrl, ...clientOptions });
  const shipments = new ShipmentsClient({
    apiKey: mock.apiKey,
    baseUrl: server.shipmentsUrl,
    ...clientOptions,
  });
  const outputDir = await mkdtemp(join(tmpdir(), 'consignkit-mcp-test-'));
  const log: string[] = [];
  const mcp = await createConsignkitMcpServer({
    orders,
    shipments,
    secrets: [mock.apiKey],
    outputDir,
    log: (line) => log.push(line),
    ...serverOptions,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'consignkit-test', version: '1.0.0' });
  await Promise.all([mcp.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    orders,
    shipments,
    outputDir,
    log,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text: string }[];
      return {
        structured: result.structuredContent as Record<string, unknown>,
        text: content.map((part) => part.text).join('\n'),
        isError: result.isError === true,
      };
    },
    async close() {
      await client.close();
      await mcp.close();
      await rm(outputDir, { recursive: true, force: true });
    },
  };
}

/** How many requests of `operation` the mock received. */
export const sent = (mock: MockService, operation: string) =>
  mock.store.requests.filter((request) => request.operation === operation).length;
