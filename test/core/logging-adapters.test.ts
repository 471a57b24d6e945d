import { Writable } from 'node:stream';
import bunyan from 'bunyan';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { OrdersClient, objectFirstLogger } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_live_LOGLEAKCHECK_8zQ1w';

/** A client over the mock with one retried read (a 503), and the order it read. */
async function run(
  logger: ConstructorParameters<typeof OrdersClient>[0] extends infer O
    ? O extends { logger?: infer L }
      ? L
      : never
    : never,
) {
  const mock = createMockService({ apiKey: KEY });
  const orders = new OrdersClient({ apiKey: KEY, fetch: mock.fetch, logger });
  const order = await orders.create(orderInput());
  mock.failNext('getOrder', { status: 503, retryAfter: 0, headers: { 'x-echo': KEY } });
  await orders.get(order);
  return order;
}

describe('logs that fit the tools people use', () => {
  it('pino, through objectFirstLogger, keeps the structured fields of every line', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const order = await run(objectFirstLogger(pino({ level: 'debug' }, destination)));
    const answered = lines.find((line) => line.operation === 'getOrder' && line.status === 200);
    expect(answered).toMatchObject({
      msg: expect.stringMatching(/^getOrder: 200 in \d+ ms$/),
      method: 'GET',
      url: expect.stringContaining(`/orders/${order}`),
      attempt: 2,
      durationMs: expect.any(Number),
    });
    const retry = lines.find((line) => line.retryCount === 1);
    expect(retry).toMatchObject({
      level: 30,
      operation: 'getOrder',
      attempt: 2,
      reason: expect.stringContaining('503'),
    });
    expect(JSON.stringify(lines)).not.toContain(KEY);
  });

  it('bunyan, through objectFirstLogger, likewise', async () => {
    const records: Record<string, unknown>[] = [];
    const logger = bunyan.createLogger({
      name: 'shop',
      streams: [
        {
          level: 'debug',
          type: 'raw',
          stream: { write: (record: object) => records.push(record as Record<string, unknown>) },
        },
      ],
    });
    await run(objectFirstLogger(logger));
    expect(records.find((record) => record.status === 201)).toMatchObject({
      operation: 'createOrder',
      method: 'POST',
      attempt: 1,
      msg: expect.stringMatching(/^createOrder: 201/),
    });
    expect(records.some((record) => record.reason !== undefined && record.operation === 'getOrder')).toBe(
      true,
    );
    expect(JSON.stringify(records)).not.toContain(KEY);
  });

  it('console fits as it is: the message, then the data', async () => {
    const debug = vi.fn();
    const info = vi.fn();
    await run({ debug, info, warn: vi.fn(), error: vi.fn() });
    expect(debug).toHaveBeenCalledWith(
      expect.stringMatching(/^createOrder: 201 in \d+ ms$/),
      expect.objectContaining({ operation: 'createOrder', method: 'POST', status: 201, attempt: 1 }),
    );
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(/^getOrder: retry 1 of 2 after/),
      expect.objectContaining({ retryCount: 1, attempt: 2, reason: expect.any(String) }),
    );
  });
});
