import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  ConnectionError,
  type FetchLike,
  OrdersClient,
  ResponseTooLargeError,
  ResponseValidationError,
  ShipmentsClient,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_test_response_size_0123456789';
const KIB = 1024;

/**
 * A 200 whose body is produced on demand, 16 KiB a pull, up to `total` bytes (forever when omitted).
 * Counts what was pulled and whether the reader cancelled it, so a test can see that the read stopped.
 */
function endlessAnswer(options: { total?: number; headers?: Record<string, string> } = {}) {
  const seen = { requests: 0, pulled: 0, cancelled: false };
  const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(16 * KIB - 9)}`);
  const fetch: FetchLike = async () => {
    seen.requests += 1;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (options.total !== undefined && sent >= options.total) return controller.close();
        sent += chunk.byteLength;
        seen.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/json', ...options.headers },
    });
  };
  return { fetch, seen };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

describe('maxResponseBytes', () => {
  it('stops reading an endless 2xx body at the bound, with ResponseTooLargeError, and does not retry it', async () => {
    const { fetch, seen } = endlessAnswer();
    const orders = new OrdersClient({ apiKey: KEY, fetch, maxResponseBytes: 256 * KIB, maxRetries: 2 });
    const error = await failure(orders.get('EO-1'));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    // A ResponseValidationError too: code that handles a bad answer handles this one.
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ operation: 'getOrder', limit: 256 * KIB, body: undefined });
    expect(error.message).toBe(
      'getOrder: the answer is larger than maxResponseBytes (262144 bytes); reading stopped there',
    );
    expect(seen.requests).toBe(1);
    expect(seen.cancelled).toBe(true);
    // Memory stays near the bound: the stream was pulled no further than a chunk or two past it.
    expect(seen.pulled).toBeLessThanOrEqual(256 * KIB + 2 * 16 * KIB);
  });

  it('per call, over the client', async () => {
    const { fetch } = endlessAnswer({ total: 64 * KIB });
    const orders = new OrdersClient({ apiKey: KEY, fetch });
    const error = await failure(orders.get('EO-1', { maxResponseBytes: 32 * KIB }));
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', limit: 32 * KIB });
  });

  it('after a non-repeatable call, says the service has acted and names the references', async () => {
    const { fetch, seen } = endlessAnswer();
    const orders = new OrdersClient({ apiKey: KEY, fetch, maxResponseBytes: 64 * KIB });
    const error = await failure(orders.manifests.manifest(['EC-000-001-AAA', 'EC-000-001-AAB']));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ references: ['EC-000-001-AAA', 'EC-000-001-AAB'] });
    expect(error.message).toBe(
      'manifestConsignments: the service accepted the request (HTTP 200) but its answer is larger than maxResponseBytes (65536 bytes), so it was not read; do not send it again without checking EC-000-001-AAA, EC-000-001-AAB',
    );
    expect(seen.requests).toBe(1);
  });

  it('refuses at once a body whose Content-Length is over the bound, without reading it', async () => {
    const { fetch, seen } = endlessAnswer({ headers: { 'content-length': String(10 * 2 ** 20) } });
    const orders = new OrdersClient({ apiKey: KEY, fetch, maxResponseBytes: 64 * KIB });
    await expect(orders.get('EO-1')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(16 * KIB);
  });

  it('a method that returns nothing does not fail over a large 2xx body: the service did it', async () => {
    const { fetch, seen } = endlessAnswer();
    const orders = new OrdersClient({ apiKey: KEY, fetch, maxResponseBytes: 64 * KIB });
    await expect(
      orders.addAddress('EO-1', { AddressType: 'Sender', AddressLine1: '1 Road', Town: 'Leeds' }),
    ).resolves.toBeUndefined();
    expect(seen).toMatchObject({ requests: 1, cancelled: true });
  });

  it('a body of exactly the bound is read; one byte more is not', async () => {
    const mock = createMockService({ apiKey: KEY });
    const orders = new OrdersClient({ apiKey: KEY, fetch: mock.fetch });
    const reference = await orders.create(orderInput());
    const size = (
      await (
        await mock.fetch(`https://apisandbox.electioapp.com/orders/${reference}`, {
          headers: { 'ocp-apim-subscription-key': KEY, 'electio-api-version': '1.1' },
        })
      ).arrayBuffer()
    ).byteLength;
    await expect(orders.get(reference, { maxResponseBytes: size })).resolves.toMatchObject({
      OrderReference: reference,
    });
    await expect(orders.get(reference, { maxResponseBytes: size - 1 })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it.each([0, -1, 1.5, Number.NaN, 500 * 2 ** 20 + 1])('%s is a ConfigurationError', async (value) => {
    expect(() => new OrdersClient({ apiKey: KEY, maxResponseBytes: value })).toThrow(ConfigurationError);
    const orders = new OrdersClient({ apiKey: KEY, fetch: endlessAnswer().fetch });
    await expect(orders.get('EO-1', { maxResponseBytes: value })).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('defaults to 64 MiB', async () => {
    const { fetch, seen } = endlessAnswer();
    const error = await failure(new ShipmentsClient({ apiKey: KEY, fetch }).groups.lock('sg_1'));
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', limit: 64 * 2 ** 20 });
    expect(seen.pulled).toBeGreaterThan(64 * 2 ** 20);
    expect(seen.pulled).toBeLessThanOrEqual(64 * 2 ** 20 + 2 * 16 * KIB);
  });
});

describe('maxResponseBytes over HTTP, compressed', () => {
  let server: Server;
  let url: string;
  // 8 MiB of JSON that gzip squeezes to a few KiB: only the inflated size can tell it is too large.
  const inflated = `{"Order":"${'a'.repeat(8 * 2 ** 20)}"}`;
  const compressed = gzipSync(inflated);
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': compressed.byteLength,
      });
      response.end(compressed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts the decoded bytes of a gzip answer, not the bytes on the wire', async () => {
    expect(compressed.byteLength).toBeLessThan(64 * KIB);
    const orders = new OrdersClient({ apiKey: KEY, baseUrl: url, maxResponseBytes: 1 * 2 ** 20 });
    const error = await failure(orders.get('EO-1'));
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', limit: 2 ** 20 });
  });
});
