import { createServer } from 'node:net';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConflictError,
  ConnectionError,
  InternalServerError,
  OrdersClient,
  OutcomeUnknownError,
  RateLimitError,
  RequestAbortedError,
  ShipmentsClient,
  TimeoutError,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const A = 'https://apisandbox.electioapp.com';
const B = 'https://api.sorted.com/prosandbox';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const orders = (options: ConstructorParameters<typeof OrdersClient>[0] = {}) =>
  new OrdersClient({ apiKey: 'k', ...options });

const order = { OrderReference: 'EO-1', Packages: [], Addresses: [] };
const created = [{ Rel: 'Order', Href: `${A}/orders/EO-000-000-009` }];
const manifested = [{ IsSuccess: true, Message: 'ok', Data: 'EC-1', ApiLinks: [] }];

/** Answers `faults` in turn, then `success`; counts every request that reached it. */
function scripted(
  faults: (() => Response | Promise<Response>)[],
  success: () => Response | Promise<Response>,
) {
  const state = { count: 0 };
  const resolver = async ({ request }: { request: Request }) => {
    await request.text();
    const fault = faults[state.count];
    state.count += 1;
    return fault ? fault() : success();
  };
  return { state, resolver };
}

const unavailable =
  (headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json({ Code: 'Unavailable', Message: 'try later' }, { status: 503, headers });
const dropped = () => () => HttpResponse.error();

describe('repeatable operations', () => {
  it('retry 503 and succeed', async () => {
    const { state, resolver } = scripted([unavailable(), unavailable()], () => HttpResponse.json(order));
    server.use(http.get(`${A}/orders/:ref`, resolver));
    await expect(orders().get('EO-1')).resolves.toMatchObject({ OrderReference: 'EO-1' });
    expect(state.count).toBe(3);
  });

  it('give up after maxRetries with the service error', async () => {
    const { state, resolver } = scripted([unavailable(), unavailable(), unavailable()], () =>
      HttpResponse.json(order),
    );
    server.use(http.get(`${A}/orders/:ref`, resolver));
    const error = await orders({ maxRetries: 1 })
      .get('EO-1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({
      status: 503,
      code: 'Unavailable',
      message: 'try later',
      operation: 'getOrder',
    });
    expect(state.count).toBe(2);
  });

  it('retry a dropped connection (PUT update is a full replace, so repeating it is safe)', async () => {
    const { state, resolver } = scripted([dropped()], () => new HttpResponse(null, { status: 200 }));
    server.use(http.put(`${A}/orders/:ref`, resolver));
    const update = {
      OrderReference: 'EO-1',
      OrderReferenceProvidedByCustomer: null,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: null,
    } as const;
    await expect(orders().update('EO-1', update)).resolves.toBeUndefined();
    expect(state.count).toBe(2);
  });

  it('retry timeouts, then throw TimeoutError', async () => {
    const { state, resolver } = scripted(
      [
        async () => {
          await delay(1000);
          return HttpResponse.json(order);
        },
      ],
      () => HttpResponse.json(order),
    );
    server.use(http.get(`${A}/orders/:ref`, resolver));
    await expect(orders({ timeout: 100 }).get('EO-1')).resolves.toMatchObject({
      OrderReference: 'EO-1',
    });
    expect(state.count).toBe(2);

    const slow = scripted([], async () => {
      await delay(1000);
      return HttpResponse.json(order);
    });
    server.use(http.get(`${A}/orders/:ref`, slow.resolver));
    await expect(orders({ timeout: 100, maxRetries: 1 }).get('EO-1')).rejects.toBeInstanceOf(TimeoutError);
    expect(slow.state.count).toBe(2);
  });

  it('lock and unlock are retried; area B 429 conflict is not', async () => {
    const { state, resolver } = scripted([unavailable()], () =>
      HttpResponse.json({
        reference: 'sg_1',
        message: 'Shipment group sg_1 locked successfully',
        _links: [],
      }),
    );
    server.use(http.post(`${B}/shipment_groups/:ref/lock`, resolver));
    const shipments = new ShipmentsClient({ apiKey: 'k' });
    await expect(shipments.groups.lock('sg_1')).resolves.toMatchObject({ reference: 'sg_1' });
    expect(state.count).toBe(2);

    const conflict = scripted([], () =>
      HttpResponse.json(
        {
          reference: 'er_1',
          correlation_id: 'c-1',
          code: 'conflict',
          message: 'Group is closed',
          details: [],
          _links: null,
        },
        { status: 429 },
      ),
    );
    server.use(http.post(`${B}/shipment_groups/:ref/unlock`, conflict.resolver));
    const error = await shipments.groups.unlock('sg_1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 429, code: 'conflict', correlationId: 'c-1' });
    expect(conflict.state.count).toBe(1);
  });
  it("area B's 429 conflict stays a ConflictError even with Retry-After: waiting does not fix a rule", async () => {
    const conflict = scripted([], () =>
      HttpResponse.json(
        { code: 'conflict', message: 'Shipment already in an open group', details: [], _links: null },
        { status: 429, headers: { 'retry-after': '1' } },
      ),
    );
    server.use(http.post(`${B}/shipment_groups/:ref/lock`, conflict.resolver));
    const error = await new ShipmentsClient({ apiKey: 'k' }).groups
      .lock('sg_1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(conflict.state.count).toBe(1);
  });
});

/**
 * Runs `call` with fake timers, so that the wait before a retry is measured on the fake clock: no real
 * sleep, no wall-clock assertion. Returns the outcome and how many attempts were made at given instants.
 */
async function onFakeClock(
  call: () => Promise<unknown>,
  attempts: { count: number },
  instants: number[],
): Promise<{ seen: number[]; outcome: { value?: unknown; error?: unknown } }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const settled = call().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const seen: number[] = [];
    let now = 0;
    for (const instant of instants) {
      await vi.advanceTimersByTimeAsync(instant - now);
      now = instant;
      seen.push(attempts.count);
    }
    await vi.runAllTimersAsync();
    return { seen, outcome: await settled };
  } finally {
    vi.useRealTimers();
  }
}

