import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as allocateAndPrint } from '../../examples/allocate-and-print.js';
import { main as areaBShipments } from '../../examples/area-b-shipments.js';
import { main as checkoutDeliveryOptions } from '../../examples/checkout-delivery-options.js';
import { main as editAPackedConsignment } from '../../examples/edit-a-packed-consignment.js';
import { main as errorsAndRetries } from '../../examples/errors-and-retries.js';
import { examples } from '../../examples/index.js';
import { main as internationalCustoms } from '../../examples/international-customs.js';
import { main as printRun } from '../../examples/print-run.js';

// The examples are documentation that runs: one that breaks fails the suite.
describe('examples', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it.each(Object.entries(examples))('%s runs against the mock', async (_name, example) => {
    const lines: string[] = [];
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-example-'));
    folders.push(folder);
    await example.main((line: string) => lines.push(line), folder);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/undefined/);
  });
});

describe('errors-and-retries', () => {
  it('settles a manifest whose answer was lost with reconcile, and sends nothing again', async () => {
    const lines: string[] = [];
    const result = await errorsAndRetries((line) => lines.push(line));
    expect(result).toEqual({
      // The answer was lost after the service acted: both were manifested, so nothing is resent.
      resent: [],
      states: ['Manifested', 'Manifested'],
      manifestRequests: 1,
    });
    expect(lines.filter((line) => /^ {2}EC-.* is Manifested: done true$/.test(line))).toHaveLength(2);
  });
});

describe('edit-a-packed-consignment', () => {
  it('adds a mug, moves it to a box of its own, and names boxes and items by your references', async () => {
    const lines: string[] = [];
    const { packages, labelled } = await editAPackedConsignment((line) => lines.push(line));
    expect(packages).toEqual([
      { reference: 'BOX-1', items: ['MUG-BLUE'] },
      { reference: 'BOX-2', items: ['MUG-RED'] },
    ]);
    expect(labelled).toBe('PICKED-BY-ANA');
  });
});

describe('print-run', () => {
  it('prints every allocated shipment of the collection in one ZPL job, and reports the one that is not', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-example-'));
    try {
      const lines: string[] = [];
      expect(await printRun((line) => lines.push(line), folder)).toEqual({
        saved: 5,
        failed: 1,
        programs: 5,
      });
      expect(lines.filter((line) => /^ {2}\d\/6 sp_/.test(line))).toHaveLength(6);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('checkout-delivery-options', () => {
  it('allocates the service the customer picked, and saves its label', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-example-'));
    try {
      const { picked, allocation, labels } = await checkoutDeliveryOptions(() => {}, folder);
      expect(allocation?.CarrierServiceReference).toBe(picked.CarrierServiceReference);
      expect(labels).toEqual([expect.stringMatching(/EC-.*\.pdf$/)]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('area-b-shipments', () => {
  it('walks a shipment from creation to tracking: allocated, labelled, grouped, manifested, tracked', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-example-'));
    try {
      const lines: string[] = [];
      const { shipments, group, manifests, files, tracking } = await areaBShipments(
        (line) => lines.push(line),
        folder,
      );
      expect(shipments).toEqual([expect.stringMatching(/^sp_\d{32}$/), expect.stringMatching(/^sp_\d{32}$/)]);
      expect(group).toMatch(/^sg_\d{32}$/);
      expect(manifests).toEqual([expect.stringMatching(/^ma_\d{32}$/)]);
      // Two labels and the collection note, each a real PDF.
      expect(files).toHaveLength(3);
      for (const file of files) {
        expect(file.startsWith(folder)).toBe(true);
        expect(new TextDecoder().decode((await readFile(file)).subarray(0, 5))).toBe('%PDF-');
      }
      expect(tracking.shipment_reference).toBe(shipments[0]);
      expect(tracking.events?.length).toBeGreaterThan(0);
      expect(lines.map((line) => line.slice(0, 2))).toEqual(['1.', '2.', '  ', '3.', '4.', '5.', '6.']);
      expect(lines[5]).toMatch(/: manifested$/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('international-customs', () => {
  it('carries the Brexit guide’s mandatory customs fields to the commercial invoice', async () => {
    const lines: string[] = [];
    const { invoice } = await internationalCustoms((line) => lines.push(line));
    const text = Buffer.from(invoice).toString('latin1');
    for (const printed of [
      'Shipping terms: DDP',
      'Declaration date: 2026-01-05T09:00:00+00:00',
      'Declared by: Ada Lovelace',
      'Invoice date: 2026-01-04T17:30:00+00:00',
      'EORI Number: GB123456789000',
    ]) {
      expect(text).toContain(printed);
    }
    expect(lines.at(-1)).toMatch(/1 commercial invoice\(s\)/);
  });
});

describe('allocate-and-print', () => {
  it('saves the label that came with the allocation, and after a lost answer reads instead of allocating again', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-allocate-and-print-'));
    try {
      const { consignment, another, files, sent } = await allocateAndPrint(() => {}, folder);
      expect(files).toEqual([join(folder, `${consignment}.zpl`), join(folder, `${another}.zpl`)]);
      expect((await readFile(files[0]!, 'latin1')).startsWith('^XA')).toBe(true);
      // One allocation each: the lost one was settled by reading, never sent again.
      expect(sent).toBe(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
