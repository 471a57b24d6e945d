import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { destination, expectAreaAError, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

type Json = Record<string, unknown>;

/** A Create Consignment body: London to Manchester, one package with metadata. */
const consignmentBody = (overrides: Json = {}): Json => ({
  ConsignmentReferenceProvidedByCustomer: 'WEB-20417',
  Packages: [
    {
      Weight: { Value: 1.2, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 8 },
      Description: 'Mugs',
      Value: { Amount: 24, Currency: { IsoCode: 'GBP' } },
      MetaData: [{ KeyValue: 'Shelf', StringValue: 'B4' }],
    },
  ],
  Addresses: [origin(), destination()],
  MetaData: [{ KeyValue: 'Channel', StringValue: 'web' }],
  ...overrides,
});

const create = async (overrides: Json = {}) => {
  const answer = await api.ok('POST', '/consignments', consignmentBody(overrides));
  return (answer.body[0].Href as string).split('/').pop() as string;
};
const audit = async (reference: string) => (await api.ok('GET', `/consignments/${reference}/audit`)).body;

describe('area A mock: Get Consignment Only', () => {
  it('answers the consignment as Get Consignment does, without its metadata or its packages’', async () => {
    const reference = await create();
    const whole = (await api.ok('GET', `/consignments/${reference}`)).body;
    expect(whole.MetaData).toEqual([{ KeyValue: 'Channel', StringValue: 'web' }]);
    const only = (await api.ok('GET', `/consignments/getconsignmentonly/${reference}`)).body;
    expect(only.MetaData).toEqual([]);
    expect(only.Packages[0]).not.toHaveProperty('MetaData');
    const { MetaData: _metaData, Packages: wholePackages, ...rest } = whole;
    const { MetaData: _none, Packages: packages, ...sameRest } = only;
    expect(sameRest).toEqual(rest);
    expect(packages[0].Reference).toBe(wholePackages[0].Reference);
  });

  it('answers 404 for an unknown consignment', async () => {
    expectAreaAError(
      await api.call('GET', '/consignments/getconsignmentonly/EC-000-ZZZ-ZZZ'),
      404,
      'ConsignmentNotFound',
    );
  });
});

describe('area A mock: Get Audit Messages', () => {
  it('tells the consignment’s life in order: created, allocated, labels printed, manifested', async () => {
    const reference = await api.allocated();
    await api.ok('GET', `/labels/${reference}`);
    await api.ok('PUT', '/consignments/manifest', { ConsignmentReferences: [reference] });
    const messages = await audit(reference);
    expect(messages.map((message: Json) => [message.Category, message.Message])).toEqual([
      ['ConsignmentLifecycle', expect.stringMatching(/^Consignment created from order EO-/)],
      ['ConsignmentLifecycle', expect.stringMatching(/^Allocated to /)],
      ['Labels', 'Labels printed'],
      ['ConsignmentLifecycle', expect.stringMatching(/^Manifested with /)],
    ]);
    const times = messages.map((message: Json) => Date.parse(message.Timestamp as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const message of messages) {
      expect(message).toMatchObject({ ConsignmentReference: reference, Username: 'System' });
      expect(message.Id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    // Read again, the same messages with the same ids.
    expect(await audit(reference)).toEqual(messages);
  });

  it('adds deallocation and cancellation, a failed allocation (High) and the carrier’s events', async () => {
    const reference = await api.allocated();
    await api.ok('PUT', `/consignments/${reference}/deallocate`);
    mock.store.orders.addTrackingEvent(reference, { Code: 'Delayed', Description: 'Held at the depot' });
    await api.ok('PUT', `/consignments/${reference}/cancel`);
    const messages = await audit(reference);
    expect(messages.map((message: Json) => message.Message)).toEqual(
      expect.arrayContaining(['Deallocated', 'Cancelled', 'Held at the depot']),
    );
    expect(messages.find((message: Json) => message.Message === 'Held at the depot')).toMatchObject({
      Category: 'Tracking',
      Severity: 'Medium',
      Details: 'Delayed',
    });

    // Nothing carries a consignment to the Moon: its allocation fails, and says why.
    const stranded = await create({
      Addresses: [origin(), destination({ Country: { IsoCode: { TwoLetterCode: 'AQ' } }, Postcode: null })],
    });
    await api.call('PUT', `/allocation/${stranded}/allocatewithcheapestquote`);
    expect(api.state(stranded)).toBe('AllocationFailed');
    expect((await audit(stranded)).at(-1)).toMatchObject({
      Category: 'ConsignmentLifecycle',
      Severity: 'High',
      Message: 'Allocation failed',
      Details: expect.stringContaining('No carrier service is eligible'),
    });
  });

  it('answers 404 for an unknown consignment', async () => {
    expectAreaAError(await api.call('GET', '/consignments/EC-000-ZZZ-ZZZ/audit'), 404, 'ConsignmentNotFound');
  });
});

describe('area A mock: Get Count of Consignments by State', () => {
  it('counts the consignments in the state asked for, and every consignment without one', async () => {
    await api.allocated();
    await api.allocated();
    await create();
    expect((await api.ok('GET', '/consignments/count?state=Allocated')).body).toBe(2);
    expect((await api.ok('GET', '/consignments/count?state=Unallocated')).body).toBe(1);
    expect((await api.ok('GET', '/consignments/count?state=Delivered')).body).toBe(0);
    expect((await api.ok('GET', '/consignments/count')).body).toBe(3);
  });
});

describe('area A mock: Get Late Consignments', () => {
  it('lists the consignments past their delivery or shipping day and not delivered, with how many', async () => {
    // The store's today is 2026-01-05.
    const overdue = await create({ RequiredDeliveryDate: '2026-01-02' });
    const unshipped = await create({ ShippingDate: '2026-01-03' });
    const delivered = await create({ RequiredDeliveryDate: '2026-01-02' });
    mock.store.orders.addTrackingEvent(delivered, { Code: 'Delivered' });
    await create({ RequiredDeliveryDate: '2026-01-09' });
    await create();
    const { body } = await api.ok('GET', '/consignments/late');
    expect(body.TotalNumberOfLateConsignments).toBe(2);
    expect(body.ConsignmentSummaries.map((summary: Json) => summary.Reference)).toEqual([overdue, unshipped]);
    expect(body.ConsignmentSummaries[0]).toMatchObject({ IsLate: true, RequestedDeliveryDate: '2026-01-02' });
  });

  it('matches the search’s properties, and answers no summaries (null) when none is late', async () => {
    const leeds = await create({
      RequiredDeliveryDate: '2026-01-02',
      Addresses: [origin({ ShippingLocationReference: 'SL-LEEDS' }), destination()],
    });
    await create({ RequiredDeliveryDate: '2026-01-02' });
    const { body } = await api.ok('GET', '/consignments/late?shippingLocationReference=SL-LEEDS');
    expect(body.ConsignmentSummaries.map((summary: Json) => summary.Reference)).toEqual([leeds]);
    const none = await api.ok('GET', '/consignments/late?shippingLocationReference=SL-NOWHERE');
    expect(none.body).toEqual({ TotalNumberOfLateConsignments: 0, ConsignmentSummaries: null });
  });
});
