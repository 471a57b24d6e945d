import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const mock = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'mock', '--port', '4010', '--seed', '1', '--fixtures', 'tmp-scratch/fixtures.json'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
await new Promise<void>((r) => mock.stdout.on('data', (c) => { out += c; if (out.includes('try:')) r(); }));
console.log(out);
const consignment = /allocated: +(EC-\S+)/.exec(out)![1]!;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'mcp', '--output-dir', 'labels'], {
  env: { ...process.env, CONSIGNKIT_API_KEY: 'mock-api-key', CONSIGNKIT_ORDERS_BASE_URL: 'http://127.0.0.1:4010/orders-api', CONSIGNKIT_SHIPMENTS_BASE_URL: 'http://127.0.0.1:4010/shipments-api' },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const client = new Client({ name: 'doc', version: '1' });
await client.connect(new StdioServerTransport(server.stdout, server.stdin));
const { tools } = await client.listTools();
console.log(JSON.stringify(tools.find((t) => t.name === 'manifestConsignments'), null, 2));
const show = async (name: string, args: Record<string, unknown>) => {
  const r = await client.callTool({ name, arguments: args });
  console.log(`>>> ${name} ${JSON.stringify(args)}\n${JSON.stringify(r.structuredContent, null, 2)}\nisError=${r.isError}`);
  return r.structuredContent as any;
};
await show('getConsignmentStatus', { consignmentReference: consignment });
await show('getConsignmentLabels', { consignmentReference: consignment });
const p = await show('manifestConsignments', { body: { ConsignmentReferences: [consignment] } });
await show('manifestConsignments', { body: { ConsignmentReferences: [consignment] }, confirmationToken: p.confirmationToken });
await show('manifestConsignments', { body: { ConsignmentReferences: [consignment] }, confirmationToken: p.confirmationToken });
await show('cancelConsignment', { consignmentReference: consignment });
await client.close(); server.stdin.end(); mock.kill('SIGTERM');
