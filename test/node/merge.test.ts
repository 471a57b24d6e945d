import { PDFDocument } from '@pdfme/pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import { DocumentError, decodeDocument, type ShipmentReference, ShipmentsClient } from '../../src/index.js';
import { mergeLabels } from '../../src/node/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { OverlapCounter, pageTexts } from '../support/labels-at-scale.js';

let mock: MockService;
/** The label requests in flight, and the most there ever were at once. */
let overlap: OverlapCounter;

function client() {
  return new ShipmentsClient({
    apiKey: mock.apiKey,
    maxRetries: 0,
    fetch: overlap.through(mock.fetch),
  });
}

function shipmentsMade(count: number, unallocated: number[] = []): ShipmentReference[] {
  return Array.from(
    { length: count },
    (_, index) =>
      mock.store.shipments.addShipment({ allocated: !unallocated.includes(index) })
        .reference as ShipmentReference,
  );
}

beforeEach(async () => {
  mock = createMockService();
  overlap = new OverlapCounter();
});

describe('mergeLabels', () => {
  async function labelsOf(references: ShipmentReference[], format: 'PDF' | 'ZPL' | 'BMP') {
    const shipments = client();
    const labels = await Promise.all(
      references.map((reference) => shipments.labels.get(reference, { format })),
    );
    return labels.flat().map((label) => decodeDocument(label));
  }

  it('makes one PDF with every page of every label, in order, each page its label', async () => {
    const references = shipmentsMade(5);
    const merged = await mergeLabels(await labelsOf(references, 'PDF'));
    expect(merged).toMatchObject({ format: 'pdf', extension: '.pdf', labels: 5 });
    const pdf = await PDFDocument.load(merged.bytes);
    expect(pdf.getPageCount()).toBe(5);
    expect(pageTexts(pdf).map((text) => /Shipment (sp_\w+)/.exec(text)?.[1])).toEqual(references);
  });

  it('puts ZPL programs one after another: it starts with ^XA and ends with ^XZ', async () => {
    const references = shipmentsMade(3);
    const merged = await mergeLabels(await labelsOf(references, 'ZPL'));
    const text = new TextDecoder().decode(merged.bytes);
    expect(merged).toMatchObject({ format: 'zpl', extension: '.zpl', labels: 3 });
    expect(text.startsWith('^XA')).toBe(true);
    expect(text.trimEnd().endsWith('^XZ')).toBe(true);
    expect(text.match(/\^XA/g)).toHaveLength(3);
    expect(text.match(/\^XZ\n/g)).toHaveLength(3);
    for (const reference of references) expect(text).toContain(reference);
  });

  it('refuses BMP, a mix of formats, and nothing at all, with a DocumentError', async () => {
    const [a, b] = shipmentsMade(2);
    await expect(mergeLabels(await labelsOf([a as ShipmentReference], 'BMP'))).rejects.toThrow(
      /BMP labels cannot be merged/,
    );
    const mixed = [
      ...(await labelsOf([a as ShipmentReference], 'PDF')),
      ...(await labelsOf([b as ShipmentReference], 'ZPL')),
    ];
    await expect(mergeLabels(mixed)).rejects.toThrow(/different formats \(pdf, zpl\)/);
    await expect(mergeLabels([])).rejects.toBeInstanceOf(DocumentError);
  });
});
