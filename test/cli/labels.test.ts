import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli } from '../support/cli.js';

// `consignkit labels` for a collection, in process, against the mock's real HTTP server.
const mock = createMockService();
let server: MockServer;
let folder: string;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });
const onShipments = () => ['--base-url', server.shipmentsUrl];

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-cli-scale-'));
});
afterEach(async () => {
  mock.reset();
  await rm(folder, { recursive: true, force: true });
});

describe('consignkit labels for a collection', () => {
  it('takes a group’s shipments, merges them into one PDF, and exits 1 naming the one that failed', async () => {
    const allocated = [0, 1, 2].map(() => mock.store.shipments.addShipment({}).reference);
    const unallocated = mock.store.shipments.addShipment({ allocated: false }).reference;
    const group = mock.store.shipments.addShipmentGroup({ shipments: allocated }).reference;
    const merged = join(folder, 'collection.pdf');
    const { code, stdout, stderr } = await cli(
      [
        'labels',
        unallocated,
        '--group',
        group,
        '--concurrency',
        '2',
        '--merge',
        merged,
        '--out',
        folder,
        '--json',
        ...onShipments(),
      ],
      env(),
    );
    expect(code).toBe(1);
    expect(stderr).toContain(unallocated);
    const results = JSON.parse(stdout.slice(stdout.indexOf('[')));
    expect(results.map((result: { shipment: string; ok: boolean }) => [result.shipment, result.ok])).toEqual([
      [unallocated, false],
      ...allocated.map((reference) => [reference, true]),
    ]);
    const pdf = await PDFDocument.load(await readFile(merged));
    expect(pdf.getPageCount()).toBe(3);
  });

  it('--print sends the labels as one ZPL stream to the printer, and needs --format ZPL', async () => {
    const references = [0, 1].map(() => mock.store.shipments.addShipment({}).reference);
    const received: Buffer[] = [];
    const printer: Server = createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const { port } = printer.address() as { port: number };
    try {
      const refused = await cli(
        ['labels', ...references, '--print', `127.0.0.1:${port}`, '--out', folder, ...onShipments()],
        env(),
      );
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--format ZPL');

      const { code, stdout } = await cli(
        [
          'labels',
          ...references,
          '--format',
          'ZPL',
          '--print',
          `127.0.0.1:${port}`,
          '--out',
          folder,
          ...onShipments(),
        ],
        env(),
      );
      expect(code).toBe(0);
      expect(stdout).toContain(`sent 2 label(s) to 127.0.0.1:${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const printed = Buffer.concat(received).toString('latin1');
      expect(printed.match(/\^XA/g)).toHaveLength(2);
      for (const reference of references) expect(printed).toContain(reference);
    } finally {
      await new Promise((resolve) => printer.close(resolve));
    }
  });

  it('refuses a bad --concurrency before fetching anything', async () => {
    const { code, stderr } = await cli(['labels', 'sp_1', '--concurrency', '0', ...onShipments()], env());
    expect(code).toBe(2);
    expect(stderr).toContain('--concurrency');
    expect(mock.store.requests).toHaveLength(0);
  });
});
