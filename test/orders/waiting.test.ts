import { describe, expect, it } from 'vitest';
import {
  type ConsignmentReference,
  NotFoundError,
  OrdersClient,
  RequestAbortedError,
  RequestValidationError,
  TimeoutError,
} from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

/** A client on the mock whose fetch runs `onRead` before each Get Consignment Status reaches it. */
function clientOn(mock: MockService, onRead: (count: number) => void = () => {}) {
  let reads = 0;
  const orders = new OrdersClient({
    apiKey: mock.apiKey,
    environment: 'sandbox',
    maxRetries: 0,
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/status')) onRead(++reads);
      return mock.fetch(input, init);
    },
  });
  return { orders, reads: () => reads };
}

const fast = { initialInterval: 5, maxInterval: 20 };

describe('ConsignmentAllocator.wait', () => {
  it('reads a queued (Allocating) consignment until it is Allocated, with reads only', async () => {
    const mock = createMockService();
    const setup = clientOn(mock);
    const consignment = await packedConsignment(setup.orders);
    mock.store.orders.setConsignmentState(consignment, 'Allocating');
    const { orders, reads } = clientOn(mock, (count) => {
      if (count === 3) mock.store.orders.setConsignmentState(consignment, 'Allocated');
    });
    const before = mock.requests().length;
    const [result] = await orders.allocation.wait([consignment], { ...fast, deadline: 5_000 });
    expect(result).toEqual({ reference: consignment, status: 'done', state: 'Allocated' });
    expect(reads()).toBe(3);
    const sent = mock.requests().slice(before);
    expect(
      sent.every((request) => request.method === 'GET' && request.operation === 'getConsignmentStatus'),
    ).toBe(true);
  });

  it('counts every state allocation leads to as done (a manifested consignment was allocated)', async () => {
    const mock = createMockService();
    const { orders } = clientOn(mock);
    const consignment = await allocatedConsignment(orders);
    await orders.manifests.manifest([consignment]);
    const [result] = await orders.allocation.wait([consignment], fast);
    expect(result?.status).toBe('done');
    expect(result?.state).toBe('Manifested');
  });

  it('answers each item: done, failed (AllocationFailed), failed (not found), in one call', async () => {
    const mock = createMockService();
    const { orders } = clientOn(mock);
    const allocated = await allocatedConsignment(orders);
    const refused = await packedConsignment(orders);
    mock.store.orders.setConsignmentState(refused, 'AllocationFailed');
    const missing = 'EC-000-000-404' as ConsignmentReference;
    const results = await orders.allocation.wait([allocated, refused, missing, allocated], fast);
    expect(results.map(({ reference, status }) => [reference, status])).toEqual([
      [allocated, 'done'],
      [refused, 'failed'],
      [missing, 'failed'],
    ]);
    expect(results[2]?.error).toBeInstanceOf(NotFoundError);
    expect(results[2]?.state).toBeUndefined();
  });

  it('gives a still-queued consignment back as pending at the deadline, backing off between reads', async () => {
    const mock = createMockService();
    const { orders: setup } = clientOn(mock);
    const consignment = await packedConsignment(setup);
    mock.store.orders.setConsignmentState(consignment, 'Allocating');
    const { orders, reads } = clientOn(mock);
    const started = Date.now();
    const [result] = await orders.allocation.wait([consignment], {
      deadline: 400,
      initialInterval: 20,
      maxInterval: 1_000,
    });
    const elapsed = Date.now() - started;
    expect(result).toEqual({ reference: consignment, status: 'pending', state: 'Allocating' });
    // It polls until the deadline; a last read that could not end by then is not started, so it may
    // return up to one read's time before it.
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(2_000);
    // Doubling from 20 ms (with jitter, half to the whole pause): 1 + at most 6 rounds before 400 ms,
    // against 20 reads at a fixed 20 ms.
    expect(reads()).toBeGreaterThanOrEqual(3);
    expect(reads()).toBeLessThanOrEqual(8);
  });

  it('keeps polling through a transient 503 and says what the last read met', async () => {
    const mock = createMockService();
    const { orders } = clientOn(mock);
    const consignment = await allocatedConsignment(orders);
    mock.failNext('getConsignmentStatus', { status: 503 });
    const [result] = await orders.allocation.wait([consignment], { ...fast, deadline: 5_000 });
    expect(result).toEqual({ reference: consignment, status: 'done', state: 'Allocated' });
    expect(mock.requests('getConsignmentStatus')).toHaveLength(2);
  });

  it('rejects with RequestAbortedError when its signal aborts, and stops reading', async () => {
    const mock = createMockService();
    const { orders: setup } = clientOn(mock);
    const consignment = await packedConsignment(setup);
    mock.store.orders.setConsignmentState(consignment, 'Allocating');
    const { orders, reads } = clientOn(mock);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const waiting = orders.allocation.wait([consignment], {
      signal: controller.signal,
      initialInterval: 10_000,
      deadline: 60_000,
    });
    await expect(waiting).rejects.toBeInstanceOf(RequestAbortedError);
    // A wait is no operation of its own: its error names the read it polls with, and its message the method.
    await expect(waiting).rejects.toMatchObject({
      operation: 'getConsignmentStatus',
      message: expect.stringMatching(/^allocation\.wait was aborted/),
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    const readsAtAbort = reads();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(readsAtAbort);
  });

  it('refuses a reference that is not EC-… before reading anything', async () => {
    const mock = createMockService();
    const { orders, reads } = clientOn(mock);
    await expect(orders.allocation.wait(['sp_1' as ConsignmentReference])).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.manifests.wait(['sp_1' as ConsignmentReference])).rejects.toThrow(
      /^manifests\.wait takes a list of consignment references/,
    );
    expect(reads()).toBe(0);
  });
});

describe('ConsignmentManifests.wait', () => {
  it('reads a queued (Manifesting) consignment until it is Manifested', async () => {
    const mock = createMockService();
    const setup = clientOn(mock);
    const consignment = await allocatedConsignment(setup.orders);
    mock.store.orders.setConsignmentState(consignment, 'Manifesting');
    const { orders, reads } = clientOn(mock, (count) => {
      if (count === 2) mock.store.orders.setConsignmentState(consignment, 'Manifested');
    });
    const [result] = await orders.manifests.wait([consignment], fast);
    expect(result).toEqual({ reference: consignment, status: 'done', state: 'Manifested' });
    expect(reads()).toBe(2);
  });

  it('says failed for ManifestFailed and for a consignment that cannot be manifested (Unallocated)', async () => {
    const mock = createMockService();
    const { orders } = clientOn(mock);
    const failed = await allocatedConsignment(orders);
    mock.store.orders.setConsignmentState(failed, 'ManifestFailed');
    const unallocated = await packedConsignment(orders);
    const results = await orders.manifests.wait([failed, unallocated], fast);
    expect(results.map(({ status, state }) => [status, state])).toEqual([
      ['failed', 'ManifestFailed'],
      ['failed', 'Unallocated'],
    ]);
  });

  it('leaves an Allocated consignment pending (the service shows no manifest yet) until the deadline', async () => {
    const mock = createMockService();
    const { orders } = clientOn(mock);
    const consignment = await allocatedConsignment(orders);
    const [result] = await orders.manifests.wait([consignment], { ...fast, deadline: 60 });
    expect(result).toEqual({ reference: consignment, status: 'pending', state: 'Allocated' });
  });

  it('ends at its deadline while the service holds its reads: the read in flight is aborted', async () => {
    const mock = createMockService();
    const { orders: setup } = clientOn(mock);
    const consignment = await allocatedConsignment(setup);
    mock.store.orders.setConsignmentState(consignment, 'Manifesting');
    // The client's defaults: 30 s a read, 2 retries. Every read hangs until its signal ends it.
    const orders = new OrdersClient({ apiKey: mock.apiKey, environment: 'sandbox', fetch: mock.fetch });
    mock.failNext('getConsignmentStatus', { hold: 60_000, times: 10 });
    const started = Date.now();
    const [result] = await orders.manifests.wait([consignment], { deadline: 1_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(1_500);
    expect(result).toMatchObject({ reference: consignment, status: 'pending', state: undefined });
    expect(result?.error).toBeInstanceOf(TimeoutError);
    expect(result?.error).toMatchObject({
      operation: 'getConsignmentStatus',
      message: expect.stringMatching(/^manifests\.wait: /),
    });
  });

  it('ends at its deadline even when a read ignores its signal, and the late answer changes nothing', async () => {
    const mock = createMockService();
    const { orders: setup } = clientOn(mock);
    const consignment = await allocatedConsignment(setup);
    let answer = () => {};
    const orders = new OrdersClient({
      apiKey: mock.apiKey,
      environment: 'sandbox',
      // A fetch that takes no signal: its answer comes only when the test lets it.
      fetch: (input, init) =>
        new Promise<Response>((resolve) => {
          const { signal: _ignored, ...rest } = init ?? {};
          answer = () => resolve(mock.fetch(input, rest));
        }),
    });
    const started = Date.now();
    const [result] = await orders.manifests.wait([consignment], { deadline: 300 });
    expect(Date.now() - started).toBeLessThan(800);
    expect(result?.status).toBe('pending');
    mock.store.orders.setConsignmentState(consignment, 'Manifested');
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result?.status).toBe('pending');
  });
});
