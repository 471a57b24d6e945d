import { expect } from 'vitest';
import type {
  ConsignmentReference,
  CreateOrderInput,
  OrderReference,
  OrdersClient,
} from '../../src/index.js';
import type { MockService } from '../../src/testing/index.js';
import { orderInput } from './fixtures.js';

/** Area A's sandbox base URL, which the mock answers by default. */
export const A = 'https://apisandbox.electioapp.com';

type Json = Record<string, unknown>;

/** A valid Create Order body: London warehouse to Manchester, one package of two SKUs. */
export function createOrderInput(overrides: Json = {}): Json {
  return {
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    Packages: [
      {
        Items: [
          { Sku: 'MUG-BLUE', Description: 'Blue mug', Weight: { Value: 0.4, Unit: 'Kg' } },
          {
            Sku: 'TEAPOT-RED',
            ItemReferenceProvidedByCustomer: 'LINE-2',
            Description: 'Red teapot',
            Weight: { Value: 0.9, Unit: 'Kg' },
          },
        ],
        Weight: { Value: 1.4, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 15 },
      },
    ],
    Addresses: [origin(), destination()],
    ...overrides,
  };
}

export function origin(overrides: Json = {}): Json {
  return {
    AddressType: 'Origin',
    ShippingLocationReference: 'SL-LONDON',
    CompanyName: 'Mugs Ltd',
    AddressLine1: '1 Warehouse Way',
    Town: 'London',
    Postcode: 'E1 1AA',
    Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
    ...overrides,
  };
}

export function destination(overrides: Json = {}): Json {
  return {
    AddressType: 'Destination',
    Contact: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
    AddressLine1: '12 Analytical Row',
    Town: 'Manchester',
    Postcode: 'M1 1AA',
    Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
    ...overrides,
  };
}

export const france = (overrides: Json = {}) =>
  destination({
    Town: 'Paris',
    Postcode: '75005',
    Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
    ...overrides,
  });

export interface WireAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
  body: any;
  text: string;
}

/** Raw HTTP against the mock's core, with the key unless `headers` says otherwise. */
export function wire(mock: MockService) {
  const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const response = await mock.fetch(`${A}${path}`, {
      method,
      headers: {
        'ocp-apim-subscription-key': mock.apiKey,
        'electio-api-version': '1.1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text), text } as WireAnswer;
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
    return answer;
  };
  const api = {
    call,
    ok,
    async createOrder(overrides: Json = {}): Promise<string> {
      const { body } = await ok('POST', '/orders', createOrderInput(overrides));
      return (body[0].Href as string).split('/').pop() as string;
    },
    async getOrder(reference: string) {
      return (await ok('GET', `/orders/${reference}`)).body;
    },
    /** Packs every item of the order once (by Sku); answers the consignment references. */
    async pack(reference: string, request: Json = {}): Promise<string[]> {
      const { body } = await ok('POST', `/orders/${reference}/pack`, {
        OrderReference: reference,
        Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
        ...request,
      });
      return body.Results.map((result: { ApiLinks: { Href: string }[] }) =>
        result.ApiLinks[0]?.Href.split('/').pop(),
      );
    },
    /** A new order packed into one consignment: its reference. */
    async consignment(orderOverrides: Json = {}, packRequest: Json = {}): Promise<string> {
      const order = await api.createOrder(orderOverrides);
      return (await api.pack(order, packRequest))[0] as string;
    },
    async allocated(orderOverrides: Json = {}, packRequest: Json = {}): Promise<string> {
      const reference = await api.consignment(orderOverrides, packRequest);
      await ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
      return reference;
    },
    state: (reference: string) => mock.store.orders.getConsignment(reference)?.State,
  };
  return api;
}

/** Asserts area A's error body: `{ Code, Message, CorrelationId, Details? }`, `Code` not the status. */
export function expectAreaAError(answer: WireAnswer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.Code }).toEqual({ status, code });
  expect(typeof answer.body.Message).toBe('string');
  expect(answer.body.CorrelationId).toMatch(/^[0-9a-f-]{36}$/);
  expect(
    Object.keys(answer.body).every((key) => ['Code', 'Message', 'CorrelationId', 'Details'].includes(key)),
  ).toBe(true);
}

/** An order made from `createOrderInput(overrides)` through the client, packed into one consignment of one mug. */
export async function packedConsignment(
  orders: OrdersClient,
  overrides: Json = {},
): Promise<ConsignmentReference> {
  const order = (await orders.create(createOrderInput(overrides) as never)) as OrderReference;
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  return consignment as ConsignmentReference;
}

/** {@link packedConsignment}, then allocated by the default rules. */
export async function allocatedConsignment(
  orders: OrdersClient,
  overrides: Json = {},
): Promise<ConsignmentReference> {
  const consignment = await packedConsignment(orders, overrides);
  await orders.allocation.allocate([consignment]);
  return consignment;
}

/** A typed order (the sample order by default) created, packed into one consignment of one mug, and allocated. */
export async function allocatedOrder(
  orders: OrdersClient,
  order: CreateOrderInput = orderInput(),
): Promise<ConsignmentReference> {
  const reference = await orders.create(order);
  const [consignment] = await orders.pack(reference, {
    OrderReference: reference,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocation.allocate([consignment!]);
  return consignment!;
}
