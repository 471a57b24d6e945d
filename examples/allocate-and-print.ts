/**
 * Allocate and print in one call: pack an order, allocate its consignment and receive its labels in the
 * same round trip (`orders.allocation.withLabels`), and save the label file for the printer. Then what
 * to do when that answer is lost: settle it by reading the consignment's state, and fetch the labels;
 * never allocate it again. Runs against the embedded mock:
 * `npx tsx examples/allocate-and-print.ts` (files go to ./labels-out)
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { OrdersClient, OutcomeUnknownError } from 'consignkit';
import { saveConsignmentLabels, saveDocument } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  const packed = async (customerReference: string) => {
    const order = await orders.create({
      ...sampleOrder(),
      OrderReferenceProvidedByCustomer: customerReference,
    });
    const [consignment] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    if (!consignment) throw new Error(`packing ${order} created no consignment`);
    return consignment;
  };

  // One call: the allocation and the label, in the format the printer takes.
  const consignment = await packed('WEB-4001');
  const allocated = await orders.allocation.withLabels.allocate(consignment, 'ZPL');
  log(`allocated ${consignment} to ${allocated.summary.CarrierServiceName} and received its label`);
  const files = await saveConsignmentLabels(allocated, { directory, createDirectories: true });
  log(`saved ${files.join(', ')} for the printer, without fetching it again`);

  // The answer of an allocation can be lost after the service acted (here the mock drops it on purpose).
  const another = await packed('WEB-4002');
  mock.failNext('allocateAndGetLabels', { network: 'drop-after' });
  try {
    await orders.allocation.withLabels.allocate(another, 'ZPL');
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    // Read, never resend: the consignment's state says whether it was allocated.
    const [settled] = await orders.reconcile(error);
    log(`answer lost for ${another}: it is ${settled?.state}, done ${settled?.done}`);
    if (settled?.done) {
      const label = await orders.labels.get(another, { format: 'ZPL' });
      const path = await saveDocument(label, `${directory}/`, { name: another });
      log(`fetched its label instead, and saved ${path}`);
      files.push(path);
    }
  }
  log(`allocation requests sent: ${mock.requests('allocateAndGetLabels').length}`);
  return { consignment, another, files, sent: mock.requests('allocateAndGetLabels').length };
}

if (isMain(import.meta.url)) await main();
