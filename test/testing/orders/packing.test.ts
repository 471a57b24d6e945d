import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { A, expectAreaAError, france, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const consignment = (reference: string) => {
  const stored = mock.store.orders.getConsignment(reference);
  if (!stored) throw new Error(`no consignment ${reference}`);
  return stored;
};
const pack = (order: string, body: Record<string, unknown>) =>
  api.call('POST', `/orders/${order}/pack`, body);
const mug = (extra: Record<string, unknown> = {}) => ({
  Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1, ...extra }] }],
});

describe('area A mock: Pack Order', () => {
  it('answers the real Results shape with one Unallocated consignment', async () => {
    const order = await api.createOrder();
    const answer = await pack(order, { OrderReference: order, ...mug() });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      Results: [
        {
          Result: 'ConsignmentCreated',
          ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-000-000-001` }],
        },
      ],
    });
    expect(consignment('EC-000-000-001')).toMatchObject({ State: 'Unallocated', OrderReference: order });
  });

  it('requires the body OrderReference to match the path', async () => {
    const order = await api.createOrder();
    const other = await api.createOrder();
    expectAreaAError(await pack(order, { OrderReference: other, ...mug() }), 400, 'ReferenceMismatch');
    expectAreaAError(await pack(order, mug()), 400, 'InvalidRequest');
  });

  it('answers 404 for an unknown order', async () => {
    const answer = await pack('EO-999-999-999', { OrderReference: 'EO-999-999-999', ...mug() });
    expectAreaAError(answer, 404, 'OrderNotFound');
  });

  it('requires at least one package with at least one item', async () => {
    const order = await api.createOrder();
    expectAreaAError(await pack(order, { OrderReference: order, Packages: [] }), 400, 'InvalidRequest');
    expectAreaAError(
      await pack(order, { OrderReference: order, Packages: [{ Items: [] }] }),
      400,
      'InvalidRequest',
    );
  });

  it('requires a positive integer Quantity on each item', async () => {
    const order = await api.createOrder();
    for (const Quantity of [undefined, 0, -1, 1.5, '1']) {
      const answer = await pack(order, {
        OrderReference: order,
        Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity }] }],
      });
      expectAreaAError(answer, 400, 'InvalidRequest');
      expect(answer.body.Details[0].Target).toBe('Packages[0].Items[0].Quantity');
    }
  });

  it('requires each item to be identified', async () => {
    const order = await api.createOrder();
    const answer = await pack(order, { OrderReference: order, Packages: [{ Items: [{ Quantity: 1 }] }] });
    expectAreaAError(answer, 400, 'InvalidRequest');
  });

  it('refuses an item that is not on the order, naming it', async () => {
    const order = await api.createOrder();
    const answer = await pack(order, { OrderReference: order, ...mug({ Sku: 'NOPE-1' }) });
    expectAreaAError(answer, 400, 'ItemNotFoundOnOrder');
    expect(answer.body.Message).toContain("Sku 'NOPE-1'");
    expect(answer.body.Details[0].Target).toBe('Packages[0].Items[0].Sku');
    expect(mock.store.orders.consignments.size).toBe(0);
  });

  it('matches items by Reference, ItemReferenceProvidedByCustomer or Sku', async () => {
    const order = await api.createOrder();
    const itemReference = (await api.getOrder(order)).Packages[0].Items[0].Reference;
    const answer = await pack(order, {
      OrderReference: order,
      Packages: [
        {
          Items: [
            { Reference: itemReference, Quantity: 2 },
            { ItemReferenceProvidedByCustomer: 'LINE-2', Quantity: 1 },
          ],
        },
      ],
    });
    expect(answer.status).toBe(201);
    const items = consignment('EC-000-000-001').Packages[0]?.Items as Record<string, unknown>[];
    expect(items.map((item) => [item.Sku, item.Quantity])).toEqual([
      ['MUG-BLUE', 2],
      ['TEAPOT-RED', 1],
    ]);
  });

  it('allows the same items to be packed again (split and short picks)', async () => {
    const order = await api.createOrder();
    const first = await api.pack(order);
    const second = await api.pack(order);
    expect(first).toEqual(['EC-000-000-001']);
    expect(second).toEqual(['EC-000-000-002']);
  });

  it('fills the consignment from the order when the request leaves properties out', async () => {
    const order = await api.createOrder({
      ShippingDate: '2026-01-10',
      RequiredDeliveryDate: '2026-01-15',
      CustomsDocumentation: { ShipmentType: 'Sale' },
      Tags: ['Signature'],
      MetaData: [{ KeyValue: 'Channel', StringValue: 'Web' }],
      Direction: 'Outbound',
    });
    const [reference] = await api.pack(order);
    expect(consignment(reference as string)).toMatchObject({
      ShippingDate: '2026-01-10',
      RequiredDeliveryDate: '2026-01-15',
      CustomsDocumentation: { ShipmentType: 'Sale' },
      Tags: ['Signature'],
      MetaData: [{ KeyValue: 'Channel', StringValue: 'Web' }],
      Direction: 'Outbound',
      ShippingLocationReference: 'SL-LONDON',
      OrderReferenceProvidedByCustomer: 'WEB-1001',
    });
    expect(consignment(reference as string).Addresses).toEqual((await api.getOrder(order)).Addresses);
  });

  it('takes the request values over the order values', async () => {
    const order = await api.createOrder({
      Tags: ['Signature'],
      CustomsDocumentation: { ShipmentType: 'Sale' },
    });
    const [reference] = await api.pack(order, {
      Tags: ['Heavy'],
      CustomsDocumentation: { ShipmentType: 'Gift' },
    });
    expect(consignment(reference as string)).toMatchObject({
      Tags: ['Heavy'],
      CustomsDocumentation: { ShipmentType: 'Gift' },
    });
  });

  it('takes the custom reference from the request, else the order, else none', async () => {
    const order = await api.createOrder();
    const [fromRequest] = await api.pack(order, { OrderReferenceProvidedByCustomer: 'PICK-7' });
    const [fromOrder] = await api.pack(order);
    const bare = await api.createOrder({ OrderReferenceProvidedByCustomer: undefined });
    const [none] = await api.pack(bare);
    expect(consignment(fromRequest as string).OrderReferenceProvidedByCustomer).toBe('PICK-7');
    expect(consignment(fromOrder as string).OrderReferenceProvidedByCustomer).toBe('WEB-1001');
    expect(consignment(none as string)).not.toHaveProperty('OrderReferenceProvidedByCustomer');
  });

  it('creates an outbound and a return consignment with GenerateReturn, Origin and Destination swapped', async () => {
    const order = await api.createOrder();
    const answer = await pack(order, { OrderReference: order, GenerateReturn: true, ...mug() });
    expect(answer.body.Results.map((result: { Result: string }) => result.Result)).toEqual([
      'ConsignmentCreated',
      'ReturnConsignmentCreated',
    ]);
    const [outbound, inbound] = ['EC-000-000-001', 'EC-000-000-002'].map(consignment);
    const byType = (addresses: Record<string, unknown>[], type: string) =>
      addresses.find((address) => address.AddressType === type);
    expect(byType(inbound!.Addresses, 'Origin')).toEqual({
      ...byType(outbound!.Addresses, 'Destination'),
      AddressType: 'Origin',
    });
    expect(byType(inbound!.Addresses, 'Destination')).toEqual({
      ...byType(outbound!.Addresses, 'Origin'),
      AddressType: 'Destination',
    });
    expect(inbound!.State).toBe('Unallocated');
    expect(inbound!.Packages.map((pkg) => pkg.Items)).toEqual(outbound!.Packages.map((pkg) => pkg.Items));
  });

  it("copies an international order's ShippersEORI entry to every consignment, even when the request's MetaData omits it", async () => {
    const eori = { KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' };
    const order = await api.createOrder({ Addresses: [origin(), france()], MetaData: [eori] });
    const references = await api.pack(order, {
      GenerateReturn: true,
      MetaData: [{ KeyValue: 'PickList', StringValue: 'PL-1' }],
    });
    for (const reference of references) {
      expect(consignment(reference).MetaData).toEqual([{ KeyValue: 'PickList', StringValue: 'PL-1' }, eori]);
    }
  });

  it('does not add ShippersEORI to a domestic consignment whose request MetaData omits it', async () => {
    const eori = { KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' };
    const order = await api.createOrder({ MetaData: [eori] });
    const [reference] = await api.pack(order, { MetaData: [{ KeyValue: 'PickList', StringValue: 'PL-1' }] });
    expect(consignment(reference as string).MetaData).toEqual([
      { KeyValue: 'PickList', StringValue: 'PL-1' },
    ]);
  });
});
