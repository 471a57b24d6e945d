import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  type FetchLike,
  InternalServerError,
  OrdersClient,
  RateLimitError,
  ShipmentsClient,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_test_retry_after_0123456789';
const created = [{ Rel: 'Order', Href: 'https://apisandbox.electioapp.com/orders/EO-000-000-009' }];
const manifested = [{ IsSuccess: true, Message: 'ok', Data: 'EC-1', ApiLinks: [] }];
const added = { reference: 'sg_1', _links: [] };

/** Answers `status` with `Retry-After: retryAfter` first, then `success`; counts every request. */
function turnedAwayOnce(status: number, retryAfter: string, success: () => Response) {
  const state = { count: 0 };
  const fetch: FetchLike = async () => {
    state.count += 1;
    return state.count === 1
      ? Response.json(
          { Code: 'Busy', Message: 'later', code: 'busy', message: 'later' },
          { status, headers: { 'retry-after': retryAfter } },
        )
      : success();
  };
  return { state, fetch };
}

const NON_REPEATABLE = [
  {
    name: 'createOrder',
    status: 429,
    error: RateLimitError,
    success: () => Response.json(created),
    call: (fetch: FetchLike) => new OrdersClient({ apiKey: KEY, fetch }).create(orderInput()),
  },
  {
    name: 'manifestConsignments',
    status: 503,
    error: InternalServerError,
    success: () => Response.json(manifested),
    call: (fetch: FetchLike) => new OrdersClient({ apiKey: KEY, fetch }).manifests.manifest(['EC-1']),
  },
  {
    // Area B: a 429 without a valid Retry-After is a broken rule, not throttling.
    name: 'addShipmentToGroup',
    status: 429,
    error: ConflictError,
    success: () => Response.json(added),
    call: (fetch: FetchLike) =>
      new ShipmentsClient({ apiKey: KEY, fetch }).groups.addShipment(
        { reference: 'sg_1' as never },
        'sp_1' as never,
      ),
  },
] as const;

// Only delay-seconds (digits) or an HTTP date is a Retry-After (RFC 9110, 10.2.3).
const INVALID = [
  '-1',
  'foo 1',
  '1.5',
  '0.5',
  '',
  ' ',
  '+1',
  '1e3',
  '0x10',
  'Mon, 32 Nov 2025 08:49:37 GMT',
  'tomorrow',
];

describe('an invalid Retry-After is read as none', () => {
  for (const operation of NON_REPEATABLE) {
    it.each(INVALID)(
      `${operation.name}: a ${operation.status} with Retry-After %j is not sent again`,
      async (value) => {
        const { state, fetch } = turnedAwayOnce(operation.status, value, operation.success);
        const error = await operation.call(fetch).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(operation.error);
        expect(state.count).toBe(1);
        if (error instanceof RateLimitError) expect(error.retryAfter).toBeUndefined();
      },
    );
  }

  it.each(INVALID)(
    'a repeatable call answered 503 with Retry-After %j backs off and is retried',
    async (value) => {
      const { state, fetch } = turnedAwayOnce(503, value, () => Response.json({ OrderReference: 'EO-1' }));
      await expect(new OrdersClient({ apiKey: KEY, fetch }).get('EO-1')).resolves.toMatchObject({
        OrderReference: 'EO-1',
      });
      expect(state.count).toBe(2);
    },
  );

  it('a repeatable call answered 429 with Retry-After: -1 ends in a RateLimitError that asks for no wait', async () => {
    const state = { count: 0 };
    const fetch: FetchLike = async () => {
      state.count += 1;
      return Response.json({ Message: 'slow down' }, { status: 429, headers: { 'retry-after': '-1' } });
    };
    const error = await new OrdersClient({ apiKey: KEY, fetch, maxRetries: 1 })
      .get('EO-1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeUndefined();
    expect(state.count).toBe(2);
  });
});

describe('a valid Retry-After still means the request was turned away', () => {
  const past = new Date(Date.now() - 60_000);
  const day = past.toUTCString().slice(0, 3);
  const longDay = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    past.getUTCDay()
  ];
  const [, dd, mon, yyyy, time] = past.toUTCString().split(' ') as string[];
  const VALID = [
    '0',
    ' 0 ',
    '00',
    past.toUTCString(), // IMF-fixdate
    `${longDay}, ${dd}-${mon}-${(yyyy as string).slice(2)} ${time} GMT`, // RFC 850
    `${day} ${mon} ${String(Number(dd)).padStart(2, ' ')} ${time} ${yyyy}`, // asctime
  ];
  for (const operation of NON_REPEATABLE) {
    it.each(VALID)(
      `${operation.name}: a ${operation.status} with Retry-After %j is sent again`,
      async (value) => {
        const { state, fetch } = turnedAwayOnce(operation.status, value, operation.success);
        await expect(operation.call(fetch)).resolves.toBeDefined();
        expect(state.count).toBe(2);
      },
    );
  }
});
