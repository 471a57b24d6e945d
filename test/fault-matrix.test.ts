import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createClients, type OrdersClient, type ShipmentsClient } from '../src/index.js';
import { createMockService, type Fault } from '../src/testing/index.js';
import { orderInput } from './fixtures.js';

/**
 * Every operation against every fault the mock can inject. Each cell checks the error class, how many
 * requests reached the mock (a non-repeatable operation: never more than one unless the service
 * provably turned it away or it never arrived), that the call settles, and that the key appears in
 * no form of the error.
 */

const KEY = 'sk_matrix_7Hq2-NEVER-PRINT-ME';
const TIMEOUT_MS = 100;

interface Clients {
  orders: OrdersClient;
  shipments: ShipmentsClient;
}

interface OperationCase {
  name: string;
  repeatable: boolean;
  /** Returns nothing: a 2xx body is not read, so a bad one is no failure. */
  returnsVoid?: boolean;
  /** The request the fault is injected into, when it is not the method's own (patchOrder reads first). */
  faultOn?: string;
  call(clients: Clients): Promise<unknown>;
}

const update = {
  OrderReference: 'EO-1',
  OrderReferenceProvidedByCustomer: null,
  RequiredDeliveryDate: null,
  ShippingDate: null,
  CustomsDocumentation: null,
  MetaData: null,
} as const;
const address = { AddressType: 'Sender', AddressLine1: '1 Road', Town: 'Leeds' } as const;
const group = { reference: 'sg_1' } as const;

const OPERATIONS: OperationCase[] = [
  { name: 'createOrder', repeatable: false, call: (c) => c.orders.createOrder(orderInput()) },
  { name: 'getOrder', repeatable: true, call: (c) => c.orders.getOrder('EO-1') },
  {
    name: 'updateOrder',
    repeatable: true,
    returnsVoid: true,
    call: (c) => c.orders.updateOrder('EO-1', update),
  },
  {
    name: 'patchOrder',
    repeatable: true,
    faultOn: 'getOrder',
    call: (c) => c.orders.patchOrder('EO-1', { Tags: ['Fragile'] }),
  },
  {
    name: 'addAddressToOrder',
    repeatable: false,
    returnsVoid: true,
    call: (c) => c.orders.addAddressToOrder('EO-1', address),
  },
  {
    name: 'updateAddressOnOrder',
    repeatable: true,
    returnsVoid: true,
    call: (c) => c.orders.updateAddressOnOrder('EO-1', address),
  },
  { name: 'selectDeliveryOption', repeatable: false, call: (c) => c.orders.selectDeliveryOption('EDO-1') },
  {
    name: 'packOrder',
    repeatable: false,
    call: (c) =>
      c.orders.packOrder('EO-1', {
        OrderReference: 'EO-1',
        Packages: [{ Items: [{ Sku: 'A', Quantity: 1 }] }],
      }),
  },
  { name: 'allocateConsignments', repeatable: false, call: (c) => c.orders.allocateConsignments(['EC-1']) },
  {
    name: 'allocateWithCheapestQuote',
    repeatable: false,
    call: (c) => c.orders.allocateWithCheapestQuote('EC-1'),
  },
  { name: 'manifestConsignments', repeatable: false, call: (c) => c.orders.manifestConsignments(['EC-1']) },
  {
    name: 'manifestConsignmentsFromQuery',
    repeatable: false,
    call: (c) => c.orders.manifestConsignmentsFromQuery({ States: ['ReadyToShip'] }),
  },
  { name: 'setReadyToShip', repeatable: false, call: (c) => c.orders.setReadyToShip(['EC-1']) },
  { name: 'setNotReadyToShip', repeatable: false, call: (c) => c.orders.setNotReadyToShip(['EC-1']) },
  { name: 'getCustomerManifests', repeatable: true, call: (c) => c.orders.getCustomerManifests() },
  {
    name: 'getCustomerManifest',
    repeatable: true,
    call: (c) => c.orders.getCustomerManifest('0123456789abcdef0123456789abcdef'),
  },
  { name: 'getLabels', repeatable: true, call: (c) => c.shipments.getLabels('sp_1', { format: 'PDF' }) },
  {
    name: 'getContentsLabel',
    repeatable: true,
    call: (c) => c.shipments.getContentsLabel('sp_1', 'sc_1', { format: 'ZPL', dpi: 203 }),
  },
  {
    name: 'updateShipmentGroup',
    repeatable: false,
    call: (c) => c.shipments.updateShipmentGroup({ reference: 'sg_1', add_shipments: ['sp_1'] }),
  },
  {
    name: 'addShipmentToGroup',
    repeatable: false,
    call: (c) => c.shipments.addShipmentToGroup(group, 'sp_1'),
  },
  {
    name: 'removeShipmentFromGroup',
    repeatable: false,
    call: (c) => c.shipments.removeShipmentFromGroup(group, 'sp_1'),
  },
  { name: 'lockShipmentGroup', repeatable: true, call: (c) => c.shipments.lockShipmentGroup('sg_1') },
  { name: 'unlockShipmentGroup', repeatable: true, call: (c) => c.shipments.unlockShipmentGroup('sg_1') },
];

