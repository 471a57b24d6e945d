import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConfigurationError,
  type ConsignmentReference,
  type OrderReference,
  OrdersClient,
  RequestAbortedError,
} from '../../src/index.js';
import { type ConsignmentLabelProgress, saveAllConsignmentLabels } from '../../src/node/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { OverlapCounter, pageTexts } from '../support/labels-at-scale.js';
import { createOrderInput } from '../support/orders-mock.js';

let mock: MockService;
let folder: string;
/** Label requests to the mock in flight right now, and the most there ever were at once. */
/** The label requests in flight, and the most there ever were at once. */
let overlap: OverlapCounter;

/** A client on the mock, each label answer a little late so that label requests overlap. */
function client() {
  return new OrdersClient({
    apiKey: mock.apiKey,
    maxRetries: 0,
    fetch: overlap.through(mock.fetch),
  });
}

/** `count` orders, each packed into one consignment; all allocated but those at the `unallocated` indexes. */
async function consignmentsMade(count: number, unallocated: number[] = []): Promise<ConsignmentReference[]> {
  const orders = client();
  const references: ConsignmentReference[] = [];
  for (let index = 0; index < count; index += 1) {
    const order = (await orders.create(
      createOrderInput({ OrderReferenceProvidedByCustomer: `WEB-${index}` }) as never,
    )) as OrderReference;
    const [consignment] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    references.push(consignment as ConsignmentReference);
  }
  const toAllocate = references.filter((_, index) => !unallocated.includes(index));
  if (toAllocate.length > 0) await orders.allocation.allocate(toAllocate);
  return references;
}

beforeEach(async () => {
  mock = createMockService();
  folder = await mkdtemp(join(tmpdir(), 'consignkit-consignment-batch-'));
  overlap = new OverlapCounter((url) => url.includes('/labels/'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('saveAllConsignmentLabels', () => {
  it('saves every consignment’s label, in order, never more than `concurrency` at once, with progress', async () => {
    const references = await consignmentsMade(9);
    const progress: ConsignmentLabelProgress[] = [];
    const results = await saveAllConsignmentLabels(client(), references, {
      format: 'PDF',
      directory: folder,
      concurrency: 3,
      onProgress: (report) => progress.push(report),
    });
    expect(results.map((result) => result.consignment)).toEqual(references);
    expect(results.map((result) => result.ok && result.files)).toEqual(
      references.map((reference) => [join(folder, `${reference}.pdf`)]),
    );
    expect(overlap.peak).toBe(3);
    expect(progress.map(({ done, total }) => [done, total])).toEqual(
      references.map((_, index) => [index + 1, 9]),
    );
    expect(progress.map(({ consignment }) => consignment).sort()).toEqual([...references].sort());
    for (const reference of references) {
      const bytes = await readFile(join(folder, `${reference}.pdf`));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pageTexts(await PDFDocument.load(bytes)).join('')).toContain(`Consignment ${reference}`);
    }
  });

  it('defaults to 4 at once, and refuses a concurrency below 1 before fetching anything', async () => {
    const references = await consignmentsMade(8);
    await saveAllConsignmentLabels(client(), references, { format: 'ZPL', directory: folder });
    expect(overlap.peak).toBe(4);
    const before = mock.requests().length;
    await expect(
      saveAllConsignmentLabels(client(), references, { format: 'PDF', directory: folder, concurrency: 0 }),
    ).rejects.toThrow(ConfigurationError);
    await expect(
      saveAllConsignmentLabels(client(), references, { format: 'PDF', directory: folder, concurrency: 0 }),
    ).rejects.toThrow(/saveAllConsignmentLabels: concurrency must be an integer of at least 1, got 0/);
    expect(mock.requests().length).toBe(before);
  });

  it('goes on past a consignment that fails, and says which one and why', async () => {
    const references = await consignmentsMade(4, [1]);
    const results = await saveAllConsignmentLabels(client(), references, {
      format: 'ZPL',
      directory: folder,
    });
    expect(results.map((result) => result.ok)).toEqual([true, false, true, true]);
    const failed = results[1];
    expect(failed?.consignment).toBe(references[1]);
    expect(failed?.ok === false && failed.error).toBeInstanceOf(BadRequestError);
    expect((await readdir(folder)).sort()).toEqual(
      [references[0], references[2], references[3]].map((reference) => `${reference}.zpl`).sort(),
    );
  });

  it('writes the labels saved as one PDF with `merge`, in the order given, leaving out the failed', async () => {
    const references = await consignmentsMade(4, [2]);
    const merged = join(folder, 'print', 'today.pdf');
    await saveAllConsignmentLabels(client(), references, {
      format: 'PDF',
      directory: folder,
      createDirectories: true,
      concurrency: 4,
      merge: merged,
    });
    const texts = pageTexts(await PDFDocument.load(await readFile(merged)));
    const order = texts.map((text) => /Consignment (EC-[\w-]+)/.exec(text)?.[1]);
    expect([...new Set(order)]).toEqual([references[0], references[1], references[3]]);
  });

  it('merges ZPL labels into one stream of programs, in the order given', async () => {
    const references = await consignmentsMade(3);
    const merged = join(folder, 'today.zpl');
    await saveAllConsignmentLabels(client(), references, { format: 'ZPL', directory: folder, merge: merged });
    const text = await readFile(merged, 'latin1');
    expect(text.startsWith('^XA')).toBe(true);
    const positions = references.map((reference) => text.indexOf(reference));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('stops when aborted: nothing new starts, and the rest are RequestAbortedErrors naming getConsignmentLabels', async () => {
    const references = await consignmentsMade(10);
    const stop = new AbortController();
    const results = await saveAllConsignmentLabels(client(), references, {
      format: 'PDF',
      directory: folder,
      concurrency: 1,
      signal: stop.signal,
      onProgress: ({ done }) => done === 3 && stop.abort(),
    });
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    const stopped = results.slice(3);
    for (const result of stopped) {
      expect(result.ok === false && result.error).toBeInstanceOf(RequestAbortedError);
      expect(result.ok === false && (result.error as RequestAbortedError).operation).toBe(
        'getConsignmentLabels',
      );
    }
    const files = await readdir(folder);
    expect(files.sort()).toEqual(
      references
        .slice(0, 3)
        .map((reference) => `${reference}.pdf`)
        .sort(),
    );
  });
});
