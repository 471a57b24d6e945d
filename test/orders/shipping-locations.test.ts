import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, OrdersClient, RequestValidationError } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

describe('shipping locations', () => {
  it('lists the locations an order can name, and reads one', async () => {
    const locations = await orders.shippingLocations.list();
    expect(locations.map((location) => location.Reference)).toEqual(['SL-LONDON', 'SL-LEEDS']);
    mock.store.orders.addShippingLocation({
      Reference: 'SL-BRISTOL',
      Name: 'Bristol',
      CountryCode: 'GB',
    } as never);
    expect(await orders.shippingLocations.get('SL-BRISTOL')).toMatchObject({
      Reference: 'SL-BRISTOL',
      Name: 'Bristol',
    });
    await expect(orders.shippingLocations.get('SL-NOWHERE')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a reference that would change the path, and sends nothing', async () => {
    await expect(orders.shippingLocations.get('../orders')).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('getShippingLocation')).toHaveLength(0);
  });
});
