import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClients } from '../clients.js';
import type { ConsignmentReference, ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import { isPdfLibraryMissing, mergeLabels } from '../node/merge.js';
import { saveConsignmentLabels, saveDocument } from '../node/save.js';
import type { CreateOrderInput } from '../orders/orders.js';
import type { ShippingLocation } from '../orders/shipping-locations.js';
import { createMockCore, mockServiceOf } from '../testing/service.js';
import type { Command } from './command.js';
import { EXIT_OK } from './output.js';

/** The default folder of `consignkit demo` (git-ignored in this repository). */
export const DEMO_FOLDER = 'consignkit-demo';

const GROUP = 'evening-collection';

const customers = [
  {
    reference: 'WEB-1001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    street: '12 Analytical Row',
    town: 'Manchester',
    postcode: 'M1 1AA',
    sku: 'MUG-BLUE',
    description: 'Blue mug',
  },
  {
    reference: 'WEB-1002',
    firstName: 'Isambard',
    lastName: 'Brunel',
    street: '3 Clifton Hill',
    town: 'Bristol',
    postcode: 'BS8 1AA',
    sku: 'TEAPOT-RED',
    description: 'Red teapot',
  },
  {
    reference: 'WEB-1003',
    firstName: 'Marie',
    lastName: 'Curie',
    street: '11 Rue Pierre et Marie Curie',
    town: 'Paris',
    postcode: '75005',
    country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
    sku: 'MUG-BLUE',
    description: 'Blue mug',
  },
];

type Customer = (typeof customers)[number];

const GB = { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } };
/** The shipper's EORI number, which an international order records for its customs documents. */
const EORI = 'GB123456789000';

/** One parcel from the shipping location to the customer; abroad, with the shipper's EORI number. */
function orderFor(customer: Customer, location: ShippingLocation): CreateOrderInput {
  const country = 'country' in customer ? customer.country : GB;
  return {
    OrderReferenceProvidedByCustomer: customer.reference,
    ...(country === GB ? {} : { MetaData: [{ KeyValue: 'ShippersEORI', StringValue: EORI }] }),
    Packages: [
      {
        Description: customer.description,
        Items: [{ Sku: customer.sku, Description: customer.description, Weight: { Value: 0.6, Unit: 'Kg' } }],
        Weight: { Value: 0.8, Unit: 'Kg' },
      },
    ],
    Addresses: [
      {
        AddressType: 'Origin',
        ShippingLocationReference: location.Reference,
        CompanyName: 'Mugs Ltd',
        AddressLine1: '1 Warehouse Way',
        Town: 'London',
        Postcode: 'E1 1AA',
        Country: GB,
      },
      {
        AddressType: 'Destination',
        Contact: { FirstName: customer.firstName, LastName: customer.lastName },
        AddressLine1: customer.street,
        Town: customer.town,
        Postcode: customer.postcode,
        Country: country,
      },
    ],
  };
}

/**
 * `consignkit demo`: the whole workflow against the embedded mock, each step through the public clients
 * and `consignkit/node`, so what it prints is what an integration would do.
 */
