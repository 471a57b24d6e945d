import { beforeEach, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type ConsignmentReference,
  NotFoundError,
  OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
  ShipmentsClient,
} from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { allocatedConsignment, createOrderInput, packedConsignment } from '../../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const packed = (overrides?: Record<string, unknown>) => packedConsignment(orders, overrides);

const allocated = (overrides?: Record<string, unknown>) => allocatedConsignment(orders, overrides);

describe('getConsignment', () => {
  it('reads the whole consignment in the real field names, and follows every change made through the API', async () => {
    const consignment = await packed();
    const before = await orders.consignments.get(consignment);
    expect(before).toMatchObject({
      Reference: consignment,
      ConsignmentState: 'Unallocated',
      Allocation: null,
      LabelsPrinted: false,
      LabelCount: 0,
      ConsignmentLegs: [],
      Packages: [expect.objectContaining({ Reference: expect.stringMatching(/^EP-/) })],
    });
    expect(before.Addresses?.map((address) => address.AddressType)).toEqual(['Origin', 'Destination']);

    await orders.allocation.allocate([consignment]);
    const after = await orders.consignments.get(consignment);
    expect(after.ConsignmentState).toBe('Allocated');
    expect(after.Allocation?.MpdCarrierServiceReference).toEqual(expect.any(String));
    expect(after.ConsignmentLegs?.[0]?.TrackingReferences).toHaveLength(1);
    expect(after.LabelCount).toBe(1);

    await orders.manifests.manifest([consignment]);
    expect((await orders.consignments.get(consignment)).ConsignmentState).toBe('Manifested');
  });

  it('is a NotFoundError for an unknown consignment and a RequestValidationError, unsent, for a bad reference', async () => {
    await expect(orders.consignments.get('EC-000-NOT-HERE')).rejects.toBeInstanceOf(NotFoundError);
    const sent = mock.store.requests.length;
    await expect(orders.consignments.get('EO-1' as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.store.requests.length).toBe(sent);
  });

  it('keeps fields it does not name', async () => {
    const consignment = await packed();
    const read = await orders.consignments.get(consignment);
    expect('ShippingLocationReference' in read && read.ShippingLocationReference).toBe('SL-LONDON');
  });
});

describe('deallocateConsignment(s)', () => {
  it('takes an allocated consignment back to Unallocated, voids its area B labels, and lets it be allocated again', async () => {
    const consignment = await allocated();
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 });
    const shipment = mock.store.shipments.shipmentForConsignment(consignment);
    expect(shipment).toBeDefined();
    await shipments.labels.get(shipment!.reference as never, { format: 'PDF' });

    await expect(orders.allocation.deallocate(consignment)).resolves.toBeUndefined();
    const read = await orders.consignments.get(consignment);
    expect(read).toMatchObject({ ConsignmentState: 'Unallocated', Allocation: null, ConsignmentLegs: [] });
    await expect(shipments.labels.get(shipment!.reference as never, { format: 'PDF' })).rejects.toThrow(
      /not allocated/,
    );
    await expect(orders.labels.get(consignment)).rejects.toBeInstanceOf(BadRequestError);

    const [summary] = await orders.allocation.allocate([consignment]);
    expect(summary?.CarrierServiceReference).toEqual(expect.any(String));
    await expect(shipments.labels.get(shipment!.reference as never, { format: 'PDF' })).resolves.toHaveLength(
      1,
    );
  });

  it('is allowed from Manifested and ManifestFailed, and refused (400) from Unallocated or ReadyToShip', async () => {
    const manifested = await allocated();
    await orders.manifests.manifest([manifested]);
    await orders.allocation.deallocate(manifested);
    expect(mock.store.orders.getConsignment(manifested)?.State).toBe('Unallocated');

    const failed = await allocated();
    mock.store.orders.setConsignmentState(failed, 'ManifestFailed');
    await orders.allocation.deallocate(failed);
    expect(mock.store.orders.getConsignment(failed)?.State).toBe('Unallocated');

    const unallocated = await packed();
    await expect(orders.allocation.deallocate(unallocated)).rejects.toBeInstanceOf(BadRequestError);
    const ready = await allocated();
    await orders.consignments.setReadyToShip([ready]);
    await expect(orders.allocation.deallocate(ready)).rejects.toMatchObject({ status: 400 });
    expect(mock.store.orders.getConsignment(ready)?.State).toBe('ReadyToShip');
  });

  it('reports per consignment in the list form', async () => {
    const allocatedOne = await allocated();
    const unallocatedOne = await packed();
    const results = await orders.allocation.deallocateMany([allocatedOne, unallocatedOne]);
    expect(results.map((result) => [result.Data, result.IsSuccess])).toEqual([
      [allocatedOne, true],
      [unallocatedOne, false],
    ]);
    expect(results[1]?.Message).toContain('Unallocated');
    expect(mock.store.orders.getConsignment(allocatedOne)?.State).toBe('Unallocated');
  });

  it('refuses an empty list before sending', async () => {
    await expect(orders.allocation.deallocateMany([])).rejects.toBeInstanceOf(RequestValidationError);
    await expect(orders.consignments.cancelMany(['nope' as never])).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(mock.requests('deallocateConsignments')).toHaveLength(0);
    expect(mock.requests('cancelConsignments')).toHaveLength(0);
  });
});

