import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  createClients,
  OrdersClient,
  RequestAbortedError,
  ShipmentsClient,
} from '../../src/index.js';

const seen: { url: string; headers: Headers }[] = [];
const capture = ({ request }: { request: Request }) => {
  seen.push({ url: request.url, headers: request.headers });
  return HttpResponse.json({ OrderReference: 'EO-000-000-001' });
};
const server = setupServer(http.all('*', capture));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

function clearKeyVariables() {
  for (const name of [
    'CONSIGNKIT_API_KEY',
    'CONSIGNKIT_ORDERS_API_KEY',
    'CONSIGNKIT_SHIPMENTS_API_KEY',
    'CONSIGNKIT_ENVIRONMENT',
  ]) {
    vi.stubEnv(name, '');
  }
}

describe('configuration', () => {
  it('refuses to build a client without a key, naming the variables it read', () => {
    clearKeyVariables();
    expect(() => new OrdersClient()).toThrow(ConfigurationError);
    expect(() => new OrdersClient()).toThrow(/CONSIGNKIT_ORDERS_API_KEY or CONSIGNKIT_API_KEY/);
    expect(() => new ShipmentsClient()).toThrow(/CONSIGNKIT_SHIPMENTS_API_KEY or CONSIGNKIT_API_KEY/);
  });

  it('rejects an unknown environment, a relative baseUrl and a negative maxRetries', () => {
    expect(() => new OrdersClient({ apiKey: 'k', environment: 'staging' as never })).toThrow(
      ConfigurationError,
    );
    expect(() => new OrdersClient({ apiKey: 'k', baseUrl: '/api' })).toThrow(ConfigurationError);
    expect(() => new OrdersClient({ apiKey: 'k', maxRetries: -1 })).toThrow(ConfigurationError);
    expect(() => new OrdersClient({ apiKey: 'k', timeout: 0 })).toThrow(ConfigurationError);
  });

  it('talks to the sandbox by default, with area A headers', async () => {
    clearKeyVariables();
    await new OrdersClient({ apiKey: 'sandbox-key' }).get('EO-000-000-001').catch(() => undefined);
    expect(seen[0]?.url).toBe('https://apisandbox.electioapp.com/orders/EO-000-000-001');
    expect(seen[0]?.headers.get('ocp-apim-subscription-key')).toBe('sandbox-key');
    expect(seen[0]?.headers.get('electio-api-version')).toBe('1.1');
  });

  it('uses production URLs and area B headers when asked', async () => {
    const shipments = new ShipmentsClient({ apiKey: 'live-key', environment: 'production' });
    await shipments.groups.lock('sg_abc').catch(() => undefined);
    expect(seen[0]?.url).toBe('https://api.sorted.com/pro/shipment_groups/sg_abc/lock');
    expect(seen[0]?.headers.get('x-api-key')).toBe('live-key');
    expect(seen[0]?.headers.get('x-api-version')).toBe('1.1');
  });

  it('reads keys and environment from the environment variables, area variable first', async () => {
    clearKeyVariables();
    vi.stubEnv('CONSIGNKIT_API_KEY', 'shared-key');
    vi.stubEnv('CONSIGNKIT_ORDERS_API_KEY', 'orders-key');
    vi.stubEnv('CONSIGNKIT_ENVIRONMENT', 'production');
    await new OrdersClient().get('EO-1').catch(() => undefined);
    await new ShipmentsClient().groups.unlock('sg_1').catch(() => undefined);
    expect(
      seen.map((entry) => [new URL(entry.url).host, entry.headers.get('ocp-apim-subscription-key')]),
    ).toEqual([
      ['api.electioapp.com', 'orders-key'],
      ['api.sorted.com', null],
    ]);
    expect(seen[1]?.headers.get('x-api-key')).toBe('shared-key');
  });

  it('replaces the whole base URL, path included, and sends extra headers', async () => {
    const orders = new OrdersClient({
      apiKey: 'k',
      baseUrl: 'http://proxy.test/electio/',
      headers: { 'x-trace': 'abc' },
    });
    await orders.get('EO-1', { headers: { 'x-call': 'one' } }).catch(() => undefined);
    expect(seen[0]?.url).toBe('http://proxy.test/electio/orders/EO-1');
    expect(seen[0]?.headers.get('x-trace')).toBe('abc');
    expect(seen[0]?.headers.get('x-call')).toBe('one');
  });

  it('createClients builds both clients with their own keys and base URLs', async () => {
    clearKeyVariables();
    const { orders, shipments } = createClients({
      ordersApiKey: 'a-key',
      shipmentsApiKey: 'b-key',
      ordersBaseUrl: 'http://a.test',
      shipmentsBaseUrl: 'http://b.test/ship',
    });
    await orders.get('EO-1').catch(() => undefined);
    await shipments.groups.lock('sg_1').catch(() => undefined);
    expect(seen.map((entry) => entry.url)).toEqual([
      'http://a.test/orders/EO-1',
      'http://b.test/ship/shipment_groups/sg_1/lock',
    ]);
    expect(seen[0]?.headers.get('ocp-apim-subscription-key')).toBe('a-key');
    expect(seen[1]?.headers.get('x-api-key')).toBe('b-key');
  });

  it('createClients falls back to one shared key', () => {
    clearKeyVariables();
    expect(() => createClients({ apiKey: 'shared' })).not.toThrow();
    expect(() => createClients({ ordersApiKey: 'only-orders' })).toThrow(/shipments/);
  });
});

