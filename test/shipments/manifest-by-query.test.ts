// Manifest Shipments by Query (only in the vendor's guides): the location guard, the guide's answer, and
// a lost answer settled by reading the caller's candidates, once, under a ledger.
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  OutcomeUnknownError,
  RequestValidationError,
  type ShipmentManifestQuery,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { createMockService } from '../../src/testing/index.js';
import { call, createShipment } from '../support/shipment-lifecycle.js';
import { areaBError, carrier, json, ref, reset, shipmentAnswer, stubbedClient } from './stub.js';

const MA = ref('ma', 20);
/** The guide's answer: the results under `results`, the carrier with its service. */
const guideAnswer = {
  results: [
    {
      reference: MA,
      carrier: {
        reference: 'XPDI',
        name: 'XPD International',
        service_reference: 'XPDISU',
        service_name: 'Supreme',
      },
      message: '4 shipments have been queued for manifest',
      state: 'manifesting',
      shipment_count: 4,
      _links: [
        {
          href: `https://beta.sorted.com/pro/shipments/manifest/${MA}`,
          rel: 'self',
          reference: MA,
          type: 'manifest',
        },
      ],
    },
  ],
};

describe('manifests.manifestByQuery', () => {
  it('POSTs the query as given to shipments/manifest/query and returns the results as manifest_results', async () => {
    const { client, requests } = stubbedClient(() => json(202, guideAnswer));
    const query: ShipmentManifestQuery = {
      shipping_locations: ['SL-LEEDS-01'],
      address_custom_reference: '76dc0fd4-1788-48bf-978c-f8601411f9b1',
      shipment_states: ['allocated'],
      labels_retrieved: true,
      required_shipping_date: { start: '2020-07-23T00:00:00+00:00', end: '2020-07-23T23:59:59+00:00' },
      carrier_reference: 'XPDI',
      carrier_service_reference: 'XPDISU',
    };
    const response = await client.manifests.manifestByQuery(query);
    expect(response.manifest_results).toEqual(guideAnswer.results);
    expect(requests).toEqual([
      { method: 'POST', path: 'shipments/manifest/query', search: '', body: JSON.stringify(query) },
    ]);
  });

  it.each([
    ['an unset location', { shipping_locations: undefined }],
    ['a null location list', { shipping_locations: null }],
    ['an empty location list', { shipping_locations: [] }],
    ['a location from an unset variable', { shipping_locations: [undefined] }],
    ['a blank location', { shipping_locations: ['SL-LEEDS-01', ' '] }],
    ['a misspelt location key', { shipping_location: ['SL-LEEDS-01'] }],
    ['a state no shipment is manifested from', { shipment_states: ['manifested'] }],
    ['an empty state list', { shipment_states: [] }],
    [
      'a reversed date range',
      { required_shipping_date: { start: '2020-07-24T00:00:00Z', end: '2020-07-23T00:00:00Z' } },
    ],
  ])('refuses %s before sending, rather than manifesting every warehouse', async (_, query) => {
    const { client, requests } = stubbedClient(() => json(202, guideAnswer));
    const error = await client.manifests
      .manifestByQuery({ shipment_states: ['allocated'], ...query } as unknown as ShipmentManifestQuery)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
  });

  it('sends a query without a location key, which means every location', async () => {
    const { client, requests } = stubbedClient(() => json(202, guideAnswer));
    await client.manifests.manifestByQuery({});
    await client.manifests.manifestByQuery({
      shipment_states: ['allocated'],
      required_shipping_date: '2020-07-23T00:00:00+00:00',
    });
    expect(requests.map((request) => request.body)).toEqual([
      '{}',
      JSON.stringify({ shipment_states: ['allocated'], required_shipping_date: '2020-07-23T00:00:00+00:00' }),
    ]);
  });
});

