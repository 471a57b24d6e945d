import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, OrdersClient, ShipmentsClient } from '../../src/index.js';

/**
 * Redirects over real loopback HTTP and Node's own fetch: what fetch does with a 3xx is the point, so no
 * mock fetch and no MSW here.
 */

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(
  answer: (request: IncomingMessage) => { status: number; headers?: object; body?: string },
) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      key: (request.headers['x-api-key'] ?? request.headers['ocp-apim-subscription-key']) as
        | string
        | undefined,
    });
    const { status, headers, body } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body ?? '');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { seen, url: `http://127.0.0.1:${port}` };
}

const KEY = 'sk_live_REDIRECT_do-not-follow';
const lockedGroup = JSON.stringify({ reference: 'sg_1', message: 'Shipment group sg_1 locked', _links: [] });

describe('a redirect is an ApiError, never followed', () => {
  it('a redirected lock (POST) is not turned into a GET elsewhere that reads as success', async () => {
    const elsewhere = await serve(() => ({ status: 200, body: lockedGroup }));
    const service = await serve(() => ({
      status: 302,
      headers: { location: `${elsewhere.url}/shipment_groups/sg_1/lock` },
    }));
    const shipments = new ShipmentsClient({ apiKey: KEY, baseUrl: service.url });
    const error = await shipments.groups.lock('sg_1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 302,
      operation: 'lockShipmentGroup',
      headers: { location: `${elsewhere.url}/shipment_groups/sg_1/lock` },
    });
    expect((error as Error).message).toMatch(
      /redirect \(HTTP 302 to http:\/\/127\.0\.0\.1:\d+\/.*not follow/,
    );
    // Lock is repeatable, but a redirect is not a failure worth repeating: sent once, and only there.
    expect(service.seen.map((request) => request.method)).toEqual(['POST']);
    expect(elsewhere.seen).toEqual([]);
  });

  it('the key never travels to the host a redirect names', async () => {
    const elsewhere = await serve(() => ({ status: 200, body: JSON.stringify({ OrderReference: 'EO-1' }) }));
    const service = await serve(() => ({ status: 301, headers: { location: `${elsewhere.url}/steal` } }));
    const orders = new OrdersClient({ apiKey: KEY, baseUrl: service.url });
    const error = await orders.get('EO-1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 301,
      headers: { location: `${elsewhere.url}/steal` },
    });
    expect(service.seen).toEqual([{ method: 'GET', url: '/orders/EO-1', key: KEY }]);
    expect(elsewhere.seen).toEqual([]);
  });
});
