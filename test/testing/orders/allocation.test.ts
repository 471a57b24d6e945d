import { describe, expect, it } from 'vitest';
import { useMockService } from '../../helpers.js';
import { expectAreaAError, france, wire } from '../../orders-mock-support.js';

const { mock } = useMockService();
const api = wire(mock);

const serviceOf = (reference: string) => mock.store.orders.getConsignment(reference)?.CarrierServiceReference;

describe('area A mock: Allocate With Carrier Service', () => {
  it('allocates every consignment to the named service, one summary each in order', async () => {
    const first = await api.consignment();
    const second = await api.consignment();
    const { body } = await api.ok('PUT', '/allocation/allocatewithcarrierservice', {
      MpdCarrierServiceReference: 'RM-TRACKED24',
      ConsignmentReferences: [first, second],
    });
    expect(
      body.map((summary: { CarrierServiceReference: string }) => summary.CarrierServiceReference),
    ).toEqual(['RM-TRACKED24', 'RM-TRACKED24']);
    expect([serviceOf(first), serviceOf(second)]).toEqual(['RM-TRACKED24', 'RM-TRACKED24']);
  });

  it('fails visibly the consignment the service cannot carry, and allocates the others', async () => {
    const domestic = await api.consignment();
    const abroad = await api.consignment({ Addresses: [createOrigin(), france()] });
    const { body } = await api.ok('PUT', '/allocation/allocatewithcarrierservice', {
      MpdCarrierServiceReference: 'RM-TRACKED24',
      ConsignmentReferences: [domestic, abroad],
    });
    expect(body[0].CarrierServiceReference).toBe('RM-TRACKED24');
    expect(body[1]).toMatchObject({
      StatusCode: 400,
      Description: expect.stringMatching(/does not ship to FR/),
    });
    expect([api.state(domestic), api.state(abroad)]).toEqual(['Allocated', 'AllocationFailed']);
  });

  it('refuses a service that is not configured, changing nothing', async () => {
    const reference = await api.consignment();
    const answer = await api.call('PUT', '/allocation/allocatewithcarrierservice', {
      MpdCarrierServiceReference: 'NO-SUCH-SERVICE',
      ConsignmentReferences: [reference],
    });
    expectAreaAError(answer, 400, 'CarrierServiceNotFound');
    expect(api.state(reference)).toBe('Unallocated');
  });
});

describe('area A mock: Allocate With Service Group', () => {
  it('chooses the cheapest eligible service of the group', async () => {
    const reference = await api.consignment();
    const { body } = await api.ok('PUT', `/allocation/${reference}/allocatewithservicegroup/valuableGoods`);
    expect(body.CarrierServiceReference).toBe('DPD-NEXTDAY');
    expect(api.state(reference)).toBe('Allocated');
  });

  it('fails allocation visibly when no service of the group matches, and 404 for an unknown group', async () => {
    const reference = await api.consignment();
    expectAreaAError(
      await api.call('PUT', `/allocation/${reference}/allocatewithservicegroup/international`),
      400,
      'NoQuotesAvailable',
    );
    expect(api.state(reference)).toBe('AllocationFailed');
    expect(mock.store.orders.getConsignment(reference)?.FailedAllocation).toMatchObject({
      Message: expect.stringMatching(/not in service group|does not ship/),
    });
    expectAreaAError(
      await api.call('PUT', `/allocation/${reference}/allocatewithservicegroup/nope`),
      404,
      'ServiceGroupNotFound',
    );
  });
});

describe('area A mock: Allocate With Service Filters', () => {
  it('chooses the cheapest service that passes the filters', async () => {
    const dropOff = await api.consignment();
    const pickup = await api.consignment();
    const { body } = await api.ok('PUT', '/allocation/allocateConsignmentsWithServiceFilters', {
      ConsignmentReferences: [dropOff],
      Filters: { ServiceDirection: 'Outbound', IsDropOff: true },
    });
    expect(body[0].CarrierServiceReference).toBe('RM-TRACKED24');
    await api.ok('PUT', '/allocation/allocateConsignmentsWithServiceFilters', {
      ConsignmentReferences: [pickup],
      Filters: { ServiceDirection: 'Outbound', IsPickup: true },
    });
    expect(serviceOf(pickup)).toBe('DPD-NEXTDAY');
  });

  it('fails allocation visibly when no service passes, and refuses filters without a direction', async () => {
    const reference = await api.consignment();
    const { body } = await api.ok('PUT', '/allocation/allocateConsignmentsWithServiceFilters', {
      ConsignmentReferences: [reference],
      Filters: { ServiceDirection: 'Inbound', IsPickup: true, IsDropOff: true },
    });
    expect(body[0].StatusCode).toBe(400);
    expect(api.state(reference)).toBe('AllocationFailed');
    const other = await api.consignment();
    const answer = await api.call('PUT', '/allocation/allocateConsignmentsWithServiceFilters', {
      ConsignmentReferences: [other],
      Filters: { IsPickup: true },
    });
    expectAreaAError(answer, 400, 'InvalidRequest');
  });
});

function createOrigin() {
  return {
    AddressType: 'Origin',
    ShippingLocationReference: 'SL-LONDON',
    Country: { IsoCode: { TwoLetterCode: 'GB' } },
  };
}
