import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

/** The vendor guide's Add Package request. */
const box = (extra: Record<string, unknown> = {}) => ({
  Weight: { Value: 0.5, Unit: 'Kg' },
  Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
  Description: 'Spare parts',
  Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
  ...extra,
});
const packagesOf = (reference: string) => mock.store.orders.getConsignment(reference)?.Packages ?? [];

describe('area A mock: Add Package and Delete Package', () => {
  it('adds a package with a new EP- reference, answers it 201, and Get Consignment shows it', async () => {
    const consignment = await api.consignment();
    const answer = await api.call(
      'POST',
      `/consignments/${consignment}/addpackage`,
      box({ PackageReferenceProvidedByCustomer: 'BOX-2' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      Reference: expect.stringMatching(/^EP-/),
      PackageReferenceProvidedByCustomer: 'BOX-2',
      Description: 'Spare parts',
      Weight: { Value: 0.5, Unit: 'Kg' },
      MetaData: [],
    });
    const read = await api.ok('GET', `/consignments/${consignment}`);
    expect(read.body.Packages.map((pkg: { Reference: string }) => pkg.Reference)).toContain(
      answer.body.Reference,
    );
    expect(api.state(consignment)).toBe('Unallocated');
  });

  it('takes the weight and dimensions of a package size', async () => {
    const consignment = await api.consignment();
    const { Weight: _w, Dimensions: _d, ...rest } = box();
    const answer = await api.ok('POST', `/consignments/${consignment}/addpackage`, {
      ...rest,
      PackageSizeReference: 'SMALL-PARCEL',
    });
    expect(answer.body).toMatchObject({
      PackageSizeReference: 'SMALL-PARCEL',
      Weight: { Value: 1, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 10 },
    });
    expectAreaAError(
      await api.call('POST', `/consignments/${consignment}/addpackage`, {
        ...rest,
        PackageSizeReference: 'NO-SUCH-SIZE',
      }),
      400,
      'InvalidRequest',
    );
  });

  it('refuses a package without its mandatory fields, and adds nothing', async () => {
    const consignment = await api.consignment();
    const before = packagesOf(consignment).length;
    for (const missing of ['Weight', 'Dimensions', 'Description', 'Value']) {
      const { [missing]: _gone, ...body } = box() as Record<string, unknown>;
      expectAreaAError(
        await api.call('POST', `/consignments/${consignment}/addpackage`, body),
        400,
        'InvalidRequest',
      );
    }
    expect(packagesOf(consignment)).toHaveLength(before);
  });

  it('refuses an allocated consignment (400 InvalidConsignmentState) and an unknown one (404)', async () => {
    const allocated = await api.allocated();
    expectAreaAError(
      await api.call('POST', `/consignments/${allocated}/addpackage`, box()),
      400,
      'InvalidConsignmentState',
    );
    expectAreaAError(
      await api.call('POST', '/consignments/EC-999-999-999/addpackage', box()),
      404,
      'ConsignmentNotFound',
    );
  });

  it('deletes a package with 200 and no body, but never the last one', async () => {
    const consignment = await api.consignment();
    const added = await api.ok('POST', `/consignments/${consignment}/addpackage`, box());
    const deleted = await api.call('DELETE', `/packages/${added.body.Reference}`);
    expect({ status: deleted.status, text: deleted.text }).toEqual({ status: 200, text: '' });
    expect(packagesOf(consignment).map((pkg) => pkg.Reference)).not.toContain(added.body.Reference);
    const [last] = packagesOf(consignment);
    expectAreaAError(await api.call('DELETE', `/packages/${String(last?.Reference)}`), 400, 'InvalidRequest');
    expect(packagesOf(consignment)).toHaveLength(1);
    expectAreaAError(await api.call('DELETE', `/packages/${added.body.Reference}`), 404, 'PackageNotFound');
  });

  it('refuses to delete a package of an allocated consignment', async () => {
    const consignment = await api.consignment();
    const added = await api.ok('POST', `/consignments/${consignment}/addpackage`, box());
    await api.ok('PUT', `/allocation/${consignment}/allocatewithcheapestquote`);
    expectAreaAError(
      await api.call('DELETE', `/packages/${added.body.Reference}`),
      400,
      'InvalidConsignmentState',
    );
  });
});

describe('area A mock: Update Package, Set Customer Reference, Remove Package', () => {
  it('updates a package with 200 and no body: a full replace, items kept when left out', async () => {
    const consignment = await api.consignment();
    const [pkg] = packagesOf(consignment);
    const items = pkg?.Items;
    const answer = await api.call('PUT', `/packages/${String(pkg?.Reference)}`, {
      ...box({ Description: 'Re-boxed' }),
      Reference: pkg?.Reference,
    });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: '' });
    expect(packagesOf(consignment)[0]).toMatchObject({ Description: 'Re-boxed', Items: items });
    expectAreaAError(
      await api.call('PUT', `/packages/${String(pkg?.Reference)}`, box({ Reference: 'EP-9' })),
      400,
      'ReferenceMismatch',
    );
    expectAreaAError(
      await api.call(
        'PUT',
        `/packages/${String(pkg?.Reference)}`,
        box({ Items: [{ Reference: 'f'.repeat(32) }] }),
      ),
      400,
      'ItemNotFound',
    );
    const { Value: _value, ...noValue } = box();
    expectAreaAError(
      await api.call('PUT', `/packages/${String(pkg?.Reference)}`, noValue),
      400,
      'InvalidRequest',
    );
    expectAreaAError(await api.call('PUT', '/packages/EP-999-999-999', box()), 404, 'PackageNotFound');
  });

  it('sets the customer reference of a package, allocated or not', async () => {
    const allocated = await api.allocated();
    const [pkg] = packagesOf(allocated);
    const path = `/packages/${String(pkg?.Reference)}/setcustomerprovidedreference`;
    const answer = await api.call('PUT', path, { Reference: 'BOX-9' });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: '' });
    expect(packagesOf(allocated)[0]?.PackageReferenceProvidedByCustomer).toBe('BOX-9');
    expectAreaAError(await api.call('PUT', path, { Reference: 7 }), 400, 'InvalidRequest');
    expectAreaAError(
      await api.call('PUT', '/packages/EP-999-999-999/setcustomerprovidedreference', { Reference: 'X' }),
      404,
      'PackageNotFound',
    );
  });

  it("removes a package of the consignment named (200, no body), never the last; 404 for another's", async () => {
    const consignment = await api.consignment();
    const other = await api.consignment();
    const added = await api.ok('POST', `/consignments/${consignment}/addpackage`, box());
    expectAreaAError(
      await api.call('POST', `/consignments/${other}/removepackage/${added.body.Reference}`),
      404,
      'PackageNotFound',
    );
    const removed = await api.call(
      'POST',
      `/consignments/${consignment}/removepackage/${added.body.Reference}`,
    );
    expect({ status: removed.status, text: removed.text }).toEqual({ status: 200, text: '' });
    const [last] = packagesOf(consignment);
    expectAreaAError(
      await api.call('POST', `/consignments/${consignment}/removepackage/${String(last?.Reference)}`),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('POST', `/consignments/EC-999-999-999/removepackage/${String(last?.Reference)}`),
      404,
      'ConsignmentNotFound',
    );
  });
});