export const demo: Command = {
  name: 'demo',
  options: ['out'],
  remote: false,
  arguments: [0, 0],
  async run({ values, out }) {
    const directory = values.out ?? DEMO_FOLDER;
    const mock = mockServiceOf(createMockCore());
    // An explicit environment: the demo must not depend on CONSIGNKIT_ENVIRONMENT (the mock answers both).
    const { orders, shipments } = createClients({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      environment: 'sandbox',
    });
    const step = (title: string, detail: string) => out.line(`  ${title.padEnd(18)} ${detail}`);
    out.line(
      'consignkit demo: the whole workflow against the embedded mock service (nothing leaves this machine)',
    );
    out.line(`files go to ${directory}/`);
    out.line('');

    // An order's Origin names one of the organisation's shipping locations.
    const [location] = await orders.shippingLocations.list();
    if (location === undefined) throw new Error('the service has no shipping location');
    step('shipping location', `${location.Reference} (${location.Name ?? 'unnamed'})`);

    const parcels: {
      order: string;
      consignment: ConsignmentReference;
      carrierService: string | undefined;
      shipment: ShipmentReference;
      labels: string[];
    }[] = [];
    for (const customer of customers) {
      const order = await orders.create(orderFor(customer, location));
      step('create order', `${order} (${customer.reference}, ${customer.description} to ${customer.town})`);
      const [consignment] = await orders.pack(order, {
        OrderReference: order,
        Packages: [{ Items: [{ Sku: customer.sku, Quantity: 1 }] }],
      });
      if (consignment === undefined) throw new Error(`packing ${order} created no consignment`);
      step('pack', `${order} -> consignment ${consignment}`);
      const allocation = await orders.allocation.allocateWithCheapestQuote(consignment);
      step(
        'allocate',
        `${consignment} -> ${allocation.CarrierServiceName} (${allocation.CarrierName}), the cheapest eligible service`,
      );
      // Labels follow from the consignment allocation named (area A).
      const labels = await saveConsignmentLabels(orders, consignment, {
        format: 'PDF',
        directory,
        createDirectories: true,
      });
      step('labels', `${consignment} -> ${labels.join(', ')}`);
      // Area B's shipments are a resource of their own (the service's Ship API makes them): the mock
      // keeps one per allocated consignment, which the shipment group below collects.
      const labelled = mock.store.shipments.shipmentForConsignment(consignment);
      if (labelled === undefined) throw new Error(`allocating ${consignment} made no area B shipment`);
      const shipment = labelled.reference as ShipmentReference;
      if ('country' in customer) {
        // Abroad: the commercial invoice goes with the parcel.
        const invoice = await saveDocument(
          await orders.documents.getCommercialInvoice(consignment),
          join(directory, `invoice-${consignment}.pdf`),
        );
        step('commercial invoice', `${consignment} -> ${invoice} (EORI ${EORI})`);
      }
      parcels.push({
        order,
        consignment,
        carrierService: allocation.CarrierServiceName ?? undefined,
        shipment,
        labels,
      });
    }

    // The evening collection's group, made with every shipment in it.
    const created = await shipments.groups.create({
      custom_reference: GROUP,
      shipments: parcels.map((parcel) => parcel.shipment),
    });
    const group = created.reference as ShipmentGroupReference;
    step('shipment group', `${group} (${GROUP}) <- ${parcels.map((parcel) => parcel.shipment).join(', ')}`);
    const locked = await shipments.groups.lock(group);
    step('lock group', locked.message ?? `${locked.reference} locked`);

    // One manifest call for the whole collection: every successful call is a transmission to the carrier.
    const results = await orders.manifests.manifest(parcels.map((parcel) => parcel.consignment));
    const manifested = results.filter((result) => result.IsSuccess).map((result) => result.Data);
    step('manifest', `${manifested.join(', ')} manifested in one call`);

    const [summary] = await orders.manifests.list();
    if (summary === undefined) throw new Error('the manifest produced no customer manifest');
    const pdf = await orders.manifests.get(summary.ManifestReference);
    const manifestFile = await saveDocument(
      pdf,
      join(directory, `manifest-${summary.ManifestReference}.pdf`),
    );
    step('customer manifest', `${manifestFile} (${summary.CarrierName}, ${summary.BookingsCount} bookings)`);

    // The day's labels as one print job: a page per label, in the order they were made. The PDF merge needs
    // the optional peer @pdfme/pdf-lib; without it the demo says so and leaves the labels one per file.
    const labelFiles = parcels.flatMap((parcel) => parcel.labels);
    let printJob: { file: string; pages: number } | undefined;
    try {
      const merged = await mergeLabels(await Promise.all(labelFiles.map((file) => readFile(file))));
      printJob = {
        file: await saveDocument(merged.bytes, join(directory, 'labels.pdf')),
        pages: merged.labels,
      };
      step('print file', `${printJob.file} (${printJob.pages} labels merged, one page each)`);
    } catch (error) {
      if (!isPdfLibraryMissing(error)) throw error;
      step('print file', `not made: ${(error as Error).message}`);
    }

    out.line('');
    out.line(
      printJob
        ? `Done. Open ${printJob.file} to see every label, one page each.`
        : `Done. Open the label files in ${directory}, one per label.`,
    );
    if (out.json) {
      out.value({
        directory,
        parcels,
        labels: printJob ?? null,
        group,
        manifest: { reference: summary.ManifestReference, file: manifestFile },
      });
    }
    return EXIT_OK;
  },
};
