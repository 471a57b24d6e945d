import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDocument, type PDFRawStream } from '@pdfme/pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  DocumentError,
  decodeDocument,
  NotFoundError,
  RequestAbortedError,
  type ShipmentReference,
  ShipmentsClient,
} from '../src/index.js';
import {
  mergeLabels,
  type PrinterError,
  PrinterTimeoutError,
  PrinterUnreachableError,
  printZpl,
  saveAllLabels,
} from '../src/node/index.js';
import { createMockService, type MockService } from '../src/testing/index.js';

let mock: MockService;
let folder: string;
/** Requests to the mock in flight right now, and the most there ever were at once. */
let inFlight = 0;
let peakInFlight = 0;

function client() {
  return new ShipmentsClient({
    apiKey: mock.apiKey,
    maxRetries: 0,
    // The mock behind a counter, each answer a little late so that requests overlap.
    fetch: async (input, init) => {
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return await mock.fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    },
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

/** The text drawn on each page of a PDF, read back from its content streams. */
function pageTexts(pdf: PDFDocument): string[] {
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    return streams
      .map((stream) => Buffer.from((stream as PDFRawStream).getContents()).toString('latin1'))
      .join('');
  });
}

beforeEach(async () => {
  mock = createMockService();
  folder = await mkdtemp(join(tmpdir(), 'consignkit-scale-'));
  inFlight = 0;
  peakInFlight = 0;
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
    expect(peakInFlight).toBe(3);
    expect(progress).toEqual(Array.from({ length: 12 }, (_, index) => (index + 1) * 100 + 12));
    expect((await readdir(folder)).sort()).toEqual(references.map((reference) => `${reference}.pdf`).sort());
  });

  it('defaults to 4 at once, and refuses a concurrency below 1', async () => {
    await saveAllLabels(client(), shipmentsMade(10), { format: 'PDF', directory: folder });
    expect(peakInFlight).toBe(4);
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

describe('mergeLabels', () => {
  async function labelsOf(references: ShipmentReference[], format: 'PDF' | 'ZPL' | 'BMP') {
    const shipments = client();
    const labels = await Promise.all(
      references.map((reference) => shipments.getLabels(reference, { format })),
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

describe('printZpl', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    // A server closes only once its connections have: the hanging printer's must be ended here.
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  async function printer(onSocket: (socket: Socket) => void): Promise<number> {
    const server = createServer((socket) => {
      sockets.push(socket);
      onSocket(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  const zpl = new TextEncoder().encode('^XA^FO50,50^ADN,36,20^FDconsignkit^FS^XZ\n');

  it('hands every byte to a printer that accepts, once', async () => {
    const received: Buffer[] = [];
    let connections = 0;
    const closed = new Promise<void>((resolve) => {
      void printer((socket) => {
        connections += 1;
        socket.on('data', (chunk) => received.push(chunk));
        socket.on('end', () => resolve());
      }).then((port) => printZpl(zpl, { host: '127.0.0.1', port }));
    });
    await closed;
    expect(Buffer.concat(received)).toEqual(Buffer.from(zpl));
    expect(connections).toBe(1);
  });

  it('is a PrinterUnreachableError, with nothing sent, when the printer refuses the connection', async () => {
    const port = await printer(() => undefined);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const error = await printZpl(zpl, { host: '127.0.0.1', port }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrinterUnreachableError);
    expect(error).toMatchObject({ sentBytes: 0, printer: `127.0.0.1:${port}` });
  });

  it('is a PrinterTimeoutError when the printer takes the connection but not the bytes, and is never retried', async () => {
    let connections = 0;
    const port = await printer((socket) => {
      connections += 1;
      socket.pause(); // A printer that hangs: it never reads.
    });
    // More than the sockets' buffers hold, so the send cannot finish without the printer reading.
    const large = new Uint8Array(64 * 1024 * 1024).fill(0x20);
    large.set(new TextEncoder().encode('^XA'), 0);
    const error = await printZpl(large, { host: '127.0.0.1', port, timeout: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PrinterTimeoutError);
    expect((error as PrinterError).sentBytes).toBeGreaterThan(0);
    expect((error as PrinterError).message).toMatch(/did not take the bytes/);
    expect(connections).toBe(1);
  });

  it('refuses what is not ZPL, and a bad port, before connecting', async () => {
    expect(() => printZpl(new TextEncoder().encode('%PDF-1.7'), { host: '127.0.0.1' })).toThrow(
      DocumentError,
    );
    expect(() => printZpl(zpl, { host: '127.0.0.1', port: 70_000 })).toThrow(ConfigurationError);
  });

  it('stops at once when aborted', async () => {
    const port = await printer((socket) => socket.pause());
    const stop = new AbortController();
    const large = new Uint8Array(64 * 1024 * 1024).fill(0x20);
    large.set(new TextEncoder().encode('^XA'), 0);
    const sending = printZpl(large, { host: '127.0.0.1', port, signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    await expect(sending).rejects.toThrow(/aborted while sending/);
  });
});
