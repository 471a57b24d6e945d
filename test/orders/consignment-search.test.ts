import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient, RequestValidationError } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
});

describe('consignment searches whose filter keys are all unset', () => {
  it('are refused before sending, rather than matching every consignment', async () => {
    const unset = { ShippingLocationReference: undefined } as unknown as Record<string, never>;
    const sent = mock.store.requests.length;
    await expect(orders.getConsignmentReferences(unset)).rejects.toBeInstanceOf(RequestValidationError);
    expect(() => orders.searchConsignments({ ShippingLocationReference: '' })).toThrow(
      RequestValidationError,
    );
    expect(mock.store.requests.length).toBe(sent);
    // Written as such, an empty filter still means every consignment.
    await expect(orders.getConsignmentReferences({})).resolves.toEqual(expect.any(Array));
  });
});
