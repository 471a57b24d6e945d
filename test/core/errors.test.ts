import { inspect } from 'node:util';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConsignkitError,
  InternalServerError,
  type Logger,
  NotFoundError,
  OrdersClient,
  PermissionDeniedError,
  RequestValidationError,
  Resource,
  ResponseValidationError,
  ShipmentsClient,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const A = 'https://apisandbox.electioapp.com';
const B = 'https://api.sorted.com/prosandbox';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const KEY = 'sk_live_Zq8-DISTINCTIVE-KEY-4711';

const areaAError = {
  Code: 'SampleErrorCode',
  Message: 'Item EO-000-002-0TS not found',
  CorrelationId: 'f94c7dbc-0000-0000-0000-000000000000',
  Details: [{ Code: 'NotFound', Target: 'OrderReference', Message: 'no such order' }],
};
const areaBError = {
  reference: 'er_1',
  correlation_id: '6c4e6a77-1',
  code: 'validation_error',
  message: 'A provided property has an invalid format',
  details: [{ property: 'add_shipments[0]', code: 'invalid_reference_format', message: 'bad' }],
  _links: null,
};

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('service errors', () => {
  it("map area A's PascalCase body", async () => {
    server.use(http.get(`${A}/orders/:ref`, () => HttpResponse.json(areaAError, { status: 404 })));
    const error = await failure(new OrdersClient({ apiKey: KEY }).get('EO-000-002-0TS'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ConsignkitError);
    expect(error).toMatchObject({
      status: 404,
      code: 'SampleErrorCode',
      message: 'Item EO-000-002-0TS not found',
      correlationId: areaAError.CorrelationId,
      details: areaAError.Details,
      body: areaAError,
      operation: 'getOrder',
    });
    expect((error as ApiError).headers['content-type']).toMatch(/json/);
  });

  it("map area B's snake_case body", async () => {
    server.use(http.put(`${B}/shipment_groups`, () => HttpResponse.json(areaBError, { status: 400 })));
    const shipments = new ShipmentsClient({ apiKey: KEY });
    const error = await failure(shipments.groups.update({ reference: 'sg_1', add_shipments: ['sp_1'] }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      correlationId: '6c4e6a77-1',
      details: areaBError.details,
      operation: 'updateShipmentGroup',
    });
  });

  it.each([
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [500, InternalServerError],
    [502, InternalServerError],
    [418, ApiError],
  ])('status %i becomes %o', async (status, type) => {
    server.use(http.get(`${A}/orders/:ref`, () => HttpResponse.json({ Message: 'no' }, { status })));
    const error = await failure(new OrdersClient({ apiKey: KEY, maxRetries: 0 }).get('EO-1'));
    expect(error).toBeInstanceOf(type);
    expect((error as ApiError).status).toBe(status);
  });

  it('keep an HTML error page as text, with a message that still says what failed', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    server.use(
      http.get(
        `${A}/orders/:ref`,
        () => new HttpResponse(page, { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const error = await failure(new OrdersClient({ apiKey: KEY, maxRetries: 0 }).get('EO-1'));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ body: page, code: undefined, message: 'getOrder failed with HTTP 502' });
  });

  it('keep the text of an error body labelled JSON that does not parse', async () => {
    const broken = '{"Code": "Unavailable", "Message": "the database is';
    server.use(
      http.get(
        `${A}/orders/:ref`,
        () =>
          new HttpResponse(broken, {
            status: 503,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          }),
      ),
    );
    const error = await failure(new OrdersClient({ apiKey: KEY, maxRetries: 0 }).get('EO-1'));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, body: broken, message: 'getOrder failed with HTTP 503' });
  });
});

