import { describe, expect, it } from 'vitest';
import { getConsignment } from '../../../src/testing/orders/state.js';
import { useMockService } from '../../support/mock-service.js';
import { A, expectAreaAError, france, origin, wire } from '../../support/orders-mock.js';

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

const allocateOne = (reference: string) =>
  api.call('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
const carrierOf = (reference: string) => mock.store.orders.getConsignment(reference)?.CarrierServiceReference;
/** A domestic consignment whose packages weigh `kg`. */
const weighing = (kg: number) =>
  api.consignment(
    {},
    { Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }], Weight: { Value: kg, Unit: 'Kg' } }] },
  );

describe('area A mock: Allocate Consignment (cheapest quote)', () => {
  it('answers the real Allocation Summary and moves the consignment to Allocated', async () => {
    const reference = await api.consignment();
    const answer = await allocateOne(reference);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      StatusCode: expect.any(String),
      Description: expect.stringContaining(reference),
      ApiLinks: [
        { Rel: 'detail', Href: `${A}/consignments/${reference}` },
        { Rel: 'label', Href: `${A}/labels/${reference}` },
      ],
      ConsignmentLegs: [
        {
          Leg: 1,
          TrackingReferences: [expect.any(String)],
          CarrierReference: 'ROYALMAIL',
          CarrierServiceReference: 'RM-TRACKED48',
          CarrierName: 'Royal Mail',
        },
      ],
      CarrierReference: 'ROYALMAIL',
      CarrierName: 'Royal Mail',
      CarrierServiceReference: 'RM-TRACKED48',
      CarrierServiceName: 'Royal Mail Tracked 48',
    });
    expect(mock.store.orders.getConsignment(reference)).toMatchObject({
      State: 'Allocated',
      CarrierName: 'Royal Mail',
      CarrierServiceName: 'Royal Mail Tracked 48',
    });
  });

  it('emits allocated for area B after a successful allocation only', async () => {
    const seen: string[] = [];
    mock.store.on('allocated', (reference) => seen.push(reference));
    const reference = await api.consignment();
    await allocateOne(reference);
    const nowhere = await api.consignment({
      Addresses: [origin(), france({ Country: { IsoCode: { TwoLetterCode: 'US' } } })],
    });
    await allocateOne(nowhere);
    expect(seen).toEqual([reference]);
  });

  it('lets area B read an allocated consignment through getConsignment(store, ref)', async () => {
    const reference = await api.allocated();
    expect(getConsignment(mock.store, reference)).toMatchObject({
      Reference: reference,
      State: 'Allocated',
      CarrierName: 'Royal Mail',
      CarrierServiceName: 'Royal Mail Tracked 48',
      Packages: [expect.objectContaining({ Reference: expect.stringMatching(/^EP-/) })],
      Addresses: [
        expect.objectContaining({ AddressType: 'Origin' }),
        expect.objectContaining({ AddressType: 'Destination' }),
      ],
    });
    expect(getConsignment(mock.store, 'EC-999-999-999')).toBeUndefined();
  });

  it('step 1: skips disabled services and those that do not ship to the destination', async () => {
    const toFrance = await api.consignment({ Addresses: [origin(), france()] });
    await allocateOne(toFrance);
    expect(carrierOf(toFrance)).toBe('DPD-CLASSIC-EU');
    // DHL ships everywhere but is disabled: nothing serves the US.
    const toUs = await api.consignment({
      Addresses: [origin(), france({ Country: { IsoCode: { TwoLetterCode: 'US' } } })],
    });
    expectAreaAError(await allocateOne(toUs), 400, 'NoQuotesAvailable');
    mock.store.orders.carrierServices.get('DHL-WORLDWIDE')!.Enabled = true;
    mock.store.orders.setConsignmentState(toUs, 'AllocationFailed');
    expect((await allocateOne(toUs)).status).toBe(200);
    expect(carrierOf(toUs)).toBe('DHL-WORLDWIDE');
  });

  it('step 1: keeps only services that meet the delivery promise', async () => {
    // Shipping 2026-01-10, required 2026-01-11: only one-day services (RM Tracked 24, DPD Next Day) remain.
    const reference = await api.consignment({
      ShippingDate: '2026-01-10',
      RequiredDeliveryDate: '2026-01-11',
    });
    await allocateOne(reference);
    expect(carrierOf(reference)).toBe('RM-TRACKED24');
    const impossible = await api.consignment({
      ShippingDate: '2026-01-10',
      RequiredDeliveryDate: '2026-01-10',
    });
    const answer = await allocateOne(impossible);
    expectAreaAError(answer, 400, 'NoQuotesAvailable');
    expect(answer.body.Details).toContainEqual(
      expect.objectContaining({ Code: 'DeliveryPromiseNotMet', Target: 'RM-TRACKED24' }),
    );
  });

  it('step 1: compares days as days, past the year 9999 too', async () => {
    // 9999-12-30 plus two days is 10000-01-01: later than 9999-12-31, so two-day services cannot promise it.
    const reference = await api.consignment({
      ShippingDate: '9999-12-30',
      RequiredDeliveryDate: '9999-12-31',
    });
    const answer = await allocateOne(reference);
    expect(answer.status).toBe(200);
    expect(carrierOf(reference)).toBe('RM-TRACKED24');
  });

  it("step 2: removes services that break the organisation's rules", async () => {
    // Yodel is cheapest but excluded; Royal Mail is capped at 2 kg.
    const light = await weighing(1);
    await allocateOne(light);
    expect(carrierOf(light)).toBe('RM-TRACKED48');
    const heavy = await weighing(5);
    await allocateOne(heavy);
    expect(carrierOf(heavy)).toBe('DPD-NEXTDAY');
  });

  it('step 2: a rule added by a test takes effect', async () => {
    mock.store.orders.addAllocationRule({ Type: 'ExcludeService', ServiceReference: 'RM-TRACKED48' });
    const reference = await api.consignment();
    await allocateOne(reference);
    expect(carrierOf(reference)).toBe('RM-TRACKED24');
  });

  it("step 2: keeps only services carrying all of the consignment's tags", async () => {
    const signature = await api.consignment({ Tags: ['Signature'] });
    await allocateOne(signature);
    expect(carrierOf(signature)).toBe('DPD-NEXTDAY');
    const heavyOnly = await api.consignment({}, { Tags: ['Heavy'] });
    mock.store.orders.addAllocationRule({ Type: 'ExcludeCarrier', CarrierReference: 'DPD' });
    await allocateOne(heavyOnly);
    expect(carrierOf(heavyOnly)).toBe('PF-EXPRESS48');
    const unknownTag = await api.consignment({ Tags: ['Refrigerated'] });
    expectAreaAError(await allocateOne(unknownTag), 400, 'NoQuotesAvailable');
  });

  it('step 3: the cheapest wins, ties by service reference', async () => {
    mock.store.orders.addCarrierService({
      CarrierReference: 'ZED',
      CarrierName: 'Zed',
      ServiceReference: 'ZED-1',
      ServiceName: 'Zed One',
      Countries: ['GB'],
      Price: 1.5,
      TransitDays: 2,
    });
    mock.store.orders.addCarrierService({
      CarrierReference: 'ACME',
      CarrierName: 'Acme',
      ServiceReference: 'ACME-1',
      ServiceName: 'Acme One',
      Countries: ['*'],
      Price: 1.5,
      TransitDays: 2,
    });
    const reference = await api.consignment();
    await allocateOne(reference);
    expect(carrierOf(reference)).toBe('ACME-1');
  });

  it('no eligible service: AllocationFailed and 400 NoQuotesAvailable; it can be allocated again from there', async () => {
    const reference = await api.consignment({ Tags: ['Refrigerated'] });
    expectAreaAError(await allocateOne(reference), 400, 'NoQuotesAvailable');
    expect(api.state(reference)).toBe('AllocationFailed');
    mock.store.orders.addCarrierService({
      CarrierReference: 'COLD',
      CarrierName: 'Cold Chain',
      ServiceReference: 'COLD-1',
      ServiceName: 'Chilled',
      Countries: ['GB'],
      Price: 20,
      TransitDays: 1,
      Tags: ['Refrigerated'],
    });
    expect((await allocateOne(reference)).status).toBe(200);
    expect(api.state(reference)).toBe('Allocated');
  });

  it('refuses a consignment that is not Unallocated or AllocationFailed with 400 (area A has no 409)', async () => {
    const reference = await api.allocated();
    const answer = await allocateOne(reference);
    expectAreaAError(answer, 400, 'InvalidConsignmentState');
    expect(answer.body.Details[0].Target).toBe(reference);
  });

  it('answers 404 for an unknown consignment and 400 for a malformed one', async () => {
    expectAreaAError(await allocateOne('EC-999-999-999'), 404, 'ConsignmentNotFound');
    expectAreaAError(await allocateOne('EO-000-000-001'), 400, 'InvalidReferenceFormat');
  });
});

