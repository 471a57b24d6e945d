import { expect, it, vi } from 'vitest';
import { type FetchLike, OrdersClient } from '../../src/index.js';

// A test suite on a fake clock makes its first client there: its first call must be sent, and its waits
// run, as the clock is advanced (docs/testing.md). Until 0.4 a client loaded its HTTP library then, real
// I/O the fake clock did not drive, and the first call was not sent while the clock moved on.

it("a process's first call is sent, and waits out a Retry-After, on a fake clock", async () => {
  let sent = 0;
  const fetch: FetchLike = async () => {
    sent += 1;
    return sent === 1
      ? Response.json({ Message: 'slow down' }, { status: 429, headers: { 'retry-after': '5' } })
      : Response.json({ OrderReference: 'EO-1' });
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const settled = new OrdersClient({ apiKey: 'sk_test_fake_clock_0123456789', fetch }).get('EO-1');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(settled).resolves.toMatchObject({ OrderReference: 'EO-1' });
    expect(sent).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});
