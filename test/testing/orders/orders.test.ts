import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import {
  A,
  createOrderInput,
  destination,
  expectAreaAError,
  origin,
  wire,
} from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

describe('area A mock: Create Order', () => {
  it('answers the real shape [{ Rel: "Order", Href }] with an EO- reference', async () => {
    const answer = await api.call('POST', '/orders', createOrderInput());
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual([{ Rel: 'Order', Href: `${A}/orders/EO-000-000-001` }]);
  });

  it('requires packages holding items', async () => {
    expectAreaAError(
      await api.call('POST', '/orders', createOrderInput({ Packages: [] })),
      400,
      'InvalidRequest',
    );
    const noItems = await api.call('POST', '/orders', createOrderInput({ Packages: [{ Items: [] }] }));
    expectAreaAError(noItems, 400, 'InvalidRequest');
    expect(noItems.body.Details[0].Target).toBe('Packages[0].Items');
  });

  it('requires an Origin and a Destination address', async () => {
    const noOrigin = await api.call('POST', '/orders', createOrderInput({ Addresses: [destination()] }));
    expectAreaAError(noOrigin, 400, 'InvalidRequest');
    const noDestination = await api.call('POST', '/orders', createOrderInput({ Addresses: [origin()] }));
    expectAreaAError(noDestination, 400, 'InvalidRequest');
  });

  it('requires a valid ShippingLocationReference on the origin or the destination', async () => {
    const none = createOrderInput({
      Addresses: [origin({ ShippingLocationReference: undefined }), destination()],
    });
    expectAreaAError(await api.call('POST', '/orders', none), 400, 'InvalidShippingLocation');
    const unknown = createOrderInput({
      Addresses: [origin({ ShippingLocationReference: 'SL-NOWHERE' }), destination()],
    });
    expectAreaAError(await api.call('POST', '/orders', unknown), 400, 'InvalidShippingLocation');
    const onDestination = createOrderInput({
      Addresses: [
        origin({ ShippingLocationReference: undefined }),
        destination({ ShippingLocationReference: 'SL-LEEDS' }),
      ],
    });
    expect((await api.call('POST', '/orders', onDestination)).status).toBe(201);
  });

  it('rejects badly typed optional properties', async () => {
    const answer = await api.call('POST', '/orders', createOrderInput({ Tags: 'Heavy' }));
    expectAreaAError(answer, 400, 'InvalidRequest');
    expect(answer.body.Details[0].Target).toBe('Tags');
  });
});

describe('area A mock: dates', () => {
  it.each([
    ['a 30 February', '2026-02-30'],
    ['a 29 February outside a leap year', '2026-02-29'],
    ['a thirteenth month', '2026-13-01'],
    ['a day 00', '2026-01-00'],
    ['an hour 25', '2026-01-05T25:00:00Z'],
    ['a minute 60', '2026-01-05T10:60:00+01:00'],
    ['text after the date', '2026-01-05 tomorrow'],
  ])('refuses %s (%s) instead of rolling it over', async (_name, date) => {
    const answer = await api.call('POST', '/orders', createOrderInput({ RequiredDeliveryDate: date }));
    expectAreaAError(answer, 400, 'InvalidRequest');
    expect(answer.body.Details[0].Target).toBe('RequiredDeliveryDate');
    expect(mock.store.orders.orders.size).toBe(0);
  });

  it('takes real dates and date-times, a 29 February of a leap year and the year 0001 included', async () => {
    for (const date of [
      '2028-02-29',
      '2026-01-05T09:30:00Z',
      '2026-01-05T09:30:00.123+05:30',
      '0001-01-01',
    ]) {
      const answer = await api.call('POST', '/orders', createOrderInput({ ShippingDate: date }));
      expect(answer.status, date).toBe(201);
    }
  });

  it('refuses an impossible date in a manifest query too', async () => {
    const answer = await api.call('POST', '/consignments/manifestFromQuery', { ShippingDate: '2026-02-30' });
    expectAreaAError(answer, 400, 'InvalidRequest');
  });
});

