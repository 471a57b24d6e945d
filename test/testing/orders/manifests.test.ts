import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { A, destination, expectAreaAError, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const ready = (references: unknown) => api.call('PUT', '/consignments/setreadytoship', references);
const manifest = (references: string[]) =>
  api.call('PUT', '/consignments/manifest', { ConsignmentReferences: references });
/** The query with the eligible `States` unless it names its own: the service requires them. */
const fromQuery = (query: Record<string, unknown>) =>
  api.call('POST', '/consignments/manifestFromQuery', {
    States: ['Allocated', 'ReadyToShip', 'ManifestFailed'],
    ...query,
  });
const queryMessage = (found: number, queued: number, failed: number) =>
  `Query found ${found} consignment(s). ${queued} successfully queued to manifest. ${failed} failed to be added to the queue`;
const leedsOrigin = () => origin({ ShippingLocationReference: 'SL-LEEDS', Town: 'Leeds' });
/** A consignment allocated to Unreliable Freight, whose manifests fail. */
const unreliable = () => api.allocated({ Tags: ['TestManifestFailure'] });

describe('area A mock: Manifest Consignments', () => {
  it('manifests Allocated, ReadyToShip and Manifest Failed consignments, one OperationResult each', async () => {
    const allocated = await api.allocated();
    const readyOne = await api.allocated();
    await ready([readyOne]);
    const failedOne = await api.allocated();
    mock.store.orders.setConsignmentState(failedOne, 'Manifest Failed');
    const answer = await manifest([allocated, readyOne, failedOne]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      [allocated, readyOne, failedOne].map((reference) => ({
        IsSuccess: true,
        Message: expect.any(String),
        Data: reference,
        ApiLinks: [{ Rel: 'detail', Href: `${A}/consignments/${reference}` }],
      })),
    );
    expect([allocated, readyOne, failedOne].map(api.state)).toEqual([
      'Manifested',
      'Manifested',
      'Manifested',
    ]);
  });

  it("accepts the 'ManifestFailed' spelling of the state too", async () => {
    const reference = await api.allocated();
    mock.store.orders.setConsignmentState(reference, 'ManifestFailed');
    expect((await manifest([reference])).body[0].IsSuccess).toBe(true);
  });

  it('rejects the whole call with 400 (area A has no 409) when any listed consignment is in another state, manifesting nothing', async () => {
    const allocated = await api.allocated();
    const unallocated = await api.consignment();
    const answer = await manifest([allocated, unallocated]);
    expectAreaAError(answer, 400, 'InvalidConsignmentState');
    expect(answer.body.Details).toEqual([expect.objectContaining({ Target: unallocated })]);
    expect(api.state(allocated)).toBe('Allocated');
    expect(mock.store.orders.manifests).toHaveLength(0);
  });

  it('refuses to manifest a consignment twice', async () => {
    const reference = await api.allocated();
    await manifest([reference]);
    expectAreaAError(await manifest([reference]), 400, 'InvalidConsignmentState');
  });

  it('answers 404 for an unknown consignment and 400 without references', async () => {
    expectAreaAError(await manifest(['EC-999-999-999']), 404, 'ConsignmentNotFound');
    expectAreaAError(await manifest([]), 400, 'InvalidRequest');
  });

  it('reaches Manifest Failed through a carrier that rejects manifests, then Manifested once it accepts', async () => {
    const reference = await unreliable();
    const answer = await manifest([reference]);
    expect(answer.body[0]).toMatchObject({ IsSuccess: false, Data: reference });
    expect(api.state(reference)).toBe('ManifestFailed');
    expect(mock.store.orders.manifests).toHaveLength(0);
    mock.store.orders.carrierServices.get('UNRELIABLE-STD')!.failsManifest = false;
    expect((await manifest([reference])).body[0].IsSuccess).toBe(true);
    expect(api.state(reference)).toBe('Manifested');
  });

  it('records one customer manifest per carrier and shipping location', async () => {
    const london1 = await api.allocated();
    const london2 = await api.allocated();
    const leeds = await api.allocated({ Addresses: [leedsOrigin(), destination()] });
    const heavy = await api.allocated(
      {},
      { Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }], Weight: { Value: 5, Unit: 'Kg' } }] },
    );
    await manifest([london1, leeds, london2, heavy]);
    const manifests = (await api.ok('GET', '/consignments/customer/manifests')).body;
    const rows = manifests.map((entry: Record<string, unknown>) => [
      entry.CarrierName,
      entry.ShippingLocationReference,
      entry.BookingsCount,
    ]);
    expect(rows).toEqual([
      ['Royal Mail', 'SL-LONDON', 2],
      ['Royal Mail', 'SL-LEEDS', 1],
      ['DPD', 'SL-LONDON', 1],
    ]);
    expect(manifests[0]).toEqual({
      ManifestReference: expect.stringMatching(/^[0-9a-f]{32}$/),
      ManifestFileStorageContainer: expect.any(String),
      ManifestFileName: expect.any(String),
      ShippingLocationReference: 'SL-LONDON',
      ShippingLocationName: 'London Warehouse',
      Created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      CarrierName: 'Royal Mail',
      BookingsCount: 2,
      ManifestFileNameSentToCarrier: expect.any(String),
    });
  });
});

