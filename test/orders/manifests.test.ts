import { beforeEach, describe, expect, it } from 'vitest';
import { type ManifestQuery, OrdersClient, RequestValidationError } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
});

describe('manifestConsignmentsFromQuery: a location key that names no location', () => {
  const unset: Record<string, unknown>[] = [
    { ShippingLocationReference: undefined },
    { ShippingLocationReference: '' },
    { ShippingLocationReference: '  ' },
    { ShippingLocationReference: null },
    { ShippingLocationReferences: [] },
    { ShippingLocationReferences: [''] },
    { ShippingLocationReferences: undefined },
    { ShippingLocationReference: undefined, ShippingLocationReferences: [] },
  ];

  it.each(unset.map((locations) => [JSON.stringify(locations) ?? '', locations] as const))(
    '%s is refused before sending, rather than manifesting every location',
    async (_, locations) => {
      // As `{ ShippingLocationReference: process.env.WAREHOUSE }` with the variable unset.
      const query = { ...locations, States: ['Allocated'] } as unknown as ManifestQuery;
      const sent = mock.store.requests.length;
      const error = await orders.manifests.manifestFromQuery(query).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as Error).message).toMatch(/ShippingLocationReference/);
      expect(mock.store.requests.length).toBe(sent);
    },
  );

  it('still sends a query that names a location in either key, or leaves both keys out', async () => {
    for (const query of [
      { ShippingLocationReference: 'SL-LONDON', States: ['Allocated'] },
      {
        ShippingLocationReference: undefined,
        ShippingLocationReferences: ['SL-LONDON'],
        States: ['Allocated'],
      },
      { States: ['Allocated'] },
    ] as ManifestQuery[]) {
      await expect(orders.manifests.manifestFromQuery(query)).resolves.toHaveProperty('counts');
    }
  });
});
