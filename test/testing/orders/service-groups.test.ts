import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

describe('area A mock: service groups and the default package size', () => {
  it('lists the seeded service groups, the ones allocation uses, in full and in summary', async () => {
    const { body } = await api.ok('GET', '/servicegroups');
    expect(body.map((group: { Reference: string }) => group.Reference)).toEqual([
      'economy',
      'valuableGoods',
      'international',
    ]);
    expect(body[0]).toEqual({
      Reference: 'economy',
      Name: 'Economy',
      Description: 'Tracked services in two to three days',
      CustomerReference: null,
    });
    expect((await api.ok('GET', '/servicegroups/summaries')).body).toEqual(body);
  });

  it('follows the store: a group added is listed and read, and allocation can use it', async () => {
    mock.store.orders.addServiceGroup({
      Reference: 'sameDay',
      Name: 'Same day',
      ServiceReferences: ['RM-TRACKED24'],
    });
    expect((await api.ok('GET', '/servicegroups/sameDay')).body).toMatchObject({
      Reference: 'sameDay',
      Name: 'Same day',
      Description: null,
    });
    const consignment = await api.consignment();
    await api.ok('PUT', `/allocation/${consignment}/allocatewithservicegroup/sameDay`);
    expect(api.state(consignment)).toBe('Allocated');
  });

  it('reads one group, or its summary, by its code in any case; 404 ServiceGroupNotFound for an unknown one', async () => {
    expect((await api.ok('GET', '/servicegroups/valuablegoods')).body.Reference).toBe('valuableGoods');
    expect((await api.ok('GET', '/servicegroups/summary/economy')).body.Name).toBe('Economy');
    expectAreaAError(await api.call('GET', '/servicegroups/nothing'), 404, 'ServiceGroupNotFound');
    expectAreaAError(await api.call('GET', '/servicegroups/summary/nothing'), 404, 'ServiceGroupNotFound');
  });

  it('answers whether a code is free: false for a group that has it (in any case), true otherwise', async () => {
    expect((await api.ok('GET', '/servicegroups/economy/available')).body).toBe(false);
    expect((await api.ok('GET', '/servicegroups/ECONOMY/available')).body).toBe(false);
    expect((await api.ok('GET', '/servicegroups/overnight/available')).body).toBe(true);
  });

  it('answers the default package size: the one size marked IsDefault', async () => {
    expect((await api.ok('GET', '/packagesizes/default')).body).toMatchObject({
      Reference: 'SMALL-PARCEL',
      IsDefault: true,
    });
    for (const size of (await api.ok('GET', '/packagesizes')).body) {
      expect(size.IsDefault).toBe(size.Reference === 'SMALL-PARCEL');
    }
  });
});
