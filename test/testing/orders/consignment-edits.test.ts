import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { destination, expectAreaAError, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

type Json = Record<string, unknown>;

const read = async (reference: string) => (await api.ok('GET', `/consignments/${reference}`)).body;
const addressOf = (consignment: Json, type: string) =>
  (consignment.Addresses as Json[]).find((address) => address.AddressType === type);
const leeds = destination({ AddressLine1: '2 Park Row', Town: 'Leeds', Postcode: 'LS1 5HD' });

describe('area A mock: Update Consignment Address', () => {
  it('replaces the address of the same type, answers 200 with no body, and audits it', async () => {
    const reference = await api.consignment();
    const answer = await api.call('PUT', `/consignments/${reference}`, leeds);
    expect(answer).toMatchObject({ status: 200, text: '' });
    expect(addressOf(await read(reference), 'Destination')).toMatchObject({
      AddressLine1: '2 Park Row',
      Town: 'Leeds',
    });
    const messages = (await api.ok('GET', `/consignments/${reference}/audit`)).body;
    expect(messages.at(-1)).toMatchObject({ Message: 'Destination address updated' });
  });

  it('moves the consignment to the shipping location its new Origin names', async () => {
    const reference = await api.consignment();
    await api.ok('PUT', `/consignments/${reference}`, origin({ ShippingLocationReference: 'SL-LEEDS' }));
    expect(mock.store.orders.getConsignment(reference)?.ShippingLocationReference).toBe('SL-LEEDS');
  });

  it('refuses an address type the consignment lacks, a bad address, and an unknown consignment', async () => {
    const reference = await api.consignment();
    expectAreaAError(
      await api.call('PUT', `/consignments/${reference}`, { ...leeds, AddressType: 'Importer' }),
      400,
      'AddressTypeNotOnConsignment',
    );
    expectAreaAError(
      await api.call('PUT', `/consignments/${reference}`, { ...leeds, Postcode: 'NOT A POSTCODE' }),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('PUT', '/consignments/EC-000-ZZZ-ZZZ', leeds),
      404,
      'ConsignmentNotFound',
    );
  });

  it('refuses to change an allocated consignment’s address, and answers 200 to the address it has', async () => {
    const reference = await api.consignment();
    await api.ok('PUT', `/consignments/${reference}`, leeds);
    await api.ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
    expectAreaAError(
      await api.call('PUT', `/consignments/${reference}`, { ...leeds, AddressLine1: '3 Park Row' }),
      400,
      'InvalidConsignmentState',
    );
    // The same edit again, as a retry of one that was made before the allocation: nothing to change.
    expect((await api.call('PUT', `/consignments/${reference}`, leeds)).status).toBe(200);
  });

  it('leaves the fixed PUT /consignments/… routes theirs', async () => {
    const reference = await api.consignment();
    const cancelled = await api.ok('PUT', '/consignments/cancellist', [reference]);
    expect(cancelled.body[0]).toMatchObject({ IsSuccess: true });
    expect(mock.requests('updateConsignmentAddress')).toHaveLength(0);
  });
});

describe('area A mock: Set Consignment Details', () => {
  it('sets what it is given and keeps what it is not (or is null)', async () => {
    const reference = await api.consignment();
    await api.ok('PUT', `/consignments/${reference}/details`, {
      ConsignmentReferenceProvidedByCustomer: 'WEB-1002',
      RequestedDeliveryDate: '2026-01-09T00:00:00+00:00',
      IsExactRequestedDeliveryDate: true,
    });
    await api.ok('PUT', `/consignments/${reference}/details`, {
      ConsignmentReferenceProvidedByCustomer: null,
      ShippingDateTime: '2026-01-06T10:00:00+00:00',
    });
    expect(await read(reference)).toMatchObject({
      ConsignmentReferenceProvidedByCustomer: 'WEB-1002',
      RequestedDeliveryDate: '2026-01-09',
      ShippingDate: '2026-01-06T10:00:00+00:00',
    });
    const { body } = await api.ok('GET', `/consignments/1/0?reference=${reference}`);
    expect(body.ConsignmentSummaries[0]).toMatchObject({
      RequestedDeliveryDate: '2026-01-09',
      RequestedDeliveryDateIsToBeExactlyOnTheDateSpecified: true,
    });
  });

  it('refuses a date that is not one, and a change once allocated; the details it has are answered 200', async () => {
    const reference = await api.consignment();
    expectAreaAError(
      await api.call('PUT', `/consignments/${reference}/details`, { RequestedDeliveryDate: 'soon' }),
      400,
      'InvalidRequest',
    );
    await api.ok('PUT', `/consignments/${reference}/details`, { ShippingDateTime: '2026-01-06' });
    await api.ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
    expectAreaAError(
      await api.call('PUT', `/consignments/${reference}/details`, { ShippingDateTime: '2026-01-07' }),
      400,
      'InvalidConsignmentState',
    );
    expect(
      (await api.call('PUT', `/consignments/${reference}/details`, { ShippingDateTime: '2026-01-06' }))
        .status,
    ).toBe(200);
    expectAreaAError(
      await api.call('PUT', '/consignments/EC-000-ZZZ-ZZZ/details', { ShippingDateTime: '2026-01-06' }),
      404,
      'ConsignmentNotFound',
    );
  });
});

describe('area A mock: Set Customer Provided Reference', () => {
  it('sets the reference in any state, where search finds it', async () => {
    const reference = await api.allocated();
    const answer = await api.call('PUT', `/consignments/${reference}/setcustomerprovidedreference`, {
      Reference: 'WEB-2002',
    });
    expect(answer).toMatchObject({ status: 200, text: '' });
    const found = await api.ok(
      'GET',
      '/consignments/getConsignmentReferences?referenceProvidedByCustomer=WEB-2002',
    );
    expect(found.body).toEqual([reference]);
    expect((await read(reference)).ConsignmentReferenceProvidedByCustomer).toBe('WEB-2002');
  });

  it('refuses a reference that is not text, and answers 404 for an unknown consignment', async () => {
    const reference = await api.consignment();
    expectAreaAError(
      await api.call('PUT', `/consignments/${reference}/setcustomerprovidedreference`, { Reference: 7 }),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('PUT', '/consignments/EC-000-ZZZ-ZZZ/setcustomerprovidedreference', { Reference: 'X' }),
      404,
      'ConsignmentNotFound',
    );
  });
});
