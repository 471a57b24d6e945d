import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConsignkitMcpServer } from '../../../src/cli/mcp/server.js';
import { ConfigurationError, OrdersClient, ShipmentsClient } from '../../../src/index.js';
import { createMockService, type MockServer } from '../../../src/testing/index.js';
import { connect, type Session, sent } from '../../support/mcp.js';
import { allocatedConsignment } from '../../support/orders-mock.js';

// An MCP client of @modelcontextprotocol/sdk drives the server in process (its in-memory transport),
// and the server drives the mock over real HTTP, as `consignkit mcp` does.
const mock = createMockService();
let server: MockServer;
let session: Session | undefined;

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
afterEach(async () => {
  await session?.close();
  session = undefined;
  mock.reset();
});

async function open(options: Parameters<typeof connect>[2] = {}): Promise<Session> {
  session = await connect(mock, server, options);
  return session;
}

describe('reads', () => {
  it('answers a read at once, with what the client method returns', async () => {
    const { call, shipments } = await open();
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    const answer = await call('getShipment', { shipmentReference: shipment.reference });
    expect(answer.isError).toBe(false);
    expect(answer.structured).toEqual({
      tool: 'getShipment',
      result: await shipments.get(shipment.reference as never),
    });
    expect(JSON.parse(answer.text)).toEqual(answer.structured);
  });

  it('answers an error as the SDK class, with its status, code and advice, and sends nothing for bad input', async () => {
    const { call } = await open();
    const missing = await call('getShipment', { shipmentReference: `sp_${'9'.repeat(32)}` });
    expect(missing.isError).toBe(true);
    expect(missing.structured.error).toMatchObject({
      name: 'NotFoundError',
      status: 404,
      operation: 'getShipment',
      advice: expect.stringContaining('reference'),
    });
    const before = mock.store.requests.length;
    const malformed = await call('getConsignment', { consignmentReference: 'sp_not-a-consignment' });
    expect(malformed.structured.error).toMatchObject({
      name: 'RequestValidationError',
      advice: expect.stringContaining('Nothing was sent'),
    });
    const unknownField = await call('getConsignment', { consignmentReference: 'EC-1', extra: 1 });
    expect(unknownField.structured.error).toMatchObject({ name: 'RequestValidationError' });
    expect(unknownField.structured.error).toMatchObject({
      issues: [{ path: 'extra', message: 'unknown field' }],
    });
    expect(mock.store.requests.length).toBe(before);
  });

  it('saves labels to the output folder and answers their paths, format and pages, never Base64', async () => {
    const { call, outputDir } = await open();
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    const answer = await call('getLabels', {
      shipmentReference: shipment.reference,
      format: 'pdf',
      dpi: 203,
    });
    expect(answer.isError).toBe(false);
    const [label] = answer.structured.result as Record<string, unknown>[];
    expect(label).toMatchObject({
      savedTo: `${outputDir}/getLabels-${shipment.reference}-pdf.pdf`,
      format: 'pdf',
      pages: 1,
      bytes: expect.any(Number),
    });
    expect(label).not.toHaveProperty('file');
    const bytes = await readFile(label?.savedTo as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.byteLength).toBe(label?.bytes);
    // Base64 of `%PDF-` starts `JVBERi0`: none of it reaches the agent.
    expect(answer.text).not.toContain('JVBERi0');
  });
});

describe('operations with several paths', () => {
  it('sends the form whose params are given, and refuses params that match none', async () => {
    const { call, orders } = await open();
    const consignment = await allocatedConsignment(orders);
    const zpl = await call('getConsignmentLabels', {
      consignmentReference: consignment,
      format: 'ZPL',
      dpi: 300,
    });
    expect(zpl.structured.result).toMatchObject({ format: 'zpl', pages: 1 });
    expect(mock.store.requests.at(-1)?.url).toContain(`/labels/${consignment}/ZPL/300`);
    const before = mock.store.requests.length;
    const noForm = await call('getConsignmentLabels', { consignmentReference: consignment, dpi: 300 });
    expect(noForm.structured.error).toMatchObject({
      name: 'RequestValidationError',
      message: expect.stringContaining(
        '{consignmentReference} or {consignmentReference, format} or {consignmentReference, format, dpi}',
      ),
    });
    expect(mock.store.requests.length).toBe(before);
  });
});

