import { describe, expect, it } from 'vitest';
import {
  type CallErrorEvent,
  ConfigurationError,
  type CreateOrderInput,
  type FetchLike,
  OrdersClient,
  RequestAbortedError,
  RequestValidationError,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_test_on_error_0123456789';

function counted() {
  const state = { requests: 0 };
  const fetch: FetchLike = async () => {
    state.requests += 1;
    return Response.json({ OrderReference: 'EO-1' });
  };
  return { state, fetch };
}

describe('onError hears of a call refused before sending, with attempt 0', () => {
  it('a RequestValidationError of the body: client and call hooks both fire', async () => {
    const { state, fetch } = counted();
    const clientEvents: CallErrorEvent[] = [];
    const callEvents: CallErrorEvent[] = [];
    const client = new OrdersClient({
      apiKey: KEY,
      fetch,
      hooks: { onError: (event) => clientEvents.push(event) },
    });
    const bad = { ...orderInput(), Packages: 'none' } as unknown as CreateOrderInput;
    const error = await client
      .create(bad, { hooks: { onError: (event) => callEvents.push(event) } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(state.requests).toBe(0);
    for (const events of [clientEvents, callEvents]) {
      expect(events).toEqual([
        expect.objectContaining({ operation: 'createOrder', method: 'POST', attempt: 0, error }),
      ]);
    }
  });

  it('a RequestValidationError of a path parameter', async () => {
    const events: CallErrorEvent[] = [];
    const { fetch } = counted();
    const client = new OrdersClient({
      apiKey: KEY,
      fetch,
      hooks: { onError: (event) => events.push(event) },
    });
    const error = await client.get('../admin' as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(events).toEqual([expect.objectContaining({ operation: 'getOrder', attempt: 0, error })]);
  });

  it.each([
    ['a forbidden header', { headers: { 'content-length': '1' } }],
    ['a timeout that is not a number of milliseconds', { timeout: -1 }],
    ['a signal that is not an AbortSignal', { signal: 'stop' }],
  ])('a ConfigurationError of the call options: %s', async (_what, options) => {
    const events: CallErrorEvent[] = [];
    const { state, fetch } = counted();
    const client = new OrdersClient({
      apiKey: KEY,
      fetch,
      hooks: { onError: (event) => events.push(event) },
    });
    const error = await client.get('EO-1', options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(state.requests).toBe(0);
    expect(events).toEqual([expect.objectContaining({ attempt: 0, error })]);
  });

  it('a signal already aborted: RequestAbortedError, nothing sent, onError told', async () => {
    const events: CallErrorEvent[] = [];
    const { state, fetch } = counted();
    const client = new OrdersClient({
      apiKey: KEY,
      fetch,
      hooks: { onError: (event) => events.push(event) },
    });
    const error = await client
      .get('EO-1', { signal: AbortSignal.abort() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(state.requests).toBe(0);
    expect(events).toEqual([expect.objectContaining({ operation: 'getOrder', attempt: 0, error })]);
  });

  it('a hook that throws does not change the error the caller gets', async () => {
    const { fetch } = counted();
    const client = new OrdersClient({
      apiKey: KEY,
      fetch,
      hooks: {
        onError() {
          throw new Error('metrics down');
        },
      },
    });
    await expect(client.get('../x' as never)).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('the event never holds the key', async () => {
    const events: CallErrorEvent[] = [];
    const { fetch } = counted();
    const client = new OrdersClient({
      apiKey: KEY,
      fetch,
      hooks: { onError: (event) => events.push(event) },
    });
    await client
      .create({ ...orderInput(), OrderReferenceProvidedByCustomer: 7 } as never)
      .catch(() => undefined);
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });
});