describe('reconciling a lost query: which candidates it still matches', () => {
  const query: ShipmentManifestQuery = {
    shipping_locations: ['SL-LEEDS-01'],
    shipment_states: ['allocated', 'ready_to_ship'],
    labels_retrieved: true,
    required_shipping_date: { start: '2026-11-27T00:00:00Z', end: '2026-11-27T23:59:59Z' },
    carrier_reference: carrier.reference,
    carrier_service_reference: carrier.service_reference,
  };
  const matching = (state: string, reference: string) => ({
    ...shipmentAnswer(state, reference),
    required_shipping_date: { start: '2026-11-27T09:00:00Z', end: '2026-11-27T17:00:00Z', has_value: true },
    allocation: {
      carrier,
      allocation_date: '2026-11-26T10:00:00Z',
      price: { net: 1, gross: 1.2, currency: 'GBP', taxes: [] },
    },
    label_details: { date_first_retrieved: '2026-11-26T11:00:00Z', retrieval_count: 1, _links: [] },
  });
  const withOrigin = (answer: ReturnType<typeof matching>, change: Record<string, unknown>) => ({
    ...answer,
    addresses: answer.addresses.map((address) =>
      address.address_type === 'origin' ? { ...address, ...change } : address,
    ),
  });
  const candidates = Array.from({ length: 9 }, (_, index) => ref('sp', 100 + index));
  const answers: Record<string, unknown> = {
    [candidates[0]!]: matching('allocated', candidates[0]!),
    [candidates[1]!]: matching('ready_to_ship', candidates[1]!),
    // Manifested already (by this query or before): nothing left to do for it.
    [candidates[2]!]: matching('manifesting', candidates[2]!),
    [candidates[3]!]: withOrigin(matching('allocated', candidates[3]!), {
      shipping_location_reference: 'SL-YORK-01',
    }),
    [candidates[4]!]: {
      ...matching('allocated', candidates[4]!),
      label_details: { retrieval_count: 0, _links: [] },
    },
    [candidates[5]!]: {
      ...matching('allocated', candidates[5]!),
      required_shipping_date: { has_value: false },
    },
    [candidates[6]!]: {
      ...matching('allocated', candidates[6]!),
      required_shipping_date: { start: '2026-11-27T09:00:00Z', end: '2026-11-28T09:00:00Z', has_value: true },
    },
    [candidates[7]!]: {
      ...matching('allocated', candidates[7]!),
      allocation: {
        ...matching('allocated', '').allocation,
        carrier: { ...carrier, service_reference: 'DPD-TWODAY' },
      },
    },
  };

  it('returns only those meeting every criterion in a state it manifests from, each not done; a candidate not found is left out', async () => {
    const { client } = stubbedClient((request) => {
      if (request.method === 'POST') return reset();
      const answer = answers[request.url.split('/').pop()!];
      return answer ? json(200, answer) : json(404, areaBError('shipment_not_found'));
    });
    const error = await client.manifests.manifestByQuery(query).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(await client.reconcile(error as OutcomeUnknownError, { candidates })).toEqual([
      { reference: candidates[0], state: 'allocated', done: false },
      { reference: candidates[1], state: 'ready_to_ship', done: false },
    ]);
  });
});

describe('a lost Manifest Shipments by Query', () => {
  const mock = createMockService();
  afterEach(() => mock.reset());
  const shipments = (options: ConstructorParameters<typeof ShipmentsClient>[0] = {}) =>
    new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ...options });
  /** An allocated shipment leaving from `location`. */
  async function allocatedAt(location: string): Promise<ShipmentReference> {
    const reference = await createShipment(mock, {
      addresses: [
        {
          address_type: 'origin',
          shipping_location_reference: location,
          address_line1: '1 Way',
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
    expect((await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-24`)).status).toBe(200);
    return reference as ShipmentReference;
  }
  const leeds: ShipmentManifestQuery = {
    shipping_locations: ['SL-LEEDS-01'],
    shipment_states: ['allocated'],
  };

  it('is OutcomeUnknownError naming its locations; reconcile returns the candidates it still matches, each not done', async () => {
    const [first, second] = [await allocatedAt('SL-LEEDS-01'), await allocatedAt('SL-LEEDS-01')];
    const york = await allocatedAt('SL-YORK-01');
    mock.failNext('manifestShipmentsByQuery', { network: 'drop-after' });
    const error = await shipments()
      .manifests.manifestByQuery(leeds)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).references).toEqual(['SL-LEEDS-01']);
    expect(mock.requests('manifestShipmentsByQuery')).toHaveLength(1);

    // A query names no shipment, and area B has no search: reconcile says what to pass.
    await expect(shipments().reconcile(error as OutcomeUnknownError)).rejects.toThrow(ConfigurationError);
    await expect(shipments().reconcile(error as OutcomeUnknownError)).rejects.toThrow(/candidates/);
    // It manifested both: nothing is left for it, and York never matched.
    const candidates = [first, second, york];
    expect(await shipments().reconcile(error as OutcomeUnknownError, { candidates })).toEqual([]);
    // One allocated since matches it: that is what it has left, from the error or its stored form.
    const later = await allocatedAt('SL-LEEDS-01');
    const stored = JSON.parse(JSON.stringify((error as OutcomeUnknownError).toJSON()));
    for (const outcome of [error as OutcomeUnknownError, stored]) {
      expect(await shipments().reconcile(outcome, { candidates: [...candidates, later] })).toEqual([
        { reference: later, state: 'allocated', done: false },
      ]);
    }
    await expect(
      shipments().reconcile(error as OutcomeUnknownError, { candidates: ['EC-1' as never] }),
    ).rejects.toThrow(ConfigurationError);
    expect(mock.requests('manifestShipmentsByQuery')).toHaveLength(1);
  });

  it('under a ledger, is sent once: the same query again reads instead; another query is sent', async () => {
    await allocatedAt('SL-LEEDS-01');
    await allocatedAt('SL-YORK-01');
    const ledger = createMemoryLedger();
    mock.failNext('manifestShipmentsByQuery', { network: 'drop-after' });
    await expect(shipments({ ledger }).manifests.manifestByQuery(leeds)).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    await expect(shipments({ ledger }).manifests.manifestByQuery(leeds)).rejects.toThrow(/candidates/);
    expect(mock.requests('manifestShipmentsByQuery')).toHaveLength(1);
    // Another ask of the same location, and another location: each is its own call.
    const other = await shipments({ ledger }).manifests.manifestByQuery({
      shipping_locations: ['SL-YORK-01'],
    });
    expect(other.manifest_results[0]?.shipment_count).toBe(1);
    await expect(
      shipments({ ledger }).manifests.manifestByQuery({ ...leeds, labels_retrieved: false }),
    ).rejects.toMatchObject({ status: 404 });
    expect(mock.requests('manifestShipmentsByQuery')).toHaveLength(3);
  });
});
