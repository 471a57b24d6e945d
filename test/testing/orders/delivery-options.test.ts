import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { A, createOrderInput, expectAreaAError, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const { Packages, Addresses } = createOrderInput();
const optionsRequest = { Packages, Addresses, ConsignmentReferenceProvidedByCustomer: 'CHECKOUT-77' };

async function firstOption(): Promise<string> {
  const { body } = await api.ok('POST', '/deliveryoptions', optionsRequest);
  return body.DeliveryOptions[0].Reference;
}

describe('area A mock: Select Option (as a consignment)', () => {
  it('creates a consignment from the options request, allocated to the option’s service', async () => {
    const option = await firstOption();
    const chosen = mock.store.orders.deliveryOptions.get(option)?.CarrierServiceReference;
    const answer = await api.call('POST', `/deliveryoptions/select/${option}`);
    expect(answer.status).toBe(200);
    const detail = answer.body.ApiLinks.find((link: { Rel: string }) => link.Rel === 'detail');
    const reference = detail.Href.split('/').pop();
    expect(detail.Href).toBe(`${A}/consignments/${reference}`);
    expect(answer.body.CarrierServiceReference).toBe(chosen);
    const consignment = mock.store.orders.getConsignment(reference);
    expect(consignment).toMatchObject({
      State: 'Allocated',
      OrderReferenceProvidedByCustomer: 'CHECKOUT-77',
    });
    expect(consignment?.OrderReference).toBeUndefined();
    const found = await api.ok(
      'GET',
      '/consignments/getConsignmentReferences?referenceProvidedByCustomer=CHECKOUT-77',
    );
    expect(found.body).toEqual([reference]);
  });

  it('selects an option once: a second select, or selecting it as an order after, is refused', async () => {
    const option = await firstOption();
    await api.ok('POST', `/deliveryoptions/select/${option}`);
    expectAreaAError(
      await api.call('POST', `/deliveryoptions/select/${option}`),
      400,
      'DeliveryOptionAlreadySelected',
    );
    expectAreaAError(
      await api.call('POST', '/deliveryoptions/selectorder', { Reference: option }),
      400,
      'DeliveryOptionAlreadySelected',
    );
    expect(mock.store.orders.consignments.size).toBe(1);
    expect(mock.store.orders.orders.size).toBe(0);
  });

  it('answers 404 for an unknown option', async () => {
    expectAreaAError(
      await api.call('POST', '/deliveryoptions/select/EDO-999-999-999'),
      404,
      'DeliveryOptionNotFound',
    );
  });
});

describe('area A mock: Select Delivery Option As An Order (list form)', () => {
  it('makes an order per selection with its own reference, and reports a failed selection in its place', async () => {
    const option = await firstOption();
    const { body } = await api.ok('POST', '/deliveryoptions/selectorder', {
      DeliveryOptions: [
        { Reference: 'EDO-999-999-999' },
        {
          Reference: option,
          OrderReferenceProvidedByCustomer: 'MYORDER-1',
          MetaData: [{ KeyValue: 'Till', StringValue: '4' }],
        },
      ],
    });
    expect(body.SelectOrderResults).toEqual([
      expect.objectContaining({
        DeliveryOptionReference: 'EDO-999-999-999',
        OrderReference: null,
        Status: 404,
      }),
      expect.objectContaining({
        DeliveryOptionReference: option,
        OrderReference: 'EO-000-000-001',
        Status: 201,
      }),
    ]);
    const order = await api.getOrder('EO-000-000-001');
    expect(order).toMatchObject({
      OrderReferenceProvidedByCustomer: 'MYORDER-1',
      MetaData: [{ KeyValue: 'Till' }],
    });
  });
});

describe('area A mock: Delivery Option Summary, Get Existing Delivery Option, Reserve Pickup Option', () => {
  it('summarises the days options exist on, without making options', async () => {
    const { status, body } = await api.call('POST', '/deliveryoptions/summary', optionsRequest);
    expect(status).toBe(201);
    expect(body).toEqual({
      Reference: expect.stringMatching(/^EPC-/),
      DeliveryOptions: ['2026-01-06T00:00:00', '2026-01-07T00:00:00'],
      TimeSlots: null,
      PickUp: null,
      DropOff: null,
    });
    expect(mock.store.orders.deliveryOptions.size).toBe(3);
  });

  it('reads an option again with the consignment it was offered for', async () => {
    const option = await firstOption();
    const { body } = await api.ok('GET', `/deliveryoptions/details/${option}`);
    expect(body.DeliveryOption.Reference).toBe(option);
    expect(body.ConsignmentDetail).toMatchObject({
      ConsignmentReferenceProvidedByCustomer: 'CHECKOUT-77',
      Weight: { Kg: 1.4 },
    });
    expectAreaAError(
      await api.call('GET', '/deliveryoptions/details/EDO-999-999-999'),
      404,
      'DeliveryOptionNotFound',
    );
  });

  it('reserves a pickup option once', async () => {
    const { body } = await api.ok('POST', '/deliveryoptions/pickupoptions', {
      ...optionsRequest,
      Distance: { Value: 5, Unit: 'Km' },
      MaxResults: 1,
    });
    const option = body.Locations[0].DeliveryOptions[0].Reference;
    const reserved = await api.call('POST', `/deliveryoptions/reserve/${option}`);
    expect(reserved.status).toBe(200);
    expect(reserved.body.ReservationReference).toMatch(/^RES-/);
    expectAreaAError(
      await api.call('POST', `/deliveryoptions/reserve/${option}`),
      400,
      'DeliveryOptionAlreadyReserved',
    );
  });
});

describe('area A mock: Select Delivery Option', () => {
  /** A Royal Mail Tracked 24 option delivering on 2026-01-06, whose order is `order`. */
  const addOption = (Reference: `EDO-${string}`, Order = createOrderInput()) =>
    mock.store.orders.addDeliveryOption({
      Reference,
      CarrierServiceReference: 'RM-TRACKED24',
      EarliestDeliveryDate: '2026-01-06',
      LatestDeliveryDate: '2026-01-06',
      Order,
    });

  it('creates an order from { Reference } (spec shape), answering SelectOrderResults', async () => {
    const answer = await api.call('POST', '/deliveryoptions/selectorder', { Reference: 'EDO-000-001-NXD' });
    expect(answer.status).toBe(200);
    expect(answer.body.SelectOrderResults).toEqual([
      expect.objectContaining({ OrderReference: 'EO-000-000-001', Status: 201 }),
    ]);
    const order = await api.getOrder('EO-000-000-001');
    expect(order).toMatchObject({ DeliveryOptionReference: 'EDO-000-001-NXD', Source: 'Api' });
    expect(order.Packages[0].Items[0].Sku).toBe('MUG-BLUE');
  });

  it('accepts the real { DeliveryOptions: [{ Reference }] } shape', async () => {
    const answer = await api.call('POST', '/deliveryoptions/selectorder', {
      DeliveryOptions: [{ Reference: 'EDO-000-003-EUR' }],
    });
    expect(answer.body.SelectOrderResults[0]).toMatchObject({
      OrderReference: expect.stringMatching(/^EO-/),
      Status: 201,
    });
  });

  it('answers 404 for an unknown option and creates nothing', async () => {
    const answer = await api.call('POST', '/deliveryoptions/selectorder', { Reference: 'EDO-999-999-XXX' });
    expectAreaAError(answer, 404, 'DeliveryOptionNotFound');
    expect(mock.store.orders.orders.size).toBe(0);
  });

  it('creates none of the orders when one selected option cannot make a valid order', async () => {
    addOption('EDO-TEST-BROKEN', createOrderInput({ Addresses: [origin()] }));
    const answer = await api.call('POST', '/deliveryoptions/selectorder', {
      DeliveryOptions: [{ Reference: 'EDO-000-001-NXD' }, { Reference: 'EDO-TEST-BROKEN' }],
    });
    expectAreaAError(answer, 400, 'InvalidRequest');
    expect(mock.store.orders.orders.size).toBe(0);
    expect(await api.createOrder()).toBe('EO-000-000-001');
  });

  it('selects an option added by a test', async () => {
    addOption('EDO-TEST-1');
    const answer = await api.call('POST', '/deliveryoptions/selectorder', { Reference: 'EDO-TEST-1' });
    expect(answer.status).toBe(200);
  });
});
