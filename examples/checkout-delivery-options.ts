/**
 * Offer delivery options at checkout, turn the one the customer picks into an order, then pack, allocate
 * (to the service picked, not the cheapest) and save the label. Runs against the embedded mock:
 * `npx tsx examples/checkout-delivery-options.ts` (the label goes to ./labels-out)
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { OrdersClient } from 'consignkit';
import { saveConsignmentLabels } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  // The basket as the checkout has it: packages and addresses, as a Create Order body holds them.
  const basket = sampleOrder('WEB-5001');
  const options = await orders.deliveryOptions.list(basket);
  for (const option of options) {
    const date = option.EstimatedDeliveryDate?.Date?.slice(0, 10);
    log(`offer ${option.Reference}: ${option.CarrierService} on ${date} for ${option.Price?.Gross} GBP`);
  }
  // The customer picks the fastest, whatever it costs.
  const [picked] = [...options].sort((a, b) =>
    String(a.EstimatedDeliveryDate?.Date).localeCompare(String(b.EstimatedDeliveryDate?.Date)),
  );
  if (!picked) throw new Error('no delivery option for this basket');

  const order = await orders.deliveryOptions.selectAsOrder(picked);
  log(`the customer picked ${picked.Reference}: order ${order}`);
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error(`packing ${order} created no consignment`);
  const [allocation] = await orders.allocation.allocate([consignment]);
  log(`allocated ${consignment} to ${allocation?.CarrierServiceName}, the service picked`);
  const labels = await saveConsignmentLabels(orders, consignment, {
    format: 'PDF',
    directory,
    createDirectories: true,
  });
  log(`saved ${labels.join(', ')}`);
  return { picked, order, consignment, allocation, labels };
}

if (isMain(import.meta.url)) await main();
