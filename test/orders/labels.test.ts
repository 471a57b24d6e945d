import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type ConsignmentReference,
  DocumentError,
  decodeDocument,
  NotFoundError,
  type OrderReference,
  OrdersClient,
  type PackageReference,
  RequestValidationError,
  ShipmentsClient,
} from '../../src/index.js';
import { saveConsignmentLabels, saveDocument } from '../../src/node/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { createOrderInput } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

/** A new order packed into one consignment, through the SDK. */
async function packed(overrides: Record<string, unknown> = {}): Promise<ConsignmentReference> {
  const order = await orders.create(createOrderInput(overrides) as never);
  const [consignment] = await orders.pack(order as OrderReference, {
    OrderReference: order,
    Packages: [
      { Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] },
      { Items: [{ Sku: 'TEAPOT-RED', Quantity: 1 }] },
    ],
  });
  return consignment as ConsignmentReference;
}

async function allocated(): Promise<ConsignmentReference> {
  const consignment = await packed();
  await orders.allocation.allocate([consignment]);
  return consignment;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('getConsignmentLabels: from allocation to a label, with no shipment lookup', () => {
  it('returns the allocated consignment’s label as { File, ContentType }, which decodeDocument reads', async () => {
    const consignment = await packed();
    const [summary] = await orders.allocation.allocate([consignment]);
    expect(summary?.CarrierServiceReference).toEqual(expect.any(String));

    const label = await orders.labels.get(consignment);
    expect(Object.keys(label).sort()).toEqual(['ContentType', 'File']);
    const decoded = decodeDocument(label);
    expect(decoded).toMatchObject({ format: 'pdf', extension: '.pdf', contentType: 'application/pdf' });
    expect(text(decoded.bytes)).toContain(`Consignment ${consignment}`);
    expect(mock.requests('getConsignmentLabels').map((request) => new URL(request.url).pathname)).toEqual([
      `/labels/${consignment}`,
    ]);
  });

  it('is the same file area B serves for the consignment’s shipment', async () => {
    const consignment = await allocated();
    const shipment = mock.store.shipments.shipmentForConsignment(consignment)!;
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const [areaB] = await shipments.labels.get(shipment.reference as `sp_${string}`, {
      format: 'ZPL',
      dpi: 300,
    });
    const areaA = await orders.labels.get(consignment, { format: 'ZPL', dpi: 300 });
    expect(decodeDocument(areaA).bytes).toEqual(decodeDocument(areaB!).bytes);
  });

  it('sends the format in upper case and the resolution after it, and takes either case', async () => {
    const consignment = await allocated();
    const png = decodeDocument(await orders.labels.get(consignment, { format: 'png', dpi: 300 }));
    expect(png).toMatchObject({ format: 'png', extension: '.png', contentType: 'image/png', dpi: undefined });
    // A real PNG: its header says 4x6 inches at 300 dpi.
    const view = new DataView(png.bytes.buffer, png.bytes.byteOffset);
    expect(text(png.bytes.subarray(12, 16))).toBe('IHDR');
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 1800]);

    const zplii = decodeDocument(await orders.labels.get(consignment, { format: 'ZPLII' }));
    expect(zplii.format).toBe('zpl');
    expect(text(zplii.bytes)).toMatch(/^\^XA/);
    expect(mock.requests('getConsignmentLabels').map((request) => new URL(request.url).pathname)).toEqual([
      `/labels/${consignment}/PNG/300`,
      `/labels/${consignment}/ZPLII`,
    ]);
  });

  it('refuses a resolution without a format, an unknown format or option, and sends nothing', async () => {
    const consignment = await allocated();
    const before = mock.requests('getConsignmentLabels').length;
    await expect(orders.labels.get(consignment, { dpi: 300 })).rejects.toThrow(/dpi needs a format/);
    await expect(orders.labels.get(consignment, { format: 'GIF' as 'PDF' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.labels.get(consignment, { format: 'PDF', dpi: 150 as 300 })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.labels.get(consignment, { fromat: 'PDF' } as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.labels.get('sp_1' as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('getConsignmentLabels')).toHaveLength(before);
  });

  it('is a BadRequestError for a consignment not allocated, and NotFoundError for an unknown one', async () => {
    const consignment = await packed();
    const error = await orders.labels.get(consignment).catch((caught) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'ConsignmentNotAllocated' });
    await expect(orders.labels.get('EC-000-ZZZ-ZZZ')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('is retried after a 503, as a read', async () => {
    const consignment = await allocated();
    mock.failNext('getConsignmentLabels', { status: 503 });
    const label = await orders.labels.get(consignment);
    expect(decodeDocument(label).format).toBe('pdf');
    expect(mock.requests('getConsignmentLabels')).toHaveLength(2);
  });
});

describe('getPackageLabel', () => {
  it('returns one package’s label, and NotFoundError for a package not in the consignment', async () => {
    const consignment = await allocated();
    const packages = mock.store.orders.getConsignment(consignment)!.Packages;
    const second = packages[1]!.Reference as PackageReference;
    const label = await orders.labels.getForPackage(consignment, second, { format: 'pdf' });
    const shipment = mock.store.shipments.shipmentForConsignment(consignment)!;
    expect(text(decodeDocument(label).bytes)).toContain(`Contents ${shipment.contents[1]!.reference}`);
    expect(new URL(mock.requests('getPackageLabel')[0]!.url).pathname).toBe(
      `/labels/package/${consignment}/${second}/PDF`,
    );
    await expect(orders.labels.getForPackage(consignment, 'EP-000-ZZZ-ZZZ')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(orders.labels.getForPackage(consignment, 'EC-1' as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
  });
});

describe('saving area A labels', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'consignkit-area-a-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('saveConsignmentLabels writes <EC-…>.<ext>, and saveDocument takes the label too', async () => {
    const consignment = await allocated();
    const [path] = await saveConsignmentLabels(orders, consignment, { format: 'ZPL', directory: folder });
    expect(path).toBe(join(folder, `${consignment}.zpl`));
    expect((await readFile(path!, 'latin1')).startsWith('^XA')).toBe(true);

    const label = await orders.labels.get(consignment, { format: 'PNG' });
    const saved = await saveDocument(label, `${folder}/`, { name: consignment });
    expect(saved).toBe(join(folder, `${consignment}.png`));
  });

  it('writes nothing for an unallocated consignment', async () => {
    const consignment = await packed();
    await expect(
      saveConsignmentLabels(orders, consignment, { format: 'PDF', directory: folder }),
    ).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('decodeDocument reads area A’s label shape', () => {
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
  it('decodes { File, ContentType }, and checks the declared type against the bytes', () => {
    expect(decodeDocument({ File: pdf, ContentType: 'application/pdf' }).format).toBe('pdf');
    expect(decodeDocument({ File: pdf, ContentType: null }).format).toBe('pdf');
    expect(() => decodeDocument({ File: pdf, ContentType: 'image/png' })).toThrow(
      /ContentType 'image\/png' disagrees with its bytes, which are PDF/,
    );
    expect(() => decodeDocument({ File: '%%%' })).toThrow(DocumentError);
  });
});
