import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersClient } from '../../../src/index.js';
import { allocatedConsignment } from '../../support/orders-mock.js';

// `consignkit mcp` as a real process, spoken to over its stdin and stdout by the MCP SDK's client, against
// `consignkit mock` as another process: what an agent's client does when it starts the server.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const entry = join(root, 'src/cli/index.ts');
const hideSdk = join(root, 'test/support/without-mcp-sdk.mjs');
const hidePg = join(root, 'test/support/without-pg.mjs');
const clean = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('CONSIGNKIT_')),
);

function consignkit(argv: string[], env: Record<string, string> = {}, preload: string[] = []) {
  return spawn(process.execPath, ['--import', 'tsx', ...preload, entry, ...argv], {
    cwd: root,
    env: { ...clean, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs a command to its end: exit code and output. */
function finished(argv: string[], env: Record<string, string> = {}, preload: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...preload, entry, ...argv],
      { cwd: root, env: { ...clean, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

let mock: ChildProcessWithoutNullStreams;
let urls: { ordersUrl: string; shipmentsUrl: string; apiKey: string };

beforeAll(async () => {
  mock = consignkit(['mock', '--port', '0', '--json']);
  let stdout = '';
  urls = await new Promise((resolve, reject) => {
    mock.stdout.on('data', (chunk) => {
      stdout += chunk;
      try {
        resolve(JSON.parse(stdout));
      } catch {}
    });
    mock.once('exit', (code) => reject(new Error(`the mock exited (${code})`)));
  });
}, 60_000);
afterAll(async () => {
  const exited = once(mock, 'exit');
  mock.kill('SIGTERM');
  await exited;
});

describe('consignkit mcp over stdio', () => {
  it('serves reads, documents and a gated manifest to an MCP client, then exits 0 when its input ends', async () => {
    const outputDir = await mkdtemp(join(tmpdir(), 'consignkit-mcp-process-'));
    const orders = new OrdersClient({ apiKey: urls.apiKey, baseUrl: urls.ordersUrl });
    const consignment = await allocatedConsignment(orders);
    const server = consignkit(
      [
        'mcp',
        '--orders-base-url',
        urls.ordersUrl,
        '--shipments-base-url',
        urls.shipmentsUrl,
        '--output-dir',
        outputDir,
      ],
      { CONSIGNKIT_API_KEY: urls.apiKey },
    );
    let stderr = '';
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = once(server, 'exit');
    // The server's stdout is the client's input, and the other way round.
    const client = new Client({ name: 'consignkit-process-test', version: '1.0.0' });
    await client.connect(new StdioServerTransport(server.stdout, server.stdin));
    try {
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'manifestConsignments')?.annotations).toMatchObject({
        readOnlyHint: false,
        idempotentHint: false,
      });

      const read = await client.callTool({
        name: 'getConsignment',
        arguments: { consignmentReference: consignment },
      });
      expect(read.structuredContent).toMatchObject({
        result: { Reference: consignment, ConsignmentState: 'Allocated' },
      });

      const labels = await client.callTool({
        name: 'getConsignmentLabels',
        arguments: { consignmentReference: consignment, format: 'PDF' },
      });
      const saved = (labels.structuredContent as { result: { savedTo: string; format: string } }).result;
      expect(saved).toMatchObject({
        savedTo: join(outputDir, `getConsignmentLabels-${consignment}-PDF.pdf`),
        format: 'pdf',
      });
      expect((await readFile(saved.savedTo)).subarray(0, 5).toString()).toBe('%PDF-');

      const input = { body: { ConsignmentReferences: [consignment] } };
      const preview = await client.callTool({ name: 'manifestConsignments', arguments: input });
      const { confirmationToken } = preview.structuredContent as { confirmationToken: string };
      expect((await orders.consignments.get(consignment)).ConsignmentState).toBe('Allocated');
      const confirmed = await client.callTool({
        name: 'manifestConsignments',
        arguments: { ...input, confirmationToken },
      });
      expect(confirmed.structuredContent).toMatchObject({ sent: true });
      expect(['Manifesting', 'Manifested']).toContain(
        (await orders.consignments.get(consignment)).ConsignmentState,
      );
      const reused = await client.callTool({
        name: 'manifestConsignments',
        arguments: { ...input, confirmationToken },
      });
      expect(reused).toMatchObject({ isError: true, structuredContent: { error: { reason: 'used' } } });
    } finally {
      await client.close();
      server.stdin.end();
    }
    expect(await exited).toEqual([0, null]);
    expect(stderr).toMatch(/^consignkit mcp: \d+ tools, sandbox; documents in /);
    expect(stderr).toContain('consignkit mcp: manifestConsignments: sent\n');
    expect(stderr).not.toContain(urls.apiKey);
    await rm(outputDir, { recursive: true, force: true });
  }, 60_000);

  it('answers a message over 10 MiB with a JSON-RPC error and a line on stderr, and serves on', async () => {
    const outputDir = await mkdtemp(join(tmpdir(), 'consignkit-mcp-process-'));
    const orders = new OrdersClient({ apiKey: urls.apiKey, baseUrl: urls.ordersUrl });
    const consignment = await allocatedConsignment(orders);
    const server = consignkit(
      [
        'mcp',
        '--orders-base-url',
        urls.ordersUrl,
        '--shipments-base-url',
        urls.shipmentsUrl,
        '--output-dir',
        outputDir,
      ],
      { CONSIGNKIT_API_KEY: urls.apiKey },
    );
    let stderr = '';
    let stdout = '';
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    server.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const exited = once(server, 'exit');
    const client = new Client({ name: 'consignkit-process-test', version: '1.0.0' });
    // The client is told of an answer to a request it did not send; that is all.
    client.onerror = () => {};
    await client.connect(new StdioServerTransport(server.stdout, server.stdin));
    try {
      const padding = 'A'.repeat(11 * 1024 * 1024);
      const oversized = `{"jsonrpc":"2.0","id":"oversized-1","method":"tools/call","params":{"name":"getConsignment","arguments":{"consignmentReference":"${consignment}","padding":"${padding}"}}}\n`;
      server.stdin.write(oversized);
      await expect.poll(() => stdout, { timeout: 20_000 }).toContain('"id":"oversized-1"');
      const answer = stdout.split('\n').find((line) => line.includes('"id":"oversized-1"')) as string;
      expect(JSON.parse(answer)).toMatchObject({
        jsonrpc: '2.0',
        id: 'oversized-1',
        error: { code: -32600, message: expect.stringContaining('it was not read') },
      });
      // Still up: the next call is answered.
      const read = await client.callTool({
        name: 'getConsignment',
        arguments: { consignmentReference: consignment },
      });
      expect(read.structuredContent).toMatchObject({ result: { Reference: consignment } });
    } finally {
      await client.close();
      server.stdin.end();
    }
    expect(await exited).toEqual([0, null]);
    expect(stderr).toMatch(
      /consignkit mcp: a message of \d+ bytes, over the 10485760 a message may be, was not read\n/,
    );
    await rm(outputDir, { recursive: true, force: true });
  }, 60_000);

  it('with a ledger, exits 2 naming pg when it is not installed, and never prints the connection string', async () => {
    const password = 'ledger-pass-never-printed';
    const ledgerUrl = `postgres://consignkit:${password}@127.0.0.1:9/postgres`;
    const env = { CONSIGNKIT_API_KEY: urls.apiKey, CONSIGNKIT_ORDERS_BASE_URL: urls.ordersUrl };
    const fromVariable = await finished(['mcp'], { ...env, CONSIGNKIT_LEDGER_URL: ledgerUrl }, [
      '--import',
      hidePg,
    ]);
    expect(fromVariable).toMatchObject({ code: 2, stdout: '' });
    expect(fromVariable.stderr).toContain('npm install pg');
    const fromOption = await finished(['mcp', '--ledger-url', ledgerUrl], env, ['--import', hidePg]);
    expect(fromOption).toMatchObject({ code: 2, stdout: '' });
    for (const output of [fromVariable.stderr, fromOption.stderr]) {
      expect(output).not.toContain(password);
      expect(output).not.toContain(ledgerUrl);
    }
  }, 60_000);

  it('exits 2 naming the package when @modelcontextprotocol/sdk is not installed; --list works without it', async () => {
    const env = { CONSIGNKIT_API_KEY: urls.apiKey, CONSIGNKIT_ORDERS_BASE_URL: urls.ordersUrl };
    const missing = await finished(['mcp'], env, ['--import', hideSdk]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('npm install @modelcontextprotocol/sdk');
    const list = await finished(['mcp', '--list', '--read-only'], env, ['--import', hideSdk]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^TOOL +OPERATION +KIND\n/);
    expect(list.stdout).toContain('getConsignment');
    expect(list.stdout).not.toContain('manifestConsignments');
  }, 60_000);
});