describe('area A mock: Allocate Using Default Rules', () => {
  it('allocates each listed consignment in turn, one summary per allocated consignment', async () => {
    const first = await api.consignment();
    const second = await api.consignment({ Addresses: [origin(), france()] });
    const answer = await api.call('PUT', '/allocation/allocate', { ConsignmentReferences: [first, second] });
    expect(answer.status).toBe(200);
    expect(
      answer.body.map((summary: { CarrierServiceReference: string }) => summary.CarrierServiceReference),
    ).toEqual(['RM-TRACKED48', 'DPD-CLASSIC-EU']);
    expect([api.state(first), api.state(second)]).toEqual(['Allocated', 'Allocated']);
  });

  it('leaves out consignments with no eligible service, which become AllocationFailed', async () => {
    const good = await api.consignment();
    const bad = await api.consignment({ Tags: ['Refrigerated'] });
    const answer = await api.call('PUT', '/allocation/allocate', { ConsignmentReferences: [bad, good] });
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].ApiLinks[0].Href).toBe(`${A}/consignments/${good}`);
    expect(api.state(bad)).toBe('AllocationFailed');
  });

  it('changes nothing when one listed consignment is unknown (404) or not allocatable (400)', async () => {
    const fresh = await api.consignment();
    const done = await api.allocated();
    expectAreaAError(
      await api.call('PUT', '/allocation/allocate', { ConsignmentReferences: [fresh, 'EC-999-999-999'] }),
      404,
      'ConsignmentNotFound',
    );
    expectAreaAError(
      await api.call('PUT', '/allocation/allocate', { ConsignmentReferences: [fresh, done] }),
      400,
      'InvalidConsignmentState',
    );
    expect(api.state(fresh)).toBe('Unallocated');
  });

  it('requires a non-empty ConsignmentReferences array', async () => {
    expectAreaAError(
      await api.call('PUT', '/allocation/allocate', { ConsignmentReferences: [] }),
      400,
      'InvalidRequest',
    );
    expectAreaAError(await api.call('PUT', '/allocation/allocate', {}), 400, 'InvalidRequest');
  });
});

