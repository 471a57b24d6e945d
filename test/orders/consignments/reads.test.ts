import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, OrdersClient, RequestValidationError } from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { consignmentInput } from '../../support/fixtures.js';
import { allocatedConsignment, packedConsignment } from '../../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const queryOf = (operation: Parameters<MockService['requests']>[0]) =>
  Object.fromEntries(new URL(mock.requests(operation)[0]!.url).searchParams);

describe('consignments.getWithoutMetadata (Get Consignment Only)', () => {
  it('reads the consignment as get does, without its metadata', async () => {
    const consignment = await orders.consignments.create(
      consignmentInput({ MetaData: [{ KeyValue: 'Channel', StringValue: 'web' }] }),
    );
    expect((await orders.consignments.get(consignment)).MetaData).toHaveLength(1);
    const only = await orders.consignments.getWithoutMetadata(consignment);
    expect(only).toMatchObject({ Reference: consignment, ConsignmentState: 'Unallocated', MetaData: [] });
    await expect(orders.consignments.getWithoutMetadata('EC-000-ZZZ-ZZZ')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('consignments.getAuditMessages', () => {
  it('returns the consignment’s history as typed messages, oldest first', async () => {
    const consignment = await allocatedConsignment(orders);
    await orders.consignments.cancel(consignment);
    const messages = await orders.consignments.getAuditMessages(consignment);
    expect(messages.map(({ Category, Message }) => [Category, Message])).toEqual([
      ['ConsignmentLifecycle', expect.stringMatching(/^Consignment created/)],
      ['ConsignmentLifecycle', expect.stringMatching(/^Allocated to /)],
      ['ConsignmentLifecycle', 'Cancelled'],
    ]);
    expect(messages[0]).toMatchObject({ ConsignmentReference: consignment, Severity: 'Low' });
    expect(new URL(mock.requests('getConsignmentAuditMessages')[0]!.url).pathname).toBe(
      `/consignments/${consignment}/audit`,
    );
  });

  it('reads an answer of null as no messages', async () => {
    const client = orders.withOptions({ fetch: async () => Response.json(null) });
    await expect(client.consignments.getAuditMessages('EC-1')).resolves.toEqual([]);
  });
});

describe('consignments.count (Get Count of Consignments by State)', () => {
  it('sends the state as the query’s `state`, and counts every consignment without one', async () => {
    await allocatedConsignment(orders);
    await packedConsignment(orders);
    await expect(orders.consignments.count('Allocated')).resolves.toBe(1);
    expect(queryOf('countConsignments')).toEqual({ state: 'Allocated' });
    await expect(orders.consignments.count()).resolves.toBe(2);
    expect(new URL(mock.requests('countConsignments')[1]!.url).search).toBe('');
  });

  it('refuses a blank state before sending: it would count what was not asked for', async () => {
    await expect(orders.consignments.count('')).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('countConsignments')).toHaveLength(0);
  });
});

describe('consignments.getLate (Get Late Consignments)', () => {
  it('answers the late consignments and how many, the filter sent as the data contracts name it', async () => {
    const late = await orders.consignments.create(consignmentInput({ RequiredDeliveryDate: '2026-01-02' }));
    await orders.consignments.create(consignmentInput({ RequiredDeliveryDate: '2026-01-09' }));
    const answer = await orders.consignments.getLate({
      ShippingLocationReference: 'SL-LONDON',
      PageSize: 50,
    });
    expect(answer.TotalNumberOfLateConsignments).toBe(1);
    expect(answer.ConsignmentSummaries).toEqual([
      expect.objectContaining({ Reference: late, IsLate: true, ConsignmentState: 'Unallocated' }),
    ]);
    expect(queryOf('getLateConsignments')).toEqual({
      shippingLocationReference: 'SL-LONDON',
      pageSize: '50',
    });
  });

  it('answers none as an empty list, and refuses an unknown key or an unset filter before sending', async () => {
    await expect(orders.consignments.getLate()).resolves.toEqual({
      TotalNumberOfLateConsignments: 0,
      ConsignmentSummaries: [],
    });
    await expect(orders.consignments.getLate({ Warehouse: 'SL-LONDON' } as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.consignments.getLate({ ShippingLocationReference: undefined })).rejects.toThrow(
      /every key of the filter is unset/,
    );
    expect(mock.requests('getLateConsignments')).toHaveLength(1);
  });
});
