/**
 * Issue 37, item 5: the tracking routes only the vendor's guides document. The stubbed answers are shaped
 * as the guides' examples are (`getting_content_level_events.md`, and the commented-out section of
 * `getting_shipment_events.md` whose example names the carrier `carrier_details`); values are ours.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError, ShipmentsClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { shipmentRequest } from '../support/shipment-lifecycle.js';
import { json, ref, SP, stubbedClient } from './stub.js';

const event = (n: number, event_code: string, extra: Record<string, unknown> = {}) => ({
  reference: ref('tr', n),
  timestamp: '2021-05-06T14:30:00+01:00',
  received_timestamp: '2021-05-06T13:31:02+00:00',
  event_code,
  description: `The parcel: ${event_code}`,
  ...extra,
});

/** The contents-level guide example's shape: `lat_long` null, a timestamp written `12:00.00`. */
const contentsAnswer = {
  shipment_reference: SP,
  carrier: {
    reference: 'CARX',
    name: 'Carrier X',
    service_reference: 'CARX48',
    service_name: 'Carrier X 48',
  },
  shipment_contents: [
    {
      carrier_references: ['7701234567'],
      reference: ref('sc', 4),
      events: [
        event(5, 'delivered', { signee: 'R. Patel', location: 'Leeds', lat_long: null }),
        event(6, 'out_for_delivery', {
          timestamp: '2021-05-06T09:00.00+01:00',
          signee: null,
          location: null,
          lat_long: null,
        }),
      ],
    },
  ],
  expected_delivery_date: null,
  _links: [
    {
      rel: 'self',
      href: `https://api.sorted.com/tracking/${SP}/shipment_contents`,
      type: 'tracking',
      reference: SP,
    },
  ],
};

/** The custom-reference guide example's shape: `carrier_details`, events without signee or lat_long. */
const byCustomReference = (shipments: string[], total = shipments.length, skip = 0) => ({
  tracking_responses: shipments.map((shipment_reference) => ({
    shipment_reference,
    custom_reference: 'CR-77',
    carrier_references: ['b3f1c0de00000000000000000000a1b2'],
    carrier_details: {
      reference: 'CARX',
      name: 'Carrier X',
      service_reference: 'CARX48',
      service_name: 'Carrier X 48',
    },
    events: [event(7, 'delivered', { signee: 'R. Patel', location: 'Leeds' }), event(8, 'collected')],
    expected_delivery_date: '2021-05-07T00:00:00+00:00',
    _links: [
      {
        href: `https://api.sorted.com/pro/tracking/${shipment_reference}`,
        rel: 'self',
        reference: shipment_reference,
        type: 'tracking',
      },
    ],
  })),
  total_results: total,
  take: 10,
  skip,
  _links: [
    {
      href: 'https://api.sorted.com/pro/tracking/custom_reference/CR-77?take=10&skip=0',
      rel: 'self',
      reference: 'CR-77',
      type: 'tracking',
    },
  ],
});

describe("the guides' example answers", () => {
  it('getShipmentContentsTracking reads the contents-level example, null lat_long and odd timestamp included', async () => {
    const { client, requests } = stubbedClient(() => json(200, contentsAnswer));
    const answer = await client.tracking.getContents(SP);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: `tracking/${SP}/shipment_contents`,
      search: '',
    });
    expect(answer.shipment_contents?.[0]?.events?.map((entry) => entry.event_code)).toEqual([
      'delivered',
      'out_for_delivery',
    ]);
  });

  it('getTrackingByCustomReference reads the example (carrier_details), sending take and skip', async () => {
    const { client, requests } = stubbedClient(() => json(200, byCustomReference([SP])));
    const all = await client.tracking.getByCustomReference('CR-77').toArray();
    expect(all).toHaveLength(1);
    expect(all[0]?.carrier_details?.service_reference).toBe('CARX48');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: 'tracking/custom_reference/CR-77',
        search: '?take=10&skip=0',
      }),
    ]);
  });

  it('pages for await until total_results, asking each page only when the one before is read', async () => {
    const shipments = Array.from({ length: 5 }, (_, n) => ref('sp', 100 + n));
    const { client, requests } = stubbedClient((request) => {
      const skip = Number(new URL(request.url).searchParams.get('skip'));
      return json(200, byCustomReference(shipments.slice(skip, skip + 2), 5, skip));
    });
    const read: string[] = [];
    for await (const tracked of client.tracking.getByCustomReference('CR-77', { pageSize: 2 })) {
      read.push(tracked.shipment_reference);
    }
    expect(read).toEqual(shipments);
    expect(requests.map((request) => request.search)).toEqual([
      '?take=2&skip=0',
      '?take=2&skip=2',
      '?take=2&skip=4',
    ]);
  });

  it('surfaces a 404 (no shipment has the reference) as NotFoundError when read', async () => {
    const notFound = {
      reference: ref('er', 9),
      correlation_id: 'c0ffee00-0000-4000-8000-000000000001',
      code: 'not_found',
      message: 'none',
      details: [],
    };
    const { client } = stubbedClient(() => json(404, notFound));
    await expect(client.tracking.getContentsByCustomReference('CR-77').toArray()).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('percent-encodes any custom reference into the path, and refuses a bad one or page size at once', async () => {
    const { client, requests } = stubbedClient(() => json(200, byCustomReference([])));
    await client.tracking.getContentsByCustomReference('EVENING RUN/2').page(0);
    expect(requests[0]?.path).toBe('tracking/custom_reference/EVENING%20RUN%2F2/shipment_contents');
    expect(() => client.tracking.getByCustomReference('')).toThrow(RequestValidationError);
    expect(() => client.tracking.getByCustomReference('x'.repeat(51))).toThrow(RequestValidationError);
    expect(() => client.tracking.getByCustomReference('CR-77', { pageSize: 11 })).toThrow(
      RequestValidationError,
    );
    expect(requests).toHaveLength(1);
  });
});

describe('against the mock', () => {
  it("reads a shipment's contents-level tracking and finds shipments by custom reference", async () => {
    const mock = createMockService();
    const client = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
    const { reference: shipment } = await client.create(
      shipmentRequest({
        custom_reference: 'EVENING RUN',
        contents: [
          {
            description: 'Trainers',
            custom_reference: 'LINE-1',
            quantity: 1,
            weight: { value: 1.2, unit: 'kg' },
            value: { amount: 59, currency: 'GBP' },
          },
        ],
      }) as never,
    );
    await client.allocation.allocateWithCarrierService(shipment, 'MOCK-24');
    const contents = await client.tracking.getContents(shipment);
    expect(contents.shipment_contents?.map((entry) => entry.custom_reference)).toEqual(['LINE-1']);
    const found = await client.tracking.getByCustomReference('EVENING RUN').toArray();
    expect(found.map((entry) => entry.shipment_reference)).toEqual([shipment]);
    const byItem = await client.tracking.getContentsByCustomReference('LINE-1').toArray();
    expect(byItem.map((entry) => entry.shipment_reference)).toEqual([shipment]);
    await expect(client.tracking.getByCustomReference('NOBODY').toArray()).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
