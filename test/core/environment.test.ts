import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, OrdersClient, ShipmentsClient } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli } from '../support/cli.js';

const VARIABLES = ['CONSIGNKIT_ENVIRONMENT', 'CONSIGNKIT_ORDERS_BASE_URL', 'CONSIGNKIT_SHIPMENTS_BASE_URL'];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** A fetch that records the URLs it was asked for and answers an empty list. */
function recordingFetch() {
  const urls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { urls, fetch };
}

describe('configuration by environment, and introspection', () => {
  it('reads each area’s base URL from CONSIGNKIT_ORDERS_BASE_URL and CONSIGNKIT_SHIPMENTS_BASE_URL', async () => {
    process.env.CONSIGNKIT_ORDERS_BASE_URL = 'http://127.0.0.1:4010/orders/';
    process.env.CONSIGNKIT_SHIPMENTS_BASE_URL = 'http://127.0.0.1:4010/shipments';
    const { urls, fetch } = recordingFetch();
    const orders = new OrdersClient({ apiKey: 'k', fetch });
    const shipments = new ShipmentsClient({ apiKey: 'k', fetch });
    expect(orders.baseUrl).toBe('http://127.0.0.1:4010/orders');
    expect(shipments.baseUrl).toBe('http://127.0.0.1:4010/shipments');
    await orders.shippingLocations.list();
    expect(urls).toEqual(['http://127.0.0.1:4010/orders/shippinglocations']);
    // The option still wins over the variable.
    expect(new OrdersClient({ apiKey: 'k', baseUrl: 'https://proxy.example' }).baseUrl).toBe(
      'https://proxy.example',
    );
  });

  it('tells its environment and base URL, read-only', () => {
    const orders = new OrdersClient({ apiKey: 'k', environment: 'production' });
    expect([orders.environment, orders.baseUrl]).toEqual(['production', 'https://api.electioapp.com']);
    expect(() => {
      (orders as unknown as { baseUrl: string }).baseUrl = 'https://elsewhere.example';
    }).toThrow(TypeError);
    expect(new ShipmentsClient({ apiKey: 'k' })).toMatchObject({
      environment: 'sandbox',
      baseUrl: 'https://api.sorted.com/prosandbox',
    });
  });

  it('matches environment names without regard to case, from the option and the variable', () => {
    expect(new OrdersClient({ apiKey: 'k', environment: 'Production' }).environment).toBe('production');
    process.env.CONSIGNKIT_ENVIRONMENT = 'PRODUCTION';
    expect(new ShipmentsClient({ apiKey: 'k' }).baseUrl).toBe('https://api.sorted.com/pro');
    process.env.CONSIGNKIT_ENVIRONMENT = 'staging';
    expect(() => new OrdersClient({ apiKey: 'k' })).toThrow(ConfigurationError);
  });

  it('derives a client with withOptions, leaving the original as it was', async () => {
    const { urls, fetch } = recordingFetch();
    const orders = new OrdersClient({ apiKey: 'k', fetch, timeout: 30_000 });
    const production = orders.withOptions({ environment: 'production' });
    expect(production).toBeInstanceOf(OrdersClient);
    expect([orders.environment, production.environment]).toEqual(['sandbox', 'production']);
    // The key and the fetch carry over.
    await production.shippingLocations.list();
    expect(urls).toEqual(['https://api.electioapp.com/shippinglocations']);
    const shipments = new ShipmentsClient({ apiKey: 'k' }).withOptions({ baseUrl: 'http://127.0.0.1:1' });
    expect(shipments.baseUrl).toBe('http://127.0.0.1:1');
    expect(() => orders.withOptions({ timeout: -1 })).toThrow(ConfigurationError);
  });
});

describe('the command line reads the base URL variables', () => {
  const mock = createMockService();
  let server: MockServer;
  beforeAll(async () => {
    server = await mock.listen(0);
  });
  afterAll(() => server.close());

  it('points at `consignkit mock` with CONSIGNKIT_ORDERS_BASE_URL, no --base-url needed', async () => {
    const { code, stdout } = await cli(['locations'], {
      CONSIGNKIT_API_KEY: mock.apiKey,
      CONSIGNKIT_ORDERS_BASE_URL: server.ordersUrl,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('SL-LONDON');
  });
});
