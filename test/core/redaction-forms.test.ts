import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { format, inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  type FetchLike,
  InternalServerError,
  OrdersClient,
  ResponseValidationError,
} from '../../src/index.js';
import { cli } from '../support/cli.js';

const KEY = 'sk_live_REDACT_DEPTH_7Hq2x9Zr41';
/** A key with characters that JSON escapes and URLs encode: `"`, `\`, a tab, a space, `+`, `/`. */
const ODD_KEY = 'sk_live_odd"quote\\slash\ttab space+plus/slash_0123';

/** Every form in which an error reaches a log. */
function printed(error: unknown): string {
  return [
    String(error),
    (error as Error).message,
    JSON.stringify(error),
    format('%j', error),
    format('%o', error),
    inspect(error, { depth: Number.POSITIVE_INFINITY }),
  ].join('\n');
}

function nested(levels: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < levels; level++) value = { deeper: value };
  return value;
}

const answering =
  (response: () => Response): FetchLike =>
  async () =>
    response();

async function failure(apiKey: string, response: () => Response) {
  return new OrdersClient({ apiKey, fetch: answering(response), maxRetries: 0 })
    .get('EO-1')
    .catch((caught: unknown) => caught);
}

describe('redaction reaches any depth, or cuts what it cannot reach', () => {
  it.each([20, 25, 63, 64, 65, 200])('a 500 whose details hold the key %i levels deep', async (levels) => {
    const error = await failure(KEY, () =>
      Response.json({ Message: 'boom', Details: [nested(levels, { echo: KEY })] }, { status: 500 }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(printed(error)).not.toContain(KEY);
  });

  it.each([20, 25, 200])(
    'a 2xx body that fails its schema, holding the key %i levels deep',
    async (levels) => {
      const error = await failure(KEY, () =>
        Response.json({ OrderReference: 42, Extra: nested(levels, { echo: `key=${KEY}` }) }),
      );
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(printed(error)).not.toContain(KEY);
    },
  );
});

describe('every form of the key is redacted', () => {
  it('URL-encoded in a Location header', async () => {
    const error = await failure(
      ODD_KEY,
      () =>
        new Response(null, {
          status: 302,
          headers: { location: `https://elsewhere.test/login?key=${encodeURIComponent(ODD_KEY)}` },
        }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(printed(error)).not.toContain(encodeURIComponent(ODD_KEY));
  });

  it('JSON-escaped in a body that is not JSON', async () => {
    const escaped = JSON.stringify(ODD_KEY).slice(1, -1);
    const error = await failure(
      ODD_KEY,
      () =>
        new Response(`upstream said {"key":"${escaped}"`, {
          status: 502,
          headers: { 'content-type': 'text/plain' },
        }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(printed(error)).not.toContain(escaped);
    expect(printed(error)).not.toContain('odd"quote');
  });

  it('as sent, trimmed, when it was given with a trailing line break', async () => {
    const error = await failure(`${KEY}\r\n`, () =>
      Response.json({ Message: `bad key ${KEY}` }, { status: 500 }),
    );
    expect(printed(error)).not.toContain(KEY);
  });
});

describe('every error prints, whatever the body', () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

  it.each([
    { shape: 'arrays', body: deep },
    { shape: 'objects', body: deepObject },
  ])(
    'a 2xx answer of $shape nested 100,000 levels: JSON.stringify and util.format do not throw',
    async ({ body }) => {
      const error = await failure(
        KEY,
        () => new Response(body, { headers: { 'content-type': 'application/json' } }),
      );
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(() => JSON.stringify(error)).not.toThrow();
      expect(() => format('%j', error)).not.toThrow();
      expect(() => inspect(error, { depth: Number.POSITIVE_INFINITY })).not.toThrow();
    },
  );

  it('a 500 answer nested 100,000 levels deep prints too', async () => {
    const error = await failure(
      KEY,
      () => new Response(deepObject, { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(() => JSON.stringify(error)).not.toThrow();
    expect(() => format('%j', error)).not.toThrow();
  });
});

describe('the CLI prints data redacted like errors', () => {
  let server: Server;
  let baseUrl: string;
  /** What the service echoes back in the data it answers with. */
  let echoed = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url?.startsWith('/orders/')) {
        response.end(
          JSON.stringify({
            OrderReference: 'EO-1',
            OrderReferenceProvidedByCustomer: echoed,
            Packages: [],
            Addresses: [],
          }),
        );
      } else {
        response.end(
          JSON.stringify([
            {
              ManifestReference: 'M-1',
              Created: '2026-01-01',
              CarrierName: echoed,
              BookingsCount: 1,
              ShippingLocationReference: 'SL-1',
            },
          ]),
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const keys = [
    ['a trailing \\r (a CRLF .env file)', `${KEY}\r`],
    ['a double quote, a backslash and a tab', ODD_KEY],
  ];
  for (const [what, key] of keys) {
    for (const command of [
      ['orders', 'get', 'EO-1'],
      ['manifests', 'list'],
      ['manifests', 'list', '--json'],
    ]) {
      it(`${command.join(' ')} with a key holding ${what}`, async () => {
        const sent = (key as string).trim();
        echoed = `echo ${sent}`;
        const result = await cli([...command, '--base-url', baseUrl], { CONSIGNKIT_API_KEY: key });
        expect(result.code).toBe(0);
        const output = result.stdout + result.stderr;
        expect(output).toContain('[redacted]');
        for (const form of [sent, JSON.stringify(sent).slice(1, -1), 'odd"quote', 'odd\\"quote']) {
          expect(output).not.toContain(form);
        }
      });
    }
  }
});
