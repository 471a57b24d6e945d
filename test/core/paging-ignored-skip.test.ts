// A service that ignores `skip` and `take` answers every page alike: a list read to its end (`toArray`,
// `for await`) must stop with an error that says so, in a few requests, in both areas, never loop on.
import { describe, expect, it } from 'vitest';
import { MAX_PAGES_WITHOUT_NEW_ITEMS } from '../../src/core/paging.js';
import { OrdersClient, ResponseValidationError, ShipmentsClient } from '../../src/index.js';

const ref = (prefix: string, n: number) => `${prefix}_${String(n).padStart(32, '0')}`;

/** A fetch answering from `answer(index)`, counting requests, and giving up itself past `limit` of them. */
function counted(answer: (index: number) => unknown, limit = 50) {
  let requests = 0;
  const fetch = async () => {
    requests++;
    if (requests > limit) throw new Error(`still reading after ${limit} requests`);
    return Response.json(answer(requests - 1));
  };
  return { fetch, requests: () => requests };
}

/** Area B's tracking by custom reference: `shipments` on every page, whatever `skip` says. */
const trackingPage = (shipments: string[], total: number | undefined) => ({
  tracking_responses: shipments.map((shipment_reference) => ({
    shipment_reference,
    custom_reference: 'ORDER-1001',
    carrier_references: ['15501234567890'],
    events: [],
    _links: [],
  })),
  ...(total === undefined ? {} : { total_results: total }),
  take: 10,
  skip: 0,
  _links: [],
});

/** Area A's Search Consignments: `references` on every page, whatever `{take}/{skip}` say. */
const searchPage = (references: string[], count: number) => ({
  Count: count,
  ConsignmentSummaries: references.map((Reference) => ({ Reference, State: 'Allocated' })),
});

const tenShipments = Array.from({ length: 10 }, (_, index) => ref('sp', index + 1));

async function stopped(read: () => Promise<unknown>) {
  const error = await read().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe('a list over a service that ignores skip and take ends with an error', () => {
  it('area B: tracking.getByCustomReference(…).toArray() stops at the first repeated page', async () => {
    const service = counted(() => trackingPage(tenShipments, 3_229));
    const shipments = new ShipmentsClient({ apiKey: 'sk_test_paging', fetch: service.fetch, maxRetries: 0 });
    const error = await stopped(() => shipments.tracking.getByCustomReference('ORDER-1001').toArray());
    expect(error.operation).toBe('getTrackingByCustomReference');
    expect(error.issues[0]?.code).toBe('page_repeated');
    expect(error.message).toMatch(/page 2 \(skip 10\) holds the same items as page 1.*skip and take/);
    expect(service.requests()).toBe(2);
  });

  it('area B, without a total: the contents read stops too', async () => {
    const service = counted(() => trackingPage(tenShipments, undefined));
    const shipments = new ShipmentsClient({ apiKey: 'sk_test_paging', fetch: service.fetch, maxRetries: 0 });
    const error = await stopped(() =>
      shipments.tracking.getContentsByCustomReference('ORDER-1001').toArray(),
    );
    expect(error.operation).toBe('getShipmentContentsTrackingByCustomReference');
    expect(service.requests()).toBe(2);
  });

  it('area A: a search read with for await stops at the first repeated page', async () => {
    const references = Array.from({ length: 100 }, (_, index) => `EC-000-000-${index + 1}`);
    const service = counted(() => searchPage(references, 5_000));
    const orders = new OrdersClient({ apiKey: 'sk_test_paging', fetch: service.fetch, maxRetries: 0 });
    const read: string[] = [];
    const error = await stopped(async () => {
      for await (const summary of orders.consignments.search({ State: 'Allocated' })) {
        read.push(summary.Reference as string);
      }
    });
    expect(error.operation).toBe('searchConsignments');
    expect(read).toEqual(references);
    expect(service.requests()).toBe(2);
  });

  it('pages that differ but bring nothing new stop after a bounded number of them', async () => {
    // The same ten shipments, in another order on each page: never a repeat, never anything new.
    const service = counted((index) =>
      trackingPage([...tenShipments.slice(index % 10), ...tenShipments.slice(0, index % 10)], undefined),
    );
    const shipments = new ShipmentsClient({ apiKey: 'sk_test_paging', fetch: service.fetch, maxRetries: 0 });
    const error = await stopped(() => shipments.tracking.getByCustomReference('ORDER-1001').toArray());
    expect(error.issues[0]?.code).toBe('no_new_items');
    expect(service.requests()).toBe(1 + MAX_PAGES_WITHOUT_NEW_ITEMS);
  });

  it('area A: a search whose pages move by one item still reads to its end', async () => {
    // An item inserted at the front between two reads shifts every page by one: one item repeats, the
    // rest are new, and the list ends as it should.
    const all = Array.from({ length: 250 }, (_, index) => `EC-000-001-${index + 1}`);
    const service = counted((index) => {
      const shifted = index === 0 ? all : ['EC-000-000-999', ...all];
      const skip = index * 100;
      return searchPage(shifted.slice(skip, skip + 100), shifted.length);
    });
    const orders = new OrdersClient({ apiKey: 'sk_test_paging', fetch: service.fetch, maxRetries: 0 });
    const read = await orders.consignments.search({ State: 'Allocated' }).toArray();
    expect(read.map((summary) => summary.Reference)).toEqual(all);
    expect(service.requests()).toBe(3);
  });
});