describe('area A mock: Get Order', () => {
  it('returns the stored order with the real extras', async () => {
    const reference = await api.createOrder({ MetaData: [{ KeyValue: 'Channel', StringValue: 'Web' }] });
    const order = await api.getOrder(reference);
    expect(order).toMatchObject({
      OrderReference: reference,
      OrderReferenceProvidedByCustomer: 'WEB-1001',
      Source: 'Api',
      DateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      MetaData: [{ KeyValue: 'Channel', StringValue: 'Web' }],
    });
    expect(order.Packages[0].Reference).toMatch(/^EP-/);
    expect(order.Packages[0].Items[0].Reference).toMatch(/^[0-9a-f]{32}$/);
    expect(order.Packages[0].Items[0].Reference).not.toBe(order.Packages[0].Items[1].Reference);
    expect(order.Addresses).toHaveLength(2);
  });

  it('keeps a given Source', async () => {
    const reference = await api.createOrder({ Source: 'Web' });
    expect((await api.getOrder(reference)).Source).toBe('Web');
  });
});

describe('area A mock: Update Order', () => {
  const full = {
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    RequiredDeliveryDate: '2026-01-20',
    ShippingDate: '2026-01-10',
    CustomsDocumentation: { ShipmentType: 'Gift' },
    MetaData: [{ KeyValue: 'Channel', StringValue: 'Web' }],
    Direction: 'Outbound',
    Tags: ['Signature'],
  };

  it('requires OrderReference in the body', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('PUT', `/orders/${reference}`, { Direction: 'Outbound' });
    expectAreaAError(answer, 400, 'InvalidRequest');
  });

  it('refuses an OrderReference that differs from the path (it cannot be updated)', async () => {
    const reference = await api.createOrder();
    const other = await api.createOrder();
    const answer = await api.call('PUT', `/orders/${reference}`, { OrderReference: other });
    expectAreaAError(answer, 400, 'ReferenceMismatch');
    expect((await api.getOrder(reference)).OrderReference).toBe(reference);
  });

  it('answers 404 for an unknown order', async () => {
    const answer = await api.call('PUT', '/orders/EO-999-999-999', { OrderReference: 'EO-999-999-999' });
    expectAreaAError(answer, 404, 'OrderNotFound');
  });

  it('replaces the replaceable properties and answers 200', async () => {
    const reference = await api.createOrder(full);
    const answer = await api.call('PUT', `/orders/${reference}`, {
      OrderReference: reference,
      OrderReferenceProvidedByCustomer: 'WEB-2002',
      RequiredDeliveryDate: '2026-01-22',
      ShippingDate: '2026-01-12',
      CustomsDocumentation: { ShipmentType: 'Sale' },
      MetaData: [{ KeyValue: 'Channel', StringValue: 'Phone' }],
    });
    expect(answer.status).toBe(200);
    expect(await api.getOrder(reference)).toMatchObject({
      OrderReferenceProvidedByCustomer: 'WEB-2002',
      RequiredDeliveryDate: '2026-01-22',
      ShippingDate: '2026-01-12',
      CustomsDocumentation: { ShipmentType: 'Sale' },
      MetaData: [{ KeyValue: 'Channel', StringValue: 'Phone' }],
    });
  });

  it('deletes the replaceable properties it is not given', async () => {
    const reference = await api.createOrder(full);
    await api.ok('PUT', `/orders/${reference}`, { OrderReference: reference });
    const order = await api.getOrder(reference);
    for (const key of [
      'OrderReferenceProvidedByCustomer',
      'RequiredDeliveryDate',
      'ShippingDate',
      'CustomsDocumentation',
      'MetaData',
    ]) {
      expect(order, key).not.toHaveProperty(key);
    }
  });

  it('keeps Addresses, Direction and Tags when they are not given', async () => {
    const reference = await api.createOrder(full);
    await api.ok('PUT', `/orders/${reference}`, { OrderReference: reference });
    expect(await api.getOrder(reference)).toMatchObject({ Direction: 'Outbound', Tags: ['Signature'] });
    expect((await api.getOrder(reference)).Addresses).toHaveLength(2);
  });

  it('replaces Addresses, Direction and Tags entirely when given', async () => {
    const reference = await api.createOrder(full);
    await api.ok('PUT', `/orders/${reference}`, {
      OrderReference: reference,
      Addresses: [origin({ ShippingLocationReference: 'SL-LEEDS' }), destination({ Town: 'York' })],
      Direction: 'Inbound',
      Tags: ['Heavy'],
    });
    const order = await api.getOrder(reference);
    expect(order).toMatchObject({ Direction: 'Inbound', Tags: ['Heavy'] });
    expect(order.Addresses.map((address: { Town: string }) => address.Town)).toEqual(['London', 'York']);
    expect(order.Addresses[0].ShippingLocationReference).toBe('SL-LEEDS');
  });

  it('ignores Source and Packages', async () => {
    const reference = await api.createOrder();
    const before = await api.getOrder(reference);
    await api.ok('PUT', `/orders/${reference}`, {
      OrderReference: reference,
      Source: 'Web',
      Packages: [{ Items: [{ Sku: 'OTHER' }] }],
    });
    const after = await api.getOrder(reference);
    expect(after.Source).toBe('Api');
    expect(after.Packages).toEqual(before.Packages);
  });

  it('ignores Source whatever it holds, as the spec says', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('PUT', `/orders/${reference}`, { OrderReference: reference, Source: 5 });
    expect(answer.status).toBe(200);
    expect((await api.getOrder(reference)).Source).toBe('Api');
  });

  it('refuses Addresses that are not an array, like a bad Direction, and changes nothing', async () => {
    const reference = await api.createOrder(full);
    const before = await api.getOrder(reference);
    for (const Addresses of ['x', {}, 5, true]) {
      const answer = await api.call('PUT', `/orders/${reference}`, { OrderReference: reference, Addresses });
      expectAreaAError(answer, 400, 'InvalidRequest');
      expect(answer.body.Details[0].Target, JSON.stringify(Addresses)).toBe('Addresses');
    }
    expectAreaAError(
      await api.call('PUT', `/orders/${reference}`, { OrderReference: reference, Direction: 5 }),
      400,
      'InvalidRequest',
    );
    expect(await api.getOrder(reference)).toEqual(before);
  });

  it('keeps the addresses for Addresses null or []', async () => {
    const reference = await api.createOrder(full);
    for (const Addresses of [null, []]) {
      await api.ok('PUT', `/orders/${reference}`, { ...full, OrderReference: reference, Addresses });
      expect((await api.getOrder(reference)).Addresses).toHaveLength(2);
    }
  });
});

