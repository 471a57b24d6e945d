import { describe, expect, it } from 'vitest';
import { ShipmentsClient } from '../../../src/index.js';
import { type Answer, call, createShipment, useLifecycleMock } from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

/** What every allocation must give a shipment: a carrier, a service, tracking numbers, labels. */
async function expectAllocated(reference: string, serviceReference: string) {
  const shipment = (await call(mock, 'GET', `/shipments/${reference}`)).body;
  expect(shipment.state).toBe('allocated');
  expect(shipment.allocation.carrier).toMatchObject({ service_reference: serviceReference });
  expect(shipment.allocation.carrier.reference).toEqual(expect.any(String));
  const tracking = shipment.allocation.tracking_details;
  expect(tracking.shipment.tracking_references).toEqual([expect.stringMatching(/^[A-Z]+[0-9]{12}$/)]);
  expect(tracking.contents).toHaveLength(1);
  expect(shipment.label_details._links.map((link: { href: string }) => link.href.split('/').at(-1))).toEqual([
    'pdf',
    'zpl',
  ]);
  const label = await call(mock, 'GET', `/labels/${reference}/pdf/203`);
  expect(label.status).toBe(200);
  expect(atob(label.body.file).startsWith('%PDF-')).toBe(true);
}

function expectAllocateResult(answer: Answer, reference: string) {
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ shipment_reference: reference, state: 'allocated', details: [] });
  expect(answer.body.correlation_id).toEqual(expect.any(String));
  expect(answer.body.price).toMatchObject({ currency: 'GBP' });
  expect(answer.body._links.filter((link: { rel: string }) => link.rel === 'label')).toHaveLength(2);
}

describe('the seeded account', () => {
  it('has carrier services, service groups, and virtual services that name either', () => {
    const lifecycle = mock.store.shipments.lifecycle;
    expect([...lifecycle.carrierServices.keys()]).toEqual([
      'MOCK-48',
      'MOCK-24',
      'MOCK-EXPRESS',
      'MOCK-COURIER',
      'MOCK-WORLD',
    ]);
    expect([...lifecycle.serviceGroups.keys()]).toEqual(['domestic', 'express', 'international']);
  });
});

