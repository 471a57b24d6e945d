import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersClient, OutcomeUnknownError, ShipmentsClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { type MockProcess, startMockProcess } from '../support/mock-process.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

describe('the mock counts transmissions by operation and reference', () => {
  it('counts every write a reference took, faults included, and no read', async () => {
    const mock = createMockService();
    const orders = new OrdersClient({
      apiKey: mock.apiKey,
      environment: 'sandbox',
      fetch: mock.fetch,
      maxRetries: 0,
    });
    const first = await packedConsignment(orders);
    const second = await packedConsignment(orders);
    await orders.allocation.allocate([first, second]);
    await orders.consignments.get(first);
    mock.failNext('manifestConsignments', { network: 'drop-after' });
    await expect(orders.manifests.manifest([first])).rejects.toBeInstanceOf(OutcomeUnknownError);
    await expect(orders.manifests.manifest([first])).rejects.toThrow(/can be manifested/); // refused, yet sent
    expect(mock.transmissions('allocateConsignments')).toEqual({
      allocateConsignments: { [first]: 1, [second]: 1 },
    });
    expect(mock.transmissions('manifestConsignments')).toEqual({ manifestConsignments: { [first]: 2 } });
    expect(mock.transmissions().getConsignment).toBeUndefined();
    expect(mock.requests('getConsignment')[0]?.references).toEqual([first]);
  });

  it("counts a query's scope (its shipping locations) and area B's shipments", async () => {
    const mock = createMockService();
    const orders = new OrdersClient({ apiKey: mock.apiKey, environment: 'sandbox', fetch: mock.fetch });
    await orders.manifests.manifestFromQuery({
      ShippingLocationReferences: ['SL-LONDON'],
      States: ['Allocated'],
    });
    expect(mock.transmissions('manifestConsignmentsFromQuery')).toEqual({
      manifestConsignmentsFromQuery: { 'SL-LONDON': 1 },
    });
  });
});

describe('consignkit mock in a process of its own', () => {
  let mock: MockProcess;
  beforeAll(async () => {
    mock = await startMockProcess();
  }, 60_000);
  afterAll(() => mock?.stop());

  it('answers its counts and requests over HTTP, and takes faults there', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey, baseUrl: mock.ordersUrl, maxRetries: 0 });
    const consignment = await allocatedConsignment(orders);
    await mock.failNext('manifestConsignments', { status: 503 });
    await expect(orders.manifests.manifest([consignment])).rejects.toThrow();
    expect(await mock.transmissions('manifestConsignments')).toEqual({
      manifestConsignments: { [consignment]: 1 },
    });
    expect((await mock.requests('allocateConsignments'))[0]?.references).toEqual([consignment]);
  });

  it('holds an answer back after acting on the request: a client that gave up was acted on', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey, baseUrl: mock.ordersUrl, maxRetries: 0 });
    const consignment = await allocatedConsignment(orders);
    await mock.failNext('manifestConsignments', { hold: 5_000 });
    const started = Date.now();
    const lost = await orders.manifests
      .manifest([consignment], { signal: AbortSignal.timeout(300) })
      .catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(OutcomeUnknownError);
    expect(Date.now() - started).toBeLessThan(3_000);
    // The service acted before the answer was held back: reconcile reads it as done.
    const [settled] = await orders.reconcile(lost as OutcomeUnknownError);
    expect(settled).toMatchObject({ reference: consignment, state: 'Manifested', done: true });
    expect(await mock.transmissions('manifestConsignments')).toMatchObject({
      manifestConsignments: { [consignment]: 1 },
    });
  });

  it('refuses its admin routes without the mock key, and a fault it could never fire', async () => {
    const origin = new URL(mock.ordersUrl).origin;
    expect((await fetch(`${origin}/__mock/transmissions`)).status).toBe(401);
    const wrongName = await fetch(`${origin}/__mock/faults`, {
      method: 'POST',
      headers: { 'x-api-key': mock.apiKey },
      body: JSON.stringify({ operation: 'manifestEverything', fault: { status: 503 } }),
    });
    expect(wrongName.status).toBe(400);
    expect(await wrongName.text()).toContain('manifestEverything');
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, baseUrl: mock.shipmentsUrl });
    await expect(shipments.getStateCounts()).resolves.toBeDefined();
  });
});

describe('POST /__mock/faults with an operation the mock does not serve', () => {
  it('is refused with a 400 that names the operation and the one it looks like, and nothing is queued', async () => {
    const mock = createMockService();
    const server = await mock.listen(0);
    try {
      const post = (body: unknown) =>
        fetch(`${new URL(server.ordersUrl).origin}/__mock/faults`, {
          method: 'POST',
          headers: { 'x-api-key': mock.apiKey },
          body: JSON.stringify(body),
        });
      const misspelt = await post({ operation: 'cancelConsignmnet', fault: { status: 503 } });
      expect(misspelt.status).toBe(400);
      expect(((await misspelt.json()) as { message: string }).message).toMatch(
        /no operation named 'cancelConsignmnet'.*did you mean 'cancelConsignment'/,
      );
      const notAName = await post({ operation: 42, fault: { status: 503 } });
      expect(notAName.status).toBe(400);
      expect(((await notAName.json()) as { message: string }).message).toContain('"operation": NAME');
      // Nothing was queued: the next request of any operation is answered as usual, not with the 503.
      const answer = await fetch(`${server.shipmentsUrl}/shipments/state_counts`, {
        headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
      });
      expect(answer.status).not.toBe(503);
      const served = await post({ operation: 'getShipmentStateCounts', fault: { status: 503 } });
      expect(served.status).toBe(204);
    } finally {
      await server.close();
    }
  });
});
