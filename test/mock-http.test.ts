import { expect, it } from 'vitest';
import { OrdersClient, OutcomeUnknownError } from '../src/index.js';
import { createMockService } from '../src/testing/index.js';
import { allocatedConsignment } from './fixtures.js';

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
