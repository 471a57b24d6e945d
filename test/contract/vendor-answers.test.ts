/**
 * Answers in the forms the vendor's own examples take, where they differ from its schemas or from what
 * the SDK read before (found by scripts/check-vendor-examples.mjs). Each shape is written here, minimal:
 * the vendor's files are never copied. An answer refused after the service has acted (an allocation, a
 * manifest) turns a done operation into an error, so each must parse under strict validation.
 */
import { describe, expect, it } from 'vitest';
import { OrdersClient, ShipmentsClient } from '../../src/index.js';
import { newShipment } from '../shipments/stub.js';
import { consignmentInput } from '../support/fixtures.js';

/** A fetch that answers every request with `body` and `status`, recording the requests. */
function answering(body: unknown, status = 200) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    return Response.json(body, { status });
  };
  return { fetch, sent };
}
const shipments = (fetch: ReturnType<typeof answering>['fetch']) =>
  new ShipmentsClient({ apiKey: 'test-key', maxRetries: 0, validation: 'strict', fetch });
const orders = (fetch: ReturnType<typeof answering>['fetch']) =>
  new OrdersClient({ apiKey: 'test-key', maxRetries: 0, validation: 'strict', fetch });

const SP = `sp_${'0'.repeat(31)}1` as const;
/** 34 characters, as one vendor guide answers: a reference read is checked for its prefix, not its length. */
const SHORT_SP = `sp_${'0'.repeat(30)}2` as const;
const carrier = { reference: 'CX', name: 'Carrier X', service_reference: 'CX24', service_name: 'Next day' };
const price = { net: 10, gross: 12, taxes: [], currency: 'GBP' };

describe('area B allocation answers without correlation_id (every allocation example of the files)', () => {
  const answer = { shipment_reference: SP, state: 'allocated', price, carrier, message: 'allocated' };
  const calls: [string, (client: ShipmentsClient) => Promise<{ shipment_reference: string }>][] = [
    ['allocateShipment', (client) => client.allocation.allocate(SP)],
    [
      'allocateShipmentWithQuote',
      (client) => client.allocation.allocateWithQuote(SP, `qu_${'0'.repeat(31)}1`),
    ],
    [
      'allocateShipmentWithCarrierService',
      (client) => client.allocation.allocateWithCarrierService(SP, 'CX24'),
    ],
    [
      'allocateShipmentWithServiceGroup',
      (client) => client.allocation.allocateWithServiceGroup(SP, 'next-day'),
    ],
    [
      'allocateShipmentWithVirtualService',
      (client) => client.allocation.allocateWithVirtualService(SP, 'nd'),
    ],
  ];
  it.each(calls)('%s parses it', async (_, call) => {
    for (const status of [200, 202]) {
      const { fetch } = answering(answer, status);
      const result = await call(shipments(fetch));
      expect(result).toMatchObject({ shipment_reference: SP, state: 'allocated' });
    }
  });

  it('reads a shipment reference of 34 characters, as a guide answers it', async () => {
    const { fetch } = answering({ ...answer, shipment_reference: SHORT_SP });
    const result = await shipments(fetch).allocation.allocate(SP);
    expect(result.shipment_reference).toBe(SHORT_SP);
  });

  it('still refuses a shipment reference of another kind', async () => {
    const { fetch } = answering({ ...answer, shipment_reference: 'qu_1' });
    await expect(shipments(fetch).allocation.allocate(SP)).rejects.toMatchObject({
      name: 'ResponseValidationError',
    });
  });
});

