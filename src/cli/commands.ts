import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import type {
  ConsignmentReference,
  ContentsReference,
  ManifestReference,
  OrderReference,
  ShipmentGroupReference,
  ShipmentReference,
} from '../core/references.js';
import { decodeDocument } from '../documents/decode.js';
import { mergeLabels } from '../node/merge.js';
import { printZpl } from '../node/printer.js';
import { saveDocument } from '../node/save.js';
import { type LabelRunResult, saveAllConsignmentLabels, saveAllLabels } from '../node/save-all.js';
import { OrdersClient } from '../orders/client.js';
import type { ContentsLabelFormat, LabelDpi, LabelOptions } from '../shipments/labels.js';
import { createMockCore, type MockService, mockServiceOf } from '../testing/service.js';
import type { Command } from './command.js';
import { consignmentCommands } from './consignment-commands.js';
import { deliveryOptionCommands } from './delivery-option-commands.js';
import { demo } from './demo.js';
import { doctorCommand } from './doctor-command.js';
import { groupCommands } from './group-commands.js';
import { ledgerCommands } from './ledger-commands.js';
import { mcpCommand } from './mcp/command.js';
import { migrateCommand } from './migrate-command.js';
import { EXIT_FAILURE, EXIT_OK, isUsageError, table, UsageError } from './output.js';
import { quoteCommands } from './quote-commands.js';
import { shipmentCommands } from './shipment-commands.js';

const labelFormat = (value: string | undefined) => (value ?? 'PDF').toUpperCase();

