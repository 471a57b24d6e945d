import { afterEach } from 'vitest';
import { createMockService, type MockService } from '../../src/testing/index.js';

/** Area B's sandbox base URL, which the mock answers by default. */
export const B = 'https://api.sorted.com/prosandbox';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a wire answer, read field by field in assertions
  body: any;
  headers: Headers;
}

/** A mock for one test file, reset after every test; requests go through its fetch, as over HTTP. */
export function useLifecycleMock(): MockService {
  const mock = createMockService();
  afterEach(() => mock.reset());
  return mock;
}

/** One area B request with the key and version headers; the answer's JSON body, if it has one. */
export async function call(mock: MockService, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await mock.fetch(`${B}${path}`, {
    method,
    headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

/** A Create Shipment body: one 1.2 kg item from a Leeds warehouse to York. */
export function shipmentRequest(overrides: Record<string, unknown> = {}) {
  return {
    shipment_type: 'scheduled',
    direction: 'outbound',
    custom_reference: 'ORDER-1001',
    contents: [
      {
        description: 'Trainers',
        quantity: 1,
        weight: { value: 1.2, unit: 'kg' },
        value: { amount: 59, currency: 'GBP' },
      },
    ],
    addresses: [
      {
        address_type: 'origin',
        shipping_location_reference: 'SL-LEEDS-01',
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
    ...overrides,
  };
}

/** Creates a shipment and answers its `sp_` reference. */
export async function createShipment(
  mock: MockService,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(mock, 'POST', '/shipments', shipmentRequest(overrides));
  if (created.status !== 201) throw new Error(`createShipment answered ${created.status}`);
  return created.body.reference;
}

/** Creates a shipment and allocates it to a carrier service (default `MOCK-24`). */
export async function allocatedShipment(mock: MockService, service = 'MOCK-24'): Promise<string> {
  const reference = await createShipment(mock);
  const allocated = await call(mock, 'PUT', `/shipments/${reference}/allocate/service/${service}`);
  if (allocated.status !== 200) throw new Error(`allocation answered ${allocated.status}`);
  return reference;
}

/** The vendor's shipment references: `sp_` and 32 digits. */
export const SHIPMENT_REFERENCE = /^sp_[0-9]{32}$/;
