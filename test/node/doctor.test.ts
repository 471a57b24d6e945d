import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { runDoctor } from '../../src/node/index.js';
import { createMockService, type MockServer, type MockService } from '../../src/testing/index.js';
import { cli } from '../support/cli.js';

let mock: MockService;
let server: MockServer;

beforeEach(async () => {
  mock = createMockService();
  server = await mock.listen(0);
});
afterEach(async () => {
  await server.close();
});

/** What a drifted service changes in an answer: its body, its headers, or its status. */
interface Drift {
  body?: (path: string, body: unknown) => unknown;
  date?: string;
  status?: (path: string) => number | undefined;
  /** Headers of its own on every answer, from the request's (a proxy that echoes them). */
  headers?: (request: IncomingMessage) => Record<string, string>;
}

/**
 * A service that answers as the mock does, drifted: it renames or drops fields, changes types, sends
 * values consignkit does not know, an old `Date`, or refuses the key. Served over real HTTP.
 */
async function driftedService(drift: Drift): Promise<{ url: string; close(): Promise<void> }> {
  const proxy: Server = createServer(async (incoming: IncomingMessage, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const path = incoming.url ?? '/';
    const refused = drift.status?.(path);
    if (refused !== undefined) {
      outgoing.writeHead(refused, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({ statusCode: refused, message: 'Access denied due to invalid subscription key.' }),
      );
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const answer = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method: incoming.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const text = await answer.text();
    let body: string = text;
    if (drift.body && answer.headers.get('content-type')?.includes('json')) {
      body = JSON.stringify(drift.body(path, JSON.parse(text)));
    }
    outgoing.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      date: drift.date ?? new Date().toUTCString(),
      'x-correlation-id': `corr-${path.length}`,
      ...drift.headers?.(incoming),
    });
    outgoing.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

const baseUrls = (origin: string) => ({
  ordersBaseUrl: new URL(new URL(server.ordersUrl).pathname, origin).href,
  shipmentsBaseUrl: new URL(new URL(server.shipmentsUrl).pathname, origin).href,
});

describe('runDoctor against the mock', () => {
  it('finds every check ok, and the report holds no key', async () => {
    const report = await runDoctor({
      apiKey: mock.apiKey,
      ordersBaseUrl: server.ordersUrl,
      shipmentsBaseUrl: server.shipmentsUrl,
    });
    const notOk = report.checks.filter((check) => check.status !== 'ok' && check.status !== 'skipped');
    expect(notOk).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        'key',
        'version header',
        'clock',
        'latency',
        'shipping locations',
        'customer manifests',
      ]),
    );
    expect(report.checks.find((check) => check.name === 'latency')?.latencyMs?.median).toBeGreaterThanOrEqual(
      0,
    );
    expect(report.sdk.name).toBe('consignkit');
    expect(report.environment).toBe('sandbox');
    expect(JSON.stringify(report)).not.toContain(mock.apiKey);
  });

  it('with write, creates, quotes, allocates, reads a label of and cancels one of each, all ok', async () => {
    const report = await runDoctor({
      apiKey: mock.apiKey,
      ordersBaseUrl: server.ordersUrl,
      shipmentsBaseUrl: server.shipmentsUrl,
      write: true,
    });
    const notOk = report.checks.filter((check) => check.status !== 'ok' && check.status !== 'skipped');
    expect(notOk).toEqual([]);
    expect(report.created?.map((item) => [item.area, item.cleanedUp])).toEqual([
      ['orders', true],
      ['shipments', true],
    ]);
    expect(mock.requests('cancelConsignment')).toHaveLength(1);
    expect(mock.requests('cancelShipment')).toHaveLength(1);
  });

  it('cancels what it created when a step fails midway, and says the step failed', async () => {
    mock.failNext('allocateWithQuote', { status: 500, body: { Message: 'boom' } });
    mock.failNext('allocateShipmentWithQuote', { status: 500, body: { message: 'boom' } });
    const report = await runDoctor({
      apiKey: mock.apiKey,
      ordersBaseUrl: server.ordersUrl,
      shipmentsBaseUrl: server.shipmentsUrl,
      write: true,
      maxRetries: 0,
    });
    expect(report.ok).toBe(false);
    const failed = report.checks
      .filter((check) => check.status === 'failed')
      .map((check) => `${check.area} ${check.name}`);
    expect(failed).toEqual(['orders write: allocate it', 'shipments write: allocate it']);
    expect(report.created?.every((item) => item.cleanedUp)).toBe(true);
    expect(mock.requests('cancelConsignment')).toHaveLength(1);
    expect(mock.requests('cancelShipment')).toHaveLength(1);
  });

  it('refuses --write outside the sandbox before anything is sent', async () => {
    const before = mock.requests().length;
    await expect(
      runDoctor({
        apiKey: mock.apiKey,
        environment: 'production',
        ordersBaseUrl: server.ordersUrl,
        shipmentsBaseUrl: server.shipmentsUrl,
        write: true,
      }),
    ).rejects.toBeInstanceOf(ConfigurationError);
    expect(mock.requests()).toHaveLength(before);
  });
});

