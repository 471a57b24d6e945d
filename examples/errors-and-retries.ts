/**
 * What failures look like, and what to do about each: bad input never leaves the process, service
 * errors carry the service's code, reads are retried, and a manifest whose answer was lost is never
 * sent again: its references are recorded for a manual check.
 * `npx tsx examples/errors-and-retries.ts`
 */
import { ApiError, OrdersClient, OutcomeUnknownError, RequestValidationError } from 'consignkit';
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
    await orders.createOrder({ ...sampleOrder(), Addresses: [] });
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    log(`not sent: ${error.message}`);
  }

  // 2. The service's own errors: branch on status and code, never on the message text.
  try {
    await orders.getOrder('EO-999-999-999');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log(`${error.name} ${error.status} ${error.code}: ${error.message}`);
  }

  // 3. Reads are retried on 5xx and timeouts.
  const order = await orders.createOrder(sampleOrder());
  mock.failNext('getOrder', { status: 503 });
  await orders.getOrder(order);
  log(`read ${order} after a 503`);

  // 4. A manifest whose answer was lost is never sent again by the SDK, and must not be by your code
  //    either: it may have reached the carrier. Nothing the service offers reads one consignment's state
  //    (and the customer manifests list every earlier manifest too, so they cannot tell you whether this
  //    one went), so record the references for someone to check with the carrier or in the portal.
  const [consignment] = await orders.packOrder(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error('packing created no consignment');
  await orders.allocateConsignments([consignment]);
  mock.failNext('manifestConsignments', { network: 'drop-after' }); // handled, then the answer is lost
  const needsManualCheck: string[] = [];
  try {
    await orders.manifestConsignments([consignment]);
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    needsManualCheck.push(...error.references);
    log(`outcome unknown for ${error.references.join(', ')}: not sent again, recorded for a manual check`);
  }

  // Only a test can look behind the service's back: the mock's store holds each consignment's state.
  const stateInMock = mock.store.orders.getConsignment(consignment)?.State;
  log(`in the mock, ${consignment} is ${stateInMock}: sending it again would have transmitted it twice`);
  return {
    needsManualCheck,
    stateInMock,
    manifestRequests: mock.requests('manifestConsignments').length,
  };
}

if (isMain(import.meta.url)) await main();
