import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsignmentReference, type OrderReference, OrdersClient } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli, lines } from '../support/cli.js';
import { orderInput } from '../support/fixtures.js';

// The commands in process, against the mock's real HTTP server, reached through --base-url.
const mock = createMockService();
let server: MockServer;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });
const orders = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
afterEach(() => mock.reset());

const onOrders = () => ['--base-url', server.ordersUrl];

async function allocated(): Promise<ConsignmentReference> {
  const client = orders();
  const order = await client.create(orderInput());
  const [consignment] = await client.pack(order as OrderReference, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await client.allocation.allocate([consignment as ConsignmentReference]);
  return consignment as ConsignmentReference;
}

describe('consignkit consignments', () => {
  it('list reads every page, filtered by state and location, as a table or JSON', async () => {
    const made = [];
    for (let index = 0; index < 3; index++) made.push(await allocated());
    await orders().allocation.deallocate(made[2] as ConsignmentReference);

    const { code, stdout } = await cli(
      ['consignments', 'list', '--state', 'Allocated', ...onOrders()],
      env(),
    );
    expect(code).toBe(0);
    expect(lines(stdout)[0]).toMatch(/^REFERENCE\s+STATE\s+SERVICE/);
    expect(stdout).toContain(made[0]);
    expect(stdout).not.toContain(made[2]);
    expect(stdout).toContain('2 consignment(s)');

    const json = await cli(
      ['consignments', 'list', '--location', 'SL-LONDON', '--json', ...onOrders()],
      env(),
    );
    expect(JSON.parse(json.stdout).map((summary: { Reference: string }) => summary.Reference)).toEqual(made);
  });

  it('get prints the state and service', async () => {
    const consignment = await allocated();
    const { code, stdout } = await cli(['consignments', 'get', consignment, ...onOrders()], env());
    expect(code).toBe(0);
    expect(lines(stdout)[0]).toBe(`${consignment}: Allocated`);
    expect(stdout).toMatch(/labels: 1, printed: false/);
  });

  it('deallocate and cancel print per-consignment results and exit 1 when one is refused', async () => {
    const consignment = await allocated();
    const deallocated = await cli(
      ['consignments', 'deallocate', consignment, '--json', ...onOrders()],
      env(),
    );
    expect(deallocated.code).toBe(0);
    expect(JSON.parse(deallocated.stdout)).toEqual([
      expect.objectContaining({ Data: consignment, IsSuccess: true }),
    ]);

    const again = await cli(['consignments', 'deallocate', consignment, ...onOrders()], env());
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`${consignment}: refused`);

    const cancelled = await cli(['consignments', 'cancel', consignment, ...onOrders()], env());
    expect(cancelled.code).toBe(0);
    expect(mock.store.orders.getConsignment(consignment)?.State).toBe('Cancelled');
  });

  it('asks on a terminal, sends nothing when refused, and does not ask with --yes', async () => {
    const consignment = await allocated();
    const questions: string[] = [];
    const refused = await cli(['consignments', 'cancel', consignment, ...onOrders()], env(), {
      confirm: async (question) => {
        questions.push(question);
        return false;
      },
    });
    expect(refused.code).toBe(2);
    expect(questions).toEqual([`cancel ${consignment}? [y/N] `]);
    expect(mock.requests('cancelConsignments')).toHaveLength(0);

    const forced = await cli(['consignments', 'cancel', consignment, '--yes', ...onOrders()], env(), {
      confirm: async () => {
        throw new Error('must not ask');
      },
    });
    expect(forced.code).toBe(0);
    expect(mock.store.orders.getConsignment(consignment)?.State).toBe('Cancelled');
  });

  it('refuses a bad reference before sending (exit 2)', async () => {
    const { code, stderr } = await cli(['consignments', 'get', 'EO-1', ...onOrders()], env());
    expect(code).toBe(2);
    expect(stderr).toContain('consignment reference');
  });
});