describe('area A mock: consignments of orders made from a delivery option', () => {
  /** Selects the option, packs its order (one MUG-BLUE, as the seeded options hold): the consignments. */
  async function fromOption(
    reference: string,
    pack: Record<string, unknown> = {},
    before?: (order: string) => Promise<unknown>,
  ) {
    // An option is selected once: offer the seeded one again for each order these tests make from it.
    const option = mock.store.orders.deliveryOptions.get(reference);
    if (option) mock.store.orders.addDeliveryOption({ ...option, SelectedOrderReference: undefined });
    const selected = await api.ok('POST', '/deliveryoptions/selectorder', { Reference: reference });
    const order = selected.body.SelectOrderResults[0].OrderReference as string;
    await before?.(order);
    return api.pack(order, pack);
  }

  it('carry the option to the consignment, and allocation uses its service, not the cheapest', async () => {
    // EDO-000-001-NXD is DPD Next Day, delivering 2026-01-06; Royal Mail Tracked 48 is cheaper.
    const [consignment] = await fromOption('EDO-000-001-NXD');
    expect(mock.store.orders.getConsignment(consignment!)).toMatchObject({
      DeliveryOptionReference: 'EDO-000-001-NXD',
      RequestedCarrierServiceReference: 'DPD-NEXTDAY',
      EarliestDeliveryDate: '2026-01-06T08:00:00+00:00',
      LatestDeliveryDate: '2026-01-06T18:00:00+00:00',
    });
    const answer = await allocateOne(consignment!);
    expect(answer.status).toBe(200);
    expect(answer.body.CarrierServiceReference).toBe('DPD-NEXTDAY');

    const [byDefaultRules] = await fromOption('EDO-000-001-NXD');
    const summaries = await api.call('PUT', '/allocation/allocate', {
      ConsignmentReferences: [byDefaultRules],
    });
    expect(
      summaries.body.map((summary: { CarrierServiceReference: string }) => summary.CarrierServiceReference),
    ).toEqual(['DPD-NEXTDAY']);
  });

  it('fail allocation, as with no eligible service, when the chosen service is not eligible', async () => {
    mock.store.orders.addAllocationRule({ Type: 'ExcludeCarrier', CarrierReference: 'DPD' });
    const [consignment] = await fromOption('EDO-000-001-NXD');
    const answer = await allocateOne(consignment!);
    expectAreaAError(answer, 400, 'NoQuotesAvailable');
    expect(answer.body.Details).toContainEqual(
      expect.objectContaining({ Code: 'OrganisationRule', Target: 'DPD-NEXTDAY' }),
    );
    expect(answer.body.Details).toContainEqual(
      expect.objectContaining({ Code: 'NotTheChosenService', Target: 'RM-TRACKED48' }),
    );
    expect(api.state(consignment!)).toBe('AllocationFailed');
    expect(carrierOf(consignment!)).toBeUndefined();

    const [another] = await fromOption('EDO-000-001-NXD');
    const summaries = await api.call('PUT', '/allocation/allocate', { ConsignmentReferences: [another] });
    expect(summaries.body).toEqual([]);
    expect(api.state(another!)).toBe('AllocationFailed');
  });

  it('fail allocation when the chosen service is not configured at all', async () => {
    mock.store.orders.addDeliveryOption({
      ...mock.store.orders.deliveryOptions.get('EDO-000-001-NXD')!,
      Reference: 'EDO-TEST-GONE',
      CarrierServiceReference: 'GONE-1',
    });
    const [consignment] = await fromOption('EDO-TEST-GONE');
    const answer = await allocateOne(consignment!);
    expectAreaAError(answer, 400, 'NoQuotesAvailable');
    expect(answer.body.Details).toContainEqual(
      expect.objectContaining({ Code: 'ServiceNotConfigured', Target: 'GONE-1' }),
    );
  });

  it('honour the delivery window: shipping too late, or too early, finds no service', async () => {
    const updateShippingDate = (ShippingDate: string) => async (order: string) => {
      const current = await api.getOrder(order);
      await api.ok('PUT', `/orders/${order}`, { ...current, ShippingDate });
    };
    // DPD Next Day shipping on 2026-01-10 delivers on the 11th: after the window of the 6th.
    const [late] = await fromOption('EDO-000-001-NXD', {}, updateShippingDate('2026-01-10'));
    const answer = await allocateOne(late!);
    expectAreaAError(answer, 400, 'NoQuotesAvailable');
    expect(answer.body.Details).toContainEqual(
      expect.objectContaining({ Code: 'DeliveryWindowNotMet', Target: 'DPD-NEXTDAY' }),
    );
    // Shipping on 2026-01-01 delivers on the 2nd: before the window opens.
    const [early] = await fromOption('EDO-000-001-NXD', {}, updateShippingDate('2026-01-01'));
    expectAreaAError(await allocateOne(early!), 400, 'NoQuotesAvailable');
    // Shipping on the 5th delivers on the 6th: inside.
    const [onTime] = await fromOption('EDO-000-001-NXD', {}, updateShippingDate('2026-01-05'));
    expect((await allocateOne(onTime!)).status).toBe(200);
  });

  it('leave the return consignment out of it: it goes to the cheapest service', async () => {
    const [outbound, inbound] = await fromOption('EDO-000-001-NXD', { GenerateReturn: true });
    expect(mock.store.orders.getConsignment(inbound!)).not.toHaveProperty('RequestedCarrierServiceReference');
    await allocateOne(outbound!);
    await allocateOne(inbound!);
    expect([carrierOf(outbound!), carrierOf(inbound!)]).toEqual(['DPD-NEXTDAY', 'RM-TRACKED48']);
  });
});