describe('runDoctor against a drifted service', () => {
  it('names each difference by its path, never with the value, and is not ok', async () => {
    const secretName = 'Warehouse of Jane Q. Customer';
    const drifted = await driftedService({
      date: new Date(Date.now() - 3 * 3600_000).toUTCString(),
      body: (path, body) => {
        if (path.includes('shippinglocations') && Array.isArray(body)) {
          // A renamed field, and a name (personal data) that must never reach the report.
          return body.map(({ Reference, ...rest }) => ({ ...rest, Referenc: Reference, Name: secretName }));
        }
        if (/consignments\/\d+\/\d+/.test(path)) {
          const page = body as { Count: number; ConsignmentSummaries?: unknown };
          // A changed type, and a state consignkit does not know.
          return {
            Count: String(page.Count),
            ConsignmentSummaries: [{ Reference: 'EC-000-000-001', ConsignmentState: 'Teleported' }],
          };
        }
        return body;
      },
    });
    try {
      const report = await runDoctor({ apiKey: mock.apiKey, areas: ['orders'], ...baseUrls(drifted.url) });
      expect(report.ok).toBe(false);
      const byName = Object.fromEntries(report.checks.map((check) => [check.name, check]));
      expect(byName.clock?.status).toBe('failed');
      expect(byName.clock?.clockSkewSeconds).toBeLessThan(-3 * 3600 + 60);
      expect(byName['shipping locations']?.status).toBe('drift');
      expect(byName['shipping locations']?.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: '[*].Reference', received: 'missing' }),
          expect.objectContaining({ path: '[*].Referenc', received: 'a field of type string' }),
        ]),
      );
      // Each difference once, items of a list written `[*]` whether the walk or the SDK's check found it.
      const paths = (byName['shipping locations']?.differences ?? []).map((difference) => difference.path);
      expect(new Set(paths).size).toBe(paths.length);
      expect(paths.every((path) => !path.startsWith('*'))).toBe(true);
      const search = byName['a consignment search page'];
      expect(search?.status).toBe('drift');
      expect(search?.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'Count', expected: 'number', received: 'string' }),
          expect.objectContaining({
            path: 'ConsignmentSummaries[*].ConsignmentState',
            received: 'Teleported',
          }),
        ]),
      );
      expect(search?.correlationIds.length).toBeGreaterThan(0);
      const text = JSON.stringify(report);
      expect(text).not.toContain(secretName);
      expect(text).not.toContain(mock.apiKey);
    } finally {
      await drifted.close();
    }
  });

  it('names a refused key as the gateway 401, and skips the rest of that area', async () => {
    const drifted = await driftedService({ status: () => 401 });
    try {
      const report = await runDoctor({ apiKey: mock.apiKey, areas: ['orders'], ...baseUrls(drifted.url) });
      const key = report.checks.find((check) => check.name === 'key');
      expect(key?.status).toBe('failed');
      expect(key?.detail).toMatch(/401/);
      expect(report.checks.find((check) => check.name === 'shipping locations')?.status).toBe('skipped');
      expect(report.ok).toBe(false);
    } finally {
      await drifted.close();
    }
  });

  it('says that nothing answered when the host cannot be reached', async () => {
    const report = await runDoctor({
      apiKey: mock.apiKey,
      areas: ['orders'],
      ordersBaseUrl: 'http://127.0.0.1:9/orders-api',
      maxRetries: 0,
    });
    const connection = report.checks.find((check) => check.name === 'connection (DNS, TLS)');
    expect(connection?.status).toBe('failed');
    expect(connection?.detail).toMatch(/ConnectionError/);
  });
});

