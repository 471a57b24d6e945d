/**
 * What failures look like, and what to do about each: bad input never leaves the process, service
 * errors carry the service's code, and a manifest whose answer was lost is never sent twice by the SDK.
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

  // 4. A manifest is never sent twice: when its answer is lost, check before trying again.
  const [consignment] = await orders.packOrder(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error('packing created no consignment');
  await orders.allocateConsignments([consignment]);
  mock.failNext('manifestConsignments', { network: 'drop-after' });
  try {
    await orders.manifestConsignments([consignment]);
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    log(`outcome unknown for ${error.references.join(', ')}: checking the manifests before sending again`);
    const manifests = await orders.getCustomerManifests();
    log(manifests.length > 0 ? 'it was manifested: nothing to resend' : 'not manifested: safe to send again');
  }
}

if (isMain(import.meta.url)) await main();
