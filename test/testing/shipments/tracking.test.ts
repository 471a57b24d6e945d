import { describe, expect, it } from 'vitest';
import {
  allocatedShipment,
  call,
  createShipment,
  useLifecycleMock,
} from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

describe('Get Tracking Events', () => {
  it('has nothing before allocation (404), carrier numbers but no events once allocated', async () => {
    const unallocated = await createShipment(mock);
    const none = await call(mock, 'GET', `/tracking/${unallocated}`);
    expect(none.status).toBe(404);
    expect(none.body.details[0].code).toBe('tracking_not_found');
    // The tracking file's error has a reference and no _links.
    expect(none.body.reference).toMatch(/^er_[0-9]{32}$/);
    expect(none.body).not.toHaveProperty('_links');

    const reference = await allocatedShipment(mock);
    const tracking = await call(mock, 'GET', `/tracking/${reference}`);
    expect(tracking.status).toBe(200);
    const shipment = (await call(mock, 'GET', `/shipments/${reference}`)).body;
    expect(tracking.body).toMatchObject({
      shipment_reference: reference,
      carrier: { reference: 'MOCKPOST', service_reference: 'MOCK-24', tags: ['tracked', 'next_day'] },
      events: [],
    });
    expect(tracking.body.carrier_references[0]).toBe(
      shipment.allocation.tracking_details.shipment.tracking_references[0],
    );
  });

  it('has an event once the shipment is manifested, and one for each state set by hand after', async () => {
    const reference = await allocatedShipment(mock);
    await call(mock, 'PUT', `/shipments/${reference}/manifest`);
    const manifested = (await call(mock, 'GET', `/tracking/${reference}`)).body;
    expect(manifested.events).toHaveLength(1);
    expect(manifested.events[0]).toMatchObject({ event_code: 'for_information', signee: null });
    expect(manifested.events[0].reference).toMatch(/^tr_[0-9]{32}$/);

    await call(mock, 'PUT', '/shipments/state', {
      reference,
      state: 'delivered',
      reason: 'Signed for at the door',
    });
    const delivered = (await call(mock, 'GET', `/tracking/${reference}`)).body;
    expect(delivered.events.map((event: { event_code: string }) => event.event_code)).toEqual([
      'delivered',
      'for_information',
    ]);
    const shipment = (await call(mock, 'GET', `/shipments/${reference}`)).body;
    expect(shipment.state).toBe('delivered');
    expect(shipment.actual_delivery_date).toBe(delivered.expected_delivery_date);
  });
});
