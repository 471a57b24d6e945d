import { readdir, readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentName } from '../../../src/cli/mcp/documents.js';
import { decodeDocument } from '../../../src/documents/decode.js';
import { createMockService, type MockServer } from '../../../src/testing/index.js';
import { connect, type Session } from '../../support/mcp.js';

// Every document a tool saves gets a file of its own, named by the operation and every reference the call
// concerns, and no call's file is ever replaced by another's: an agent that was told `savedTo` of one
// label must find that label there later.
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

type Saved = { savedTo: string; format: string; bytes: number };

describe("the MCP server's documents", () => {
  it("a contents label is saved beside the shipment's labels, and the first answer's file keeps its label", async () => {
    session = await connect(mock, server);
    const { call, outputDir, shipments } = session;
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    const contents = shipment.contents[0]?.reference as string;
    const labels = await call('getLabels', {
      shipmentReference: shipment.reference,
      format: 'pdf',
      dpi: 203,
    });
    const [label] = labels.structured.result as Saved[];
    const contentsLabel = await call('getContentsLabel', {
      shipmentReference: shipment.reference,
      contentsReference: contents,
      format: 'pdf',
      dpi: 203,
    });
    const [saved] = contentsLabel.structured.result as Saved[];
    expect(label?.savedTo).toMatch(new RegExp(`/getLabels-${shipment.reference}-pdf\\.pdf$`));
    expect(saved?.savedTo).toMatch(
      new RegExp(`/getContentsLabel-${shipment.reference}-${contents}-pdf\\.pdf$`),
    );
    // The first answer's file still holds the shipment's label, byte for byte.
    const [expected] = await shipments.labels.get(shipment.reference as never, { format: 'PDF', dpi: 203 });
    const { bytes } = decodeDocument(expected as never);
    expect(new Uint8Array(await readFile(label?.savedTo as string))).toEqual(bytes);
    expect((await readdir(outputDir)).sort()).toHaveLength(2);
  });

  it('the same call made twice saves a second file, never over the first', async () => {
    session = await connect(mock, server);
    const { call, outputDir } = session;
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    const args = { shipmentReference: shipment.reference, format: 'pdf', dpi: 203 };
    const [first] = (await call('getLabels', args)).structured.result as Saved[];
    const [second] = (await call('getLabels', args)).structured.result as Saved[];
    expect(second?.savedTo).not.toBe(first?.savedTo);
    expect(second?.savedTo).toMatch(/-2\.pdf$/);
    expect(await readdir(outputDir)).toHaveLength(2);
  });

  it('names a file by the operation and its references, and a call naming many within bounds', () => {
    expect(documentName('getConsignmentLabels', ['EC-000-000-001', 'PDF'])).toBe(
      'getConsignmentLabels-EC-000-000-001-PDF',
    );
    const many = Array.from({ length: 40 }, (_, index) => `sp_${String(index).padStart(32, '0')}`);
    const name = documentName('getCollectionNote', many);
    expect(name.length).toBeLessThanOrEqual(180);
    expect(name).toMatch(/^getCollectionNote-sp_0+-sp_0+1-.*-and-\d+-more$/);
    expect(documentName('getLabels', ['../../etc/passwd'])).not.toContain('/');
  });
});
