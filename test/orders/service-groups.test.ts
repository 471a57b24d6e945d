import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, OrdersClient, RequestValidationError } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

describe('orders.serviceGroups: the carrier service groups, read only', () => {
  it('lists the groups whose Reference allocateWithServiceGroup takes, and allocates with one', async () => {
    const groups = await orders.serviceGroups.list();
    expect(groups.map((group) => group.Reference)).toEqual(['economy', 'valuableGoods', 'international']);
    const economy = groups.find((group) => group.Name === 'Economy');
    expect(economy).toMatchObject({ Description: 'Tracked services in two to three days' });
    const consignment = await packedConsignment(orders);
    await orders.allocation.allocateWithServiceGroup(consignment, economy!.Reference);
    expect((await orders.consignments.get(consignment)).ConsignmentState).toBe('Allocated');
  });

  it('reads one group and its summary by code, and answers NotFoundError for an unknown code', async () => {
    expect(await orders.serviceGroups.get('valuableGoods')).toMatchObject({
      Reference: 'valuableGoods',
      Name: 'Valuable goods',
    });
    expect((await orders.serviceGroups.getSummary('economy')).Name).toBe('Economy');
    expect((await orders.serviceGroups.listSummaries()).map((group) => group.Reference)).toContain(
      'international',
    );
    await expect(orders.serviceGroups.get('nothing')).rejects.toBeInstanceOf(NotFoundError);
    await expect(orders.serviceGroups.getSummary('nothing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('tells whether a code is free: false for a group that has it', async () => {
    expect(await orders.serviceGroups.isReferenceAvailable('economy')).toBe(false);
    expect(await orders.serviceGroups.isReferenceAvailable('overnight')).toBe(true);
    mock.store.orders.addServiceGroup({ Reference: 'overnight', Name: 'Overnight', ServiceReferences: [] });
    expect(await orders.serviceGroups.isReferenceAvailable('overnight')).toBe(false);
  });

  it('refuses a code that would change the path, and sends nothing', async () => {
    for (const code of ['../orders', 'a/b', '', 'economy?x=1']) {
      await expect(orders.serviceGroups.get(code)).rejects.toBeInstanceOf(RequestValidationError);
      await expect(orders.serviceGroups.isReferenceAvailable(code)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(mock.requests('getServiceGroup')).toHaveLength(0);
    expect(mock.requests('isServiceGroupReferenceAvailable')).toHaveLength(0);
  });

  it('reads a list answered as null as no groups', async () => {
    mock.failNext('getServiceGroups', { status: 200, body: 'null' });
    expect(await orders.serviceGroups.list()).toEqual([]);
  });
});