describe('area A mock: Manifest Consignments From Query', () => {
  it('queues the eligible consignments it finds and answers the real Message', async () => {
    const allocated = await api.allocated();
    const readyOne = await api.allocated();
    await ready([readyOne]);
    const unallocated = await api.consignment();
    const answer = await fromQuery({});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Message: queryMessage(2, 2, 0), FailedConsignments: [] });
    expect([allocated, readyOne, unallocated].map(api.state)).toEqual([
      'Manifested',
      'Manifested',
      'Unallocated',
    ]);
  });

  it('filters by States; asked-for ineligible states are found and listed in FailedConsignments', async () => {
    const allocated = await api.allocated();
    const readyOne = await api.allocated();
    await ready([readyOne]);
    const unallocated = await api.consignment();
    const answer = await fromQuery({ States: ['ReadyToShip', 'Unallocated'] });
    expect(answer.body).toEqual({ Message: queryMessage(2, 1, 1), FailedConsignments: [unallocated] });
    expect([allocated, readyOne, unallocated].map(api.state)).toEqual([
      'Allocated',
      'Manifested',
      'Unallocated',
    ]);
  });

  it("matches 'Manifest Failed' and 'ManifestFailed' in States", async () => {
    const reference = await api.allocated();
    mock.store.orders.setConsignmentState(reference, 'Manifest Failed');
    expect((await fromQuery({ States: ['ManifestFailed'] })).body.Message).toBe(queryMessage(1, 1, 0));
    expect(api.state(reference)).toBe('Manifested');
  });

  it('filters by ShippingLocationReferences, and ignores a singular ShippingLocationReference as the service does', async () => {
    const london = await api.allocated();
    const leeds = await api.allocated({ Addresses: [leedsOrigin(), destination()] });
    expect((await fromQuery({ ShippingLocationReferences: ['SL-LEEDS'] })).body.Message).toBe(
      queryMessage(1, 1, 0),
    );
    expect([api.state(london), api.state(leeds)]).toEqual(['Allocated', 'Manifested']);
    // The real query type has no singular key: ignored, the query widens to every location.
    const other = await api.allocated({ Addresses: [leedsOrigin(), destination()] });
    expect((await fromQuery({ ShippingLocationReference: 'SL-LEEDS' })).body.Message).toBe(
      queryMessage(2, 2, 0),
    );
    expect([api.state(london), api.state(other)]).toEqual(['Manifested', 'Manifested']);
  });

  it('refuses a query without States (400): the vendor marks them required', async () => {
    const allocated = await api.allocated();
    for (const query of [{}, { States: [] }]) {
      const answer = await api.call('POST', '/consignments/manifestFromQuery', query);
      expectAreaAError(answer, 400, 'InvalidRequest');
    }
    expect(api.state(allocated)).toBe('Allocated');
  });

  it('filters by Carriers (reference or name)', async () => {
    const royalMail = await api.allocated();
    const dpd = await api.allocated({ Tags: ['Signature'] });
    expect((await fromQuery({ Carriers: ['DPD'] })).body.Message).toBe(queryMessage(1, 1, 0));
    expect([api.state(royalMail), api.state(dpd)]).toEqual(['Allocated', 'Manifested']);
    expect((await fromQuery({ Carriers: ['Royal Mail'] })).body.Message).toBe(queryMessage(1, 1, 0));
  });

  it('filters by LabelsPrinted', async () => {
    const printed = await api.allocated();
    const notPrinted = await api.allocated();
    mock.store.orders.markLabelsPrinted(printed);
    expect((await fromQuery({ LabelsPrinted: true })).body.Message).toBe(queryMessage(1, 1, 0));
    expect([api.state(printed), api.state(notPrinted)]).toEqual(['Manifested', 'Allocated']);
  });

  it('filters by ShippingDate and ShippingDateRanges', async () => {
    const tenth = await api.allocated({ ShippingDate: '2026-01-10' });
    const twelfth = await api.allocated({ ShippingDate: '2026-01-12T09:00:00+00:00' });
    const undated = await api.allocated();
    expect((await fromQuery({ ShippingDate: '2026-01-12' })).body.Message).toBe(queryMessage(1, 1, 0));
    expect(api.state(twelfth)).toBe('Manifested');
    const ranges = [{ StartDate: '2026-01-01', EndDate: '2026-01-10' }];
    expect((await fromQuery({ ShippingDateRanges: ranges })).body.Message).toBe(queryMessage(1, 1, 0));
    expect([api.state(tenth), api.state(undated)]).toEqual(['Manifested', 'Allocated']);
    // One range as an object, the vendor's C# type, works as a list of one.
    const later = await api.allocated({ ShippingDate: '2026-01-20' });
    const range = { StartDate: '2026-01-15', EndDate: '2026-01-25' };
    expect((await fromQuery({ ShippingDateRanges: range })).body.Message).toBe(queryMessage(1, 1, 0));
    expect(api.state(later)).toBe('Manifested');
  });

  it('rejects badly typed filters', async () => {
    expectAreaAError(await fromQuery({ States: 5 }), 400, 'InvalidRequest');
    expectAreaAError(await fromQuery({ LabelsPrinted: 'yes' }), 400, 'InvalidRequest');
    expectAreaAError(
      await fromQuery({ ShippingDateRanges: [{ StartDate: '2026-01-10', EndDate: '2026-01-01' }] }),
      400,
      'InvalidRequest',
    );
  });

  it('counts a consignment whose carrier rejects as queued; it ends in ManifestFailed', async () => {
    const reference = await unreliable();
    expect((await fromQuery({})).body).toEqual({ Message: queryMessage(1, 1, 0), FailedConsignments: [] });
    expect(api.state(reference)).toBe('ManifestFailed');
  });
});