describe('area B bulk allocations answered as the guides show them: the shipments queued and rejected', () => {
  const answer = {
    message: '1 queued, 1 rejected',
    queued: [SP],
    rejected: [{ code: 'shipment_not_found', message: 'not found', references: [SHORT_SP] }],
    _links: [],
  };
  const calls: [string, (client: ShipmentsClient) => Promise<unknown>][] = [
    ['allocateShipments', (client) => client.allocation.allocateMany([SP])],
    [
      'allocateShipmentsWithCarrierService',
      (client) => client.allocation.allocateManyWithCarrierService([SP], 'CX24'),
    ],
    [
      'allocateShipmentsWithServiceGroup',
      (client) => client.allocation.allocateManyWithServiceGroup([SP], 'next-day'),
    ],
  ];
  it.each(calls)('%s returns one result per shipment, queued as allocating', async (_, call) => {
    const { fetch } = answering(answer);
    await expect(call(shipments(fetch))).resolves.toEqual([
      { shipment_reference: SP, state: 'allocating', message: '1 queued, 1 rejected' },
      { shipment_reference: SHORT_SP, state: 'allocation_failed', message: 'shipment_not_found: not found' },
    ]);
  });
});

describe('area B manifests answered under `results`, as the manifesting guides write it', () => {
  const result = { reference: `ma_${'0'.repeat(31)}1`, carrier, message: 'manifested', state: 'manifesting' };
  const calls: [string, (client: ShipmentsClient) => Promise<{ manifest_results: unknown[] }>][] = [
    ['manifestShipment', (client) => client.manifests.manifest(SP)],
    ['manifestShipments', (client) => client.manifests.manifestMany([SP])],
    ['manifestShipmentGroup', (client) => client.groups.manifest(`sg_${'0'.repeat(31)}1`)],
    [
      'manifestShipmentsByQuery',
      (client) =>
        client.manifests.manifestByQuery({ shipment_states: ['allocated'], labels_retrieved: true }),
    ],
  ];
  it.each(calls)('%s returns them as manifest_results', async (_, call) => {
    const { fetch } = answering({ results: [result] });
    const answer = await call(shipments(fetch));
    expect(answer.manifest_results).toEqual([result]);
  });
});

describe('area B reads', () => {
  it('getTracking reads an event whose lat_long is null (no coordinates from the carrier)', async () => {
    const event = {
      reference: 'tr_1',
      timestamp: '2020-07-16T09:00:00+00:00',
      received_timestamp: '2020-07-16T09:01:00+00:00',
      event_code: 'in_transit',
      description: 'On its way',
      lat_long: null,
    };
    const { fetch } = answering({
      shipment_reference: SP,
      carrier_references: ['CX1'],
      carrier: { reference: 'CX', service_reference: 'CX24' },
      events: [event],
    });
    const tracking = await shipments(fetch).tracking.get(SP);
    expect(tracking.events?.[0]?.lat_long).toBeNull();
  });

  it('getShipmentGroup reads a version written as a string ("1") as the number', async () => {
    const { fetch } = answering({
      reference: `sg_${'0'.repeat(31)}1`,
      shipments: [SP],
      version: '1',
      state: 'open',
    });
    const group = await shipments(fetch).groups.get(`sg_${'0'.repeat(31)}1`);
    expect(group.version).toBe(1);
  });

  it('getShipmentGroupByCustomReference reads a version written as a string, by number or latest', async () => {
    const { fetch, sent } = answering({
      reference: `sg_${'0'.repeat(31)}1`,
      shipments: [SP],
      custom_reference: 'evening-run',
      version: '2',
      state: 'open',
      created: '2026-01-05T17:00:00+01:00',
    });
    for (const version of [2, 'latest'] as const) {
      const group = await shipments(fetch).groups.getByCustomReference('evening-run', version);
      expect(group.version).toBe(2);
    }
    expect(sent.map(({ url }) => new URL(url).pathname.split('/').slice(-2).join('/'))).toEqual([
      'evening-run/2',
      'evening-run/latest',
    ]);
  });

  it('getShipmentGroupsByCustomReference reads summaries whose links carry only rel and href', async () => {
    const summary = (version: number) => ({
      reference: `sg_${'0'.repeat(31)}${version}`,
      custom_reference: 'evening-run',
      version,
      _links: [
        { rel: 'self', href: `/pro/shipment_groups/sg_${'0'.repeat(31)}${version}` },
        { rel: 'version', href: `/pro/shipment_groups/custom_reference/evening-run/${version}` },
      ],
    });
    const { fetch } = answering([summary(1), summary(2)]);
    expect(await shipments(fetch).groups.listByCustomReference('evening-run')).toEqual([
      summary(1),
      summary(2),
    ]);
  });

  it('createQuote reads a quote for a shipment not created yet: no shipment reference, origin by location', async () => {
    const quote = {
      reference: `qu_${'0'.repeat(31)}1`,
      carrier,
      collection_date: { start: '2020-07-16T00:00:00+00:00', end: '2020-07-16T20:00:00+00:00' },
      delivery_date: { start: '2020-07-17T09:00:00+00:00', end: '2020-07-17T12:00:00+00:00' },
      price,
      created: '2020-07-15T13:39:57+00:00',
      expires: '2020-07-15T23:59:00+00:00',
    };
    const { fetch } = answering(
      {
        reference: `qc_${'0'.repeat(31)}1`,
        message: '1 quote',
        shipment: {
          addresses: [
            { address_type: 'origin', shipping_location_reference: 'SLOC1' },
            { address_type: 'destination', address_line1: '1 Road', country_iso_code: 'GB' },
          ],
        },
        quotes: [quote],
      },
      201,
    );
    const result = await shipments(fetch).quotes.create(newShipment());
    expect(result.quotes?.[0]?.reference).toBe(quote.reference);
    expect(result.shipment.reference).toBeUndefined();
  });
});

