import { type Span, type Tracer, type TracerProvider, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { main as tracedExample } from '../../examples/opentelemetry.js';
import {
  ConfigurationError,
  type Hooks,
  NotFoundError,
  OrdersClient,
  OutcomeUnknownError,
  type ResponseEvent,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_live_HOOKSLEAKCHECK_5q9Rx';

/** Every event, in order, as `name attempt [status]`, and the events themselves. */
function recorder() {
  const events: { name: string; event: Record<string, unknown> }[] = [];
  const record =
    (name: string) =>
    (event: object): void => {
      events.push({ name, event: event as Record<string, unknown> });
    };
  const hooks: Hooks = {
    onRequest: record('request'),
    onResponse: record('response'),
    onRetry: record('retry'),
    onError: record('error'),
  };
  const lines = () =>
    events.map(({ name, event }) =>
      [name, event.operation, event.attempt, event.status].filter((part) => part !== undefined).join(' '),
    );
  return { hooks, events, lines };
}

function setup(hooks?: Hooks, answerHeaders: Record<string, string> = {}) {
  const mock = createMockService({ apiKey: KEY });
  const orders = new OrdersClient({
    apiKey: KEY,
    maxRetries: 2,
    ...(hooks ? { hooks } : {}),
    // The mock, with a request id on every answer, as the real gateway sends one.
    fetch: async (input, init) => {
      const response = await mock.fetch(input, init);
      const headers = new Headers(response.headers);
      headers.set('x-correlation-id', 'corr-123');
      for (const [name, value] of Object.entries(answerHeaders)) headers.set(name, value);
      return new Response(response.body, { status: response.status, headers });
    },
  });
  return { mock, orders };
}

describe('hooks', () => {
  it('tell a successful call: its request and its answer, with status, request id, attempt and duration', async () => {
    const { hooks, events, lines } = recorder();
    const { orders } = setup(hooks);
    const order = await orders.create(orderInput());
    expect(lines()).toEqual(['request createOrder 1', 'response createOrder 1 201']);
    const [request, response] = events;
    expect(request?.event).toMatchObject({ method: 'POST', url: expect.stringMatching(/\/orders$/) });
    expect(response?.event).toMatchObject({ requestId: 'corr-123', durationMs: expect.any(Number) });
    expect(request?.event.callId).toBe(response?.event.callId);
    expect(order).toMatch(/^EO-/);
  });

  it('tell each attempt and retry, then the failure with the error thrown', async () => {
    const { hooks, events, lines } = recorder();
    const { mock, orders } = setup(hooks);
    mock.failNext('getOrder', { status: 503, retryAfter: 0 });
    await expect(orders.get('EO-000-404')).rejects.toBeInstanceOf(NotFoundError);
    expect(lines()).toEqual([
      'request getOrder 1',
      'response getOrder 1 503',
      'retry getOrder 2',
      'request getOrder 2',
      'response getOrder 2 404',
      'error getOrder 2',
    ]);
    expect(events.at(-1)?.event.error).toBeInstanceOf(NotFoundError);
    expect(new Set(events.map(({ event }) => event.callId)).size).toBe(1);
  });

  it('tell a lost answer as an error with no response', async () => {
    const { hooks, events, lines } = recorder();
    const { mock, orders } = setup(hooks);
    mock.failNext('createOrder', { network: 'drop-after' });
    await expect(orders.create(orderInput())).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(lines()).toEqual(['request createOrder 1', 'error createOrder 1']);
    expect(events[1]?.event.error).toBeInstanceOf(OutcomeUnknownError);
  });

  it('never hold the key, even where the service echoes it back', async () => {
    const { hooks, events } = recorder();
    const { mock, orders } = setup(hooks, { 'x-echo': `key=${KEY}` });
    mock.failNext('getOrder', { status: 503, retryAfter: 0, headers: { 'x-echo-key': KEY } });
    await orders.create(orderInput()).then((order) => orders.get(order));
    const text = JSON.stringify(events.map(({ event }) => ({ ...event, error: String(event.error) })));
    expect(text).not.toContain(KEY);
    expect(text).toContain('[redacted]');
    const request = events.find(({ name }) => name === 'request');
    const headers = request?.event.headers as Record<string, string> | undefined;
    expect(headers?.['ocp-apim-subscription-key']).toBe('[redacted]');
  });

  it('run per call after the client’s: the documented way to read one call’s metadata', async () => {
    const client = recorder();
    const { orders } = setup(client.hooks);
    const order = await orders.create(orderInput());
    let answer: ResponseEvent | undefined;
    await orders.get(order, { hooks: { onResponse: (event) => (answer = event) } });
    expect(answer).toMatchObject({ operation: 'getOrder', status: 200, attempt: 1, requestId: 'corr-123' });
    expect(client.lines().filter((line) => line.includes('getOrder'))).toEqual([
      'request getOrder 1',
      'response getOrder 1 200',
    ]);
  });

  it('never break a call when they throw', async () => {
    const throwing: Hooks = {
      onRequest: () => {
        throw new Error('request hook broke');
      },
      onResponse: () => {
        throw new Error('response hook broke');
      },
    };
    const { orders } = setup(throwing);
    await expect(orders.create(orderInput())).resolves.toMatch(/^EO-/);
  });

  it('are checked as options: a misspelt hook is a ConfigurationError, nothing sent', async () => {
    const { mock } = setup();
    expect(
      () => new OrdersClient({ apiKey: KEY, fetch: mock.fetch, hooks: { onResponce: () => {} } as never }),
    ).toThrow(ConfigurationError);
    const orders = new OrdersClient({ apiKey: KEY, fetch: mock.fetch });
    await expect(orders.get('EO-1', { hooks: { onRequest: 'x' } as never })).rejects.toBeInstanceOf(
      ConfigurationError,
    );
    expect(mock.store.requests).toHaveLength(0);
  });
});

describe('examples/opentelemetry.ts', () => {
  afterEach(() => trace.disable());

  it('makes a span of each call, with its status, attempts and request id, and the failure recorded', async () => {
    const ended: {
      name: string;
      attributes: Record<string, unknown>;
      events: string[];
      status?: unknown;
      exception?: string;
    }[] = [];
    const recordingTracer: Tracer = {
      startSpan(name, options) {
        const record = {
          name,
          attributes: { ...(options?.attributes ?? {}) },
          events: [] as string[],
        } as (typeof ended)[number];
        const span = {
          setAttributes: (attributes: Record<string, unknown>) => {
            Object.assign(record.attributes, attributes);
            return span;
          },
          addEvent: (event: string) => {
            record.events.push(event);
            return span;
          },
          recordException: (error: Error) => {
            record.exception = error.name;
          },
          setStatus: (status: unknown) => {
            record.status = status;
            return span;
          },
          end: () => {
            ended.push(record);
          },
        };
        return span as unknown as Span;
      },
      startActiveSpan: (() => undefined) as never,
    };
    const provider: TracerProvider = { getTracer: () => recordingTracer };
    trace.setGlobalTracerProvider(provider);
    await tracedExample(() => {});
    expect(ended.map((span) => span.name)).toEqual([
      'consignkit createOrder',
      'consignkit getOrder',
      'consignkit getOrder',
    ]);
    expect(ended[0]?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.response.status_code': 201,
    });
    expect(ended[1]).toMatchObject({
      events: ['retry'],
      attributes: { 'consignkit.attempts': 2, 'http.response.status_code': 200 },
    });
    expect(ended[2]).toMatchObject({
      exception: 'NotFoundError',
      attributes: { 'http.response.status_code': 404 },
    });
  });
});