interface Expected {
  error: string | 'ok';
  requests: number;
}

interface FaultCase {
  name: string;
  fault: Fault;
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
const always = (fault: Fault): Fault => ({ ...fault, times: 10 });

const FAULTS: FaultCase[] = [
  {
    name: '503',
    fault: always({ status: 503, body: { Code: 'Unavailable', Message: 'try later' } }),
    expect: retriedIfRepeatable('InternalServerError'),
  },
  {
    name: '503 + Retry-After',
    fault: always({ status: 503, retryAfter: 0, body: { Code: 'Unavailable', Message: 'later' } }),
    expect: () => ({ error: 'InternalServerError', requests: 2 }),
  },
  {
    name: '429 + Retry-After',
    fault: always({ status: 429, retryAfter: 0, body: { Code: 'TooMany', Message: 'slow down' } }),
    expect: () => ({ error: 'RateLimitError', requests: 2 }),
  },
  {
    name: '429 conflict (B)',
    fault: always({ status: 429, body: { code: 'conflict', message: 'rule broken', details: [] } }),
    expect: () => ({ error: 'ConflictError', requests: 1 }),
  },
  {
    name: 'refused',
    fault: always({ network: 'refused' }),
    expect: () => ({ error: 'ConnectionError', requests: 0 }),
  },
  {
    name: 'drop before',
    fault: always({ network: 'drop-before' }),
    expect: lostIfNotRepeatable('ConnectionError'),
  },
  {
    name: 'drop after',
    fault: always({ network: 'drop-after' }),
    expect: lostIfNotRepeatable('ConnectionError'),
  },
  { name: 'timeout', fault: always({ delay: TIMEOUT_MS * 3 }), expect: lostIfNotRepeatable('TimeoutError') },
  { name: 'malformed JSON', fault: always({ status: 200, body: '{"Order' }), expect: badBody },
  {
    name: 'HTML error page',
    fault: always({
      status: 502,
      body: '<html><h1>Bad Gateway</h1></html>',
      headers: { 'content-type': 'text/html' },
    }),
    expect: retriedIfRepeatable('InternalServerError'),
  },
  { name: 'empty body', fault: always({ status: 200, body: '' }), expect: badBody },
  {
    name: 'truncated body',
    fault: always({ status: 200, body: JSON.stringify({ padding: 'x'.repeat(2048) }), network: 'truncate' }),
    // The answer was cut off: a read is asked again, anything else may have happened.
    expect: lostIfNotRepeatable('ConnectionError'),
  },
  { name: '2xx wrong shape', fault: always({ status: 200, body: 42 }), expect: badBody },
];

const table: Record<string, Record<string, string>> = {};

describe('fault matrix', () => {
  afterAll(() => {
    console.log(`\n${OPERATIONS.length} operations x ${FAULTS.length} faults: error class and requests seen`);
    console.table(table);
  });

  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s',
    async (_name, operation) => {
      const cells = await Promise.all(
        FAULTS.map(async (fault) => {
          const mock = createMockService({ apiKey: KEY });
          const clients = createClients({
            apiKey: KEY,
            fetch: mock.fetch,
            timeout: TIMEOUT_MS,
            maxRetries: 1,
          });
          const target = operation.faultOn ?? operation.name;
          mock.failNext(target, fault.fault);
          const outcome = await settleWithin(operation.call(clients), 5_000);
          return { fault, outcome, requests: mock.requests(target).length };
        }),
      );
      const row: Record<string, string> = {};
      for (const { fault, outcome, requests } of cells) {
        const expected = fault.expect(operation);
        const seen = outcome.settled ? (outcome.error ? outcome.error.name : 'ok') : 'UNSETTLED';
        row[fault.name] = `${seen === 'ok' ? 'ok' : seen.replace(/Error$/, '')} ${requests}`;
        expect({ fault: fault.name, error: seen, requests }).toEqual({ fault: fault.name, ...expected });
        if (outcome.error) {
          for (const form of [
            String(outcome.error),
            outcome.error.stack,
            JSON.stringify(outcome.error),
            inspect(outcome.error, { depth: 20 }),
          ]) {
            expect(form).not.toContain(KEY);
          }
        }
      }
      table[operation.name] = row;
    },
  );
});

async function settleWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<{ settled: boolean; error?: Error }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsettled = new Promise<{ settled: false }>((resolve) => {
    timer = setTimeout(() => resolve({ settled: false }), ms);
  });
  const settled = promise.then(
    () => ({ settled: true }),
    (error: Error) => ({ settled: true, error }),
  );
  try {
    return await Promise.race([settled, unsettled]);
  } finally {
    clearTimeout(timer);
  }
}