function dpi(value: string | undefined): LabelDpi | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--dpi must be a number (203, 300 or 600), got '${value}'`);
  // Which resolutions exist is the SDK's to check.
  return Number(value) as LabelDpi;
}

/** A folder for `saveDocument`: a trailing separator makes it one even before it exists. */
const folder = (path: string) => (path.endsWith('/') || path.endsWith(sep) ? path : `${path}${sep}`);

/** `HOST` or `HOST:PORT` of `--print`. */
function printerOf(value: string): { host: string; port?: number } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value);
  if (!match) throw new UsageError(`--print takes HOST or HOST:PORT, got '${value}'`, 'labels');
  const host = (match[1] as string).replace(/^\[|\]$/g, '');
  return match[2] === undefined ? { host } : { host, port: Number(match[2]) };
}

function concurrencyOf(value: string | undefined): number {
  if (value === undefined) return 4;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new UsageError(`--concurrency must be a whole number of at least 1, got '${value}'`, 'labels');
  }
  return Number(value);
}

/** `[#####-----] 12/40 ETA 8s`: a progress bar for a terminal. */
function progressBar(done: number, total: number, started: number): string {
  const width = 20;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const elapsed = (Date.now() - started) / 1000;
  const eta = done === 0 ? '' : ` ETA ${Math.ceil((elapsed / done) * (total - done))}s`;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${eta}`;
}

const labels: Command = {
  name: 'labels',
  options: ['format', 'dpi', 'out', 'no-extension', 'rotation', 'concurrency', 'merge', 'group', 'print'],
  remote: true,
  arguments: [0, Number.POSITIVE_INFINITY],
  async run({ args, values, io, out, orders, shipments }) {
    const options = {
      format: labelFormat(values.format),
      dpi: dpi(values.dpi),
      includeExtension: values['no-extension'] ? false : undefined,
      rotation: values.rotation,
    } as LabelOptions;
    const concurrency = concurrencyOf(values.concurrency);
    const printer = values.print === undefined ? undefined : printerOf(values.print);
    if (printer && !options.format.startsWith('ZPL')) {
      throw new UsageError('--print sends ZPL: add --format ZPL', 'labels');
    }
    const references = [...args];
    if (values.group !== undefined) {
      // A collection is printed by its group: its shipments, in the group's order.
      const group = await shipments().groups.get(values.group as ShipmentGroupReference);
      references.push(...((group.shipments as string[] | null | undefined) ?? []));
    }
    if (references.length === 0)
      throw new UsageError('give shipment or consignment references, or --group', 'labels');
    const directory = values.out ?? '.';
    const total = references.length;
    const started = Date.now();
    let done = 0;
    const showProgress = io.stderr.isTTY === true && total > 1;
    const finished = (reference: string) => {
      done += 1;
      if (showProgress) out.progress(`${progressBar(done, total, started)} ${reference}`);
    };
    const results = new Map<
      string,
      | LabelRunResult
      | { shipment: string; ok: true; files: string[] }
      | { shipment: string; ok: false; error: Error }
    >();
    // An EC- consignment's labels come from area A, sp_ shipments' from area B: each area's batch, concurrently.
    const consignmentRefs = references.filter((ref) => ref.startsWith('EC-')) as ConsignmentReference[];
    if (consignmentRefs.length > 0) {
      const run = await saveAllConsignmentLabels(orders(), consignmentRefs, {
        format: options.format as 'PDF',
        dpi: options.dpi,
        directory,
        createDirectories: true,
        concurrency,
        onProgress: ({ consignment }) => finished(consignment),
      });
      for (const { consignment, ...result } of run) {
        if (!result.ok && isUsageError(result.error)) throw result.error;
        results.set(consignment, { shipment: consignment, ...result });
      }
    }
    const shipmentRefs = references.filter((ref) => !ref.startsWith('EC-')) as ShipmentReference[];
    if (shipmentRefs.length > 0) {
      const run = await saveAllLabels(shipments(), shipmentRefs, {
        ...options,
        directory,
        createDirectories: true,
        concurrency,
        onProgress: ({ shipment }) => finished(shipment),
      });
      for (const result of run) {
        // A wrong option or reference is wrong for every shipment: stop, as before anything is merged.
        if (!result.ok && isUsageError(result.error)) throw result.error;
        results.set(result.shipment, result);
      }
    }
    out.progress(undefined);
    const ordered = references
      .map((reference) => results.get(reference))
      .filter((result) => result !== undefined);
    for (const result of ordered) {
      if (result.ok) out.line(`${result.shipment}: ${result.files.join(', ')}`);
      else out.error(result.error, result.shipment);
    }
    const savedFiles = ordered.flatMap((result) => (result.ok ? result.files : []));
    if ((values.merge !== undefined || printer) && savedFiles.length > 0) {
      const print = await mergeLabels(await Promise.all(savedFiles.map((file) => readFile(file))));
      if (values.merge !== undefined) {
        const file = await saveDocument(print.bytes, values.merge, { createDirectories: true });
        out.line(`merged ${print.labels} label(s) into ${file}`);
      }
      if (printer) {
        await printZpl(print.bytes, printer);
        out.line(`sent ${print.labels} label(s) to ${printer.host}:${printer.port ?? 9100}`);
      }
    }
    if (out.json) {
      // One entry per reference, in order: its files, or its error (the merged file is the one given).
      out.value(
        ordered.map((result) =>
          result.ok
            ? { shipment: result.shipment, ok: true, files: result.files }
            : {
                shipment: result.shipment,
                ok: false,
                error: { name: result.error.name, message: result.error.message },
              },
        ),
      );
    }
    return ordered.every((result) => result.ok) ? EXIT_OK : EXIT_FAILURE;
  },
};

const contentsLabel: Command = {
  name: 'contents-label',
  options: ['format', 'dpi', 'out', 'no-extension'],
  remote: true,
  arguments: [2, 2],
  async run({ args, values, out, shipments }) {
    const [shipment, contents] = args as [ShipmentReference, ContentsReference];
    const documents = await shipments().labels.getForContents(shipment, contents, {
      format: labelFormat(values.format) as ContentsLabelFormat,
      dpi: dpi(values.dpi) ?? 203,
      includeExtension: values['no-extension'] ? false : undefined,
    });
    // Every document decoded before any file is written: a broken one leaves no half-saved set.
    const decoded = documents.map((document) => decodeDocument(document));
    const files: string[] = [];
    for (const [index, document] of decoded.entries()) {
      const name = index === 0 ? contents : `${contents}-${index + 1}`;
      files.push(
        await saveDocument(document.bytes, folder(values.out ?? '.'), { name, createDirectories: true }),
      );
    }
    out.line(`${contents}: ${files.join(', ')}`);
    if (out.json) out.value({ shipment, contents, files });
    return EXIT_OK;
  },
};

const manifestsList: Command = {
  name: 'manifests list',
  options: ['location'],
  remote: true,
  arguments: [0, 0],
  async run({ values, out, orders }) {
    const filter = values.location === undefined ? {} : { shippingLocationReference: values.location };
    const manifests = await orders().manifests.list(filter);
    if (out.json) out.value(manifests);
    else if (manifests.length === 0) out.line('no customer manifests');
    else {
      const rows = manifests.map((manifest) =>
        [
          manifest.ManifestReference,
          manifest.Created,
          manifest.CarrierName,
          manifest.BookingsCount,
          manifest.ShippingLocationReference,
        ].map((cell) => (cell === null || cell === undefined ? '-' : String(cell))),
      );
      for (const row of table([['REFERENCE', 'CREATED', 'CARRIER', 'BOOKINGS', 'LOCATION'], ...rows])) {
        out.line(row);
      }
    }
    return EXIT_OK;
  },
};

const manifestsGet: Command = {
  name: 'manifests get',
  options: ['out'],
  remote: true,
  arguments: [1, 1],
  async run({ args, values, out, orders }) {
    const [manifest] = args as [ManifestReference];
    const pdf = await orders().manifests.get(manifest);
    const file = await saveDocument(pdf, values.out ?? `.${sep}`, {
      name: `manifest-${manifest}`,
      createDirectories: true,
    });
    out.line(`${manifest}: ${file} (${pdf.length} bytes)`);
    if (out.json) out.value({ manifest, file, bytes: pdf.length });
    return EXIT_OK;
  },
};

const ordersGet: Command = {
  name: 'orders get',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, orders }) {
    // JSON with or without --json: an order is data, printed as the service sent it.
    out.value(await orders().get(args[0] as OrderReference));
    return EXIT_OK;
  },
};

const mock: Command = {
  name: 'mock',
  options: ['port', 'seed', 'fixtures'],
  remote: false,
  arguments: [0, 0],
  async run({ values, io, out }) {
    const port = Number(values.port ?? 4010);
    if (!/^\d+$/.test(values.port ?? '4010') || port > 65_535) {
      throw new UsageError(`--port must be a port number (0 to 65535), got '${values.port}'`, 'mock');
    }
    if (values.seed !== undefined && !/^\d+$/.test(values.seed)) {
      throw new UsageError(`--seed must be a whole number, got '${values.seed}'`, 'mock');
    }
    const service = mockServiceOf(
      createMockCore(values.seed === undefined ? {} : { seed: Number(values.seed) }),
    );
    const seeded = values.fixtures === undefined ? undefined : await seedFixtures(service, values.fixtures);
    const server = await service.listen(port);
    // Listen for the stop before printing: whoever reads the URLs may stop the mock at once.
    const stopped = io.waitForStop?.() ?? new Promise<void>(() => {});
    // The mock's key is its own fixed, public one (`mock-api-key`), not a secret: clients need it.
    const { ordersUrl, shipmentsUrl } = server;
    if (out.json) {
      out.value({
        port: server.port,
        ordersUrl,
        shipmentsUrl,
        apiKey: service.apiKey,
        ...(seeded ? { seeded } : {}),
      });
    }
    out.line(`mock listening on 127.0.0.1:${server.port} (Ctrl-C stops it)`);
    out.line(`  orders (area A):    ${ordersUrl}`);
    out.line(`  shipments (area B): ${shipmentsUrl}`);
    out.line(`  api key:            ${service.apiKey}`);
    if (seeded) {
      out.line(
        `  seeded:             ${seeded.shippingLocations} location(s), ${seeded.carrierServices} service(s)`,
      );
      for (const consignment of seeded.allocated) out.line(`  allocated:          ${consignment}`);
    }
    out.line(
      `try: CONSIGNKIT_API_KEY=${service.apiKey} CONSIGNKIT_ORDERS_BASE_URL=${ordersUrl} consignkit consignments list`,
    );
    await stopped;
    await server.close();
    return EXIT_OK;
  },
};

/** What `consignkit mock --fixtures FILE` reads: reference data to add, and consignments to make ready to ship. */
interface Fixtures {
  /** Shipping locations, as `store.orders.addShippingLocation` takes them. */
  shippingLocations?: Parameters<MockService['store']['orders']['addShippingLocation']>[0][];
  /** Carrier services, as `store.orders.addCarrierService` takes them. */
  carrierServices?: Parameters<MockService['store']['orders']['addCarrierService']>[0][];
  /** Organisation allocation rules. */
  allocationRules?: Parameters<MockService['store']['orders']['addAllocationRule']>[0][];
  /** How many orders to create, pack and allocate through the API, so another process can ship them. */
  allocatedConsignments?: number;
}

/** Seeds a mock from a fixtures file, through its store and its own API. */
async function seedFixtures(service: Omit<MockService, 'handlers'>, path: string) {
  let fixtures: Fixtures;
  try {
    fixtures = JSON.parse(await readFile(path, 'utf8')) as Fixtures;
  } catch (error) {
    const problem = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot read --fixtures ${path} as JSON (${problem})`, 'mock');
  }
  const store = service.store.orders;
  for (const location of fixtures.shippingLocations ?? []) store.addShippingLocation(location);
  for (const carrierService of fixtures.carrierServices ?? []) store.addCarrierService(carrierService);
  for (const rule of fixtures.allocationRules ?? []) store.addAllocationRule(rule);
  const count = fixtures.allocatedConsignments ?? 0;
  if (!Number.isInteger(count) || count < 0 || count > 1000) {
    throw new UsageError('--fixtures: allocatedConsignments must be a whole number from 0 to 1000', 'mock');
  }
  const orders = new OrdersClient({ apiKey: service.apiKey, fetch: service.fetch });
  const [location] = store.shippingLocations.keys();
  const allocated: string[] = [];
  for (let index = 0; index < count; index++) {
    const order = await orders.create({
      OrderReferenceProvidedByCustomer: `FIXTURE-${index + 1}`,
      Packages: [
        {
          Items: [{ Sku: 'FIXTURE', Weight: { Value: 0.5, Unit: 'Kg' } }],
          Weight: { Value: 0.5, Unit: 'Kg' },
        },
      ],
      Addresses: [
        { AddressType: 'Origin', ShippingLocationReference: location ?? 'SL-LONDON' },
        {
          AddressType: 'Destination',
          AddressLine1: `${index + 1} Fixture Street`,
          Town: 'Leeds',
          Postcode: 'LS1 4AP',
          Country: { IsoCode: { TwoLetterCode: 'GB' } },
        },
      ],
    });
    const [consignment] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'FIXTURE', Quantity: 1 }] }],
    });
    await orders.allocation.allocate([consignment as ConsignmentReference]);
    allocated.push(consignment as string);
  }
  return {
    shippingLocations: fixtures.shippingLocations?.length ?? 0,
    carrierServices: fixtures.carrierServices?.length ?? 0,
    allocated,
  };
}

/** Every command, in the order of the main help. */
export const commands: Command[] = [
  demo,
  labels,
  contentsLabel,
  manifestsList,
  manifestsGet,
  ordersGet,
  ...deliveryOptionCommands,
  ...groupCommands,
  ...consignmentCommands,
  ...shipmentCommands,
  doctorCommand,
  ...quoteCommands,
  ...ledgerCommands,
  mock,
  mcpCommand,
  migrateCommand,
];
