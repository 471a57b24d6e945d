import { ConfigurationError } from '../../core/errors.js';
import type { ConsignmentReference, QuoteReference, ShipmentReference } from '../../core/references.js';
import type { OrdersClient } from '../../orders/client.js';
import { cheapestQuote } from '../../orders/quotes.js';
import type { ShipmentsClient } from '../../shipments/client.js';
import { cheapestShipmentQuote } from '../../shipments/quotes.js';
import type { CreateShipmentRequest } from '../../shipments/shipments/index.js';
import type { CheckRunner } from './check-runner.js';
import type { DoctorArea, DoctorCreated, WriteRun } from './report.js';

interface Clients {
  orders: OrdersClient;
  shipments: ShipmentsClient;
}

/** A customer reference that says who made the consignment or shipment, should it be left behind. */
const doctorReference = () => `consignkit-doctor-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;

const DESTINATION = {
  AddressLine1: '1 Test Street',
  Town: 'Leeds',
  Postcode: 'LS1 4AP',
  Country: { IsoCode: { TwoLetterCode: 'GB' } },
};

/**
 * The `--write` round trips: in each area, create one consignment or shipment, quote it, allocate it,
 * read a label of it, and cancel it. Whatever was created is cancelled at the end, even after a failure
 * on the way, and the report says what could not be.
 */
export async function roundTrips(
  clients: Clients,
  areas: readonly DoctorArea[],
  runner: CheckRunner,
): Promise<WriteRun> {
  const created: DoctorCreated[] = [];
  if (areas.includes('orders')) await consignmentRoundTrip(clients.orders, runner, created);
  if (areas.includes('shipments')) await shipmentRoundTrip(clients.shipments, runner, created);
  return { created };
}

async function consignmentRoundTrip(orders: OrdersClient, runner: CheckRunner, created: DoctorCreated[]) {
  let reference: ConsignmentReference | undefined;
  try {
    const step = (name: string, body: () => Promise<string>) =>
      runner.run('orders', `write: ${name}`, async () => ({ status: 'ok', detail: await body() }));
    const location = await step('a shipping location to send from', async () => {
      const [first] = await orders.shippingLocations.list();
      if (!first?.Reference)
        throw new ConfigurationError('the account has no shipping location to send from');
      return 'found';
    });
    if (location.status !== 'ok') return;
    const [from] = await orders.shippingLocations.list();
    const made = await step('create a consignment', async () => {
      reference = await orders.consignments.create({
        ConsignmentReferenceProvidedByCustomer: doctorReference(),
        Packages: [
          {
            Weight: { Value: 1, Unit: 'Kg' },
            Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 10 },
            Description: 'consignkit doctor test parcel',
            Value: { Amount: 10, Currency: { IsoCode: 'GBP' } },
          },
        ],
        Addresses: [
          { AddressType: 'Origin', ShippingLocationReference: from?.Reference ?? '' },
          { AddressType: 'Destination', ...DESTINATION },
        ],
      });
      created.push({ area: 'orders', reference, cleanedUp: false });
      return `created ${reference}`;
    });
    if (made.status !== 'ok' || reference === undefined) return;
    const consignment = reference;
    let quoteReference: string | undefined;
    await step('quote it', async () => {
      const result = await orders.quotes.getForConsignment(consignment);
      quoteReference = cheapestQuote(result.Quotes)?.QuoteReference ?? undefined;
      return `${result.Quotes?.length ?? 0} quote(s)`;
    });
    const allocated = await step('allocate it', async () => {
      if (quoteReference !== undefined)
        await orders.allocation.allocateWithQuote(consignment, quoteReference);
      else await orders.allocation.allocate([consignment]);
      return quoteReference !== undefined
        ? 'allocated with its cheapest quote'
        : 'allocated by the default rules';
    });
    if (allocated.status !== 'ok') return;
    await step('read its label', async () => {
      await orders.labels.get(consignment, { format: 'PDF' });
      return 'a PDF label';
    });
  } finally {
    if (reference !== undefined) {
      const consignment = reference;
      const cleanup = await runner.run('orders', 'write: cancel what was created', async () => {
        await orders.consignments.cancel(consignment);
        return { status: 'ok', detail: `cancelled ${consignment}` };
      });
      const entry = created.find((item) => item.reference === consignment);
      if (entry) entry.cleanedUp = cleanup.status === 'ok';
    }
  }
}

async function shipmentRoundTrip(shipments: ShipmentsClient, runner: CheckRunner, created: DoctorCreated[]) {
  let reference: ShipmentReference | undefined;
  try {
    const step = (name: string, body: () => Promise<string>) =>
      runner.run('shipments', `write: ${name}`, async () => ({ status: 'ok', detail: await body() }));
    const made = await step('create a shipment', async () => {
      reference = (await shipments.create(doctorShipment())).reference as ShipmentReference;
      created.push({ area: 'shipments', reference, cleanedUp: false });
      return `created ${reference}`;
    });
    if (made.status !== 'ok' || reference === undefined) return;
    const shipment = reference;
    let quoteReference: QuoteReference | undefined;
    await step('quote it', async () => {
      const result = await shipments.quotes.getForShipment(shipment);
      quoteReference = cheapestShipmentQuote(result.quotes)?.reference;
      return `${result.quotes?.length ?? 0} quote(s)`;
    });
    const allocated = await step('allocate it', async () => {
      if (quoteReference !== undefined)
        await shipments.allocation.allocateWithQuote(shipment, quoteReference);
      else await shipments.allocation.allocate(shipment);
      return quoteReference !== undefined
        ? 'allocated with its cheapest quote'
        : 'allocated by the default rules';
    });
    if (allocated.status !== 'ok') return;
    await step('read its label', async () => {
      await shipments.labels.get(shipment, { format: 'PDF' });
      return 'a PDF label';
    });
  } finally {
    if (reference !== undefined) {
      const shipment = reference;
      const cleanup = await runner.run('shipments', 'write: cancel what was created', async () => {
        await shipments.cancel(shipment);
        return { status: 'ok', detail: `cancelled ${shipment}` };
      });
      const entry = created.find((item) => item.reference === shipment);
      if (entry) entry.cleanedUp = cleanup.status === 'ok';
    }
  }
}

/** A domestic parcel: what the vendor's Create Shipment requires, and no personal data. */
function doctorShipment(): CreateShipmentRequest {
  return {
    shipment_type: 'on_demand',
    direction: 'outbound',
    custom_reference: doctorReference(),
    contents: [
      {
        description: 'consignkit doctor test parcel',
        quantity: 1,
        weight: { value: 1, unit: 'kg' },
        dimensions: { length: 30, height: 10, width: 20, unit: 'cm' },
        value: { amount: 10, currency: 'GBP' },
        country_of_origin: 'GB',
      },
    ],
    addresses: [
      {
        address_type: 'origin',
        address_line1: '1 Test Street',
        locality: 'Leeds',
        postal_code: 'LS1 4AP',
        country_iso_code: 'GB',
      },
      {
        address_type: 'destination',
        address_line1: '2 Test Street',
        locality: 'York',
        postal_code: 'YO1 7HH',
        country_iso_code: 'GB',
      },
    ],
  };
}
