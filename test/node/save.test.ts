import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentError, decodeBase64, type LabelDocument, ShipmentsClient } from '../../src/index.js';
import { saveDocument, saveLabels } from '../../src/node/index.js';
import { useMockService } from '../support/mock-service.js';
import { answerWith, bmpHeader, seedShipment } from '../support/shipments-mock.js';

const { mock, server } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey });
const sp = (reference: string) => reference as `sp_${string}`;

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-save-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function label(format: 'PDF' | 'ZPL' | 'BMP'): Promise<LabelDocument> {
  const shipment = seedShipment(mock);
  const [document] = await client().labels.get(sp(shipment.reference), { format });
  return document!;
}

/** Every file under `root`, temporary ones included. */
async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true })).sort();
}

describe('saveDocument', () => {
  it('writes exactly the bytes the mock served, and a saved PDF loads with one page', async () => {
    const document = await label('PDF');
    const path = join(folder, 'label.pdf');
    expect(await saveDocument(document, path)).toBe(path);
    const saved = new Uint8Array(await readFile(path));
    expect(saved).toEqual(decodeBase64(document.file));
    expect((await PDFDocument.load(saved)).getPageCount()).toBe(1);
    expect(await filesUnder(folder)).toEqual(['label.pdf']);
  });

  it('replaces an existing file whole', async () => {
    const path = join(folder, 'label.zpl');
    await writeFile(path, 'old contents that are longer than nothing');
    const document = await label('ZPL');
    await saveDocument(document, path);
    expect(new Uint8Array(await readFile(path))).toEqual(decodeBase64(document.file));
  });

  it('names the file from the bytes when given a folder, or a path ending with /', async () => {
    const bmp = await label('BMP');
    expect(await saveDocument(bmp, folder)).toBe(join(folder, 'label.bmp'));
    expect(bmpHeader(new Uint8Array(await readFile(join(folder, 'label.bmp'))))).toMatchObject({
      width: 812,
    });
    const zpl = await label('ZPL');
    expect(await saveDocument(zpl, `${folder}/new/`, { name: 'parcel-1', createDirectories: true })).toBe(
      join(folder, 'new', 'parcel-1.zpl'),
    );
    await expect(saveDocument(zpl, folder, { name: '../escape' })).rejects.toThrow(
      /file name without folders/,
    );
  });

  it('refuses a missing folder unless asked to create it', async () => {
    const document = await label('PDF');
    const path = join(folder, 'a', 'b', 'label.pdf');
    await expect(saveDocument(document, path)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await filesUnder(folder)).toEqual([]);
    await saveDocument(document, path, { createDirectories: true });
    expect((await stat(path)).size).toBe(decodeBase64(document.file).length);
  });

  it('leaves no temporary file when the final rename fails', async () => {
    const document = await label('PDF');
    // The target name is taken by a folder that is not empty: the rename over it fails.
    await mkdir(join(folder, 'label.pdf', 'inside'), { recursive: true });
    await expect(saveDocument(document, join(folder, ''), { name: 'label' })).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST|EPERM)$/),
    });
    expect(await filesUnder(folder)).toEqual(['label.pdf', join('label.pdf', 'inside')]);
  });

  it('writes nothing for a document that does not decode', async () => {
    const document = await label('PDF');
    await expect(
      saveDocument({ ...document, content_type: 'image/bmp' }, join(folder, 'x.pdf')),
    ).rejects.toThrow(DocumentError);
    await expect(saveDocument({ ...document, file: '%%%' }, join(folder, 'x.pdf'))).rejects.toThrow(
      DocumentError,
    );
    expect(await filesUnder(folder)).toEqual([]);
  });
});

describe('saveLabels', () => {
  it('fetches the labels and saves them as <shipmentRef>.<ext>', async () => {
    const shipment = seedShipment(mock);
    const directory = join(folder, 'labels');
    const paths = await saveLabels(client(), sp(shipment.reference), {
      format: 'BMP',
      dpi: 300,
      rotation: 'right',
      directory,
      createDirectories: true,
    });
    expect(paths).toEqual([join(directory, `${shipment.reference}.bmp`)]);
    expect(bmpHeader(new Uint8Array(await readFile(paths[0]!)))).toMatchObject({ width: 1800, height: 1200 });
    const request = new URL(mock.requests('getLabels')[0]!.url);
    expect(request.pathname.endsWith(`/labels/${shipment.reference}/bmp/300`)).toBe(true);
    expect(request.searchParams.get('rotation')).toBe('right');
  });

  it('numbers the files when the service returns several labels, and decodes all before writing any', async () => {
    const pdf = await label('PDF');
    const zpl = await label('ZPL');
    answerWith(server, [pdf, zpl]);
    const paths = await saveLabels(client(), 'sp_many', { format: 'PDF', directory: folder });
    expect(paths).toEqual([join(folder, 'sp_many.pdf'), join(folder, 'sp_many-2.zpl')]);
    expect(new Uint8Array(await readFile(paths[1]!))).toEqual(decodeBase64(zpl.file));

    answerWith(server, [pdf, { ...zpl, content_type: 'application/pdf' }]);
    const other = join(folder, 'other');
    await mkdir(other);
    await expect(saveLabels(client(), 'sp_many', { format: 'PDF', directory: other })).rejects.toThrow(
      DocumentError,
    );
    expect(await filesUnder(other)).toEqual([]);
  });
});
