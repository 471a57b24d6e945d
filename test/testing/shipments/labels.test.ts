import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  decodeBase64,
  decodeDocument,
  NotFoundError,
  ShipmentsClient,
} from '../../../src/index.js';
import { useMockService } from '../../support/mock-service.js';
import { B, bmpHeader, bmpPixel, latin1, rawRequest, seedShipment } from '../../support/shipments-mock.js';

const { mock } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey });
const sp = (reference: string) => reference as `sp_${string}`;
const sc = (reference: string) => reference as `sc_${string}`;

describe('Get Labels in the mock', () => {
  it('serves a PDF that a PDF parser opens: one 4x6in page naming the shipment and the carrier', async () => {
    const shipment = seedShipment(mock);
    const [label, ...more] = await client().labels.get(sp(shipment.reference), { format: 'PDF' });
    expect(more).toEqual([]);
    expect(label).toMatchObject({ content_type: 'application/pdf', document_type: 'label', dpi: 203 });
    const decoded = decodeDocument(label!);
    expect(decoded.format).toBe('pdf');
    const pdf = await PDFDocument.load(decoded.bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const text = latin1(decoded.bytes);
    expect(text).toContain(shipment.reference);
    expect(text).toContain('Acme Parcels');
    // The extension is wrapped to fit the label: every word of it is there.
    for (const word of mock.store.shipments.labelExtension!.split(' ')) expect(text).toContain(word);
  });

  it('leaves the label extension out when include_extension is false', async () => {
    const shipment = seedShipment(mock);
    mock.store.shipments.setLabelExtension('Scan for returns: example.com/r');
    const withExtension = await client().labels.get(sp(shipment.reference), { format: 'ZPL' });
    const without = await client().labels.get(sp(shipment.reference), {
      format: 'ZPL',
      includeExtension: false,
    });
    expect(latin1(decodeBase64(withExtension[0]!.file))).toContain('Scan for returns: example.com/r');
    expect(latin1(decodeBase64(without[0]!.file))).not.toContain('Scan for returns');
    const pdf = await client().labels.get(sp(shipment.reference), { format: 'PDF', includeExtension: false });
    expect(latin1(decodeBase64(pdf[0]!.file))).not.toContain('Scan for returns');
  });

  it('serves a ZPL program holding the shipment reference, sized by dpi', async () => {
    const shipment = seedShipment(mock);
    const [label] = await client().labels.get(sp(shipment.reference), { format: 'ZPL', dpi: 300 });
    expect(label).toMatchObject({ content_type: 'text/plain', dpi: 300 });
    const program = latin1(decodeBase64(label!.file));
    expect(program.startsWith('^XA')).toBe(true);
    expect(program.trimEnd().endsWith('^XZ')).toBe(true);
    expect(program).toContain(`^FD${shipment.reference}^FS`);
    expect(program).toContain('^PW1200^LL1800');
  });

  it('serves a 1-bit BMP of 4x6 inches at the requested dpi', async () => {
    const shipment = seedShipment(mock);
    for (const dpi of [203, 300, 600] as const) {
      const [label] = await client().labels.get(sp(shipment.reference), { format: 'BMP', dpi });
      expect(label).toMatchObject({ content_type: 'image/bmp', dpi });
      const decoded = decodeDocument(label!);
      expect(decoded.extension).toBe('.bmp');
      const header = bmpHeader(decoded.bytes);
      expect(header).toMatchObject({ headerSize: 40, bitsPerPixel: 1, width: 4 * dpi, height: 6 * dpi });
      expect(header.fileSize).toBe(decoded.bytes.length);
    }
  });

  it('rotates BMP labels: width and height swap and the pixels turn', async () => {
    const shipment = seedShipment(mock);
    const fetchBmp = async (rotation?: 'left' | 'right') =>
      decodeBase64(
        (
          await client().labels.get(sp(shipment.reference), {
            format: 'BMP',
            ...(rotation ? { rotation } : {}),
          })
        )[0]!.file,
      );
    const upright = await fetchBmp();
    const left = await fetchBmp('left');
    const right = await fetchBmp('right');
    const { width, height } = bmpHeader(upright);
    expect([width, height]).toEqual([812, 1218]);
    expect(bmpHeader(left)).toMatchObject({ width: height, height: width });
    expect(bmpHeader(right)).toMatchObject({ width: height, height: width });
    // The orientation block sits at the upright top left; counter-clockwise it moves to the bottom left.
    const samples: [number, number][] = [
      [60, 60],
      [width - 60, 60],
      [60, height - 60],
      [width / 2, height / 2],
      [100, 420],
    ];
    for (const [x, y] of samples) {
      const black = bmpPixel(upright, x, y);
      expect(bmpPixel(left, y, width - 1 - x)).toBe(black);
      expect(bmpPixel(right, height - 1 - y, x)).toBe(black);
    }
    expect(bmpPixel(upright, 60, 60)).toBe(true);
    expect(bmpPixel(upright, width - 60, 60)).toBe(false);
  });

  it('answers with real error codes for bad formats, resolutions and rotations', async () => {
    const shipment = seedShipment(mock);
    const base = `/labels/${shipment.reference}`;
    const cases: [string, string][] = [
      [`${base}/PNG`, 'format'],
      [`${base}/PDF/250`, 'dpi'],
      [`${base}/PDF?rotation=left`, 'rotation'],
      [`${base}/BMP?rotation=upside-down`, 'rotation'],
      [`${base}/PDF?include_extension=maybe`, 'include_extension'],
      ['/labels/EC-000-000-001/PDF', 'shipment_reference'],
    ];
    for (const [path, property] of cases) {
      const { status, body } = await rawRequest(mock, 'GET', path);
      expect(status, path).toBe(400);
      expect(body).toMatchObject({ code: 'validation_error', _links: null, details: [{ property }] });
      expect(body.reference).toMatch(/^er_/);
    }
  });

  it('refuses labels of an unallocated or unknown shipment, and formats the carrier does not offer', async () => {
    const unallocated = seedShipment(mock, { allocated: false });
    const error = await client()
      .labels.get(sp(unallocated.reference), { format: 'PDF' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe('not_found');
    expect((error as NotFoundError).details).toEqual([
      expect.objectContaining({ code: 'shipment_not_allocated' }),
    ]);
    await expect(client().labels.get('sp_unknown', { format: 'PDF' })).rejects.toMatchObject({
      status: 404,
      details: [expect.objectContaining({ code: 'shipment_not_found' })],
    });
    const zplOnly = seedShipment(mock, { labelFormats: ['ZPL'] });
    await expect(client().labels.get(sp(zplOnly.reference), { format: 'BMP' })).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });

  it('requires x-api-key and x-api-version', async () => {
    const shipment = seedShipment(mock);
    const path = `/labels/${shipment.reference}/PDF`;
    expect(await rawRequest(mock, 'GET', path, { headers: { 'x-api-key': '' } })).toMatchObject({
      status: 401,
      body: { code: 'unauthorised', details: [{ code: 'missing_api_key_header' }] },
    });
    const noVersion = await mock.fetch(`${B}${path}`, { headers: { 'x-api-key': mock.apiKey } });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ code: 'version_header_missing' });
    expect(await rawRequest(mock, 'GET', path, { headers: { 'x-api-version': '0.9' } })).toMatchObject({
      status: 400,
      body: { code: 'version_header_error' },
    });
    const error = await new ShipmentsClient({ apiKey: 'wrong' }).labels
      .get(sp(shipment.reference), { format: 'PDF' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
  });
});

describe('Get Contents Label in the mock', () => {
  it('serves an array with the label of one contents item', async () => {
    const shipment = seedShipment(mock, { packages: 2 });
    const contents = shipment.contents[1]!.reference;
    const labels = await client().labels.getForContents(sp(shipment.reference), sc(contents), {
      format: 'PDF',
      dpi: 300,
    });
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ content_type: 'application/pdf', dpi: 300, document_type: 'label' });
    const pdf = await PDFDocument.load(decodeBase64(labels[0]!.file));
    expect(pdf.getPageCount()).toBe(1);
    expect(latin1(decodeBase64(labels[0]!.file))).toContain(`Contents ${contents}`);
    const raw = await rawRequest(mock, 'GET', `/labels/${shipment.reference}/contents/${contents}/ZPL/203`);
    expect(Array.isArray(raw.body)).toBe(true);
  });

  it('refuses an sp_ reference, another shipment’s contents item and BMP', async () => {
    const shipment = seedShipment(mock);
    const other = seedShipment(mock);
    const base = `/labels/${shipment.reference}/contents`;
    expect(await rawRequest(mock, 'GET', `${base}/${shipment.reference}/PDF/203`)).toMatchObject({
      status: 400,
      body: { details: [{ property: 'contents_reference', code: 'invalid_reference_format' }] },
    });
    expect(await rawRequest(mock, 'GET', `${base}/${shipment.contents[0]!.reference}/BMP/203`)).toMatchObject(
      {
        status: 400,
        body: { details: [{ property: 'format' }] },
      },
    );
    await expect(
      client().labels.getForContents(sp(shipment.reference), sc(other.contents[0]!.reference), {
        format: 'ZPL',
        dpi: 203,
      }),
    ).rejects.toMatchObject({
      status: 404,
      details: [expect.objectContaining({ code: 'contents_not_found' })],
    });
  });
});
