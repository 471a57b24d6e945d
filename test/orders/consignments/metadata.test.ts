import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, OrdersClient } from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { packedConsignment } from '../../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

describe('getConsignmentWithMetadata', () => {
  it('reads the consignment with its metadata', async () => {
    const consignment = await packedConsignment(orders, {
      MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' }],
    });
    const read = await orders.consignments.getWithMetadata(consignment);
    expect(read.Reference).toBe(consignment);
    expect(read.MetaData).toContainEqual(expect.objectContaining({ KeyValue: 'ShippersEORI' }));
    await expect(orders.consignments.getWithMetadata('EC-999-999-999')).rejects.toBeInstanceOf(NotFoundError);
  });
});