describe('2xx bodies that are not what the spec says', () => {
  it('malformed JSON is a ResponseValidationError holding the text', async () => {
    server.use(
      http.get(`${A}/orders/:ref`, () => new HttpResponse('{"OrderReference": "EO-1"', { status: 200 })),
    );
    const error = await failure(new OrdersClient({ apiKey: KEY }).get('EO-1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ body: '{"OrderReference": "EO-1"', operation: 'getOrder' });
  });

  it('an empty body where one is expected is a ResponseValidationError', async () => {
    server.use(http.get(`${A}/orders/:ref`, () => new HttpResponse(null, { status: 200 })));
    await expect(new OrdersClient({ apiKey: KEY }).get('EO-1')).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });
});

describe('secrets', () => {
  it('never appear in errors, their string forms, or log lines', async () => {
    const lines: unknown[] = [];
    const record = (...args: unknown[]) => lines.push(args);
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    server.use(
      // A service that echoes the key back must not get it into an error either.
      http.get(`${A}/orders/:ref`, ({ request }) =>
        HttpResponse.json(
          { Code: 'Bad', Message: `key ${request.headers.get('ocp-apim-subscription-key')} refused` },
          { status: 401, headers: { 'x-echo': KEY } },
        ),
      ),
      http.post(`${A}/orders`, async () => {
        await delay(500);
        return HttpResponse.json([]);
      }),
      http.put(`${A}/consignments/manifest`, () => HttpResponse.error()),
      http.put(`${A}/allocation/allocate`, () => HttpResponse.json({ surprise: KEY })),
    );
    const orders = new OrdersClient({ apiKey: KEY, logger, timeout: 100, maxRetries: 1 });
    const errors = [
      await failure(orders.get('EO-1')),
      await failure(orders.create(orderInput())),
      await failure(orders.manifests.manifest(['EC-1'])),
      await failure(orders.allocation.allocate(['EC-1'])),
      await failure(orders.get('not-a-ref' as never)),
    ];
    expect(errors.map((error) => (error as Error).name)).toEqual([
      'AuthenticationError',
      'OutcomeUnknownError',
      'OutcomeUnknownError',
      'ResponseValidationError',
      'RequestValidationError',
    ]);
    expect(lines.length).toBeGreaterThan(0);
    for (const error of errors) {
      for (const form of [
        String(error),
        (error as Error).stack,
        JSON.stringify(error),
        inspect(error, { depth: 20 }),
      ]) {
        expect(form).not.toContain(KEY);
      }
    }
    expect(inspect(lines, { depth: 20 })).not.toContain(KEY);
    expect(inspect(orders, { depth: 20 })).not.toContain(KEY);
    expect(JSON.stringify(orders)).not.toContain(KEY);
  });

  it('neither client shows its key through util.inspect, JSON.stringify or its own keys', () => {
    // The clients hold their transport in a private field, not through a base class with a key on it;
    // their own keys are the resources they mount, which reach the transport the same way.
    for (const client of [new OrdersClient({ apiKey: KEY }), new ShipmentsClient({ apiKey: KEY })]) {
      expect(inspect(client, { depth: 20, showHidden: true })).not.toContain(KEY);
      expect(JSON.stringify(client)).not.toContain(KEY);
      const mounted = Reflect.ownKeys(client).map(
        (key) => (client as unknown as Record<PropertyKey, unknown>)[key],
      );
      expect(mounted.length).toBeGreaterThan(5);
      for (const resource of mounted) expect(resource).toBeInstanceOf(Resource);
    }
  });

  it('a correlation id header that echoes the key is redacted like every other header', async () => {
    server.use(
      http.get(`${A}/orders/:ref`, () =>
        HttpResponse.json({ Message: 'down' }, { status: 500, headers: { 'x-correlation-id': `c-${KEY}` } }),
      ),
    );
    const error = await failure(new OrdersClient({ apiKey: KEY, maxRetries: 0 }).get('EO-1'));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).correlationId).toBe('c-[redacted]');
    expect(inspect(error, { depth: 20 })).not.toContain(KEY);
  });

  it('a bad reference is refused before anything is sent', async () => {
    let requests = 0;
    server.use(
      http.all('*', () => {
        requests += 1;
        return HttpResponse.json({});
      }),
    );
    const orders = new OrdersClient({ apiKey: KEY });
    for (const reference of ['EO-1/../../admin', 'EO-1?x=1', 'EO-1#top', 'EO-%2F', 'EO- 1', 'EC-1', '']) {
      await expect(orders.get(reference as never)).rejects.toBeInstanceOf(RequestValidationError);
    }
    expect(requests).toBe(0);
  });
});