describe('area A mock: customer manifests', () => {
  it('lists all manifests, or those of one shipping location', async () => {
    await manifest([
      await api.allocated(),
      await api.allocated({ Addresses: [leedsOrigin(), destination()] }),
    ]);
    expect((await api.ok('GET', '/consignments/customer/manifests')).body).toHaveLength(2);
    const leeds = (await api.ok('GET', '/consignments/customer/manifests?shippingLocationReference=SL-LEEDS'))
      .body;
    expect(
      leeds.map((entry: { ShippingLocationReference: string }) => entry.ShippingLocationReference),
    ).toEqual(['SL-LEEDS']);
    expect(
      (await api.ok('GET', '/consignments/customer/manifests?shippingLocationReference=SL-NONE')).body,
    ).toEqual([]);
  });

  it('answers a manifest as a JSON string holding the Base64 of a real one-page PDF', async () => {
    await manifest([await api.allocated(), await api.allocated()]);
    const [entry] = (await api.ok('GET', '/consignments/customer/manifests')).body;
    const answer = await api.ok('GET', `/consignments/customer/manifest/${entry.ManifestReference}`);
    expect(typeof answer.body).toBe('string');
    const bytes = Uint8Array.from(atob(answer.body), (char) => char.charCodeAt(0));
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(entry.ManifestReference);
    expect(text).toContain('Carrier: Royal Mail');
    expect(text).toContain('Bookings: 2');
    // Every xref offset points at its object.
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets: number[] = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) =>
      Number(match[1]),
    );
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => {
      const head = `${index + 1} 0 obj\n`;
      expect(text.slice(offset, offset + head.length)).toBe(head);
    });
    const pdf = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
    expect(pdf.getPageCount()).toBe(1);
  });

  it('answers 404 for an unknown manifest and 400 for a malformed reference', async () => {
    expectAreaAError(
      await api.call('GET', `/consignments/customer/manifest/${'0'.repeat(32)}`),
      404,
      'ManifestNotFound',
    );
    expectAreaAError(
      await api.call('GET', '/consignments/customer/manifest/..%2Fetc'),
      400,
      'InvalidReferenceFormat',
    );
  });
});

