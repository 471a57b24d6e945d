import { ShipmentsClient } from '../../src/index.js';

/**
 * A client over a fetch stub, for the answers the vendor's files document that the mock does not give
 * (a 221, a 407, a 531…). Each request is recorded; `answer` says what comes back: a `Response`, or an
 * error thrown as fetch would throw it (a dropped connection).
 */
export function stubbedClient(answer: (request: Request, index: number) => Response | Error) {
  const requests: { method: string; path: string; search: string; body: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/prosandbox\//, ''),
      search: url.search,
      body: await request.text(),
    });
    const answered = answer(request, requests.length - 1);
    if (answered instanceof Error) throw answered;
    return answered;
  };
  const client = new ShipmentsClient({ apiKey: 'test-key', fetch, maxRetries: 2 });
  return { client, requests };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A connection reset after the request went out: it may have reached the service. */
export const reset = () => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });

/** A vendor reference: the prefix and 32 digits, 35 characters. */
export const ref = <P extends string>(prefix: P, n: number) =>
  `${prefix}_${String(n).padStart(32, '0')}` as `${P}_${string}`;

export const SP = ref('sp', 1);
export const SP2 = ref('sp', 2);
export const SG = ref('sg', 3);

export const link = (type: string, reference: string) => ({
  href: `https://api.sorted.com/pro/${type}s/${reference}`,
  rel: type,
  reference,
  type,
});

export const resourceResult = (reference: string = SP) => ({
  reference,
  message: `${reference} done`,
  _links: [link('shipment', reference)],
});

export const areaBError = (code: string, message = code) => ({
  reference: ref('er', 9),
  correlation_id: 'c0ffee00-0000-4000-8000-000000000001',
  code,
  message,
  details: [{ property: null, code, message }],
  _links: [],
});

export const carrier = {
  reference: 'DPD',
  name: 'DPD',
  service_reference: 'DPD-NEXTDAY',
  service_name: 'Next Day',
};
export const price = {
  net: 4.1,
  gross: 4.92,
  currency: 'GBP',
  taxes: [
    {
      rate: { reference: 'gb_standard', country_iso_code: 'GB', type: 'standard', value: 0.2 },
      amount: 0.82,
    },
  ],
};

export const allocateResult = (shipment: string = SP, state = 'allocated') => ({
  shipment_reference: shipment,
  state,
  correlation_id: 'c0ffee00-0000-4000-8000-000000000002',
  price,
  message: `Shipment ${shipment} ${state}`,
  carrier,
  tracking_details: {
    shipment: { reference: shipment, tracking_references: ['15501234567890'], _links: [] },
  },
  _links: [link('label', shipment)],
  details: [],
  excluded_services: [{ carrier, exclusion: { reason: 'too heavy', code: 'ex_weight' } }],
  paperless_documents: { sent_to_carrier: false, usage_type: 'not_applicable' },
});

/** A shipment as the service sends it back, `state` as given. */
export const shipmentAnswer = (state = 'unallocated', reference: string = SP) => ({
  reference,
  state,
  created: '2026-01-05T09:00:00+00:00',
  updated: null,
  required_shipping_date: { has_value: false },
  allocation: null,
  label_details: { date_first_retrieved: null, retrieval_count: 0, _links: [] },
  custom_reference: 'ORDER-1001',
  direction: 'outbound',
  shipment_type: 'scheduled',
  contents: [{ reference: ref('sc', 4), value: { amount: 59, currency: 'GBP' }, quantity: 1 }],
  addresses: newShipment().addresses,
  source: 'api',
  paperless_documents: [],
  _links: [link('shipment', reference)],
});

/** A shipment to create: the least the files require, and a custom reference. */
export function newShipment() {
  return {
    shipment_type: 'scheduled',
    direction: 'outbound',
    custom_reference: 'ORDER-1001',
    contents: [
      {
        custom_reference: 'line-1',
        description: 'Trainers',
        quantity: 1,
        weight: { value: 1.2, unit: 'kg' },
        dimensions: { length: 34, height: 22, width: 12, unit: 'cm' },
        value: { amount: 59, currency: 'GBP' },
        country_of_origin: 'GB',
      },
    ],
    addresses: [
      {
        address_type: 'origin',
        shipping_location_reference: 'SL-LEEDS-01',
        address_line1: '1 Mill Lane',
        country_iso_code: 'GB',
      },
      {
        address_type: 'destination',
        address_line1: '1 High Street',
        locality: 'York',
        postal_code: 'YO1 1AA',
        country_iso_code: 'GB',
        contact: {
          first_name: 'Ann',
          last_name: 'Lee',
          contact_details: { email: 'ann@example.com', mobile: '+447700900123' },
        },
      },
    ],
  } satisfies Parameters<ShipmentsClient['create']>[0];
}