describe('consignkit doctor', () => {
  const env = () => ({
    CONSIGNKIT_API_KEY: mock.apiKey,
    CONSIGNKIT_ORDERS_BASE_URL: server.ordersUrl,
    CONSIGNKIT_SHIPMENTS_BASE_URL: server.shipmentsUrl,
  });

  it('prints an all-ok checklist against the mock, exit 0, and never the key', async () => {
    const result = await cli(['doctor'], env());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok {6}orders {5}key: accepted in sandbox$/m);
    expect(result.stdout).toMatch(/all checks passed/);
    expect(result.stdout + result.stderr).not.toContain(mock.apiKey);
  });

  it('--write --yes against the mock: every check ok, exit 0', async () => {
    const result = await cli(['doctor', '--write', '--yes'], env());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok .*write: cancel what was created: cancelled EC-/m);
    expect(result.stdout).toMatch(/^ok .*write: cancel what was created: cancelled sp_/m);
    expect(result.stdout).not.toMatch(/left behind/);
  });

  it('refuses --write with production: exit 2, nothing sent', async () => {
    const before = mock.requests().length;
    const result = await cli(['doctor', '--write', '--yes', '--environment', 'production'], env());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/sandbox/);
    expect(mock.requests()).toHaveLength(before);
  });

  it('exits 1 with the differences on a drifted service, and --json is the report', async () => {
    const drifted = await driftedService({
      body: (path, body) =>
        path.includes('shippinglocations') && Array.isArray(body)
          ? body.map((item) => ({ ...item, Reference: 42 }))
          : body,
    });
    try {
      const urls = baseUrls(drifted.url);
      const environment = {
        ...env(),
        CONSIGNKIT_ORDERS_BASE_URL: urls.ordersBaseUrl,
        CONSIGNKIT_SHIPMENTS_BASE_URL: urls.shipmentsBaseUrl,
      };
      const text = await cli(['doctor'], environment);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/^drift .*shipping locations/m);
      expect(text.stdout).toMatch(/\[\*\]\.Reference: expected string, got number/);
      const json = await cli(['doctor', '--json'], environment);
      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout) as { ok: boolean; checks: { name: string; status: string }[] };
      expect(report.ok).toBe(false);
      expect(report.checks.find((check) => check.name === 'shipping locations')?.status).toBe('drift');
    } finally {
      await drifted.close();
    }
  });

  it('--report FILE and --json hold no key when the service echoes it in x-request-id and x-correlation-id', async () => {
    const echoed = (request: IncomingMessage) => {
      const key = String(request.headers['ocp-apim-subscription-key'] ?? request.headers['x-api-key']);
      return { 'x-correlation-id': key, 'x-request-id': key };
    };
    const echoing = await driftedService({ headers: echoed });
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-doctor-'));
    try {
      const urls = baseUrls(echoing.url);
      const environment = {
        ...env(),
        CONSIGNKIT_ORDERS_BASE_URL: urls.ordersBaseUrl,
        CONSIGNKIT_SHIPMENTS_BASE_URL: urls.shipmentsBaseUrl,
      };
      const file = join(folder, 'report.json');
      const result = await cli(['doctor', '--json', '--report', file], environment);
      expect(result.code).toBe(0);
      const written = await readFile(file, 'utf8');
      expect(written).not.toContain(mock.apiKey);
      expect(result.stdout + result.stderr).not.toContain(mock.apiKey);
      const report = JSON.parse(written) as { checks: { correlationIds: string[] }[] };
      // The echoed ids are kept, as support needs to see that one came back, with the key hidden.
      expect(report.checks.flatMap((check) => check.correlationIds)).toContain('[redacted]');
    } finally {
      await echoing.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('runDoctor against a service that echoes the key', () => {
  it('keeps the key out of the report it returns, correlation ids included', async () => {
    const echoing = await driftedService({
      headers: (request) => ({ 'x-correlation-id': `req ${String(request.headers['x-api-key'] ?? '')}` }),
    });
    try {
      const report = await runDoctor({ apiKey: mock.apiKey, ...baseUrls(echoing.url) });
      expect(JSON.stringify(report)).not.toContain(mock.apiKey);
      expect(report.checks.some((check) => check.correlationIds.includes('req [redacted]'))).toBe(true);
    } finally {
      await echoing.close();
    }
  });
});