describe('area A mock: Dispatch Consignments', () => {
  it('moves Manifested consignments to Dispatched, one result each, and refuses the others', async () => {
    const manifested = await api.allocated();
    await api.ok('PUT', '/consignments/manifest', { ConsignmentReferences: [manifested] });
    const unallocated = await api.consignment();
    const answer = await api.ok('PUT', '/consignments/Dispatch', {
      ConsignmentReferences: [manifested, unallocated, 'EC-999-999-999'],
    });
    // The vendor's DispatchResponse: each result names its consignment; a dispatched one links to it.
    expect(answer.body).toEqual([
      {
        ConsignmentReferenceForAllLegsAssignedByMpd: manifested,
        Status: 'Success',
        HttpStatusCode: 200,
        Message: expect.any(String),
        ApiLinks: [{ Rel: 'detail', Href: expect.stringContaining(`/consignments/${manifested}`) }],
      },
      {
        ConsignmentReferenceForAllLegsAssignedByMpd: unallocated,
        Status: 'Failed',
        HttpStatusCode: 400,
        Message: expect.stringContaining('Unallocated'),
      },
      {
        ConsignmentReferenceForAllLegsAssignedByMpd: 'EC-999-999-999',
        Status: 'NotFound',
        HttpStatusCode: 404,
        Message: expect.any(String),
      },
    ]);
    expect(api.state(manifested)).toBe('Dispatched');
    expect(api.state(unallocated)).toBe('Unallocated');
    const tracking = await api.ok('GET', `/tracking/flattened/${manifested}`);
    const codes = tracking.body.TrackedPackages[0].Events.map((event: { Code: string }) => event.Code);
    expect(codes).toContain('Dispatched');
  });

  it('answers 404 when no consignment named is known, and 400 for a malformed list', async () => {
    expectAreaAError(
      await api.call('PUT', '/consignments/Dispatch', { ConsignmentReferences: ['EC-999-999-999'] }),
      404,
      'ConsignmentNotFound',
    );
    expectAreaAError(
      await api.call('PUT', '/consignments/Dispatch', { ConsignmentReferences: [] }),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('PUT', '/consignments/Dispatch', { ConsignmentReferences: ['nope'] }),
      400,
      'InvalidReferenceFormat',
    );
  });
});

describe('area A mock: Get Consignment With Metadata and Get Events Per Package', () => {
  it('reads the consignment with its MetaData', async () => {
    const consignment = await api.consignment({
      MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB123' }],
    });
    const answer = await api.ok('GET', `/consignments/getconsignmentwithmetadata/${consignment}`);
    expect(answer.body).toEqual((await api.ok('GET', `/consignments/${consignment}`)).body);
    expectAreaAError(
      await api.call('GET', '/consignments/getconsignmentwithmetadata/EC-999-999-999'),
      404,
      'ConsignmentNotFound',
    );
  });

  it('flattens the legs: each package with its events, each naming the carrier service', async () => {
    const consignment = await api.allocated();
    mock.store.orders.addTrackingEvent(consignment, { Code: 'Delivered', SignedBy: 'P. Smith' });
    const { body } = await api.ok('GET', `/tracking/flattened/${consignment}`);
    expect(body.ConsignmentReferenceForAllLegsAssignedByMpd).toBe(consignment);
    const [tracked] = body.TrackedPackages;
    expect(tracked.Legs).toBeUndefined();
    expect(tracked.Events.map((event: { Code: string }) => event.Code)).toEqual(['Allocated', 'Delivered']);
    const service = mock.store.orders.getConsignment(consignment)?.CarrierServiceName;
    expect(
      tracked.Events.every((event: { CarrierServiceName: string }) => event.CarrierServiceName === service),
    ).toBe(true);
    expectAreaAError(await api.call('GET', '/tracking/flattened/EC-999-999-999'), 404, 'ConsignmentNotFound');
  });
});