describe('area A mock: customer manifests by filter, and the file sent to the carrier', () => {
  const filtered = (filter: Record<string, unknown>) =>
    api.call('POST', '/consignments/manifestsfiltered', { Take: 20, Skip: 0, ...filter });
  /** Three manifests: London and Leeds on one call, then London again. */
  async function threeManifests() {
    await manifest([
      await api.allocated(),
      await api.allocated({ Addresses: [leedsOrigin(), destination()] }),
    ]);
    await manifest([await api.allocated()]);
    return (await api.ok('GET', '/consignments/customer/manifests')).body as {
      ManifestReference: string;
      ShippingLocationReference: string;
      Created: string;
      CarrierName: string;
    }[];
  }

  it('answers 201 with a ManifestsView: the page, the total, the page size and the locations to filter by', async () => {
    const all = await threeManifests();
    const answer = await filtered({ Take: 2, Skip: 1 });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ TotalRecords: 3, PageSize: 2, CarrierServices: null });
    expect(answer.body.Manifests).toEqual(all.slice(1, 3));
    expect(answer.body.ShippingLocationRefs).toContainEqual(
      expect.objectContaining({ Reference: 'SL-LEEDS' }),
    );
  });

  it('filters by shipping location, carrier name and creation time, each in any case', async () => {
    const all = await threeManifests();
    const refs = (body: { Manifests: { ManifestReference: string }[] }) =>
      body.Manifests.map((entry) => entry.ManifestReference);
    const leeds = all.filter((entry) => entry.ShippingLocationReference === 'SL-LEEDS');
    expect(refs((await filtered({ ShippingLocationRefs: ['sl-leeds'] })).body)).toEqual(
      leeds.map((entry) => entry.ManifestReference),
    );
    expect((await filtered({ CarrierNames: ['ROYAL MAIL'] })).body.TotalRecords).toBe(3);
    expect((await filtered({ CarrierNames: ['Nobody'] })).body).toMatchObject({
      Manifests: [],
      TotalRecords: 0,
    });
    const last = all[2]!;
    expect(refs((await filtered({ CreatedDateStart: last.Created })).body)).toEqual([last.ManifestReference]);
    expect(refs((await filtered({ CreatedDateEnd: all[0]!.Created })).body)).not.toContain(
      last.ManifestReference,
    );
  });

  it('answers 400 for a date that is not one, a page that is not one, or a body that is not an object', async () => {
    expectAreaAError(await filtered({ CreatedDateStart: 'yesterday' }), 400, 'InvalidRequest');
    expectAreaAError(await filtered({ Take: 0 }), 400, 'InvalidRequest');
    expectAreaAError(await filtered({ CarrierNames: 'Royal Mail' }), 400, 'InvalidRequest');
    expectAreaAError(await api.call('POST', '/consignments/manifestsfiltered', [1]), 400, 'InvalidRequest');
  });

  it("answers the file sent to the carrier as Base64 of a CSV listing the manifest's consignments", async () => {
    const consignment = await api.allocated();
    await manifest([consignment]);
    const [entry] = (await api.ok('GET', '/consignments/customer/manifests')).body;
    const answer = await api.ok('GET', `/consignments/manifestfilesenttocarrier/${entry.ManifestReference}`);
    expect(typeof answer.body).toBe('string');
    const text = atob(answer.body);
    expect(text.split('\r\n')[0]).toBe('ConsignmentReference,Carrier,ShippingLocationReference,Created');
    expect(text).toContain(`${consignment},Royal Mail,SL-LONDON,`);
    expectAreaAError(
      await api.call('GET', `/consignments/manifestfilesenttocarrier/${'0'.repeat(32)}`),
      404,
      'ManifestNotFound',
    );
    expectAreaAError(
      await api.call('GET', '/consignments/manifestfilesenttocarrier/..%2Fetc'),
      400,
      'InvalidReferenceFormat',
    );
  });
});
