import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/run.js';
import {
  ConnectionError,
  decodeDocument,
  type LabelOptions,
  OrdersClient,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { capture, cli, lines } from '../support/cli.js';
import { allocatedConsignment, orderInput } from '../support/fixtures.js';

// The command in process, against the mock's real HTTP server, reached through --base-url.
const mock = createMockService();
let server: MockServer;
let folder: string;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });
const orders = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
const shipments = () => new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });

/** The bytes the mock serves for this label request, decoded as an integrator would. */
async function servedLabel(shipment: string, options: LabelOptions): Promise<Uint8Array> {
  const [label] = await shipments().labels.get(shipment as ShipmentReference, options);
  return decodeDocument(label!).bytes;
}

const seedShipment = () => mock.store.shipments.addShipment().reference;

async function manifested(): Promise<string> {
  const consignment = await allocatedConsignment(orders());
  await orders().manifests.manifest([consignment]);
  return mock.store.orders.manifests[0]!.ManifestReference;
}

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-cli-'));
});
afterEach(async () => {
  mock.reset();
  await rm(folder, { recursive: true, force: true });
});

describe('no output line ever holds the key, whoever wrote the text', () => {
  // A mock whose key is the secret, so that calls succeed and the key can come back in other ways: the
  // SDK redacts its own errors, so these are texts it never sees (file paths, answers it returns).
  const secret = 'sk_live_do-not-print-me-0123456789';
  const keyed = createMockService({ apiKey: secret });
  let keyedServer: MockServer;
  beforeAll(async () => {
    keyedServer = await keyed.listen(0);
  });
  afterAll(() => keyedServer.close());
  afterEach(() => keyed.reset());

  const expectNoKey = ({ stdout, stderr }: { stdout: string; stderr: string }) => {
    for (const line of [...lines(stdout), ...lines(stderr)]) expect(line).not.toContain(secret);
  };

  it('a file-system error whose path holds the key', async () => {
    const shipment = keyed.store.shipments.addShipment().reference;
    // A file where the command needs a folder: mkdir fails with ENOTDIR, naming the path.
    await writeFile(join(folder, secret), 'not a folder');
    const out = join(folder, secret, 'labels');
    for (const json of [[], ['--json']]) {
      const result = await cli(
        ['labels', shipment, '--out', out, '--base-url', keyedServer.shipmentsUrl, ...json],
        { CONSIGNKIT_API_KEY: secret },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('ENOTDIR');
      expect(result.stderr).toContain('[redacted]');
      expectNoKey(result);
    }
  });

  it('a path holding the key in what a command saved', async () => {
    const shipment = keyed.store.shipments.addShipment().reference;
    const result = await cli(
      ['labels', shipment, '--out', join(folder, secret), '--base-url', keyedServer.shipmentsUrl],
      { CONSIGNKIT_SHIPMENTS_API_KEY: secret },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${shipment}: ${join(folder, '[redacted]', `${shipment}.pdf`)}\n`);
    expectNoKey(result);
  });

  it('a key echoed back in a 2xx answer the command prints', async () => {
    const order = await new OrdersClient({ apiKey: secret, fetch: keyed.fetch }).create(
      orderInput({ OrderReferenceProvidedByCustomer: `echo ${secret}` }),
    );
    const result = await cli(['orders', 'get', order, '--base-url', keyedServer.ordersUrl], {
      CONSIGNKIT_ORDERS_API_KEY: secret,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ OrderReferenceProvidedByCustomer: 'echo [redacted]' });
    expectNoKey(result);
  });

  const summary = {
    ManifestReference: secret,
    ManifestFileStorageContainer: 'c',
    ManifestFileName: `${secret}.pdf`,
    ShippingLocationReference: 'SL-LONDON',
    ShippingLocationName: null,
    Created: '2026-01-05T09:00:00+00:00',
    CarrierName: `Carrier ${secret}`,
    BookingsCount: 1,
    ManifestFileNameSentToCarrier: null,
  };

  it.each([[[]], [['--json']]])('a key echoed back in manifests listed (%j)', async (json) => {
    keyed.failNext('getCustomerManifests', { status: 200, body: [summary] });
    const listed = await cli(['manifests', 'list', '--base-url', keyedServer.ordersUrl, ...json], {
      CONSIGNKIT_API_KEY: secret,
    });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('[redacted]');
    expectNoKey(listed);
  });

  // The SDK already redacts its ResponseValidationError; this holds the whole path to the terminal.
  it.each([[[]], [['--json']]])('a key echoed back in an answer that fails validation (%j)', async (json) => {
    keyed.failNext('getCustomerManifests', { status: 200, body: [{ ...summary, BookingsCount: secret }] });
    const invalid = await cli(['manifests', 'list', '--base-url', keyedServer.ordersUrl, ...json], {
      CONSIGNKIT_API_KEY: secret,
    });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('ResponseValidationError');
    expectNoKey(invalid);
  });
});

describe('labels', () => {
  it('saves each shipment label as the bytes the mock served, and lists the files', async () => {
    const [first, second] = [seedShipment(), seedShipment()];
    const { code, stdout, stderr } = await cli(
      ['labels', first, second, '--out', folder, '--base-url', server.shipmentsUrl],
      env(),
    );
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(lines(stdout)).toEqual([
      `${first}: ${join(folder, `${first}.pdf`)}`,
      `${second}: ${join(folder, `${second}.pdf`)}`,
    ]);
    for (const shipment of [first, second]) {
      const saved = new Uint8Array(await readFile(join(folder, `${shipment}.pdf`)));
      expect(saved).toEqual(await servedLabel(shipment, { format: 'PDF' }));
      expect((await PDFDocument.load(saved)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    }
  });

  it('passes --format, --dpi and --no-extension through, and --json lists the files', async () => {
    const shipment = seedShipment();
    const { code, stdout } = await cli(
      [
        'labels',
        shipment,
        '--format',
        'zpl',
        '--dpi',
        '300',
        '--no-extension',
        '--out',
        folder,
        '--json',
      ].concat(['--base-url', server.shipmentsUrl]),
      env(),
    );
    expect(code).toBe(0);
    const file = join(folder, `${shipment}.zpl`);
    expect(JSON.parse(stdout)).toEqual([{ shipment, ok: true, files: [file] }]);
    expect(mock.requests('getLabels').at(-1)?.url).toMatch(
      new RegExp(`/labels/${shipment}/zpl/300\\?include_extension=false$`),
    );
    expect(new Uint8Array(await readFile(file))).toEqual(
      await servedLabel(shipment, { format: 'ZPL', dpi: 300, includeExtension: false }),
    );
  });

  it('passes --rotation for a BMP', async () => {
    const shipment = seedShipment();
    const argv = ['labels', shipment, '--format', 'BMP', '--rotation', 'right', '--out', folder];
    const { code } = await cli([...argv, '--base-url', server.shipmentsUrl], env());
    expect(code).toBe(0);
    expect(new Uint8Array(await readFile(join(folder, `${shipment}.bmp`)))).toEqual(
      await servedLabel(shipment, { format: 'BMP', rotation: 'right' }),
    );
  });

  it('saves the others when one shipment fails, reports that one on one line, and exits 1', async () => {
    const good = seedShipment();
    const unallocated = mock.store.shipments.addShipment({ allocated: false }).reference;
    const { code, stdout, stderr } = await cli(
      ['labels', unallocated, good, '--out', folder, '--base-url', server.shipmentsUrl],
      env(),
    );
    expect(code).toBe(1);
    expect(lines(stdout)).toEqual([`${good}: ${join(folder, `${good}.pdf`)}`]);
    expect(lines(stderr)).toEqual([
      expect.stringMatching(new RegExp(`^consignkit: ${unallocated}: NotFoundError \\(404 not_found\\): `)),
    ]);
    expect(await readdir(folder)).toEqual([`${good}.pdf`]);
  });

  it('saves an EC- consignment’s labels from area A, as the bytes the mock served', async () => {
    const consignment = await allocatedConsignment(orders());
    const { code, stdout, stderr } = await cli(
      ['labels', consignment, '--format', 'png', '--out', folder, '--base-url', server.ordersUrl, '--json'],
      env(),
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const file = join(folder, `${consignment}.png`);
    expect(JSON.parse(stdout)).toEqual([{ shipment: consignment, ok: true, files: [file] }]);
    const served = await orders().labels.get(consignment, { format: 'PNG' });
    expect(new Uint8Array(await readFile(file))).toEqual(decodeDocument(served).bytes);
    expect(new URL(mock.requests('getConsignmentLabels')[0]!.url).pathname).toMatch(
      new RegExp(`/labels/${consignment}/PNG$`),
    );
  });

  it('shows progress on a terminal when there are several shipments, and only then', async () => {
    const base = ['--out', folder, '--base-url', server.shipmentsUrl];
    const [first, second] = [seedShipment(), seedShipment()];
    const several = await cli(['labels', first, second, ...base], env(), { tty: true });
    // A bar with the counts and an ETA, and the shipment that just ended.
    expect(several.stderr).toMatch(/\[#{10}-{10}\] 1\/2 ETA \d+s sp_/);
    expect(several.stderr).toContain(`[####################] 2/2 ETA 0s`);
    expect(several.stderr.endsWith('\r\x1b[K')).toBe(true); // the line is cleared at the end
    const one = await cli(['labels', first, ...base], env(), { tty: true });
    expect(one.stderr).toBe('');
    const piped = await cli(['labels', first, second, ...base], env(), { tty: false });
    expect(piped.stderr).toBe('');
  });
});

describe('contents-label', () => {
  it('saves the contents label as served, named after the contents item', async () => {
    const shipment = mock.store.shipments.addShipment({ packages: 2 });
    const contents = shipment.contents[1]!.reference;
    const { code, stdout } = await cli(
      [
        'contents-label',
        shipment.reference,
        contents,
        '--out',
        folder,
        '--json',
        '--base-url',
        server.shipmentsUrl,
      ],
      env(),
    );
    expect(code).toBe(0);
    const file = join(folder, `${contents}.pdf`);
    expect(JSON.parse(stdout)).toEqual({ shipment: shipment.reference, contents, files: [file] });
    expect(mock.requests('getContentsLabel').at(-1)?.url).toContain(`/contents/${contents}/pdf/203`);
    const [served] = await shipments().labels.getForContents(
      shipment.reference as ShipmentReference,
      contents as `sc_${string}`,
      {
        format: 'PDF',
        dpi: 203,
      },
    );
    expect(new Uint8Array(await readFile(file))).toEqual(decodeDocument(served!).bytes);
  });
});

describe('manifests', () => {
  it('list prints a table, or the service JSON with --json, filtered by --location', async () => {
    const reference = await manifested();
    const base = ['--base-url', server.ordersUrl];
    const table = await cli(['manifests', 'list', ...base], env());
    expect(table.code).toBe(0);
    expect(lines(table.stdout)[0]).toMatch(/^REFERENCE +CREATED +CARRIER +BOOKINGS +LOCATION$/);
    expect(lines(table.stdout)[1]).toMatch(new RegExp(`^${reference} .* Royal Mail +1 +SL-LONDON$`));

    const json = await cli(['manifests', 'list', '--json', ...base], env());
    expect(JSON.parse(json.stdout)).toEqual(await orders().manifests.list());

    const leeds = await cli(['manifests', 'list', '--location', 'SL-LEEDS', ...base], env());
    expect(leeds.stdout).toBe('no customer manifests\n');
    expect(mock.requests('getCustomerManifests').at(-1)?.url).toContain('shippingLocationReference=SL-LEEDS');
  });

  it('get saves the PDF as served, into a folder or a file', async () => {
    const reference = await manifested();
    const served = await orders().manifests.get(reference);
    const base = ['--base-url', server.ordersUrl];

    const intoFolder = await cli(
      ['manifests', 'get', reference, '--out', `${folder}/`, '--json', ...base],
      env(),
    );
    expect(intoFolder.code).toBe(0);
    const file = join(folder, `manifest-${reference}.pdf`);
    expect(JSON.parse(intoFolder.stdout)).toEqual({ manifest: reference, file, bytes: served.length });
    expect(new Uint8Array(await readFile(file))).toEqual(served);

    const named = join(folder, 'today', 'collection.pdf');
    const intoFile = await cli(['manifests', 'get', reference, '--out', named, ...base], env());
    expect(intoFile.stdout).toBe(`${reference}: ${named} (${served.length} bytes)\n`);
    expect(new Uint8Array(await readFile(named))).toEqual(served);
  });

  it('get of an unknown manifest is exit 1 and writes nothing', async () => {
    const { code, stderr } = await cli(
      [
        'manifests',
        'get',
        'ffffffffffffffffffffffffffffffff',
        '--out',
        folder,
        '--base-url',
        server.ordersUrl,
      ],
      env(),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/^consignkit: NotFoundError \(404 /);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('orders get', () => {
  it('prints the order as JSON, with or without --json', async () => {
    const order = await orders().create(orderInput());
    const expected = await orders().get(order);
    for (const json of [[], ['--json']]) {
      const { code, stdout } = await cli(
        ['orders', 'get', order, ...json, '--base-url', server.ordersUrl],
        env(),
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(expected);
    }
  });

  it('an unknown order is exit 1 with the service code', async () => {
    const { code, stderr } = await cli(
      ['orders', 'get', 'EO-999-999-999', '--base-url', server.ordersUrl],
      env(),
    );
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([expect.stringMatching(/^consignkit: NotFoundError \(404 \w+\): /)]);
  });
});

describe('demo', () => {
  it('runs the whole workflow, printing each step, and leaves label PDFs and the manifest', async () => {
    const { code, stdout, stderr } = await cli(['demo', '--out', folder]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(`files go to ${folder}/`);
    for (const step of [
      'shipping location',
      'create order',
      'commercial invoice',
      'pack',
      'allocate',
      'labels',
      'shipment group',
      'lock group',
      'manifest',
      'customer manifest',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${step} `, 'm'));
    }
    const files = await readdir(folder);
    // Printed from the consignments allocation named.
    const labels = files.filter((file) => file.startsWith('EC-'));
    expect(labels).toHaveLength(3);
    // The order to Paris carries the shipper's EORI number onto its commercial invoice.
    const invoices = files.filter((file) => file.startsWith('invoice-EC-'));
    expect(invoices).toHaveLength(1);
    expect(await readFile(join(folder, invoices[0]!), 'latin1')).toContain('EORI Number: GB123456789000');
    for (const label of labels) {
      const pdf = await PDFDocument.load(await readFile(join(folder, label)));
      expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 }); // a 4x6 in label
      expect(stdout).toContain(join(folder, label));
    }
    expect(files.filter((file) => /^manifest-[0-9a-f]{32}\.pdf$/.test(file))).toHaveLength(1);
  });

  it('--json prints what it made, and only that', async () => {
    const { code, stdout } = await cli(['demo', '--out', folder, '--json']);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      directory: folder,
      group: expect.stringMatching(/^sg_/),
      manifest: { reference: expect.stringMatching(/^[0-9a-f]{32}$/), file: expect.any(String) },
    });
    expect(summary.parcels).toEqual([
      expect.objectContaining({
        order: expect.stringMatching(/^EO-/),
        consignment: expect.stringMatching(/^EC-/),
      }),
      expect.objectContaining({
        shipment: expect.stringMatching(/^sp_/),
        labels: [expect.stringContaining(folder)],
      }),
      expect.objectContaining({ consignment: expect.stringMatching(/^EC-/) }),
    ]);
    await expect(readFile(summary.manifest.file)).resolves.toBeInstanceOf(Buffer);
  });

  it('does not depend on the environment variables', async () => {
    const { code } = await cli(['demo', '--out', folder], { CONSIGNKIT_ENVIRONMENT: 'nonsense' });
    expect(code).toBe(0);
  });
});

describe('mock', () => {
  it('serves both areas over HTTP until stopped, and prints their URLs', async () => {
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    // `mock` runs until stopped, so its output is read while it runs.
    const stdout = capture();
    const running = run(['mock', '--port', '0', '--json'], {
      stdout,
      stderr: capture(),
      env: {},
      waitForStop: () => stopped,
    });
    await vi.waitFor(() => expect(stdout.text).toContain('shipmentsUrl'));
    const { ordersUrl, shipmentsUrl, apiKey, port } = JSON.parse(stdout.text);
    expect(ordersUrl).toBe(`http://127.0.0.1:${port}/orders-api`);
    expect(shipmentsUrl).toBe(`http://127.0.0.1:${port}/shipments-api`);

    await expect(new OrdersClient({ apiKey, baseUrl: ordersUrl }).manifests.list()).resolves.toEqual([]);
    const labels = await cli(['labels', 'sp_unknown0', '--base-url', shipmentsUrl], {
      CONSIGNKIT_API_KEY: apiKey,
    });
    expect(labels.stderr).toContain('NotFoundError (404 not_found)');

    stop();
    await expect(running).resolves.toBe(0);
    const afterwards = new OrdersClient({ apiKey, baseUrl: ordersUrl, maxRetries: 0 });
    await expect(afterwards.manifests.list()).rejects.toBeInstanceOf(ConnectionError);
  });
});