describe('keys and headers that cannot be sent', () => {
  const SECRET = 'sk_live_CONFIG_9q-not-for-messages';
  const refusal = (build: () => unknown) => {
    try {
      build();
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected a ConfigurationError');
  };

  it('refuses a key holding a line break, a NUL or a character beyond Latin-1, without showing it', () => {
    for (const apiKey of [`${SECRET}\nX-Injected: 1`, `${SECRET}\u0000`, `${SECRET}\u2019`, 42 as never]) {
      const error = refusal(() => new ShipmentsClient({ apiKey }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(`${error.message} ${error.stack}`).not.toContain(SECRET);
    }
    expect(() => new OrdersClient({ apiKey: ' \n ' })).toThrow(ConfigurationError);
  });

  it('sends a key read from a file without the line break the file left', async () => {
    await new OrdersClient({ apiKey: `${SECRET}\n` }).get('EO-1').catch(() => undefined);
    expect(seen[0]?.headers.get('ocp-apim-subscription-key')).toBe(SECRET);
  });

  it('extra headers in any casing cannot add to or replace the key and version headers', async () => {
    // Before, plain-object merging kept 'X-Api-Key' beside 'x-api-key', and fetch sent `evil, KEY`.
    const shipments = new ShipmentsClient({
      apiKey: SECRET,
      headers: { 'X-Api-Key': 'evil', 'X-API-Version': '9', 'X-Trace': 'kept' },
    });
    await shipments.groups
      .lock('sg_1', { headers: { 'X-API-KEY': 'evil-call', 'x-Api-version': '8' } })
      .catch(() => undefined);
    const orders = new OrdersClient({
      apiKey: SECRET,
      headers: { 'Ocp-Apim-Subscription-Key': 'evil', 'Electio-API-Version': '9' },
    });
    await orders
      .get('EO-1', { headers: { 'OCP-APIM-SUBSCRIPTION-KEY': 'evil-call', Accept: 'text/plain' } })
      .catch(() => undefined);
    const [b, a] = seen;
    expect([b?.headers.get('x-api-key'), b?.headers.get('x-api-version'), b?.headers.get('x-trace')]).toEqual(
      [SECRET, '1.1', 'kept'],
    );
    expect([a?.headers.get('ocp-apim-subscription-key'), a?.headers.get('electio-api-version')]).toEqual([
      SECRET,
      '1.1',
    ]);
    // Headers other than the key and version are the caller's to set, per call over per client.
    expect(a?.headers.get('accept')).toBe('text/plain');
  });

  it('refuses extra headers that fetch would refuse, naming the header but never its value', () => {
    for (const headers of [
      { 'bad name': 'x' },
      { authorization: `Bearer ${SECRET}\r\nX-Injected: 1` },
      'x-a: b',
      { 'x-n': 1 },
    ]) {
      const error = refusal(() => new OrdersClient({ apiKey: 'k', headers: headers as never }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).not.toContain(SECRET);
    }
  });
});

describe('bad options of one call: a ConfigurationError, and nothing is sent', () => {
  // Before, fetch refused them after the SDK had started the request: an OutcomeUnknownError that said
  // the manifest might have been transmitted, when nothing had left.
  it.each([
    ['options that are not an object', null],
    ['a signal that is not an AbortSignal', { signal: 'stop' }],
    ['a header name fetch refuses', { headers: { 'x y': '1' } }],
    ['a header value with a line break', { headers: { 'x-a': 'a\nb' } }],
    ['a timeout that is not a number of milliseconds', { timeout: '5s' }],
  ])('%s', async (_what, options) => {
    const orders = new OrdersClient({ apiKey: 'k' });
    const error = await orders.manifests
      .manifest(['EC-1'], options as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(seen).toHaveLength(0);
  });

  it('a signal aborted before the call: RequestAbortedError, even for a manifest, and nothing is sent', async () => {
    const orders = new OrdersClient({ apiKey: 'k' });
    const error = await orders.manifests
      .manifest(['EC-1'], { signal: AbortSignal.abort() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(seen).toHaveLength(0);
  });
});
