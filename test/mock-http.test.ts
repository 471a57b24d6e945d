import { expect, it } from 'vitest';
import { OrdersClient, OutcomeUnknownError } from '../src/index.js';
import { createMockService } from '../src/testing/index.js';
import { orderInput } from './fixtures.js';

// Real HTTP on loopback, so no MSW in this file.
it('over HTTP: a dropped connection after a manifest is OutcomeUnknownError, sent once', async () => {
  const local = createMockService();
  const server = await local.listen(0);
  try {
    const orders = new OrdersClient({ apiKey: local.apiKey, baseUrl: server.ordersUrl });
    const consignment = await allocatedConsignment(orders);
    local.failNext('manifestConsignments', { network: 'drop-after' });
    await expect(orders.manifestConsignments([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(local.requests('manifestConsignments')).toHaveLength(1);
  } finally {
    await server.close();
  }
});

async function allocatedConsignment(orders: OrdersClient) {
  const order = await orders.createOrder(orderInput());
  const [consignment] = await orders.packOrder(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocateConsignments([consignment!]);
  return consignment!;
}
