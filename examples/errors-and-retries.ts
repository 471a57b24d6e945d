/**
 * What failures look like, and what to do about each: bad input never leaves the process, service
 * errors carry the service's code, reads are retried, and a manifest whose answer was lost is never
 * sent again blindly: `reconcile` reads what happened, and only what did not happen is sent again.
 * `npx tsx examples/errors-and-retries.ts`
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import {
  ApiError,
  type ConsignmentReference,
  isConsignmentReference,
  OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
} from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    // Retries show up here; the key never does.
    logger: { debug() {}, info: (line) => log(`  log: ${line}`), warn: log, error: log },
  });

  // 1. Input the service would refuse is refused before sending.
  try {
    await orders.create({ ...sampleOrder(), Addresses: [] });
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    log(`not sent: ${error.message}`);
  }

  // 2. The service's own errors: branch on status and code, never on the message text.
  try {
    await orders.get('EO-999-999-999');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log(`${error.name} ${error.status} ${error.code}: ${error.message}`);
  }

  // 3. Reads are retried on 5xx and timeouts.
  const order = await orders.create(sampleOrder());
  mock.failNext('getOrder', { status: 503 });
  await orders.get(order);
  log(`read ${order} after a 503`);

  // 4. A manifest whose answer was lost is never sent again by the SDK. Settle it instead: reconcile
  //    reads each consignment and says whether the manifest happened; resend only what did not.
  const consignments: ConsignmentReference[] = [];
  for (const placed of [order, await orders.create(sampleOrder())]) {
    const [consignment] = await orders.pack(placed, {
      OrderReference: placed,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    if (!consignment) throw new Error('packing created no consignment');
    consignments.push(consignment);
  }
  await orders.allocation.allocate(consignments);
  mock.failNext('manifestConsignments', { network: 'drop-after' }); // handled, then the answer is lost
  let resent: string[] = [];
  try {
    await orders.manifests.manifest(consignments);
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    log(`outcome unknown for ${error.references.join(', ')}: not sent again`);
    const settled = await orders.reconcile(error);
    for (const { reference, state, done } of settled) log(`  ${reference} is ${state}: done ${done}`);
    const notDone = settled
      .filter((entry) => entry.done === false)
      .map((entry) => entry.reference)
      .filter(isConsignmentReference);
    if (notDone.length > 0) await orders.manifests.manifest(notDone);
    resent = notDone;
    const unsure = settled.filter((entry) => entry.done === undefined);
    if (unsure.length > 0)
      log(`  left for a person to check: ${unsure.map((entry) => entry.reference).join(', ')}`);
  }
  return {
    resent,
    states: consignments.map((consignment) => mock.store.orders.getConsignment(consignment)?.State),
    manifestRequests: mock.requests('manifestConsignments').length,
  };
}

if (isMain(import.meta.url)) await main();