describe('cancelConsignment(s)', () => {
  it('cancels before manifesting, and a cancelled consignment has no label', async () => {
    const unallocated = await packed();
    await orders.consignments.cancel(unallocated);
    expect((await orders.consignments.get(unallocated)).ConsignmentState).toBe('Cancelled');

    const allocatedOne = await allocated();
    await orders.consignments.cancel(allocatedOne);
    await expect(orders.labels.get(allocatedOne)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('is refused once manifested, and after cancelling', async () => {
    const manifested = await allocated();
    await orders.manifests.manifest([manifested]);
    await expect(orders.consignments.cancel(manifested)).rejects.toBeInstanceOf(BadRequestError);
    expect(mock.store.orders.getConsignment(manifested)?.State).toBe('Manifested');
    // Deallocated first, it can be cancelled.
    await orders.allocation.deallocate(manifested);
    await orders.consignments.cancel(manifested);
    await expect(orders.consignments.cancel(manifested)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('reports per consignment in the list form', async () => {
    const ok = await packed();
    const manifested = await allocated();
    await orders.manifests.manifest([manifested]);
    const results = await orders.consignments.cancelMany([ok, manifested]);
    expect(results.map((result) => result.IsSuccess)).toEqual([true, false]);
    expect(mock.store.orders.getConsignment(ok)?.State).toBe('Cancelled');
  });
});

describe('searchConsignments and getConsignmentReferences', () => {
  it('fetches page after page with for await, and reports Count on a page', async () => {
    const made: ConsignmentReference[] = [];
    for (let index = 0; index < 7; index++) made.push(await allocated());
    const unallocatedOne = await packed();

    const seen: string[] = [];
    for await (const summary of orders.consignments.search({ State: 'Allocated' }, { pageSize: 3 })) {
      seen.push(summary.Reference as string);
    }
    expect(seen).toEqual(made);
    expect(mock.requests('searchConsignments').map((request) => new URL(request.url).pathname)).toEqual([
      '/consignments/3/0',
      '/consignments/3/3',
      '/consignments/3/6',
    ]);

    const page = await orders.consignments.search({ State: 'Allocated' }, { pageSize: 3 }).page(2);
    expect(page.Count).toBe(7);
    expect(page.ConsignmentSummaries.map((summary) => summary.Reference)).toEqual([made[6]]);

    const all = await orders.consignments.search({}, { pageSize: 5 }).toArray();
    expect(all.map((summary) => summary.Reference)).toEqual([...made, unallocatedOne]);
    expect(all[0]).toMatchObject({ State: 'Allocated', DestinationAddressCountry: 'GB' });
  });

  it('sends the filter as the data contracts name it, and the mock reads either spelling', async () => {
    const leeds = await allocated({
      Addresses: (createOrderInput().Addresses as Record<string, unknown>[]).map((address) =>
        address.AddressType === 'Origin' ? { ...address, ShippingLocationReference: 'SL-LEEDS' } : address,
      ),
    });
    await allocated();
    const references = await orders.consignments.getReferences({
      State: 'Allocated',
      ShippingLocationReference: 'SL-LEEDS',
    });
    expect(references).toEqual([leeds]);
    const url = new URL(mock.requests('getConsignmentReferences')[0]!.url);
    expect(url.searchParams.get('state')).toBe('Allocated');
    expect(url.searchParams.get('shippingLocationReference')).toBe('SL-LEEDS');

    const capitalised = await mock.fetch(
      new Request(
        'https://apisandbox.electioapp.com/consignments/getConsignmentReferences?State=Allocated&ShippingLocationReference=SL-LEEDS',
        {
          headers: { 'ocp-apim-subscription-key': mock.apiKey },
        },
      ),
    );
    expect(await capitalised.json()).toEqual([leeds]);
  });

  it('refuses a filter key it does not know, with a suggestion, before sending', async () => {
    const attempt = () => orders.consignments.search({ Stat: 'Allocated' } as never);
    expect(attempt).toThrow(RequestValidationError);
    try {
      attempt();
    } catch (error) {
      expect((error as RequestValidationError).issues[0]).toMatchObject({
        path: ['Stat'],
        suggestion: 'State',
      });
    }
    await expect(orders.consignments.getReferences({ state: 'Allocated' } as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(() => orders.consignments.search({}, { pageSize: 0 })).toThrow(RequestValidationError);
    expect(mock.store.requests).toHaveLength(0);
  });

  it('stops on a short page even when Count says more, so a wrong count never loops', async () => {
    await allocated();
    mock.failNext('searchConsignments', {
      status: 200,
      body: { Count: 50, ConsignmentSummaries: [{ Reference: 'EC-X-1', State: 'Allocated' }] },
    });
    const all = await orders.consignments.search({}, { pageSize: 10 }).toArray();
    expect(all.map((summary) => summary.Reference)).toEqual(['EC-X-1']);
  });
});

describe('retries', () => {
  it('retries reads on a 503, and never retries a deallocation or cancellation that may have reached the service', async () => {
    const consignment = await allocated();
    mock.failNext('getConsignment', { status: 503, retryAfter: 0 });
    await expect(orders.consignments.get(consignment)).resolves.toMatchObject({ Reference: consignment });
    expect(mock.requests('getConsignment')).toHaveLength(2);

    mock.failNext('searchConsignments', { status: 503, retryAfter: 0 });
    await expect(orders.consignments.search().toArray()).resolves.toHaveLength(1);
    mock.failNext('getConsignmentReferences', { status: 503, retryAfter: 0 });
    await expect(orders.consignments.getReferences({})).resolves.toEqual([consignment]);

    mock.failNext('deallocateConsignment', { network: 'drop-after' });
    await expect(orders.allocation.deallocate(consignment)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(mock.requests('deallocateConsignment')).toHaveLength(1);

    mock.failNext('cancelConsignments', { network: 'drop-after' });
    const error = await orders.consignments.cancelMany([consignment]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).references).toEqual([consignment]);
    expect(mock.requests('cancelConsignments')).toHaveLength(1);
  });

  it('retries a deallocation that provably never reached the service', async () => {
    const consignment = await allocated();
    mock.failNext('deallocateConsignment', { network: 'refused' });
    await orders.allocation.deallocate(consignment);
    expect(mock.store.orders.getConsignment(consignment)?.State).toBe('Unallocated');
  });
});