describe('area A mock: addresses on an order', () => {
  const sender = {
    ...origin({ ShippingLocationReference: undefined }),
    AddressType: 'Sender',
    CompanyName: 'Mugs HQ',
  };

  it('adds an address of a type the order lacks, with an empty 200', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('POST', `/orders/${reference}/address`, sender);
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: '' });
    expect(
      (await api.getOrder(reference)).Addresses.map((a: { AddressType: string }) => a.AddressType),
    ).toEqual(['Origin', 'Destination', 'Sender']);
  });

  it('refuses to add a second address of a type already on the order', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('POST', `/orders/${reference}/address`, origin());
    expectAreaAError(answer, 400, 'AddressTypeAlreadyExists');
  });

  it('updates an address of a type on the order, with an empty 200', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('PUT', `/orders/${reference}/address`, destination({ Town: 'Salford' }));
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: '' });
    const order = await api.getOrder(reference);
    expect(order.Addresses.find((a: { AddressType: string }) => a.AddressType === 'Destination').Town).toBe(
      'Salford',
    );
  });

  it('refuses to update an address type the order does not have', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('PUT', `/orders/${reference}/address`, sender);
    expectAreaAError(answer, 400, 'AddressTypeNotOnOrder');
  });

  it('reads address types trimmed and case-insensitively, when adding and when updating', async () => {
    const reference = await api.createOrder();
    for (const type of ['Origin ', ' ORIGIN', 'destination']) {
      const answer = await api.call('POST', `/orders/${reference}/address`, origin({ AddressType: type }));
      expectAreaAError(answer, 400, 'AddressTypeAlreadyExists');
    }
    const updated = await api.call(
      'PUT',
      `/orders/${reference}/address`,
      destination({ AddressType: ' destination ', Town: 'Salford' }),
    );
    expect(updated.status).toBe(200);
    const order = await api.getOrder(reference);
    expect(order.Addresses).toHaveLength(2);
    expect(order.Addresses[1].Town).toBe('Salford');
  });

  it('refuses two addresses of one type however they are written, and a blank type', async () => {
    const twice = createOrderInput({
      Addresses: [origin(), destination(), origin({ AddressType: 'origin ' })],
    });
    expectAreaAError(await api.call('POST', '/orders', twice), 400, 'InvalidRequest');
    const blank = await api.call(
      'POST',
      '/orders',
      createOrderInput({ Addresses: [origin(), destination({ AddressType: '  ' })] }),
    );
    expectAreaAError(blank, 400, 'InvalidRequest');
    expect(mock.store.orders.orders.size).toBe(0);
  });

  it('checks the shipping location of an added address', async () => {
    const reference = await api.createOrder();
    const answer = await api.call('POST', `/orders/${reference}/address`, {
      ...sender,
      ShippingLocationReference: 'SL-NOWHERE',
    });
    expectAreaAError(answer, 400, 'InvalidShippingLocation');
  });
});
