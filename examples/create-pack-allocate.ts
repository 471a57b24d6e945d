/**
 * Create an order, pack it into a consignment (with a return one), and allocate the outbound consignment
 * to the cheapest eligible carrier service. Runs against the embedded mock:
 * `npx tsx examples/create-pack-allocate.ts`.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  const orderReference = await orders.create(sampleOrder());
  log(`created order ${orderReference}`);

  const [outbound, inbound] = await orders.pack(orderReference, {
    OrderReference: orderReference,
    GenerateReturn: true,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!outbound) throw new Error('packing created no consignment');
  log(`packed into ${outbound} (outbound) and ${inbound} (return)`);

  const [allocation] = await orders.allocation.allocate([outbound]);
  log(`allocated ${outbound} to ${allocation?.CarrierServiceName} (${allocation?.CarrierName})`);
  return { orderReference, outbound, inbound, allocation };
}

if (isMain(import.meta.url)) await main();
