/**
 * How to test your own integration with `consignkit/testing`, in vitest: copy this file into your
 * project. The mock is stateful, so the test checks what your code did to the "service", and faults
 * can be injected to check how your code behaves when the network does not.
 * Run it with `npx vitest run examples/testing-your-integration.test.ts`.
 */
import { type ConsignmentReference, createClients, type OrdersClient, OutcomeUnknownError } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder } from './sample-order.js';

/** The code under test: your integration's "dispatch" step. */
async function dispatch(orders: OrdersClient, consignments: ConsignmentReference[]) {
  try {
    const results = await orders.manifests.manifest(consignments);
    return { manifested: results.filter((result) => result.IsSuccess).map((result) => result.Data) };
  } catch (error) {
    // Never resend blindly: a manifest is a transmission to the carrier.
    if (error instanceof OutcomeUnknownError) return { needsCheck: error.references };
    throw error;
  }
}

const mock = createMockService();
const server = setupServer(...mock.handlers); // or pass `fetch: mock.fetch` and skip MSW entirely
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

async function allocatedConsignment(orders: OrdersClient): Promise<ConsignmentReference> {
  const order = await orders.create(sampleOrder());
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error('no consignment');
  await orders.allocation.allocate([consignment]);
  return consignment;
}

describe('dispatch', () => {
  // No baseUrl: the clients talk to the sandbox URLs, which MSW answers from the mock.
  const { orders } = createClients({ apiKey: mock.apiKey });

  it('manifests allocated consignments', async () => {
    const consignment = await allocatedConsignment(orders);
    await expect(dispatch(orders, [consignment])).resolves.toEqual({ manifested: [consignment] });
    expect(mock.store.orders.consignments.get(consignment)?.State).toBe('Manifested');
  });

  it('asks for a check, and sends nothing twice, when the answer is lost', async () => {
    const consignment = await allocatedConsignment(orders);
    mock.failNext('manifestConsignments', { network: 'drop-after' });
    await expect(dispatch(orders, [consignment])).resolves.toEqual({ needsCheck: [consignment] });
    expect(mock.requests('manifestConsignments')).toHaveLength(1);
  });
});
