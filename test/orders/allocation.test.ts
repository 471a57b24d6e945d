import { beforeEach, describe, expect, it } from 'vitest';
import { AllocationError, type AllocationSummary, OrdersClient } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
});

const packed = (overrides?: Record<string, unknown>) => packedConsignment(orders, overrides);

/** A consignment no carrier service can take: its delivery promise is long past. */
const unallocatable = () => packed({ RequiredDeliveryDate: '2000-01-03' });

describe('allocateConsignments never leaves a consignment silently missing (mock)', () => {
  it('returns the summaries in the order the consignments were passed', async () => {
    const [first, second] = [await packed(), await packed()];
    const summaries = await orders.allocation.allocate([second, first]);
    expect(summaries.map((summary) => summary.Description)).toEqual([
      expect.stringContaining(second),
      expect.stringContaining(first),
    ]);
  });

  it('throws AllocationError for one consignment that was not allocated, with the service’s reason', async () => {
    const consignment = await unallocatable();
    const error = await orders.allocation.allocate([consignment]).catch((caught) => caught);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error).toMatchObject({
      name: 'AllocationError',
      operation: 'allocateConsignments',
      allocated: [],
      unallocated: [
        { consignmentReference: consignment, reason: expect.stringContaining('No carrier service') },
      ],
    });
    expect(error.message).toContain(consignment);
    // The reason is the consignment's own FailedAllocation, read back from the service.
    expect(mock.store.orders.getConsignment(consignment)).toMatchObject({
      State: expect.stringMatching(/^AllocationFailed$/),
      FailedAllocation: { Message: error.unallocated[0].reason },
    });
  });

  it('in a batch, keeps the allocated consignments with their summaries and names the one left out', async () => {
    const [good, bad, alsoGood] = [await packed(), await unallocatable(), await packed()];
    const error: AllocationError = await orders.allocation
      .allocate([good, bad, alsoGood])
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error.allocated.map(({ consignmentReference }) => consignmentReference)).toEqual([good, alsoGood]);
    expect(error.allocated[0]?.summary.CarrierServiceReference).toEqual(expect.any(String));
    expect(error.unallocated.map(({ consignmentReference }) => consignmentReference)).toEqual([bad]);
    // Labels can be printed for the allocated ones straight away.
    const label = await orders.labels.get(error.allocated[0]!.consignmentReference);
    expect(label.File.length).toBeGreaterThan(0);
  });

  it('allocating the failed one again, once it can be, succeeds', async () => {
    const consignment = await unallocatable();
    await expect(orders.allocation.allocate([consignment])).rejects.toBeInstanceOf(AllocationError);
    mock.store.orders.addCarrierService({
      CarrierReference: 'TIME',
      CarrierName: 'Time Travel',
      ServiceReference: 'TIME-1',
      ServiceName: 'Yesterday',
      Countries: ['*'],
      Price: 99,
      TransitDays: -100_000,
    } as never);
    const [summary] = await orders.allocation.allocate([consignment]);
    expect(summary?.CarrierServiceReference).toBe('TIME-1');
  });
});

/** A client whose every answer is `reply(path)`, recording the paths asked. */
function answering(reply: (path: string) => unknown) {
  const paths: string[] = [];
  const client = new OrdersClient({
    apiKey: 'key-for-injected-answers',
    maxRetries: 0,
    fetch: async (input) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      paths.push(path);
      const body = reply(path);
      return body instanceof Response ? body : Response.json(body);
    },
  });
  return { client, paths };
}

const summary = (consignment: string | undefined, extra: Partial<AllocationSummary> = {}) => ({
  StatusCode: 200,
  Description: 'Allocated',
  CarrierServiceReference: `SERVICE-OF-${consignment ?? 'unlinked'}`,
  ApiLinks: consignment ? [{ Rel: 'label', Href: `https://api.electioapp.com/labels/${consignment}` }] : null,
  ...extra,
});

describe('allocateConsignments matches each summary to its consignment (real answer shapes)', () => {
  it('by the consignment its links name, whatever order the service answers in', async () => {
    const { client } = answering(() => [summary('EC-2'), summary('EC-1')]);
    const summaries = await client.allocation.allocate(['EC-1', 'EC-2']);
    expect(summaries.map((s) => s.CarrierServiceReference)).toEqual(['SERVICE-OF-EC-1', 'SERVICE-OF-EC-2']);
  });

  it('a summary without links takes the consignment still unmatched, in turn', async () => {
    const { client } = answering(() => [summary('EC-2'), summary(undefined)]);
    const summaries = await client.allocation.allocate(['EC-1', 'EC-2']);
    expect(summaries.map((s) => s.CarrierServiceReference)).toEqual([
      'SERVICE-OF-unlinked',
      'SERVICE-OF-EC-2',
    ]);
  });

  it('a consignment without a summary is unallocated; its reason comes from its FailedAllocation', async () => {
    const { client, paths } = answering((path) =>
      path === '/consignments/EC-2'
        ? {
            Reference: 'EC-2',
            ConsignmentState: 'AllocationFailed',
            FailedAllocation: { Message: 'Too heavy' },
          }
        : [summary('EC-1')],
    );
    const error: AllocationError = await client.allocation.allocate(['EC-1', 'EC-2']).catch((e) => e);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error.allocated).toEqual([{ consignmentReference: 'EC-1', summary: summary('EC-1') }]);
    expect(error.unallocated).toEqual([{ consignmentReference: 'EC-2', reason: 'Too heavy' }]);
    expect(paths).toEqual(['/allocation/allocate', '/consignments/EC-2']);
  });

  it('a summary that reports a failure (StatusCode 400 or more) is unallocated, with its Description', async () => {
    const { client } = answering(() => [summary('EC-1', { StatusCode: 400, Description: 'No quotes' })]);
    const error: AllocationError = await client.allocation.allocate(['EC-1']).catch((e) => e);
    expect(error.unallocated).toEqual([{ consignmentReference: 'EC-1', reason: 'No quotes' }]);
  });

  it('when the reason cannot be read, the reason is undefined and the error still says what happened', async () => {
    const { client } = answering((path) =>
      path.startsWith('/consignments/') ? new Response('down', { status: 500 }) : [],
    );
    const error: AllocationError = await client.allocation.allocate(['EC-9']).catch((e) => e);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error.unallocated).toEqual([{ consignmentReference: 'EC-9', reason: undefined }]);
  });

  it('allocateWithCheapestQuote: a summary that reports a failure is an AllocationError', async () => {
    const { client } = answering(() => summary('EC-1', { StatusCode: 422, Description: 'No service' }));
    const error: AllocationError = await client.allocation.allocateWithCheapestQuote('EC-1').catch((e) => e);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error.operation).toBe('allocateWithCheapestQuote');
    expect(error.unallocated).toEqual([{ consignmentReference: 'EC-1', reason: 'No service' }]);
  });
});