describe('the confirmation gate', () => {
  it('previews an edit settled by reading with what it does, sending nothing', async () => {
    const { call } = await open();
    const input = { body: { OrderReference: 'EO-1', OrderPackageReferences: ['EP-1'] } };
    const preview = await call('deleteOrderPackages', input);
    expect(preview.structured).toMatchObject({
      status: 'confirmation_required',
      sent: false,
      preview: { effect: expect.stringMatching(/^Deletes packages from an order\. It is sent once/) },
    });
    expect(sent(mock, 'deleteOrderPackages')).toBe(0);
  });

  it('previews a manifest without sending it, sends it once with the token, and refuses the token again', async () => {
    const { call, orders } = await open();
    const consignment = await allocatedConsignment(orders);
    const input = { body: { ConsignmentReferences: [consignment] } };

    const preview = await call('manifestConsignments', input);
    expect(preview.isError).toBe(false);
    expect(preview.structured).toMatchObject({
      status: 'confirmation_required',
      sent: false,
      preview: {
        tool: 'manifestConsignments',
        operation: 'Manifest Consignments',
        environment: 'sandbox',
        request: {
          method: 'PUT',
          url: `${server.ordersUrl}/consignments/manifest`,
          body: { ConsignmentReferences: [consignment] },
        },
        references: [consignment],
        effect: expect.stringContaining(
          'from Allocated, ReadyToShip, ManifestFailed to Manifesting or Manifested',
        ),
      },
      confirmationToken: expect.stringMatching(/^ck1\./),
    });
    expect(sent(mock, 'manifestConsignments')).toBe(0);
    expect((await orders.consignments.get(consignment)).ConsignmentState).toBe('Allocated');

    const token = preview.structured.confirmationToken;
    const confirmed = await call('manifestConsignments', { ...input, confirmationToken: token });
    expect(confirmed.isError).toBe(false);
    expect(confirmed.structured).toMatchObject({
      tool: 'manifestConsignments',
      sent: true,
      result: [{ IsSuccess: true, Data: consignment }],
    });
    expect(sent(mock, 'manifestConsignments')).toBe(1);
    expect(['Manifesting', 'Manifested']).toContain(
      (await orders.consignments.get(consignment)).ConsignmentState,
    );

    const again = await call('manifestConsignments', { ...input, confirmationToken: token });
    expect(again.isError).toBe(true);
    expect(again.structured.error).toMatchObject({ name: 'ConfirmationRefusedError', reason: 'used' });
    expect(sent(mock, 'manifestConsignments')).toBe(1);
  });

  it('refuses a token presented with another input, for another tool, or forged, and sends nothing', async () => {
    const { call, orders } = await open();
    const [first, second] = [await allocatedConsignment(orders), await allocatedConsignment(orders)];
    const preview = await call('manifestConsignments', { body: { ConsignmentReferences: [first] } });
    const token = preview.structured.confirmationToken as string;

    const other = await call('manifestConsignments', {
      body: { ConsignmentReferences: [second] },
      confirmationToken: token,
    });
    expect(other.structured.error).toMatchObject({ name: 'ConfirmationRefusedError', reason: 'mismatch' });
    const otherTool = await call('deallocateConsignments', {
      body: { ConsignmentReferences: [first] },
      confirmationToken: token,
    });
    expect(otherTool.structured.error).toMatchObject({
      name: 'ConfirmationRefusedError',
      reason: 'mismatch',
    });
    const forged = await call('manifestConsignments', {
      body: { ConsignmentReferences: [first] },
      confirmationToken: `${token.slice(0, -4)}AAAA`,
    });
    expect(forged.structured.error).toMatchObject({ name: 'ConfirmationRefusedError', reason: 'mismatch' });
    const junk = await call('manifestConsignments', {
      body: { ConsignmentReferences: [first] },
      confirmationToken: 'yes',
    });
    expect(junk.structured.error).toMatchObject({ name: 'ConfirmationRefusedError', reason: 'malformed' });
    expect(sent(mock, 'manifestConsignments') + sent(mock, 'deallocateConsignments')).toBe(0);

    // The same input in another key order is the same input.
    const reordered = await call('manifestConsignments', {
      confirmationToken: token,
      body: { ConsignmentReferences: [first] },
    });
    expect(reordered.structured).toMatchObject({ sent: true });
  });

  it('refuses an expired token', async () => {
    let now = Date.parse('2026-01-05T09:00:00Z');
    const { call, orders } = await open({ now: () => now, confirmationTtlMs: 60_000 });
    const consignment = await allocatedConsignment(orders);
    const input = { consignmentReference: consignment };
    const preview = await call('cancelConsignment', input);
    expect(preview.structured.expiresAt).toBe('2026-01-05T09:01:00.000Z');
    now += 60_001;
    const late = await call('cancelConsignment', {
      ...input,
      confirmationToken: preview.structured.confirmationToken,
    });
    expect(late.structured.error).toMatchObject({ name: 'ConfirmationRefusedError', reason: 'expired' });
    expect(sent(mock, 'cancelConsignment')).toBe(0);
    expect((await orders.consignments.get(consignment)).ConsignmentState).toBe('Allocated');
  });

  it('validates the input before issuing a token: a malformed manifest gets no preview', async () => {
    const { call } = await open();
    const answer = await call('manifestConsignments', { body: { ConsignmentReferences: ['sp_wrong'] } });
    expect(answer.isError).toBe(true);
    expect(answer.structured).not.toHaveProperty('confirmationToken');
    expect(answer.structured.error).toMatchObject({ name: 'RequestValidationError' });
  });
});

