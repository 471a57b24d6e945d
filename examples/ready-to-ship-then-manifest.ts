/**
 * Mark consignments ready to ship as they are packed during the day, then manifest all of them with one
 * query at collection time: one transmission to the carrier instead of one per consignment.
 * `npx tsx examples/ready-to-ship-then-manifest.ts`
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { type ConsignmentReference, OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  const consignments: ConsignmentReference[] = [];
  for (const customerReference of ['WEB-2001', 'WEB-2002', 'WEB-2003']) {
    const order = await orders.create(sampleOrder(customerReference));
    const [consignment] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    if (!consignment) throw new Error(`packing ${order} created no consignment`);
    await orders.allocation.allocateWithCheapestQuote(consignment);
    consignments.push(consignment);
  }

  const marked = await orders.consignments.setReadyToShip(consignments);
  log(`ready to ship: ${marked.filter((result) => result.IsSuccess).length} of ${consignments.length}`);

  // Changed our mind about one of them: back to Allocated, so the query below leaves it out.
  await orders.consignments.setNotReadyToShip(consignments.slice(2));

  const { Message, FailedConsignments } = await orders.manifests.manifestFromQuery({
    ShippingLocationReferences: ['SL-LONDON'],
    States: ['ReadyToShip'],
  });
  log(Message ?? 'queued');
  if (FailedConsignments && FailedConsignments.length > 0)
    log(`not queued: ${FailedConsignments.join(', ')}`);

  const manifests = await orders.manifests.list({ shippingLocationReference: 'SL-LONDON' });
  for (const manifest of manifests) {
    log(
      `manifest ${manifest.ManifestReference}: ${manifest.BookingsCount} booking(s) with ${manifest.CarrierName}`,
    );
  }
  return { consignments, manifests };
}

if (isMain(import.meta.url)) await main();
