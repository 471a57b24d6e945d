import { describe, expect, it } from 'vitest';
import {
  NotFoundError,
  RequestAbortedError,
  type ShipmentReference,
  ShipmentsClient,
  TimeoutError,
} from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedShipment, createShipment } from '../support/shipment-lifecycle.js';

const isGetShipment = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
  return method === 'GET' && /\/shipments\/sp_\d+$/.test(url);
};

/**
 * A client on the mock, whose queue settles at once: the first `queuedReads` reads of a shipment answer
 * the queued state `queuedAs` instead, as a slower service would.
 */
function clientOn(mock: MockService, queuedReads = 0, queuedAs = 'allocating') {
  let reads = 0;
  const shipments = new ShipmentsClient({
    apiKey: mock.apiKey,
    environment: 'sandbox',
    maxRetries: 0,
    fetch: async (input, init) => {
      const response = await mock.fetch(input, init);
      if (!isGetShipment(input, init)) return response;
      reads += 1;
      if (reads > queuedReads || response.status !== 200) return response;
      const body = await response.json();
      return Response.json({ ...body, state: queuedAs }, { status: 200, headers: response.headers });
    },
  });
  return { shipments, reads: () => reads };
}

const fast = { initialInterval: 5, maxInterval: 20 };

describe('ShipmentAllocator.wait', () => {
  it('reads a queued (allocating) shipment until it is allocated, sending nothing but reads', async () => {
    const mock = createMockService();
    const { shipments, reads } = clientOn(mock, 2);
    const reference = (await createShipment(mock)) as ShipmentReference;
    const queued = await shipments.allocation.allocateMany([reference]);
    expect(queued).toBeDefined();
    const before = mock.requests().length;
    const [result] = await shipments.allocation.wait([reference], { ...fast, deadline: 5_000 });
    expect(result).toEqual({ reference, status: 'done', state: 'allocated' });
    expect(reads()).toBe(3);
    const sent = mock.requests().slice(before);
    expect(sent.every((request) => request.method === 'GET' && request.operation === 'getShipment')).toBe(
      true,
    );
  });

  it('answers done, failed (not found) and pending at the deadline, one result per shipment', async () => {
    const mock = createMockService();
    const allocated = (await allocatedShipment(mock)) as ShipmentReference;
    const missing = `sp_${'0'.repeat(32)}` as ShipmentReference;
    const { shipments } = clientOn(mock);
    const results = await shipments.allocation.wait([allocated, missing], fast);
    expect(results.map(({ status }) => status)).toEqual(['done', 'failed']);
    expect(results[1]?.error).toBeInstanceOf(NotFoundError);

    const slow = clientOn(mock, 1_000);
    const [pending] = await slow.shipments.allocation.wait([allocated], { ...fast, deadline: 80 });
    expect(pending).toEqual({ reference: allocated, status: 'pending', state: 'allocating' });
  });

  it('rejects with RequestAbortedError when aborted, and refuses a reference that is not sp_…', async () => {
    const mock = createMockService();
    const reference = (await createShipment(mock)) as ShipmentReference;
    const { shipments } = clientOn(mock, 1_000);
    const aborted = shipments.allocation.wait([reference], {
      signal: AbortSignal.timeout(40),
      initialInterval: 10_000,
    });
    await expect(aborted).rejects.toBeInstanceOf(RequestAbortedError);
    // A wait is no operation of its own: its error names the read it polls with, and its message the method.
    await expect(aborted).rejects.toMatchObject({
      operation: 'getShipment',
      message: expect.stringMatching(/^allocation\.wait was aborted/),
    });
    await expect(shipments.allocation.wait(['EC-1' as ShipmentReference])).rejects.toThrow(
      /^allocation\.wait takes a list of shipment references/,
    );
  });
});

describe('ShipmentManifests.wait', () => {
  it('reads a queued (manifesting) shipment until it is manifested', async () => {
    const mock = createMockService();
    const reference = (await allocatedShipment(mock)) as ShipmentReference;
    const { shipments, reads } = clientOn(mock, 1, 'manifesting');
    await shipments.manifests.manifest(reference);
    const [result] = await shipments.manifests.wait([reference], fast);
    expect(result).toEqual({ reference, status: 'done', state: 'manifested' });
    expect(reads()).toBe(2);
  });

  it('says failed for a shipment that cannot be manifested, and pending for one allocated only', async () => {
    const mock = createMockService();
    const unallocated = (await createShipment(mock)) as ShipmentReference;
    const allocated = (await allocatedShipment(mock)) as ShipmentReference;
    const { shipments } = clientOn(mock);
    const results = await shipments.manifests.wait([unallocated, allocated], { ...fast, deadline: 60 });
    expect(results.map(({ status, state }) => [status, state])).toEqual([
      ['failed', 'unallocated'],
      ['pending', 'allocated'],
    ]);
  });

  it('ends at its deadline while the service holds its reads, whatever their timeout and retries', async () => {
    const mock = createMockService();
    const reference = (await allocatedShipment(mock)) as ShipmentReference;
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, environment: 'sandbox', fetch: mock.fetch });
    mock.failNext('getShipment', { hold: 60_000, times: 10 });
    const started = Date.now();
    const [result] = await shipments.manifests.wait([reference], { deadline: 1_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(1_500);
    expect(result?.status).toBe('pending');
    expect(result?.error).toBeInstanceOf(TimeoutError);
    expect(result?.error).toMatchObject({
      operation: 'getShipment',
      message: expect.stringMatching(/^manifests\.wait: /),
    });
  });
});
