// The mock's routes that allocate and answer at once (issue 48), over HTTP.
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const decoded = (base64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

describe('area A mock: Allocate and get labels', () => {
  it('allocates and answers the consignment’s result with its label in the format asked for', async () => {
    const reference = await api.consignment();
    const { body } = await api.ok('PUT', `/allocation/${reference}/labels/pdf`);
    expect(body).toEqual({
      Responses: [
        expect.objectContaining({
          LabelType: 'Consignment',
          StatusCode: 200,
          Result: 'ConsignmentAllocated',
          LabelFileType: 'application/pdf',
          CarrierServiceReference: expect.any(String),
          ConsignmentLegs: [expect.objectContaining({ Leg: 1 })],
          Message: expect.stringContaining(reference),
        }),
      ],
    });
    expect(decoded(body.Responses[0].LabelContent).startsWith('%PDF-')).toBe(true);
    expect(api.state(reference)).toBe('Allocated');
    // The label Get Labels answers afterwards is the same file.
    const { body: label } = await api.ok('GET', `/labels/${reference}/PDF`);
    expect(label.File).toBe(body.Responses[0].LabelContent);
  });

  it('allocates to a carrier service, a group’s cheapest or a quote’s service', async () => {
    const [byService, byGroup, byQuote] = [
      await api.consignment(),
      await api.consignment(),
      await api.consignment(),
    ];
    const service = await api.ok('PUT', `/allocation/${byService}/carrierservice/RM-TRACKED24/labels/ZPL`);
    expect(service.body.Responses[0]).toMatchObject({
      CarrierServiceReference: 'RM-TRACKED24',
      LabelFileType: 'text/plain',
    });
    const group = await api.ok('PUT', `/allocation/${byGroup}/servicegroup/valuableGoods/labels/PNG`);
    expect(group.body.Responses[0].CarrierServiceReference).toBe('DPD-NEXTDAY');
    const { body: quotes } = await api.ok('GET', `/quotes/consignment/${byQuote}`);
    const quote = quotes.Quotes.find(
      (each: { MpdCarrierServiceReference: string }) => each.MpdCarrierServiceReference === 'RM-TRACKED48',
    );
    const quoted = await api.ok('PUT', `/allocation/${byQuote}/quote/${quote.QuoteReference}/labels/PDF`);
    expect(quoted.body.Responses[0].CarrierServiceReference).toBe('RM-TRACKED48');
  });

  it('refuses an unknown format, service, group or quote, and a consignment already allocated, changing nothing', async () => {
    const reference = await api.consignment();
    expectAreaAError(await api.call('PUT', `/allocation/${reference}/labels/GIF`), 400, 'InvalidRequest');
    expectAreaAError(
      await api.call('PUT', `/allocation/${reference}/carrierservice/NO-SUCH/labels/PDF`),
      400,
      'CarrierServiceNotFound',
    );
    expectAreaAError(
      await api.call('PUT', `/allocation/${reference}/servicegroup/no-such/labels/PDF`),
      404,
      'ServiceGroupNotFound',
    );
    expectAreaAError(
      await api.call('PUT', `/allocation/${reference}/quote/no-such/labels/PDF`),
      404,
      'QuoteNotFound',
    );
    expect(api.state(reference)).toBe('Unallocated');
    await api.ok('PUT', `/allocation/${reference}/labels/PDF`);
    expectAreaAError(
      await api.call('PUT', `/allocation/${reference}/labels/PDF`),
      400,
      'InvalidConsignmentState',
    );
  });

  it('leaves a consignment no service can take AllocationFailed, with 400 NoQuotesAvailable', async () => {
    const reference = await api.consignment({ RequiredDeliveryDate: '2000-01-03' });
    expectAreaAError(await api.call('PUT', `/allocation/${reference}/labels/PDF`), 400, 'NoQuotesAvailable');
    expect(api.state(reference)).toBe('AllocationFailed');
  });
});

describe('area A mock: Allocate With Service Group (the list form)', () => {
  it('allocates each consignment within the group, one summary each in order; 404 for an unknown group', async () => {
    const [first, second] = [await api.consignment(), await api.consignment()];
    const { body } = await api.ok('PUT', '/allocation/allocatewithservicegroup', {
      MpdCarrierServiceGroupReference: 'valuableGoods',
      ConsignmentReferences: [second, first],
    });
    expect(body.map((summary: { Description: string }) => summary.Description)).toEqual([
      expect.stringContaining(second),
      expect.stringContaining(first),
    ]);
    const third = await api.consignment();
    const answer = await api.call('PUT', '/allocation/allocatewithservicegroup', {
      MpdCarrierServiceGroupReference: 'no-such',
      ConsignmentReferences: [third],
    });
    expectAreaAError(answer, 404, 'ServiceGroupNotFound');
    expect(api.state(third)).toBe('Unallocated');
  });
});

describe('area A mock: allocation by ship-by date', () => {
  it('allocates every Unallocated consignment due by the date, and only those', async () => {
    const due = await api.consignment({ ShippingDate: '2026-03-02' });
    const later = await api.consignment({ ShippingDate: '2026-03-03' });
    const { body } = await api.ok('PUT', '/allocation/allocate/2026-03-02', { ShipByDate: '2026-03-02' });
    expect(body).toHaveLength(1);
    expect(body[0].Description).toContain(due);
    expect([api.state(due), api.state(later)]).toEqual(['Allocated', 'Unallocated']);
    // Nothing left due: an empty list.
    expect((await api.ok('PUT', '/allocation/allocate/2026-03-02', {})).body).toEqual([]);
  });

  it('keeps to a location, and allocates to a service or within a group', async () => {
    const london = await api.consignment({ ShippingDate: '2026-03-02' });
    const leeds = await api.consignment({ ShippingDate: '2026-03-02' });
    mock.store.orders.getConsignment(leeds)!.ShippingLocationReference = 'SL-LEEDS';
    const { body } = await api.ok('PUT', '/allocation/allocatewithcarrierservice/2026-03-02', {
      ShippingLocationReference: 'SL-LEEDS',
      MpdCarrierServiceReference: 'RM-TRACKED24',
    });
    expect(
      body.map((summary: { CarrierServiceReference: string }) => summary.CarrierServiceReference),
    ).toEqual(['RM-TRACKED24']);
    expect(api.state(london)).toBe('Unallocated');
    const grouped = await api.ok('PUT', '/allocation/allocatewithservicegroup/2026-03-02', {
      MpdCarrierServiceGroupReference: 'valuableGoods',
    });
    expect(grouped.body[0].CarrierServiceReference).toBe('DPD-NEXTDAY');
  });

  it('answers a failed summary for one no service can take, and refuses a bad date or unknown service', async () => {
    const late = await api.consignment({ ShippingDate: '2026-03-02', RequiredDeliveryDate: '2000-01-03' });
    expectAreaAError(await api.call('PUT', '/allocation/allocate/not-a-date', {}), 400, 'InvalidRequest');
    expectAreaAError(
      await api.call('PUT', '/allocation/allocatewithcarrierservice/2026-03-02', {
        MpdCarrierServiceReference: 'NO',
      }),
      400,
      'CarrierServiceNotFound',
    );
    expectAreaAError(
      await api.call('PUT', '/allocation/allocatewithservicegroup/2026-03-02', {}),
      400,
      'InvalidRequest',
    );
    expect(api.state(late)).toBe('Unallocated');
    const { body } = await api.ok('PUT', '/allocation/allocate/2026-03-02', {});
    expect(body).toEqual([expect.objectContaining({ StatusCode: 400 })]);
    expect(api.state(late)).toBe('AllocationFailed');
  });
});
