import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createClients, type FetchLike, OrdersClient, VERSION } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { OPERATIONS } from '../reliability/operations.js';

const KEY = 'sk_test_user_agent_0123456789';
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const SDK = `consignkit/${version} (node/${process.versions.node})`;

/** A mock whose fetch notes each request's User-Agent. */
function watched() {
  const mock = createMockService({ apiKey: KEY });
  const agents: (string | null)[] = [];
  const fetch: FetchLike = (input, init) => {
    agents.push(new Request(input, init).headers.get('user-agent'));
    return mock.fetch(input, init);
  };
  return { mock, agents, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('User-Agent', () => {
  it("is package.json's version, built in, not a second copy", () => {
    expect(VERSION).toBe(version);
  });

  it('is sent on every request of every operation, naming the SDK and the runtime', async () => {
    const { agents, fetch } = watched();
    const clients = createClients({ apiKey: KEY, fetch });
    for (const operation of OPERATIONS) await operation.call(clients).catch(() => undefined);
    expect(agents.length).toBeGreaterThanOrEqual(OPERATIONS.length);
    expect(new Set(agents)).toEqual(new Set([SDK]));
  });

  it.each([
    [{ name: 'acme-dispatch' }, `${SDK} acme-dispatch`],
    [{ name: 'acme-dispatch', version: '2.3.1' }, `${SDK} acme-dispatch/2.3.1`],
    [
      { name: 'acme-dispatch', version: '2.3.1', url: 'https://acme.example/ops' },
      `${SDK} acme-dispatch/2.3.1 (+https://acme.example/ops)`,
    ],
  ])('appInfo %o is appended', async (appInfo, expected) => {
    const { agents, fetch } = watched();
    await createClients({ apiKey: KEY, fetch, appInfo })
      .orders.get('EO-1')
      .catch(() => undefined);
    expect(agents).toEqual([expected]);
  });

  it.each([
    ['a name with a space', { name: 'Acme Dispatch' }],
    ['a name with a slash', { name: 'acme/2' }],
    ['no name', { version: '1' }],
    ['a version with a line break', { name: 'acme', version: '1\r\nX-Evil: 1' }],
    ['a url with a parenthesis', { name: 'acme', url: 'https://x.example/)' }],
    ['not an object', 'acme'],
  ])('appInfo with %s is a ConfigurationError', (_what, appInfo) => {
    expect(() => new OrdersClient({ apiKey: KEY, appInfo: appInfo as never })).toThrow(ConfigurationError);
  });

  it('a User-Agent of your own in headers replaces it', async () => {
    const { agents, fetch } = watched();
    await new OrdersClient({ apiKey: KEY, fetch, headers: { 'User-Agent': 'mine/1' } })
      .get('EO-1')
      .catch(() => undefined);
    expect(agents).toEqual(['mine/1']);
  });

  it('reaches the server over HTTP, in place of the runtime’s own', async () => {
    let seen: string | undefined;
    const server = createServer((request, response) => {
      seen = request.headers['user-agent'];
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"Message":"no"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new OrdersClient({ apiKey: KEY, baseUrl, appInfo: { name: 'acme' } })
      .get('EO-1')
      .catch(() => undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(seen).toBe(`${SDK} acme`);
  });

  it('in a browser, none is set: the browser sends its own, and a custom one would force a CORS preflight', async () => {
    const { agents, fetch } = watched();
    vi.stubGlobal('process', undefined);
    vi.stubGlobal('document', {});
    const orders = new OrdersClient({ apiKey: KEY, fetch, appInfo: { name: 'acme' } });
    vi.unstubAllGlobals();
    await orders.get('EO-1').catch(() => undefined);
    expect(agents).toEqual([null]);
  });

  it.skipIf(!existsSync(new URL('../../dist/index.js', import.meta.url)))(
    'the built package carries the same version',
    async () => {
      const built = await import(new URL('../../dist/index.js', import.meta.url).href);
      expect(built.VERSION).toBe(version);
    },
  );
});