describe('single-shipment allocation', () => {
  it('by default rules (older file): the cheapest service the shipment fits', async () => {
    const reference = await createShipment(mock);
    const answer = await call(mock, 'PUT', `/shipments/${reference}/allocate`);
    expectAllocateResult(answer, reference);
    // The older file's AllocateResult has no paperless_documents, and allows nothing it does not name.
    expect(answer.body).not.toHaveProperty('paperless_documents');
    await expectAllocated(reference, 'MOCK-48');
  });

  it('with a carrier service, a service group, and a virtual service of either kind', async () => {
    const byService = await createShipment(mock);
    expectAllocateResult(
      await call(mock, 'PUT', `/shipments/${byService}/allocate/service/MOCK-EXPRESS`),
      byService,
    );
    await expectAllocated(byService, 'MOCK-EXPRESS');

    const byGroup = await createShipment(mock);
    expectAllocateResult(
      await call(mock, 'PUT', `/shipments/${byGroup}/allocate/service_group/domestic`),
      byGroup,
    );
    await expectAllocated(byGroup, 'MOCK-48');

    const byVirtualGroup = await createShipment(mock, { tags: ['express'] });
    await call(mock, 'PUT', `/shipments/${byVirtualGroup}/allocate/virtual_service/express`);
    await expectAllocated(byVirtualGroup, 'MOCK-EXPRESS');

    const byVirtualService = await createShipment(mock);
    await call(mock, 'PUT', `/shipments/${byVirtualService}/allocate/virtual_service/MOCK-24`);
    await expectAllocated(byVirtualService, 'MOCK-24');
  });

  it('refuses an unknown service (404), an ambiguous virtual service (400), and a second allocation', async () => {
    const reference = await createShipment(mock);
    expect((await call(mock, 'PUT', `/shipments/${reference}/allocate/service/NOPE`)).status).toBe(404);
    expect((await call(mock, 'PUT', `/shipments/${reference}/allocate/virtual_service/nope`)).status).toBe(
      404,
    );
    const lifecycle = mock.store.shipments.lifecycle;
    lifecycle.serviceGroups.set('MOCK-24', { reference: 'MOCK-24', name: 'Clash', services: ['MOCK-24'] });
    const ambiguous = await call(mock, 'PUT', `/shipments/${reference}/allocate/virtual_service/MOCK-24`);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.details[0].code).toBe('non_unique_reference');

    await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-48`);
    const twice = await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-24`);
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('invalid_state_for_operation');
  });

  it('answers 521 when the service cannot carry the shipment, and leaves it allocation_failed', async () => {
    const onDemand = await createShipment(mock, { shipment_type: 'on_demand' });
    const failed = await call(mock, 'PUT', `/shipments/${onDemand}/allocate/service/MOCK-24`);
    expect(failed.status).toBe(521);
    expect(failed.body).toMatchObject({ code: 'allocation_failed' });
    expect(failed.body.details[0].code).toBe('carrier_service_shipment_mismatch');
    expect((await call(mock, 'GET', `/shipments/${onDemand}`)).body.state).toBe('allocation_failed');
    // allocation_failed may be allocated again.
    await call(mock, 'PUT', `/shipments/${onDemand}/allocate/service/MOCK-COURIER`);
    await expectAllocated(onDemand, 'MOCK-COURIER');
  });

  it("answers the errors of the older file's own routes with no body, as that file documents them", async () => {
    const anvil = await createShipment(mock, {
      contents: [
        {
          description: 'Anvil',
          quantity: 1,
          weight: { value: 2000, unit: 'kg' },
          value: { amount: 9, currency: 'GBP' },
        },
      ],
    });
    const failed = await call(mock, 'PUT', `/shipments/${anvil}/allocate`);
    expect({ status: failed.status, body: failed.body }).toEqual({ status: 521, body: undefined });
    const unallocated = await createShipment(mock);
    const refused = await call(mock, 'DELETE', `/shipments/${unallocated}/allocation`);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: undefined });
    const unknown = await call(mock, 'DELETE', '/shipments/sp_00000000000000000000000000000404/allocation');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: undefined });
    // The newest file's routes keep their ApiError.
    const newest = await call(mock, 'PUT', `/shipments/${anvil}/allocate/service/MOCK-24`);
    expect(newest).toMatchObject({ status: 521, body: { code: 'allocation_failed' } });
  });

  it('de-allocates (older file): back to unallocated, labels void', async () => {
    const reference = await createShipment(mock);
    await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-24`);
    expect((await call(mock, 'DELETE', `/shipments/${reference}/allocation`)).status).toBe(200);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.state).toBe('unallocated');
    expect((await call(mock, 'GET', `/labels/${reference}/pdf/203`)).status).toBe(404);
  });
});

describe('allocating lists (queued)', () => {
  it('with default rules: 202, allocating, then allocated on the next read', async () => {
    const first = await createShipment(mock);
    const second = await createShipment(mock);
    const queued = await call(mock, 'PUT', '/shipments/allocate', { shipments: [first, second] });
    expect(queued.status).toBe(202);
    expect(queued.body.map((result: { state: string }) => result.state)).toEqual([
      'allocating',
      'allocating',
    ]);
    await expectAllocated(first, 'MOCK-48');
    await expectAllocated(second, 'MOCK-48');
  });

  it('with a carrier service: 207 when some cannot be allocated, each named with its reason', async () => {
    const allocated = await createShipment(mock);
    await call(mock, 'PUT', `/shipments/${allocated}/allocate/service/MOCK-48`);
    const fresh = await createShipment(mock);
    const partial = await call(mock, 'PUT', '/shipments/allocate/service', {
      shipments: [fresh, allocated],
      carrier_service_reference: 'MOCK-EXPRESS',
    });
    expect(partial.status).toBe(207);
    expect(partial.body[1]).toMatchObject({ shipment_reference: allocated, state: 'allocated' });
    expect(partial.body[1].details[0]).toMatchObject({ code: 'invalid_state_for_operation' });
    expect(partial.body[1].details[0].reference).toHaveLength(35);
    await expectAllocated(fresh, 'MOCK-EXPRESS');
  });

  it('with a service group: 407 with the results when some cannot be allocated; 404 for an unknown shipment', async () => {
    const allocated = await createShipment(mock);
    await call(mock, 'PUT', `/shipments/${allocated}/allocate/service/MOCK-48`);
    const fresh = await createShipment(mock);
    const partial = await call(mock, 'PUT', '/shipments/allocate/service_group', {
      shipments: [fresh, allocated],
      service_group: 'express',
    });
    expect(partial.status).toBe(407);
    await expectAllocated(fresh, 'MOCK-EXPRESS');
    const unknown = await call(mock, 'PUT', '/shipments/allocate/service_group', {
      shipments: ['sp_99999999999999999999999999999999'],
      service_group: 'express',
    });
    expect(unknown.status).toBe(404);
  });

  it('with filters: the matching shipments are submitted, and allocated to a service with the tags', async () => {
    const outbound = await createShipment(mock);
    const inbound = await createShipment(mock, { direction: 'inbound' });
    const submitted = await call(mock, 'PUT', '/shipments/allocate/filters', {
      shipments: [outbound, inbound],
      filters: { direction: 'outbound', tags: ['next_day'] },
    });
    expect(submitted.status).toBe(202);
    expect(submitted.body.shipments.map((link: { reference: string }) => link.reference)).toEqual([outbound]);
    await expectAllocated(outbound, 'MOCK-24');
    expect((await call(mock, 'GET', `/shipments/${inbound}`)).body.state).toBe('unallocated');
  });
});

describe('labels and groups on shipments created through the lifecycle', () => {
  it('print labels, and group and lock them, with ShipmentsClient', async () => {
    const client = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const first = (await createShipment(mock)) as `sp_${string}`;
    const second = (await createShipment(mock)) as `sp_${string}`;
    await call(mock, 'PUT', '/shipments/allocate/service', {
      shipments: [first, second],
      carrier_service_reference: 'MOCK-24',
    });
    const [label] = await client.labels.get(first, { format: 'PDF' });
    expect(label.content_type).toBe('application/pdf');
    const contents = (await call(mock, 'GET', `/shipments/${first}`)).body.contents[0].reference;
    const [contentsLabel] = await client.labels.getForContents(first, contents, { format: 'ZPL', dpi: 203 });
    expect(atob(contentsLabel.file)).toContain('^XA');
    const group = await client.groups.create({
      custom_reference: 'evening-run',
      shipments: [first, second],
    });
    await client.groups.lock(group.reference as `sg_${string}`);
    expect((await client.groups.get(group.reference as `sg_${string}`)).shipments).toEqual([first, second]);
    expect((await call(mock, 'GET', `/shipments/${first}`)).body.label_details.retrieval_count).toBe(2);
  });
});
