import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ManifestQuery,
  NotFoundError,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
} from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment } from '../support/orders-mock.js';

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

describe('orders.manifests: the customer manifests by filter, and the file sent to the carrier', () => {
  /** Manifests `count` consignments, one call each: a customer manifest each. */
  async function manifested(count: number) {
    for (let index = 0; index < count; index++) {
      await orders.manifests.manifest([await allocatedConsignment(orders)]);
    }
    return orders.manifests.list();
  }

  it('reads every manifest a filter matches, page after page, with the total on each page', async () => {
    const all = await manifested(3);
    const bodies: unknown[] = [];
    const recording = new OrdersClient({
      apiKey: mock.apiKey,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        bodies.push(await request.clone().json());
        return mock.fetch(request);
      },
    });
    const search = recording.manifests.search({ CarrierNames: ['Royal Mail'] }, { pageSize: 2 });
    expect((await search.toArray()).map((entry) => entry.ManifestReference)).toEqual(
      all.map((entry) => entry.ManifestReference),
    );
    const first = await search.page(0);
    expect(first).toMatchObject({ TotalRecords: 3, PageSize: 2 });
    expect(first.Manifests).toHaveLength(2);
    expect((await search.page(1)).Manifests).toHaveLength(1);
    // Take and Skip are the paging's, beside the filter.
    expect(bodies.at(-1)).toEqual({ CarrierNames: ['Royal Mail'], Take: 2, Skip: 2 });
  });

  it('lists nothing for a filter no manifest matches, and sends nothing until read', async () => {
    await manifested(1);
    const search = orders.manifests.search({ ShippingLocationRefs: ['SL-LEEDS'] });
    expect(mock.requests('getCustomerManifestsFiltered')).toHaveLength(0);
    expect(await search.toArray()).toEqual([]);
  });

  it('refuses a misspelt filter key, or paging inside the filter, before sending', async () => {
    for (const filter of [
      { CarrierName: ['Royal Mail'] },
      { Take: 5 },
      { ShippingLocationReference: 'SL-LEEDS' },
    ]) {
      expect(() => orders.manifests.search(filter as never)).toThrow(RequestValidationError);
    }
    expect(() => orders.manifests.search({}, { pageSize: 0 })).toThrow(RequestValidationError);
    expect(mock.requests('getCustomerManifestsFiltered')).toHaveLength(0);
  });

  it("downloads the file sent to the carrier as its bytes, named by the manifest's ManifestFileNameSentToCarrier", async () => {
    const [manifest] = await manifested(1);
    expect(manifest?.ManifestFileNameSentToCarrier).toMatch(/\.csv$/);
    const file = await orders.manifests.getFileSentToCarrier(manifest!.ManifestReference);
    expect(file).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(file)).toMatch(/^ConsignmentReference,Carrier,/);
    await expect(orders.manifests.getFileSentToCarrier('0'.repeat(32))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses an answer that is not Base64, as a ResponseValidationError naming the operation', async () => {
    const [manifest] = await manifested(1);
    mock.failNext('getCustomerManifestFileSentToCarrier', { status: 200, body: '"not base64!"' });
    const error = await orders.manifests
      .getFileSentToCarrier(manifest!.ManifestReference)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).operation).toBe('getCustomerManifestFileSentToCarrier');
  });

  it("reads Get Customer Manifests answered as the reference's ManifestsView as its list", async () => {
    const [manifest] = await manifested(1);
    mock.failNext('getCustomerManifests', { status: 200, body: { Manifests: [manifest], TotalRecords: 1 } });
    expect(await orders.manifests.list()).toEqual([manifest]);
  });
});
