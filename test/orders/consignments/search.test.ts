import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient, RequestValidationError } from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';

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
    await expect(orders.consignments.getReferences(unset)).rejects.toBeInstanceOf(RequestValidationError);
    expect(() => orders.consignments.search({ ShippingLocationReference: '' })).toThrow(
      RequestValidationError,
    );
    expect(mock.store.requests.length).toBe(sent);
    // Written as such, an empty filter still means every consignment.
    await expect(orders.consignments.getReferences({})).resolves.toEqual(expect.any(Array));
  });
});

describe('search results name one state field', () => {
  it('fills ConsignmentState from State when the service sends only State', async () => {
    const page = {
      Count: 2,
      ConsignmentSummaries: [
        { Reference: 'EC-000-000-001', State: 'Allocated' },
        { Reference: 'EC-000-000-002', ConsignmentState: 'Manifested' },
      ],
    };
    const client = new OrdersClient({ apiKey: 'test-key', fetch: async () => Response.json(page) });
    const { ConsignmentSummaries } = await client.consignments.search().page(0);
    expect(ConsignmentSummaries.map((summary) => summary.ConsignmentState)).toEqual([
      'Allocated',
      'Manifested',
    ]);
  });
});
