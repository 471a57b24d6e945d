import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { A, destination, expectAreaAError, france, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

type Json = Record<string, unknown>;

/** A Create Consignment body: London to Manchester, one package (kg, cm, GBP). */
const consignmentBody = (overrides: Json = {}): Json => ({
  ConsignmentReferenceProvidedByCustomer: 'WEB-20417',
  Packages: [
    {
      Weight: { Value: 1.2, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 8 },
      Description: 'Mugs',
      Value: { Amount: 24, Currency: { IsoCode: 'GBP' } },
    },
  ],
  Addresses: [origin(), destination()],
  ...overrides,
});

const create = async (overrides: Json = {}) => {
  const answer = await api.ok('POST', '/consignments', consignmentBody(overrides));
  return (answer.body[0].Href as string).split('/').pop() as string;
};
const read = async (reference: string) => (await api.ok('GET', `/consignments/${reference}`)).body;

describe('area A mock: Create Consignment', () => {
  it('answers 201 with a link naming the new consignment, which starts Unallocated', async () => {
    const answer = await api.call('POST', '/consignments', consignmentBody());
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual([{ Rel: 'Link', Href: `${A}/consignments/EC-000-000-001` }]);
    const consignment = await read('EC-000-000-001');
    expect(consignment).toMatchObject({
      Reference: 'EC-000-000-001',
      ConsignmentState: 'Unallocated',
      ConsignmentReferenceProvidedByCustomer: 'WEB-20417',
    });
    expect(consignment.Packages[0].Reference).toMatch(/^EP-/);
    expect(consignment.OrderReference).toBeUndefined();
  });

  it('refuses a body without a Destination, or without packages, and creates nothing', async () => {
    expectAreaAError(
      await api.call('POST', '/consignments', consignmentBody({ Addresses: [origin()] })),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('POST', '/consignments', consignmentBody({ Packages: [] })),
      400,
      'InvalidRequest',
    );
    expect(mock.store.orders.consignments.size).toBe(0);
  });

  it('joins every existing operation: allocate, labels, search, cancel, deallocate, manifest from a query', async () => {
    const reference = await create();
    const [found] = (
      await api.ok('GET', '/consignments/getConsignmentReferences?referenceProvidedByCustomer=WEB-20417')
    ).body;
    expect(found).toBe(reference);
    await api.ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
    expect(api.state(reference)).toBe('Allocated');
    expect((await api.call('GET', `/labels/${reference}/PDF`)).status).toBe(200);
    await api.ok('PUT', `/consignments/${reference}/deallocate`);
    expect(api.state(reference)).toBe('Unallocated');
    await api.ok('PUT', '/allocation/allocate', { ConsignmentReferences: [reference] });
    const manifested = await api.ok('POST', '/consignments/manifestFromQuery', {
      ShippingLocationReference: 'SL-LONDON',
      States: ['Allocated'],
    });
    expect(manifested.status).toBe(200);
    expect(api.state(reference)).toBe('Manifested');
    const other = await create();
    await api.ok('PUT', `/consignments/${other}/cancel`);
    expect(api.state(other)).toBe('Cancelled');
  });

  it('reads the delivery date under either of the vendor names, and allocation honours it', async () => {
    const reference = await create({ RequiredDeliveryDate: { Date: '2026-01-06T00:00:00+00:00' } });
    expect((await read(reference)).RequestedDeliveryDate).toBe('2026-01-06');
    await api.ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
    // Royal Mail Tracked 48 takes two days: the next-day Tracked 24 is the cheapest that arrives in time.
    expect(mock.store.orders.getConsignment(reference)?.CarrierServiceReference).toBe('RM-TRACKED24');
  });
});

describe('area A mock: Update Consignment', () => {
  it('replaces what is sent, deletes the replaceable properties left out, keeps packages and tags left out', async () => {
    const reference = await create({ Tags: [], MetaData: [{ KeyValue: 'Channel', StringValue: 'web' }] });
    const packages = (await read(reference)).Packages;
    const answer = await api.call('PUT', '/consignments/', {
      Reference: reference,
      Addresses: [origin(), destination({ Town: 'Salford' })],
      RequestedDeliveryDate: { Date: '2026-01-09T00:00:00+00:00' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ Rel: 'Link', Href: `${A}/consignments/${reference}` }]);
    const updated = await read(reference);
    expect(updated.Addresses[1].Town).toBe('Salford');
    expect(updated.RequestedDeliveryDate).toBe('2026-01-09');
    expect(updated.ConsignmentReferenceProvidedByCustomer).toBe('');
    expect(updated.MetaData).toEqual([]);
    expect(updated.Packages).toEqual(packages);
  });

  it('keeps a package sent with its reference, gives a new one to a package sent without, refuses a stranger', async () => {
    const reference = await create();
    const [kept] = (await read(reference)).Packages;
    await api.ok('PUT', '/consignments', {
      Reference: reference,
      Addresses: [origin(), destination()],
      Packages: [kept, { Weight: { Value: 0.3, Unit: 'Kg' } }],
    });
    const packages = (await read(reference)).Packages;
    expect(packages[0].Reference).toBe(kept.Reference);
    expect(packages[1].Reference).toMatch(/^EP-/);
    expect(packages[1].Reference).not.toBe(kept.Reference);
    const stranger = await api.call('PUT', '/consignments', {
      Reference: reference,
      Addresses: [origin(), destination()],
      Packages: [{ Reference: 'EP-999-999-999' }],
    });
    expectAreaAError(stranger, 400, 'PackageNotFound');
  });

  it('refuses to change the addresses or packages of an allocated consignment, and takes the rest', async () => {
    const reference = await create();
    await api.ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
    const stored = await read(reference);
    const moved = await api.call('PUT', '/consignments', {
      Reference: reference,
      Addresses: [origin(), france()],
      Packages: stored.Packages,
    });
    expectAreaAError(moved, 400, 'InvalidConsignmentState');
    expect((await read(reference)).Addresses).toEqual(stored.Addresses);
    const retagged = await api.call('PUT', '/consignments', {
      Reference: reference,
      Addresses: stored.Addresses,
      Packages: stored.Packages,
      ConsignmentReferenceProvidedByCustomer: 'WEB-20418',
    });
    expect(retagged.status).toBe(200);
    expect((await read(reference)).ConsignmentReferenceProvidedByCustomer).toBe('WEB-20418');
  });

  it('needs the Reference, and answers 404 for an unknown consignment', async () => {
    expectAreaAError(await api.call('PUT', '/consignments', consignmentBody()), 400, 'InvalidRequest');
    expectAreaAError(
      await api.call('PUT', '/consignments', consignmentBody({ Reference: 'EC-999-999-999' })),
      404,
      'ConsignmentNotFound',
    );
  });
});

describe('area A mock: Get Consignment Status and Get Consignments For Orders', () => {
  it('answers the state alone, with a link', async () => {
    const reference = await create();
    const { body } = await api.ok('GET', `/consignments/${reference}/status`);
    expect(body).toEqual({
      ConsignmentReferenceForAllLegsAssignedByMpd: reference,
      Status: 'Unallocated',
      ExpectedDeliveryDate: null,
      ApiLink: { Rel: 'Link', Href: `${A}/consignments/${reference}` },
    });
  });

  it('lists each order’s consignments with the return packed beside them, and 404 per unknown order', async () => {
    const order = await api.createOrder();
    const [outbound, inbound] = await api.pack(order, { GenerateReturn: true });
    const { body } = await api.ok('PUT', '/orders/consignments', {
      OrderReferences: [order, 'EO-999-999-999'],
    });
    expect(body.OrderConsignmentsResults).toEqual([
      {
        OrderReference: order,
        Status: 200,
        Message: expect.any(String),
        Consignments: [{ ConsignmentReference: outbound, ReturnConsignmentReference: inbound }],
      },
      { OrderReference: 'EO-999-999-999', Status: 404, Message: expect.any(String), Consignments: [] },
    ]);
  });
});

const ready = (references: unknown) => api.call('PUT', '/consignments/setreadytoship', references);
const notReady = (references: unknown) => api.call('PUT', '/consignments/setnotreadytoship', references);

describe('area A mock: Set Ready To Ship / Not Ready To Ship', () => {
  it('moves Allocated to ReadyToShip with a per-consignment OperationResult', async () => {
    const reference = await api.allocated();
    const answer = await ready([reference]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        IsSuccess: true,
        Message: expect.any(String),
        Data: reference,
        ApiLinks: [{ Rel: 'detail', Href: `${A}/consignments/${reference}` }],
      },
    ]);
    expect(api.state(reference)).toBe('ReadyToShip');
  });

  it('answers IsSuccess false for a consignment not in Allocated, and leaves it alone', async () => {
    const allocated = await api.allocated();
    const unallocated = await api.consignment();
    const answer = await ready([unallocated, allocated]);
    expect(
      answer.body.map((result: { IsSuccess: boolean; Data: string }) => [result.Data, result.IsSuccess]),
    ).toEqual([
      [unallocated, false],
      [allocated, true],
    ]);
    expect(answer.body[0].Message).toContain('Unallocated');
    expect(api.state(unallocated)).toBe('Unallocated');
  });

  it('moves ReadyToShip back to Allocated, and only ReadyToShip', async () => {
    const reference = await api.allocated();
    expect((await notReady([reference])).body[0].IsSuccess).toBe(false);
    await ready([reference]);
    const answer = await notReady([reference]);
    expect(answer.body[0]).toMatchObject({ IsSuccess: true, Data: reference });
    expect(api.state(reference)).toBe('Allocated');
  });

  it('takes a bare array of known, well-formed references', async () => {
    const reference = await api.allocated();
    expectAreaAError(await ready({ ConsignmentReferences: [reference] }), 400, 'InvalidRequest');
    expectAreaAError(await ready([]), 400, 'InvalidRequest');
    expectAreaAError(await ready(['EC-999-999-999']), 404, 'ConsignmentNotFound');
    expectAreaAError(await notReady(['nope']), 400, 'InvalidReferenceFormat');
  });
});
