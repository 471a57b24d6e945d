import { describe, expect, it } from 'vitest';
import {
  allocatedShipment,
  call,
  createShipment,
  useLifecycleMock,
} from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

describe('manifesting', () => {
  it('queues one shipment (202, manifesting), which is manifested on the next read; Get Manifest lists it', async () => {
    const reference = await allocatedShipment(mock);
    const answer = await call(mock, 'PUT', `/shipments/${reference}/manifest`);
    expect(answer.status).toBe(202);
    const [result] = answer.body.manifest_results;
    expect(result).toMatchObject({
      state: 'manifesting',
      shipment_count: 1,
      carrier: { reference: 'MOCKPOST' },
    });
    expect(result.reference).toMatch(/^ma_[0-9]{32}$/);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.state).toBe('manifested');
    const manifest = await call(mock, 'GET', `/shipments/manifests/${result.reference}`);
    expect(manifest.body).toEqual({
      reference: result.reference,
      shipments: [reference],
      created: expect.any(String),
    });
    // Labels stay available after manifesting.
    expect((await call(mock, 'GET', `/labels/${reference}/zpl/203`)).status).toBe(200);
  });

  it('makes one manifest per carrier for a list, and refuses the whole list when one cannot be manifested', async () => {
    const post = await allocatedShipment(mock, 'MOCK-24');
    const express = await allocatedShipment(mock, 'MOCK-EXPRESS');
    const unallocated = await createShipment(mock);
    const refused = await call(mock, 'PUT', '/shipments/manifest', { shipments: [post, unallocated] });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toMatchObject({
      property: '$.shipments[1]',
      code: 'invalid_state_for_operation',
    });
    expect((await call(mock, 'GET', `/shipments/${post}`)).body.state).toBe('allocated');
    const unknown = await call(mock, 'PUT', '/shipments/manifest', {
      shipments: ['sp_99999999999999999999999999999999'],
    });
    expect(unknown.status).toBe(404);

    const answer = await call(mock, 'PUT', '/shipments/manifest', { shipments: [post, express] });
    expect(answer.status).toBe(202);
    expect(
      answer.body.manifest_results.map(
        (result: { carrier: { reference: string } }) => result.carrier.reference,
      ),
    ).toEqual(['MOCKPOST', 'MOCKEXP']);
    const again = await call(mock, 'PUT', `/shipments/${post}/manifest`);
    expect(again.status).toBe(400);
  });

  it('manifests a group (older file): its members not manifested yet, and the group keeps its members and rules', async () => {
    const first = await allocatedShipment(mock);
    const second = await allocatedShipment(mock);
    const group = (
      await call(mock, 'POST', '/shipment_groups', {
        custom_reference: 'evening-run',
        shipments: [first, second],
      })
    ).body.reference;
    await call(mock, 'PUT', `/shipments/${first}/manifest`);
    const answer = await call(mock, 'POST', `/shipment_groups/${group}/manifest`);
    expect(answer.status).toBe(202);
    expect(answer.body.manifest_results[0].shipment_count).toBe(1);
    const manifest = await call(
      mock,
      'GET',
      `/shipments/manifests/${answer.body.manifest_results[0].reference}`,
    );
    expect(manifest.body.shipments).toEqual([second]);

    const read = await call(mock, 'GET', `/shipment_groups/${group}`);
    expect(read.body.shipments).toEqual([first, second]);
    // A manifested shipment is still in its open group: it cannot join a second one.
    const other = await call(mock, 'POST', '/shipment_groups', {
      custom_reference: 'morning-run',
      shipments: [first],
    });
    expect(other.body.errors[0].code).toBe('shipment_in_open_group');
    // Manifest Shipment Group is only in the older file, which documents its errors with no body.
    const again = await call(mock, 'POST', `/shipment_groups/${group}/manifest`);
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: undefined });
    const unknown = await call(mock, 'POST', '/shipment_groups/sg_00000000000000000000000000000404/manifest');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: undefined });
    expect((await call(mock, 'POST', `/shipment_groups/${group}/lock`)).status).toBe(200);
    expect((await call(mock, 'POST', `/shipment_groups/${group}/close`)).status).toBe(200);
  });

  describe('by query (the guides)', () => {
    /** A shipment from a location, allocated, with its labels retrieved or not, shipping on 23 July 2020. */
    async function shipmentAt(location: string, { labels = true, service = 'MOCK-24' } = {}) {
      const reference = await createShipment(mock, {
        required_shipping_date: { start: '2020-07-23T09:00:00+00:00', end: '2020-07-23T17:00:00+00:00' },
        addresses: [
          {
            address_type: 'origin',
            shipping_location_reference: location,
            custom_reference: `${location}-DOCK`,
            address_line1: '1 Warehouse Way',
            country_iso_code: 'GB',
          },
          {
            address_type: 'destination',
            address_line1: '1 High Street',
            locality: 'York',
            postal_code: 'YO1 1AA',
            country_iso_code: 'GB',
            contact: { first_name: 'Ann', last_name: 'Lee', contact_details: { email: 'ann@example.com' } },
          },
        ],
      });
      expect((await call(mock, 'PUT', `/shipments/${reference}/allocate/service/${service}`)).status).toBe(
        200,
      );
      if (labels) expect((await call(mock, 'GET', `/labels/${reference}/pdf/203`)).status).toBe(200);
      return reference;
    }
    const stateOf = async (reference: string) =>
      (await call(mock, 'GET', `/shipments/${reference}`)).body.state;

    it("manifests only the shipments matching every criterion, answering the guide's results (202)", async () => {
      const leeds = await shipmentAt('SL-LEEDS-01');
      const leedsNoLabels = await shipmentAt('SL-LEEDS-01', { labels: false });
      const york = await shipmentAt('SL-YORK-01');
      const answer = await call(mock, 'POST', '/shipments/manifest/query', {
        shipping_locations: ['SL-LEEDS-01'],
        address_custom_reference: 'SL-LEEDS-01-DOCK',
        shipment_states: ['allocated'],
        labels_retrieved: true,
        required_shipping_date: { start: '2020-07-23T00:00:00+00:00', end: '2020-07-23T23:59:59+00:00' },
        carrier_reference: 'MOCKPOST',
        carrier_service_reference: 'MOCK-24',
      });
      expect(answer.status).toBe(202);
      expect(answer.body.manifest_results).toBeUndefined();
      expect(answer.body.results).toEqual([
        {
          reference: expect.stringMatching(/^ma_[0-9]{32}$/),
          carrier: {
            reference: 'MOCKPOST',
            name: expect.any(String),
            service_reference: 'MOCK-24',
            service_name: expect.any(String),
          },
          message: expect.any(String),
          state: 'manifesting',
          shipment_count: 1,
          _links: [expect.objectContaining({ rel: 'self', type: 'manifest' })],
        },
      ]);
      const manifest = await call(mock, 'GET', `/shipments/manifests/${answer.body.results[0].reference}`);
      expect(manifest.body.shipments).toEqual([leeds]);
      expect(await stateOf(leeds)).toBe('manifested');
      expect(await stateOf(leedsNoLabels)).toBe('allocated');
      expect(await stateOf(york)).toBe('allocated');
    });

    it("takes the guide's request as written: a null location (every one) and a date-time (its day)", async () => {
      const leeds = await shipmentAt('SL-LEEDS-01');
      const york = await shipmentAt('SL-YORK-01', { service: 'MOCK-EXPRESS' });
      const answer = await call(mock, 'POST', '/shipments/manifest/query', {
        shipping_locations: null,
        shipment_states: ['allocated'],
        labels_retrieved: true,
        required_shipping_date: '2020-07-23T00:00:00+00:00',
      });
      expect(answer.status).toBe(202);
      // One result per carrier.
      expect(
        answer.body.results.map((result: { carrier: { reference: string } }) => result.carrier.reference),
      ).toEqual(['MOCKPOST', 'MOCKEXP']);
      expect([await stateOf(leeds), await stateOf(york)]).toEqual(['manifested', 'manifested']);
    });

    it('answers 404 when nothing matches (a service the carrier does not offer matches nothing), and leaves every shipment as it was', async () => {
      const leeds = await shipmentAt('SL-LEEDS-01');
      for (const query of [
        { shipping_locations: ['SL-HULL-01'] },
        { carrier_reference: 'MOCKEXP', carrier_service_reference: 'MOCK-24' },
        { required_shipping_date: '2020-07-24T00:00:00+00:00' },
        { shipment_states: ['ready_to_ship'] },
      ]) {
        const answer = await call(mock, 'POST', '/shipments/manifest/query', query);
        expect({ query, status: answer.status }).toEqual({ query, status: 404 });
      }
      expect(await stateOf(leeds)).toBe('allocated');
      // Manifested, it no longer matches a query for allocated shipments.
      expect((await call(mock, 'POST', '/shipments/manifest/query', {})).status).toBe(202);
      expect((await call(mock, 'POST', '/shipments/manifest/query', {})).status).toBe(404);
    });

    it('refuses a state no shipment is manifested from, a reversed range, more than 10 locations and an unknown key (400)', async () => {
      await shipmentAt('SL-LEEDS-01');
      const refused = async (body: unknown) => {
        const answer = await call(mock, 'POST', '/shipments/manifest/query', body);
        expect(answer.status).toBe(400);
        return answer.body.details.map((entry: { code: string }) => entry.code);
      };
      expect(await refused({ shipment_states: ['manifested'] })).toEqual(['invalid_shipment_state']);
      expect(
        await refused({
          required_shipping_date: { start: '2020-07-24T00:00:00Z', end: '2020-07-23T00:00:00Z' },
        }),
      ).toEqual(['invalid_date_range']);
      expect(await refused({ shipping_locations: Array.from({ length: 11 }, (_, i) => `SL-${i}`) })).toEqual([
        'too_many_elements',
      ]);
      expect(await refused({ shipping_location: ['SL-LEEDS-01'] })).toEqual(['unknown_property']);
      expect((await call(mock, 'GET', '/shipments/state_counts')).status).toBe(200);
    });
  });
});
