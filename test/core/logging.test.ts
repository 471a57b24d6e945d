import { expect, it } from 'vitest';
import { OrdersClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

it('the debug log gives the status and the time of each answer', async () => {
  const mock = createMockService();
  const lines: [string, unknown][] = [];
  const record = (line: string, context?: unknown) => lines.push([line, context]);
  const orders = new OrdersClient({
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    logger: { debug: record, info: record, warn: record, error: record },
  });
  const reference = await orders.create(orderInput());
  await orders.get(reference);
  expect(lines.map(([line]) => line)).toEqual([
    expect.stringMatching(/^createOrder: POST .*\/orders$/),
    expect.stringMatching(/^createOrder: 201 in \d+ ms$/),
    expect.stringMatching(/^getOrder: GET .*\/orders\/EO-/),
    expect.stringMatching(/^getOrder: 200 in \d+ ms$/),
  ]);
  // Structured: everything a log search needs, as fields (never the key).
  expect(lines[3]?.[1]).toEqual({
    operation: 'getOrder',
    method: 'GET',
    url: expect.stringContaining(`/orders/${reference}`),
    attempt: 1,
    status: 200,
    durationMs: expect.any(Number),
  });
});
