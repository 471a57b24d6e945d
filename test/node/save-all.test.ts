import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  NotFoundError,
  RequestAbortedError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { saveAllLabels } from '../../src/node/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { OverlapCounter, pageTexts } from '../support/labels-at-scale.js';

let mock: MockService;
let folder: string;
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
  folder = await mkdtemp(join(tmpdir(), 'consignkit-scale-'));
  overlap = new OverlapCounter();
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('saveAllLabels', () => {
  it('saves every shipment, in order, never more than `concurrency` requests at once', async () => {
    const references = shipmentsMade(12);
    const progress: number[] = [];
    const results = await saveAllLabels(client(), references, {
      format: 'PDF',
      directory: folder,
      concurrency: 3,
      onProgress: ({ done, total }) => progress.push(done * 100 + total),
    });
    expect(results.map((result) => result.shipment)).toEqual(references);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(overlap.peak).toBe(3);
    expect(progress).toEqual(Array.from({ length: 12 }, (_, index) => (index + 1) * 100 + 12));
    expect((await readdir(folder)).sort()).toEqual(references.map((reference) => `${reference}.pdf`).sort());
  });

  it('defaults to 4 at once, and refuses a concurrency below 1', async () => {
    await saveAllLabels(client(), shipmentsMade(10), { format: 'PDF', directory: folder });
    expect(overlap.peak).toBe(4);
    await expect(
      saveAllLabels(client(), shipmentsMade(1), { format: 'PDF', directory: folder, concurrency: 0 }),
    ).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('goes on past a shipment that fails, and says which one and why', async () => {
    const references = shipmentsMade(5, [1, 3]);
    const results = await saveAllLabels(client(), references, { format: 'ZPL', directory: folder });
    expect(results.map((result) => result.ok)).toEqual([true, false, true, false, true]);
    const failed = results[1];
    expect(failed?.ok === false && failed.error).toBeInstanceOf(NotFoundError);
    expect((await readdir(folder)).sort()).toEqual(
      [references[0], references[2], references[4]].map((reference) => `${reference}.zpl`).sort(),
    );
  });

  it('stops when aborted: nothing new starts, in-flight ones end, and no partial or temporary file is left', async () => {
    const references = shipmentsMade(20);
    const stop = new AbortController();
    const results = await saveAllLabels(client(), references, {
      format: 'PDF',
      directory: folder,
      concurrency: 2,
      signal: stop.signal,
      onProgress: ({ done }) => done === 5 && stop.abort(),
    });
    const saved = results.filter((result) => result.ok);
    const stopped = results.filter((result) => !result.ok);
    expect(saved.length).toBeGreaterThanOrEqual(5);
    expect(saved.length).toBeLessThan(20);
    for (const result of stopped)
      expect(result.ok === false && result.error).toBeInstanceOf(RequestAbortedError);
    const files = await readdir(folder);
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(saved.length);
    // Every file there is whole: it decodes as the PDF it claims to be.
    for (const file of files)
      expect(new TextDecoder().decode((await readFile(join(folder, file))).subarray(-6))).toContain('%%EOF');
  });

  it('writes the labels saved as one print file with `merge`, in the order given', async () => {
    const references = shipmentsMade(4, [2]);
    const merged = join(folder, 'collection.pdf');
    await saveAllLabels(client(), references, { format: 'PDF', directory: folder, merge: merged });
    const pdf = await PDFDocument.load(await readFile(merged));
    expect(pdf.getPageCount()).toBe(3);
    const texts = pageTexts(pdf);
    for (const [page, reference] of [references[0], references[1], references[3]].entries()) {
      expect(texts[page]).toContain(`Shipment ${reference}`);
    }
  });
});