describe('Retry-After is honoured on every status a repeatable operation retries', () => {
  it.each([408, 429, 500, 502, 503, 504])(
    'a %i with Retry-After: 2 is retried after 2 s, not after the backoff',
    async (status) => {
      const { state, fetch } = controlledFetch([
        () => Response.json({ Code: 'Busy' }, { status, headers: { 'retry-after': '2' } }),
        () => Response.json(order),
      ]);
      // The backoff alone would retry within 0.3 s.
      const { seen, outcome } = await onFakeClock(() => orders({ fetch }).get('EO-1'), state, [1_999, 2_000]);
      expect(seen).toEqual([1, 2]);
      expect(outcome.value).toMatchObject({ OrderReference: 'EO-1' });
    },
  );
});

describe('the timeout bounds each attempt, headers and body together', () => {
  /** Headers after 450 ms, then the rest of the body 450 ms later: 900 ms in all. */
  const slowBody = (body: unknown) => () =>
    new Promise<Response>((resolve) => {
      setTimeout(() => {
        const text = JSON.stringify(body);
        // The SDK cancels a body it stops reading: the rest is then not sent.
        let rest: ReturnType<typeof setTimeout>;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text.slice(0, 10)));
            rest = setTimeout(() => {
              controller.enqueue(new TextEncoder().encode(text.slice(10)));
              controller.close();
            }, 450);
          },
          cancel() {
            clearTimeout(rest);
          },
        });
        resolve(new Response(stream, { headers: { 'content-type': 'application/json' } }));
      }, 450);
    });

  it('a repeatable read whose body ends after the timeout times out, though its headers were in time', async () => {
    const { state, fetch } = controlledFetch([slowBody(order)]);
    const { outcome } = await onFakeClock(
      () => orders({ fetch, timeout: 500, maxRetries: 0 }).get('EO-1'),
      state,
      [1_000],
    );
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect(state.count).toBe(1);
  });

  it('the attempt that timed out in its body is asked again while retries are left', async () => {
    const { state, fetch } = controlledFetch([slowBody(order), () => Response.json(order)]);
    const { outcome } = await onFakeClock(
      () => orders({ fetch, timeout: 500, maxRetries: 1 }).get('EO-1'),
      state,
      [2_000],
    );
    expect(outcome.value).toMatchObject({ OrderReference: 'EO-1' });
    expect(state.count).toBe(2);
  });

  it('a manifest whose body ends after the timeout is an OutcomeUnknownError, sent once', async () => {
    const { state, fetch } = controlledFetch([slowBody(manifested)]);
    const { outcome } = await onFakeClock(
      () => orders({ fetch, timeout: 500 }).manifests.manifest(['EC-1']),
      state,
      [1_000],
    );
    expect(outcome.error).toMatchObject({ name: 'OutcomeUnknownError', reason: 'timeout' });
    expect(state.count).toBe(1);
  });
});

