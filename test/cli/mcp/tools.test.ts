import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vendorTitles from '../../../src/cli/mcp/vendor-titles.json' with { type: 'json' };
import type { Operation } from '../../../src/core/operation.js';
import { methodsByArea, operationsByArea } from '../../../src/operation-catalog.js';
import { createMockService, type MockServer } from '../../../src/testing/index.js';
import { connect, type Session } from '../../support/mcp.js';

// The tool list is the operation list: every operation name of each area is exactly one tool, described
// and annotated from its declaration, so that an operation added without a tool cannot go unnoticed.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const areas = {
  orders: operationsByArea().orders as readonly Operation[],
  shipments: operationsByArea().shipments as readonly Operation[],
};
const mock = createMockService();
let server: MockServer;
let session: Session;
let tools: Tool[];

beforeAll(async () => {
  server = await mock.listen(0);
  session = await connect(mock, server);
  tools = (await session.client.listTools()).tools;
});
afterAll(async () => {
  await session.close();
  await server.close();
});

/** Each area's declarations by operation name. */
function declared(): { area: keyof typeof areas; name: string; operations: Operation[] }[] {
  return Object.entries(areas).flatMap(([area, operations]) =>
    [...new Set(operations.map((operation) => operation.name))].map((name) => ({
      area: area as keyof typeof areas,
      name,
      operations: operations.filter((operation) => operation.name === name),
    })),
  );
}

describe('the tools of consignkit mcp', () => {
  it('are one per operation name of each area, and nothing else', () => {
    const expected = declared().map(({ name }) => name);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...expected].sort());
    expect(new Set(expected).size).toBe(expected.length);
  });

  it("are described by the vendor's title and the client method's TSDoc summary", async () => {
    const summaries = (await import('../../../src/cli/mcp/summaries.json')).default as Record<string, string>;
    for (const { area, name } of declared()) {
      const tool = tools.find((candidate) => candidate.name === name);
      const vendor = (vendorTitles as Record<string, string[]>)[name]?.[0];
      // The summary of the method that sends the operation alone (`consignments.get`, not `.patch`).
      const method = methodsByArea()[area].find(
        (candidate) =>
          candidate.operations.length > 0 &&
          candidate.operations.every((operation) => operation.name === name),
      );
      const summary = summaries[`${area === 'orders' ? 'OrdersClient' : 'ShipmentsClient'}.${method?.path}`];
      // A new method without a summary here: run `npm run api:docs`, which writes summaries.json.
      expect(summary, `${name}: no TSDoc summary in src/cli/mcp/summaries.json`).toBeTruthy();
      expect(tool?.title).toBe(vendor);
      expect(tool?.description).toContain(vendor);
      expect(tool?.description).toContain(summary);
      expect(tool?.description).toContain(`client method ${area}.${method?.path}`);
    }
  });

  it('carry the annotations their declarations imply', () => {
    for (const { name, operations } of declared()) {
      const tool = tools.find((candidate) => candidate.name === name);
      const repeatable = operations.every((operation) => operation.retry === 'repeatable');
      expect(tool?.annotations?.idempotentHint, name).toBe(repeatable);
      // Every non-repeatable tool goes through the gate: its input takes the token.
      expect(Object.keys(tool?.inputSchema.properties ?? {}).includes('confirmationToken'), name).toBe(
        !repeatable,
      );
      if (operations.every((operation) => operation.method === 'GET')) {
        expect(tool?.annotations?.readOnlyHint, name).toBe(true);
      }
      if (!repeatable) expect(tool?.annotations?.readOnlyHint, name).toBe(false);
    }
    const annotations = (name: string) => tools.find((tool) => tool.name === name)?.annotations;
    expect(annotations('getConsignment')).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(annotations('getQuotes')).toMatchObject({ readOnlyHint: true });
    expect(annotations('manifestConsignments')).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
      destructiveHint: false,
    });
    for (const destructive of [
      'cancelConsignment',
      'deallocateConsignments',
      'cancelShipment',
      'deleteShipment',
    ]) {
      expect(annotations(destructive), destructive).toMatchObject({
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: true,
      });
    }
  });

  it("take their operation's params and body, as JSON Schema from the operation's own schemas", () => {
    const byName = (name: string) => tools.find((tool) => tool.name === name)?.inputSchema;
    expect(byName('getConsignment')).toEqual({
      type: 'object',
      properties: {
        consignmentReference: expect.objectContaining({
          type: 'string',
          pattern: expect.stringMatching(/^\^EC-/),
        }),
      },
      required: ['consignmentReference'],
      additionalProperties: false,
    });
    expect(byName('manifestConsignments')).toMatchObject({
      properties: {
        body: {
          type: 'object',
          properties: { ConsignmentReferences: { type: 'array', minItems: 1 } },
          required: ['ConsignmentReferences'],
        },
        confirmationToken: { type: 'string' },
      },
      required: ['body'],
    });
    // Several paths: the params every form shares are required, the others optional.
    expect(byName('getConsignmentLabels')).toMatchObject({
      properties: { consignmentReference: {}, format: { enum: ['PDF', 'PNG', 'ZPL', 'ZPLII'] }, dpi: {} },
      required: ['consignmentReference'],
    });
  });

  it.each([
    ['src/cli/mcp/summaries.json', 'the clients’ TSDoc says', 'scripts/mcp-summaries.mjs'],
    ['src/cli/mcp/vendor-titles.json', 'the declarations’ @vendor tags say', 'scripts/vendor-titles.mjs'],
  ])('%s is what %s', async (_, __, script) => {
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [script, '--check'], { cwd: root }, (error, _, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
