import { afterAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/core/operation-names.js';
import { ConfigurationError, OrdersClient, ShipmentsClient } from '../../src/index.js';
import { createMockService, type Fault } from '../../src/testing/index.js';
import { clientsOver, OPERATIONS, type OperationCase, settleWithin, trackTimers } from './operations.js';
import { expectReadmeSection, markdownTable } from './readme.js';
import { LeakSearch, recordingLogger } from './secrets.js';

/**
 * Every operation against every fault the mock can inject. Each cell checks the error class, how many
 * requests reached the mock (a non-repeatable operation: never more than one unless the service provably
 * turned it away or it never arrived), that the call settles and leaves no timer behind, and that the key
 * appears in no form of the error and in no log line. Every fault's answer echoes the key back (in headers,
 * the error body, the 2xx body), as a careless service or proxy might.
 *
 * The table is printed, and the README's copy is checked against it (`npm run reliability:readme` updates it).
 */

const KEY = 'sk_live_LEAKCHECK_7Hq2x9Zr41';
const TIMEOUT_MS = 150;

interface Expected {
  error: string | 'ok';
  requests: number;
}

interface FaultCase {
  name: string;
  fault: Fault;
  /** Only the timeout column shortens the client's timeout: elsewhere a slow machine must not time out. */
  timeout?: number;
  /** Only the oversized column lowers the client's bound, to keep the matrix quick. */
  maxResponseBytes?: number;
  expect(operation: OperationCase): Expected;
}

// maxRetries is 1 in the matrix: a retried request reaches the mock twice.
const retriedIfRepeatable = (error: string) => (operation: OperationCase) => ({
  error,
  requests: operation.repeatable ? 2 : 1,
});
const lostIfNotRepeatable = (error: string) => (operation: OperationCase) =>
  operation.repeatable ? { error, requests: 2 } : { error: 'OutcomeUnknownError', requests: 1 };
const badBody = (operation: OperationCase) =>
  operation.returnsVoid ? { error: 'ok', requests: 1 } : { error: 'ResponseValidationError', requests: 1 };
const echoing = (fault: Fault): Fault => ({
  ...fault,
  headers: { 'x-echo-key': KEY, 'x-correlation-id': `corr-${KEY}`, ...fault.headers },
  times: 10,
});

const FAULTS: FaultCase[] = [
  {
    name: '503',
    fault: echoing({ status: 503, body: { Code: 'Unavailable', Message: `key ${KEY} is over quota` } }),
    expect: retriedIfRepeatable('InternalServerError'),
  },
  {
    name: '503 + Retry-After',
    fault: echoing({ status: 503, retryAfter: 0, body: { Code: 'Unavailable', Message: `later, ${KEY}` } }),
    expect: () => ({ error: 'InternalServerError', requests: 2 }),
  },
  {
    // Not a Retry-After (RFC 9110 takes digits or an HTTP date): read as none, so never a reason to resend.
    name: '503 + Retry-After -1',
    fault: echoing({
      status: 503,
      headers: { 'retry-after': '-1' },
      body: { Code: 'Unavailable', Message: `later?, ${KEY}` },
    }),
    expect: retriedIfRepeatable('InternalServerError'),
  },
  {
    name: '429 + Retry-After',
    fault: echoing({ status: 429, retryAfter: 0, body: { Code: 'TooMany', Message: `slow down, ${KEY}` } }),
    expect: () => ({ error: 'RateLimitError', requests: 2 }),
  },
  {
    // Longer than the 60 s the SDK waits out: thrown at once, for every operation.
    name: '429 + Retry-After 61 s',
    fault: echoing({ status: 429, retryAfter: 61, body: { Code: 'TooMany', Message: `much later, ${KEY}` } }),
    expect: () => ({ error: 'RateLimitError', requests: 1 }),
  },
  {
    name: '429 conflict (B)',
    fault: echoing({
      status: 429,
      body: {
        code: 'conflict',
        message: `rule broken for ${KEY}`,
        correlation_id: KEY,
        details: [{ property: KEY, code: 'conflict', message: KEY }],
      },
    }),
    expect: () => ({ error: 'ConflictError', requests: 1 }),
  },
  {
    name: 'refused',
    fault: echoing({ network: 'refused' }),
    expect: () => ({ error: 'ConnectionError', requests: 0 }),
  },
  {
    name: 'drop before',
    fault: echoing({ network: 'drop-before' }),
    expect: lostIfNotRepeatable('ConnectionError'),
  },
  {
    name: 'drop after',
    fault: echoing({ network: 'drop-after' }),
    expect: lostIfNotRepeatable('ConnectionError'),
  },
  {
    name: 'timeout',
    fault: echoing({ delay: 60_000 }),
    timeout: TIMEOUT_MS,
    expect: lostIfNotRepeatable('TimeoutError'),
  },
  { name: 'malformed JSON', fault: echoing({ status: 200, body: `{"Order":"${KEY}` }), expect: badBody },
  {
    name: 'HTML error page',
    fault: echoing({
      status: 502,
      body: `<html><h1>Bad Gateway</h1><p>${KEY}</p></html>`,
      headers: { 'content-type': 'text/html' },
    }),
    expect: retriedIfRepeatable('InternalServerError'),
  },
  { name: 'empty body', fault: echoing({ status: 200, body: '' }), expect: badBody },
  {
    name: 'truncated body',
    fault: echoing({
      status: 200,
      body: JSON.stringify({ key: KEY, padding: 'x'.repeat(2048) }),
      network: 'truncate',
    }),
    // The answer was cut off: a read is asked again, anything else may have happened.
    expect: lostIfNotRepeatable('ConnectionError'),
  },
  {
    name: 'oversized body',
    fault: echoing({ status: 200, body: { Order: KEY, padding: 'x'.repeat(64 * 1024) } }),
    maxResponseBytes: 16 * 1024,
    // Never retried (the same request brings the same answer); a method returning nothing has its answer.
    expect: (operation) =>
      operation.returnsVoid ? { error: 'ok', requests: 1 } : { error: 'ResponseTooLargeError', requests: 1 },
  },
  {
    name: '2xx wrong shape',
    fault: echoing({ status: 200, body: [{ [KEY]: KEY, Message: KEY }, 42] }),
    expect: badBody,
  },
];

/** Non-repeatable requests sent again although the service had not turned the first one away. */
function duplicated(operation: OperationCase, fault: Fault, requests: number): number {
  const turnedAway = (fault.status === 429 || fault.status === 503) && fault.retryAfter !== undefined;
  return operation.repeatable || turnedAway ? 0 : Math.max(0, requests - 1);
}

const shortName = (error: string) => (error === 'ok' ? 'ok' : error.replace(/Error$/, ''));

const rows = new Map<string, string[]>();
const matrixTable = () =>
  markdownTable(
    ['operation', ...FAULTS.map((fault) => fault.name)],
    OPERATIONS.map((operation) => [`\`${operation.name}\``, ...(rows.get(operation.name) ?? [])]),
  );
const leaks = new LeakSearch(KEY);
const totals = { cells: 0, duplicated: 0 };

// At the end of the file, once the secret checks after the matrix have searched too: the figures printed
// are the ones the README shows and the last test checks.
afterAll(() => {
  console.log(
    `\n${OPERATIONS.length} operations x ${FAULTS.length} faults: the error each call ended in, then the requests the mock saw\n\n${matrixTable()}`,
  );
  console.log(
    `cells: ${totals.cells}, requests duplicated: ${totals.duplicated}, strings searched for the key: ${leaks.searched.toLocaleString('en')}, keys leaked: ${leaks.leaks.length}`,
  );
});

describe('fault matrix', () => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s',
    async (_name, operation) => {
      const timers = trackTimers();
      const cells = await Promise.all(
        FAULTS.map(async (fault) => {
          const mock = createMockService({ apiKey: KEY });
          const logger = recordingLogger();
          const clients = clientsOver(mock.fetch, {
            apiKey: KEY,
            maxRetries: 1,
            logger,
            ...(fault.timeout ? { timeout: fault.timeout } : {}),
            ...(fault.maxResponseBytes ? { maxResponseBytes: fault.maxResponseBytes } : {}),
          });
          const target = (operation.faultOn ?? operation.name) as OperationName;
          mock.failNext(target, fault.fault);
          const outcome = await settleWithin(operation.call(clients), 10_000);
          return { fault, outcome, logger, requests: mock.requests(target).length, all: mock.requests() };
        }),
      );
      const row: string[] = [];
      for (const { fault, outcome, logger, requests, all } of cells) {
        const where = `${operation.name} × ${fault.name}`;
        const expected = fault.expect(operation);
        const seen = outcome.settled ? (outcome.error ? (outcome.error as Error).name : 'ok') : 'UNSETTLED';
        row.push(`${shortName(seen)} ${requests}`);
        expect({ where, error: seen, requests }).toEqual({ where, ...expected });
        // patchOrder writes only after a successful read: a failed read sends nothing else.
        const others = operation.faultOn && seen === 'ok' ? 1 : 0;
        expect({ where, others: all.length - requests }).toEqual({ where, others });
        totals.cells += 1;
        totals.duplicated += duplicated(operation, fault.fault, requests);
        leaks.error(where, outcome.error);
        leaks.logger(where, logger.calls);
      }
      rows.set(operation.name, row);
      // Every timer the SDK (or the mock) started for these calls is gone once they settle.
      expect(await timers.stillPending()).toEqual([]);
      expect(leaks.leaks).toEqual([]);
    },
  );
});

