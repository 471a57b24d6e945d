import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATES } from '../../../src/index.js';
import {
  allocatedShipment,
  call,
  createShipment,
  SHIPMENT_REFERENCE,
  shipmentRequest,
  useLifecycleMock,
} from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

describe('Create Shipment', () => {
  it('answers 201 with a 35-character sp_ reference; the shipment is unallocated and has no labels', async () => {
    const created = await call(mock, 'POST', '/shipments', shipmentRequest());
    expect(created.status).toBe(201);
    const reference = created.body.reference;
    expect(reference).toMatch(SHIPMENT_REFERENCE);
    expect(reference).toHaveLength(35);
    expect(Object.keys(created.body).sort()).toEqual(['_links', 'custom_reference', 'message', 'reference']);

    const shipment = await call(mock, 'GET', `/shipments/${reference}`);
    expect(shipment.status).toBe(200);
    expect(shipment.body).toMatchObject({
      reference,
      state: 'unallocated',
      source: 'api',
      direction: 'outbound',
    });
    expect(shipment.body).not.toHaveProperty('allocation');
    expect(shipment.body.contents[0].reference).toMatch(/^sc_[0-9]{32}$/);
    expect(shipment.body.label_details).toEqual({
      date_first_retrieved: null,
      retrieval_count: 0,
      _links: [],
    });

    const label = await call(mock, 'GET', `/labels/${reference}/pdf/203`);
    expect(label.status).toBe(404);
  });

  it("refuses a date that is not a date-time with a time and an offset, as the file's format says", async () => {
    for (const order_date of ['2026-11-25', '2026-11-25T09:00:00', 'tomorrow']) {
      const refused = await call(mock, 'POST', '/shipments', shipmentRequest({ order_date }));
      expect(refused.status).toBe(400);
      expect(refused.body.details).toContainEqual(
        expect.objectContaining({ property: '$.order_date', code: 'invalid_format' }),
      );
    }
    const accepted = await call(
      mock,
      'POST',
      '/shipments',
      shipmentRequest({ order_date: '2026-11-25T09:00:00+01:00' }),
    );
    expect(accepted.status).toBe(201);
  });

  it('refuses a body that breaks the file: unknown fields, missing required ones, a missing destination', async () => {
    const unknown = await call(mock, 'POST', '/shipments', { ...shipmentRequest(), colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toContainEqual(
      expect.objectContaining({ property: '$.colour', code: 'unknown_property' }),
    );

    const { contents: _contents, ...withoutContents } = shipmentRequest();
    const missing = await call(mock, 'POST', '/shipments', withoutContents);
    expect(missing.body.details).toContainEqual(
      expect.objectContaining({ property: '$.contents', code: 'required_property_missing' }),
    );

    const [origin] = shipmentRequest().addresses;
    const oneSided = await call(
      mock,
      'POST',
      '/shipments',
      shipmentRequest({ addresses: [origin, { ...origin }] }),
    );
    expect(oneSided.status).toBe(400);
    expect(oneSided.body.details.map((entry: { code: string }) => entry.code)).toEqual(
      expect.arrayContaining(['duplicate_address_type', 'address_type_required']),
    );
    expect(mock.store.shipments.shipments.size).toBe(0);
  });
});

describe('Cancel and Delete', () => {
  it('cancels before manifesting only; a cancelled shipment loses its labels, and only then can be deleted', async () => {
    const reference = await allocatedShipment(mock);
    const early = await call(mock, 'DELETE', `/shipments/${reference}`);
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('invalid_state_for_operation');

    const cancelled = await call(mock, 'PUT', `/shipments/${reference}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.state).toBe('cancelled');
    expect((await call(mock, 'GET', `/labels/${reference}/pdf/203`)).status).toBe(404);
    const again = await call(mock, 'PUT', `/shipments/${reference}/cancel`);
    expect(again.status).toBe(409);

    const deleted = await call(mock, 'DELETE', `/shipments/${reference}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body._links).toEqual([]);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).status).toBe(404);
  });

  it('refuses to cancel a manifested shipment (409)', async () => {
    const reference = await allocatedShipment(mock);
    await call(mock, 'PUT', `/shipments/${reference}/manifest`);
    const refused = await call(mock, 'PUT', `/shipments/${reference}/cancel`);
    expect(refused.status).toBe(409);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.state).toBe('manifested');
  });
});

describe('Change Shipment State', () => {
  const change = (reference: string, state: string) =>
    call(mock, 'PUT', '/shipments/state', { reference, state, reason: 'Checked by the warehouse' });

  it('moves an allocated shipment to ready_to_ship, answers 304 when it is already there', async () => {
    const reference = await allocatedShipment(mock);
    expect((await change(reference, 'ready_to_ship')).status).toBe(200);
    const same = await change(reference, 'ready_to_ship');
    expect(same.status).toBe(304);
    expect(same.body).toBeUndefined();
  });

  it('refuses platform states, unknown states, and carrier states before manifesting', async () => {
    const reference = await allocatedShipment(mock);
    expect((await change(reference, 'cancelled')).body.code).toBe('system_shipment_state');
    expect((await change(reference, 'teleported')).body.code).toBe('invalid_shipment_state');
    const early = await change(reference, 'delivered');
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('invalid_state_for_operation');
    const unallocated = await createShipment(mock);
    expect((await change(unallocated, 'ready_to_ship')).status).toBe(400);
  });

  it("knows each of the 43 states of the vendor's file that the SDK names", async () => {
    // The mock keeps its own copy of the 43 states, so that it checks the SDK rather than echoes it.
    const reference = await allocatedShipment(mock);
    const unknownToTheMock: string[] = [];
    for (const state of SHIPMENT_STATES) {
      const answer = await change(reference, state);
      if (answer.body?.code === 'invalid_shipment_state') unknownToTheMock.push(state);
    }
    expect(unknownToTheMock).toEqual([]);
    expect(SHIPMENT_STATES).toHaveLength(43);
  });
});

describe('Update Shipment and State Counts (older file)', () => {
  it('replaces an unallocated shipment, and refuses an allocated one', async () => {
    const reference = await createShipment(mock);
    const updated = await call(mock, 'PUT', '/shipments', {
      reference,
      ...shipmentRequest({ custom_reference: 'ORDER-2' }),
    });
    expect(updated.status).toBe(200);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.custom_reference).toBe('ORDER-2');
    const allocated = await allocatedShipment(mock);
    const refused = await call(mock, 'PUT', '/shipments', { reference: allocated, ...shipmentRequest() });
    expect(refused.status).toBe(400);
    // The older file, the only one with Update Shipment, documents its errors with no body.
    expect(refused.body).toBeUndefined();
  });

  it('counts shipments by state', async () => {
    await createShipment(mock);
    await createShipment(mock);
    await allocatedShipment(mock);
    const counts = await call(mock, 'GET', '/shipments/state_counts');
    expect(counts.body.shipment_states).toEqual([
      { state: 'unallocated', category: 'lifecycle', exception: false, critical: false, count: 2 },
      { state: 'allocated', category: 'lifecycle', exception: false, critical: false, count: 1 },
    ]);
  });
});
