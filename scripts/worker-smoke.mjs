// The Cloudflare Workers smoke test: a Worker that imports the BUILT package and, on each request, runs
// both clients against the embedded mock through the `fetch` option (an order created, read, packed and
// allocated; a label fetched and decoded), answering what it did as JSON. scripts/workerd-smoke.sh
// bundles it with esbuild, serves it with workerd and checks the answer.
import { decodeDocument, OrdersClient, ShipmentsClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';

async function smoke() {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  const order = await orders.create({
    OrderReferenceProvidedByCustomer: 'WORKER-1',
    Packages: [
      {
        Items: [{ Sku: 'MUG-BLUE', Weight: { Value: 0.4, Unit: 'Kg' } }],
        Weight: { Value: 0.5, Unit: 'Kg' },
      },
    ],
    Addresses: [
      { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
      {
        AddressType: 'Destination',
        AddressLine1: '12 Analytical Row',
        Town: 'Manchester',
        Postcode: 'M1 1AA',
        Country: { IsoCode: { TwoLetterCode: 'GB' } },
      },
    ],
  });
  const read = await orders.get(order);
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  const allocation = await orders.allocation.allocateWithCheapestQuote(consignment);
  const areaA = decodeDocument(await orders.labels.get(consignment, { format: 'PDF' }));
  const shipment = mock.store.shipments.shipmentForConsignment(consignment);
  const [label] = await shipments.labels.get(shipment.reference, { format: 'PDF' });
  const areaB = decodeDocument(label);
  return {
    order: read.OrderReference,
    consignment,
    service: allocation.CarrierServiceReference,
    labels: [areaA.format, areaB.format],
    bytes: areaB.bytes.length,
  };
}

export default {
  async fetch() {
    try {
      return Response.json({ ok: true, ...(await smoke()) });
    } catch (error) {
      return Response.json({ ok: false, error: String(error?.stack ?? error) }, { status: 500 });
    }
  },
};