describe('secrets beyond the matrix', () => {
  it('a key read from a file with a trailing line break is sent trimmed, and redacted as sent', async () => {
    const mock = createMockService({ apiKey: KEY });
    const logger = recordingLogger();
    // The service (or a proxy) echoes the key it received, which is the trimmed one.
    mock.failNext('getOrder', {
      status: 401,
      body: { Message: `unknown key ${KEY}` },
      headers: { 'x-key': KEY },
    });
    const orders = new OrdersClient({ apiKey: `${KEY}\n`, fetch: mock.fetch, logger });
    const error = await orders.get('EO-1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AuthenticationError', status: 401 });
    leaks.error('trailing line break', error);
    leaks.logger('trailing line break', logger.calls);
    expect(leaks.leaks).toEqual([]);
  });

  it.each([
    ['a line break inside', `${KEY}\nX-Injected: 1`],
    ['a character beyond Latin-1', `${KEY}\u2019`],
    ['a NUL', `${KEY}\u0000`],
  ])('a key with %s is refused at construction, without showing it', (_what, apiKey) => {
    let caught: unknown;
    try {
      new ShipmentsClient({ apiKey });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    leaks.error('unsendable key', caught);
    expect(leaks.leaks).toEqual([]);
  });

  it("'warn' validation logs a wrong 2xx body without the key the service echoed into it", async () => {
    const mock = createMockService({ apiKey: KEY });
    const logger = recordingLogger();
    mock.failNext('lockShipmentGroup', { status: 200, body: { [KEY]: KEY, reference: 42 } });
    const { shipments } = clientsOver(mock.fetch, { apiKey: KEY, logger, validation: 'warn' });
    await expect(shipments.groups.lock('sg_1')).resolves.toMatchObject({ reference: 42 });
    expect(logger.calls.some(([level]) => level === 'warn')).toBe(true);
    leaks.logger('warn validation', logger.calls);
    expect(leaks.leaks).toEqual([]);
  });
});

describe('the README', () => {
  it("shows this run's matrix and counts", () => {
    // Only a complete run has complete figures (a run filtered with -t leaves rows out).
    if (totals.cells !== OPERATIONS.length * FAULTS.length) return;
    expect(totals.duplicated).toBe(0);
    expect(leaks.leaks).toEqual([]);
    const counts = markdownTable(
      ['operations × faults tried', 'requests duplicated', 'strings searched for the key', 'keys leaked'],
      [
        [
          `${OPERATIONS.length} × ${FAULTS.length} = ${totals.cells}`,
          String(totals.duplicated),
          leaks.searched.toLocaleString('en'),
          String(leaks.leaks.length),
        ],
      ],
    );
    expectReadmeSection('matrix', `${counts}\n${matrixTable()}`);
  });
});