describe('unknown outcomes', () => {
  async function manifestThrough(session: Session, reference: string) {
    const preview = await session.call('manifestShipment', { shipmentReference: reference });
    return session.call('manifestShipment', {
      shipmentReference: reference,
      confirmationToken: preview.structured.confirmationToken,
    });
  }

  it('reads a manifest whose answer was lost back as done, and never sends it again', async () => {
    const opened = await open();
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    mock.failNext('manifestShipment', { network: 'drop-after' });
    const answer = await manifestThrough(opened, shipment.reference);
    expect(answer.structured).toMatchObject({
      tool: 'manifestShipment',
      outcome: 'unknown',
      sentAgain: false,
      verdict: 'done',
      reconciled: [{ reference: shipment.reference, done: true }],
      error: { name: 'OutcomeUnknownError', references: [shipment.reference] },
      next: expect.stringContaining('do not send it again'),
    });
    expect(answer.isError).toBe(false);
    expect(sent(mock, 'manifestShipment')).toBe(1);
  });

  it('reads one whose request was lost before it acted as not done, without sending it again', async () => {
    const opened = await open();
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    mock.failNext('manifestShipment', { network: 'drop-before' });
    const answer = await manifestThrough(opened, shipment.reference);
    expect(answer.structured).toMatchObject({
      outcome: 'unknown',
      sentAgain: false,
      verdict: 'not done',
      reconciled: [{ reference: shipment.reference, state: 'allocated', done: false }],
    });
    expect(answer.isError).toBe(true);
    expect(sent(mock, 'manifestShipment')).toBe(1);
    expect((await opened.shipments.get(shipment.reference as never)).state).toBe('allocated');
  });

  it('settles through the settle hook when one is given (a ledger plugs in there)', async () => {
    const seen: string[] = [];
    const opened = await open({
      settle: async (error, area) => {
        seen.push(`${area}:${error.operation}`);
        return [{ reference: error.references[0] as string, done: undefined }];
      },
    });
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    mock.failNext('manifestShipment', { network: 'drop-after' });
    const answer = await manifestThrough(opened, shipment.reference);
    expect(seen).toEqual(['shipments:manifestShipment']);
    expect(answer.structured).toMatchObject({ verdict: 'check', sentAgain: false });
    expect(sent(mock, 'manifestShipment')).toBe(1);
  });
});

describe('which tools are offered', () => {
  const names = async (opened: Session) => (await opened.client.listTools()).tools.map((tool) => tool.name);

  it('in production, only the allow-list: the write tools are hidden and refused', async () => {
    const opened = await open({
      client: { environment: 'production' },
      tools: ['getConsignment', 'getTracking', 'getShipmentTracking'],
    });
    expect(await names(opened)).toEqual(['getConsignment', 'getTracking', 'getShipmentTracking']);
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    const refused = await opened.call('manifestShipment', { shipmentReference: shipment.reference });
    expect(refused.isError).toBe(true);
    expect(refused.structured.error).toMatchObject({ name: 'ConfigurationError' });
    expect(sent(mock, 'manifestShipment')).toBe(0);
  });

  it('in production, refuses to start without an allow-list, or with a name that is no tool', async () => {
    const production = { apiKey: mock.apiKey, environment: 'production' as const };
    const clients = {
      orders: new OrdersClient({ ...production, baseUrl: server.ordersUrl }),
      shipments: new ShipmentsClient({ ...production, baseUrl: server.shipmentsUrl }),
    };
    const start = (tools?: string[]) =>
      createConsignkitMcpServer({ ...clients, secrets: [], outputDir: '.', tools });
    await expect(start()).rejects.toThrow(ConfigurationError);
    await expect(start()).rejects.toThrow(/--tools/);
    await expect(start(['getConsigment'])).rejects.toThrow(/no tool is named 'getConsigment'/);
    await expect(start(['read'])).resolves.toBeDefined();
  });

  it('--tools=read in production and --read-only in the sandbox offer the reads alone', async () => {
    const production = await open({ client: { environment: 'production' }, tools: ['read'] });
    const reads = (await production.client.listTools()).tools;
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    await production.close();
    session = undefined;

    const readOnly = await open({ readOnly: true });
    expect(await names(readOnly)).toEqual(reads.map((tool) => tool.name));
  });
});
