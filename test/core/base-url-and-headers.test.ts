import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, type FetchLike, OrdersClient, ShipmentsClient } from '../../src/index.js';
import { cli } from '../support/cli.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_test_base_url_0123456789';
const PASSWORD = 'hunter2-S3cret';

afterEach(() => vi.unstubAllEnvs());

/** Every form an error takes when it is printed or logged. */
const printed = (error: unknown) =>
  [String(error), (error as Error).message, JSON.stringify(error), inspect(error, { depth: 10 })].join('\n');

function refusal(make: () => unknown): ConfigurationError {
  let caught: unknown;
  try {
    make();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigurationError);
  return caught as ConfigurationError;
}

describe('a base URL is checked as the client is made', () => {
  it.each([
    'file:///etc/passwd',
    'data:application/json,[]',
    'ftp://example.test/api',
    'mailto:ops@example.test',
    'javascript:alert(1)',
    'ws://localhost:4010/orders-api',
    'localhost:4010/orders-api',
    '127.0.0.1:4010',
    '/orders-api',
    'http://localhost:4010/api?x=1',
    'http://localhost:4010/api#top',
  ])('baseUrl %j is a ConfigurationError naming the option', (baseUrl) => {
    for (const Client of [OrdersClient, ShipmentsClient]) {
      const error = refusal(() => new Client({ apiKey: KEY, baseUrl }));
      expect(error.message).toMatch(/^baseUrl /);
    }
  });

  it('a URL without a scheme says what is missing', () => {
    const error = refusal(() => new OrdersClient({ apiKey: KEY, baseUrl: 'localhost:4010/orders-api' }));
    expect(error.message).toMatch(/http: or https:/);
    expect(error.message).toMatch(/without http:\/\/ or https:\/\//);
  });

  it.each([
    `http://jdoe:${PASSWORD}@localhost:4010/orders-api`,
    `https://${PASSWORD}@api.example.test`,
    `http://jdoe:${PASSWORD}@`,
    `jdoe:${PASSWORD}@localhost:4010`,
    `ftp://jdoe:${PASSWORD}@example.test`,
  ])('a base URL with credentials (%#) is refused without echoing them', (baseUrl) => {
    const error = refusal(() => new OrdersClient({ apiKey: KEY, baseUrl }));
    expect(printed(error)).not.toContain(PASSWORD);
    expect(printed(error)).not.toContain('jdoe');
  });

  it("a URL that does not parse is answered with an example of its own area's URL", () => {
    vi.stubEnv('CONSIGNKIT_ORDERS_BASE_URL', '://orders');
    vi.stubEnv('CONSIGNKIT_SHIPMENTS_BASE_URL', '://shipments');
    expect(refusal(() => new OrdersClient({ apiKey: KEY })).message).toContain(
      "'http://localhost:4010/orders-api'",
    );
    const shipments = refusal(() => new ShipmentsClient({ apiKey: KEY }));
    expect(shipments.message).toMatch(/^CONSIGNKIT_SHIPMENTS_BASE_URL is not an absolute URL/);
    expect(shipments.message).toContain("'http://localhost:4010/shipments-api'");
    expect(shipments.message).not.toContain('orders-api');
  });

  it('the variable a bad URL came from is named', () => {
    vi.stubEnv('CONSIGNKIT_ORDERS_BASE_URL', 'localhost:4010/orders-api');
    vi.stubEnv('CONSIGNKIT_SHIPMENTS_BASE_URL', `http://jdoe:${PASSWORD}@localhost:4010/shipments-api`);
    expect(refusal(() => new OrdersClient({ apiKey: KEY })).message).toMatch(/^CONSIGNKIT_ORDERS_BASE_URL /);
    const error = refusal(() => new ShipmentsClient({ apiKey: KEY }));
    expect(error.message).toMatch(/^CONSIGNKIT_SHIPMENTS_BASE_URL /);
    expect(printed(error)).not.toContain(PASSWORD);
  });

  it('http: and https: URLs, in any case and with a trailing slash, are accepted as before', () => {
    expect(new OrdersClient({ apiKey: KEY, baseUrl: 'HTTP://localhost:4010/orders-api/' }).baseUrl).toBe(
      'HTTP://localhost:4010/orders-api',
    );
    expect(new ShipmentsClient({ apiKey: KEY, baseUrl: 'https://proxy.test' }).baseUrl).toBe(
      'https://proxy.test',
    );
  });

  it('the CLI with --base-url holding credentials prints neither them nor a stack', async () => {
    const result = await cli(
      ['orders', 'get', 'EO-1', '--base-url', `http://ops:${PASSWORD}@localhost:1/orders-api`],
      {
        CONSIGNKIT_API_KEY: KEY,
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/ConfigurationError: baseUrl must not hold credentials/);
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  });
});

describe('per-call headers that fetch forbids or that change framing', () => {
  const counting = () => {
    const state = { count: 0 };
    const fetch: FetchLike = async () => {
      state.count += 1;
      return Response.json([{ Rel: 'Order', Href: 'https://apisandbox.electioapp.com/orders/EO-1' }]);
    };
    return { state, fetch };
  };

  it.each([
    ['content-length', '5'],
    ['Transfer-Encoding', 'chunked'],
    ['expect', '100-continue'],
    ['keep-alive', 'timeout=5'],
    ['upgrade', 'websocket'],
    ['Host', 'evil.test'],
    ['connection', 'close'],
    ['te', 'trailers'],
    ['trailer', 'x'],
    ['cookie', 'a=b'],
    ['proxy-authorization', 'Basic eA=='],
    ['sec-fetch-mode', 'cors'],
    ['x-http-method-override', 'DELETE'],
  ])('a call with %s is a ConfigurationError, and nothing is sent', async (name, value) => {
    const { state, fetch } = counting();
    const client = new OrdersClient({ apiKey: KEY, fetch });
    const error = await client.create(orderInput(), { headers: { [name]: value } }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain(value);
    expect(state.count).toBe(0);
  });

  it("the client's headers are checked the same way, at construction", () => {
    expect(() => new OrdersClient({ apiKey: KEY, headers: { 'Content-Length': '10' } })).toThrow(
      ConfigurationError,
    );
  });

  it('other headers still go out', async () => {
    const seen: Headers[] = [];
    const fetch: FetchLike = async (input, init) => {
      seen.push(new Request(input, init).headers);
      return Response.json({ OrderReference: 'EO-1' });
    };
    await new OrdersClient({ apiKey: KEY, fetch }).get('EO-1', { headers: { 'x-trace-id': 't-1' } });
    expect(seen[0]?.get('x-trace-id')).toBe('t-1');
  });

  it("a call's own headers go with that call only: the next call without any sends the client's alone", async () => {
    const seen: Headers[] = [];
    const fetch: FetchLike = async (input, init) => {
      seen.push(new Request(input, init).headers);
      return Response.json({ OrderReference: 'EO-1' });
    };
    const orders = new OrdersClient({ apiKey: KEY, fetch, headers: { 'x-client': 'c' } });
    await orders.get('EO-1');
    await orders.get('EO-1', { headers: { 'x-trace-id': 't-1' } });
    await orders.get('EO-1');
    await orders.create(orderInput());
    expect(seen.map((headers) => headers.get('x-trace-id'))).toEqual([null, 't-1', null, null]);
    expect(seen.map((headers) => headers.get('x-client'))).toEqual(['c', 'c', 'c', 'c']);
    expect(seen.map((headers) => headers.get('content-type'))).toEqual([
      null,
      null,
      null,
      'application/json',
    ]);
    expect(seen.every((headers) => headers.get('ocp-apim-subscription-key') === KEY)).toBe(true);
  });
});
