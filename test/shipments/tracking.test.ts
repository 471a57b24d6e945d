import { describe, expect, it } from 'vitest';
import { NotFoundError, ResponseValidationError } from '../../src/index.js';
import { areaBError, json, ref, SP, stubbedClient } from './stub.js';

const tracking = {
  shipment_reference: SP,
  custom_reference: 'ORDER-1001',
  carrier_references: ['15501234567890'],
  carrier: { reference: 'DPD', name: 'DPD', service_reference: 'DPD-NEXTDAY', service_name: null, tags: [] },
  events: [
    {
      reference: ref('tr', 7),
      timestamp: '2026-01-07T09:00:00+00:00',
      received_timestamp: '2026-01-07T09:01:00+00:00',
      event_code: 'collected', // in no list of the files: an open enum
      description: 'Collected',
      signee: null,
      location: 'Leeds',
    },
  ],
  expected_delivery_date: null,
  _links: [{ rel: 'self', href: null, type: 'tracking', reference: null }],
};

describe('getShipmentTracking', () => {
  it('reads the events of GET /tracking/{sp}, links with null fields and unknown codes included', async () => {
    const { client, requests } = stubbedClient(() => json(200, tracking));
    const answer = await client.tracking.get(SP);
    expect(requests[0]).toMatchObject({ method: 'GET', path: `tracking/${SP}` });
    expect(answer.events?.[0]?.event_code).toBe('collected');
    expect(answer.carrier_references).toEqual(['15501234567890']);
  });

  it('refuses an answer with no carrier reference, which the file requires', async () => {
    const { client } = stubbedClient(() => json(200, { ...tracking, carrier_references: [] }));
    await expect(client.tracking.get(SP)).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it("reads the tracking file's error (no _links) for an unknown shipment as NotFoundError", async () => {
    const { _links, ...error } = areaBError('resource_not_found');
    const { client } = stubbedClient(() => json(404, error));
    await expect(client.tracking.get(SP)).rejects.toMatchObject({ status: 404, code: 'resource_not_found' });
    await expect(client.tracking.get(SP)).rejects.toBeInstanceOf(NotFoundError);
  });
});