describe("429: area B's rule conflicts, and throttling", () => {
  const tooMany = (body: object, headers: Record<string, string> = {}) =>
    scripted([], () => HttpResponse.json(body, { status: 429, headers }));

  it('area B: a 429 without Retry-After is a ConflictError whatever its code, never retried', async () => {
    // The only 429 area B documents is `conflict`, and new codes appear without notice.
    const answer = tooMany({ code: 'group_rule_violated', message: 'Shipment already in an open group' });
    server.use(http.post(`${B}/shipment_groups/:ref/lock`, answer.resolver));
    const error = await new ShipmentsClient({ apiKey: 'k' }).groups
      .lock('sg_1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 429, code: 'group_rule_violated' });
    expect(answer.state.count).toBe(1);
  });

  it('area B: a 429 with Retry-After is throttling, retried, then a RateLimitError', async () => {
    const answer = tooMany({ code: 'too_many_requests' }, { 'retry-after': '0' });
    server.use(http.post(`${B}/shipment_groups/:ref/lock`, answer.resolver));
    const error = await new ShipmentsClient({ apiKey: 'k', maxRetries: 1 }).groups
      .lock('sg_1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 0 });
    expect(answer.state.count).toBe(2);
  });

  it('area A is unchanged: a 429 without Retry-After is throttling, retried, then a RateLimitError', async () => {
    const answer = tooMany({ Code: 'TooManyRequests', Message: 'slow down' });
    server.use(http.get(`${A}/orders/:ref`, answer.resolver));
    const error = await orders({ maxRetries: 1 })
      .get('EO-1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: undefined });
    expect(answer.state.count).toBe(2);
  });
});

describe('non-repeatable operations', () => {
  it('are not retried after a 503 without Retry-After', async () => {
    const { state, resolver } = scripted([unavailable()], () => HttpResponse.json(created));
    server.use(http.post(`${A}/orders`, resolver));
    await expect(orders().create(orderInput())).rejects.toBeInstanceOf(InternalServerError);
    expect(state.count).toBe(1);
  });

  it('are retried after a 503 with Retry-After: the service turned the request away', async () => {
    const { state, fetch } = controlledFetch([
      () => Response.json({ Code: 'Unavailable' }, { status: 503, headers: { 'retry-after': '1' } }),
      () => Response.json(manifested),
    ]);
    // On the fake clock: sent again once the second Retry-After asked for has passed, not before.
    const { seen, outcome } = await onFakeClock(
      () => orders({ fetch }).manifests.manifest(['EC-1']),
      state,
      [999, 1_000],
    );
    expect(seen).toEqual([1, 2]);
    expect(outcome.value).toEqual(manifested);
  });

  it('throw RateLimitError when Retry-After asks for longer than the cap', async () => {
    const { state, resolver } = scripted(
      [
        () =>
          HttpResponse.json({ Message: 'slow down' }, { status: 429, headers: { 'retry-after': '3600' } }),
      ],
      () => HttpResponse.json(manifested),
    );
    server.use(http.put(`${A}/consignments/manifest`, resolver));
    const error = await orders()
      .manifests.manifest(['EC-1'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 3600 });
    expect(state.count).toBe(1);
  });

  it('end in OutcomeUnknownError, sent once, when the connection drops after sending', async () => {
    const { state, resolver } = scripted([dropped()], () => HttpResponse.json(manifested));
    server.use(http.put(`${A}/consignments/manifest`, resolver));
    const error = await orders()
      .manifests.manifest(['EC-1', 'EC-2'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({
      operation: 'manifestConsignments',
      references: ['EC-1', 'EC-2'],
      reason: 'connection',
    });
    expect(state.count).toBe(1);
  });

  it('end in OutcomeUnknownError, sent once, on a timeout', async () => {
    const { state, resolver } = scripted([], async () => {
      await delay(1000);
      return HttpResponse.json(created);
    });
    server.use(http.post(`${A}/orders`, resolver));
    const error = await orders({ timeout: 100 })
      .create(orderInput())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ operation: 'createOrder', reason: 'timeout' });
    expect(state.count).toBe(1);
  });

  it('are retried when the connection was refused, since nothing reached the service', async () => {
    const port = await closedPort();
    const retries: string[] = [];
    const logger = { debug() {}, warn() {}, error() {}, info: (line: string) => retries.push(line) };
    const client = orders({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1, logger });
    const error = await client.manifests.manifest(['EC-1']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(retries).toEqual([
      expect.stringMatching(/^manifestConsignments: retry 1 of 1 after ECONNREFUSED/),
    ]);
  });
});

/** A fetch under the test's control: throws or answers each attempt in turn, and counts them. */
function controlledFetch(attempts: (() => Response | Promise<Response>)[]) {
  const state = { count: 0 };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    await new Request(input, init).text();
    const attempt = attempts[Math.min(state.count, attempts.length - 1)]!;
    state.count += 1;
    return attempt();
  };
  return { state, fetch };
}

/** How a custom fetch (node-fetch, a proxy's, an instrumented one) may report a connection failure. */
const refusedByFetchError = () => {
  throw Object.assign(new Error('request to https://x failed, reason: connect ECONNREFUSED'), {
    name: 'FetchError',
    code: 'ECONNREFUSED',
  });
};
const resetUnderTypeError = () => {
  throw new TypeError('Network error', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
};

describe('connection failures reported by a custom fetch', () => {
  it.each([
    ['a FetchError with code ECONNREFUSED', refusedByFetchError],
    ["a TypeError('Network error') caused by ECONNRESET", resetUnderTypeError],
  ])('%s is retried for a repeatable operation', async (_what, failure) => {
    const { state, fetch } = controlledFetch([failure, () => Response.json(order)]);
    await expect(orders({ fetch }).get('EO-1')).resolves.toMatchObject({ OrderReference: 'EO-1' });
    expect(state.count).toBe(2);
  });

  it('a refused connection (the code proves it never opened) is retried even for a manifest', async () => {
    const { state, fetch } = controlledFetch([refusedByFetchError, () => Response.json(manifested)]);
    await expect(orders({ fetch }).manifests.manifest(['EC-1'])).resolves.toEqual(manifested);
    expect(state.count).toBe(2);
  });

  it('a reset connection is not retried for a manifest: it may have reached the service', async () => {
    const { state, fetch } = controlledFetch([resetUnderTypeError, () => Response.json(manifested)]);
    const error = await orders({ fetch })
      .manifests.manifest(['EC-1'])
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'OutcomeUnknownError', reason: 'connection' });
    expect(state.count).toBe(1);
  });

  it('after the last retry it is a ConnectionError naming the code', async () => {
    const { state, fetch } = controlledFetch([refusedByFetchError]);
    const error = await orders({ fetch, maxRetries: 1 })
      .get('EO-1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect((error as ConnectionError).cause).toMatchObject({ name: 'FetchError', code: 'ECONNREFUSED' });
    expect(state.count).toBe(2);
  });
});

describe('cancelling a non-repeatable call', () => {
  const turnedAway = () =>
    Response.json({ Code: 'Unavailable' }, { status: 503, headers: { 'retry-after': '5' } });
  /** An attempt that gets no answer until the caller aborts it. */
  const hanging = (signal: AbortSignal) => () =>
    new Promise<Response>((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  const abortAt = (controller: AbortController, ms: number) => setTimeout(() => controller.abort(), ms);

  it('aborted while waiting out a Retry-After, with every attempt turned away: RequestAbortedError', async () => {
    const controller = new AbortController();
    const { state, fetch } = controlledFetch([turnedAway, () => Response.json(manifested)]);
    const { outcome } = await onFakeClock(
      () => {
        abortAt(controller, 300);
        return orders({ fetch }).manifests.manifest(['EC-1'], { signal: controller.signal });
      },
      state,
      [300],
    );
    // The only attempt was provably turned away: nothing reached the service, nothing to check.
    expect(outcome.error).toBeInstanceOf(RequestAbortedError);
    expect((outcome.error as Error).message).toMatch(/nothing reached it/);
    expect(state.count).toBe(1);
  });

  it('aborted while an attempt is in flight: OutcomeUnknownError, even after one was turned away', async () => {
    const controller = new AbortController();
    const { state, fetch } = controlledFetch([turnedAway, hanging(controller.signal)]);
    const { outcome } = await onFakeClock(
      () => {
        abortAt(controller, 5_300);
        return orders({ fetch }).manifests.manifest(['EC-1'], { signal: controller.signal });
      },
      state,
      [5_300],
    );
    expect(outcome.error).toBeInstanceOf(OutcomeUnknownError);
    expect(outcome.error).toMatchObject({ reason: 'aborted', references: ['EC-1'] });
    expect(state.count).toBe(2);
  });

  it('aborted while the first attempt is in flight: OutcomeUnknownError', async () => {
    const controller = new AbortController();
    const { state, fetch } = controlledFetch([hanging(controller.signal)]);
    setTimeout(() => controller.abort(), 20);
    const error = await orders({ fetch })
      .manifests.manifest(['EC-1'], { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'OutcomeUnknownError', reason: 'aborted' });
    expect(state.count).toBe(1);
  });
});

describe('cancellation', () => {
  it("honours the caller's AbortSignal", async () => {
    server.use(
      http.get(`${A}/orders/:ref`, async () => {
        await delay(2000);
        return HttpResponse.json(order);
      }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await orders()
      .get('EO-1', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('RequestAbortedError');
  });
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