describe("area A quotes: a quote's addresses without AddressType (no vendor quote answer has it)", () => {
  const quote = {
    QuoteReference: 'q-1',
    MpdCarrierServiceReference: 'CX24',
    OriginAddress: { ShippingLocationReference: 'SL-1', Town: 'Leeds', IsCached: false },
    DestinationAddress: { AddressLine1: '1 Road', Town: 'Manchester', Postcode: 'M1 5WG' },
    TotalPrice: { Net: 1, Gross: 1.2 },
  };
  const answer = { QuoteRequestReference: 'r-1', Quotes: [quote], UnqualifiedServices: [] };

  it('getQuotes reads them', async () => {
    const { fetch } = answering(answer);
    const result = await orders(fetch).quotes.get(consignmentInput());
    expect(result.Quotes?.[0]?.OriginAddress?.ShippingLocationReference).toBe('SL-1');
  });

  it('getQuotesForConsignment reads them', async () => {
    const { fetch } = answering(answer);
    const result = await orders(fetch).quotes.getForConsignment('EC-000-05B-1CM');
    expect(result.Quotes?.[0]?.DestinationAddress?.AddressLine1).toBe('1 Road');
  });

  it('getServiceGroupQuotes reads them', async () => {
    const { fetch } = answering([{ Reference: 'G1', CheapestQuote: quote, Quotes: [quote] }]);
    const [group] = await orders(fetch).quotes.getForServiceGroups(consignmentInput());
    expect(group?.CheapestQuote?.OriginAddress?.Town).toBe('Leeds');
  });
});

describe("area A consignments: RequestedDeliveryDate as the object the vendor's pages show", () => {
  const requested = {
    Date: '2020-04-10T00:00:00+00:00',
    DeliveryWindow: { Start: '00:00:00', End: '00:00:00', UtcOffset: null },
    IsToBeExactlyOnTheDateSpecified: true,
  };
  const consignment = {
    Reference: 'EC-000-05C-ZB4',
    ConsignmentState: 'Unallocated',
    RequestedDeliveryDate: requested,
    Packages: [],
    Addresses: [],
  };

  it('getConsignment reads it', async () => {
    const { fetch } = answering(consignment);
    const read = await orders(fetch).consignments.get('EC-000-05C-ZB4');
    expect(read.RequestedDeliveryDate).toEqual(requested);
  });

  it('patchConsignment reads it, and writes it back as it was', async () => {
    const { fetch, sent } = answering(consignment);
    await orders(fetch).consignments.patch('EC-000-05C-ZB4', {
      Tags: ['Fragile'],
      Addresses: consignmentInput().Addresses,
      Packages: consignmentInput().Packages,
    });
    const written = sent.find((request) => request.method === 'PUT');
    expect(written?.body).toMatchObject({ RequestedDeliveryDate: requested, Tags: ['Fragile'] });
  });
});
