import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, type FetchLike, OrdersClient, OutcomeUnknownError } from '../../src/index.js';

/**
 * A failure of the SDK's own code (a bug, a bound, a parse) is never reported as the connection's: it
 * would be retried as one, and would send a caller looking at the network for a fault that is ours.
 * A bug is simulated here by making the retry policy's read of `Retry-After` throw.
 */

const KEY = 'sk_test_own_failures_0123456789';
const answer503: FetchLike = async () =>
  new Response(JSON.stringify({ Message: 'busy' }), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });

function breakRetryAfter() {
  const get = Headers.prototype.get;
  vi.spyOn(Headers.prototype, 'get').mockImplementation(function (this: Headers, name: string) {
    if (name.toLowerCase() === 'retry-after') throw new TypeError('a bug in the retry policy');
    return get.call(this, name);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a bug of the SDK during an attempt', () => {
  it('is thrown as itself from a repeatable call, not as a ConnectionError, and not retried', async () => {
    let requests = 0;
    const fetch: FetchLike = (input, init) => {
      requests += 1;
      return answer503(input, init);
    };
    breakRetryAfter();
    const error = await new OrdersClient({ apiKey: KEY, fetch, maxRetries: 2 })
      .get('EO-1')
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ name: 'TypeError', message: 'a bug in the retry policy' });
    expect(requests).toBe(1);
  });

  it('is not an OutcomeUnknownError "the connection failed" after a non-repeatable call', async () => {
    breakRetryAfter();
    const error = await new OrdersClient({ apiKey: KEY, fetch: answer503 }).manifests
      .manifest(['EC-000-001-AAA'])
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ name: 'TypeError' });
  });
});
