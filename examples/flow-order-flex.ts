/**
 * The vendor's Order Flex flow (docs/flows.md): create an order, pack it into consignments, list them,
 * allocate each a different way (default rules, service group, carrier service), then labels and the
 * manifest. Runs against the embedded mock: `npx tsx examples/flow-order-flex.ts`.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  // 1. Create Order, with three mugs.
  const order = sampleOrder('FLEX-1');
  const [box] = order.Packages;
  const orderReference = await orders.create({
    ...order,
    Packages: [{ ...box!, Items: [{ ...box!.Items[0]!, Quantity: 3 }] }],
  });
  log(`1. created ${orderReference}`);

  // 2. Pack Order, once per consignment: one mug each.
  const pack = () =>
    orders.pack(orderReference, {
      OrderReference: orderReference,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
  for (let count = 0; count < 3; count += 1) await pack();

  // 2a. Get Consignments For Orders: every consignment packed from it.
  const [packed] = await orders.consignments.getForOrders([orderReference]);
  const references = packed?.Consignments.map((entry) => entry.ConsignmentReference!) ?? [];
  log(`2. packed into ${references.join(', ')}`);
  const [first, second, third] = references;

  // 3a. Allocate Using Default Rules; 3b. with a service group (one per call); 3c. to a carrier service.
  const [ruled] = await orders.allocation.allocate([first!]);
  const grouped = await orders.allocation.allocateWithServiceGroup(second!, 'economy');
  const [chosen] = await orders.allocation.allocateWithCarrierService([third!], 'RM-TRACKED24');
  log(`3. ${ruled?.CarrierServiceName}, ${grouped.CarrierServiceName}, ${chosen?.CarrierServiceName}`);

  // 4. Get Labels in Format, per consignment; 5. Manifest Consignments From Query.
  for (const reference of references) await orders.labels.get(reference, { format: 'PDF' });
  const manifested = await orders.manifests.manifestFromQuery({
    ShippingLocationReference: 'SL-LONDON',
    States: ['Allocated'],
  });
  log(`4. ${references.length} labels; 5. ${manifested.Message}`);
  return { orderReference, consignments: references };
}

if (isMain(import.meta.url)) await main();
