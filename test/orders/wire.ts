// What area A's wire tests share: an msw interception of every request, what each sent, and the cases.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { OrdersClient, type PackOrderRequest, type UpdateOrderInput } from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

export const A = 'https://apisandbox.electioapp.com';
export const KEY = 'test-orders-key';

export interface SentRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  /** The raw body text: `''` when none was sent. */
  text: string;
}

export const sent: SentRequest[] = [];
export const server = setupServer();

/** Starts the interception for the calling test file, and forgets each test's requests and answers. */
export function useWireServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    sent.length = 0;
  });
  afterAll(() => server.close());
}

/** Answers every request to area A with `reply`, recording what arrived. */
export function answer(reply: (request: SentRequest) => Response) {
  server.use(
    http.all(`${A}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const received = {
        method: request.method,
        path: url.pathname,
        search: url.search,
        headers: new Headers(request.headers),
        text: await request.text(),
      };
      sent.push(received);
      return reply(received);
    }),
  );
}

export const json = (body: unknown) => () => HttpResponse.json(body as never);
export const empty = () => new HttpResponse(null, { status: 200 });
export const bodyOf = (request: SentRequest | undefined) =>
  request?.text ? JSON.parse(request.text) : undefined;

export const client = (options: ConstructorParameters<typeof OrdersClient>[0] = {}) =>
  new OrdersClient({ apiKey: KEY, maxRetries: 0, ...options });

export const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
export const PDF_BYTES = new TextEncoder().encode(PDF_TEXT);
export const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

export const address = {
  AddressType: 'Sender',
  CompanyName: 'Mugs Ltd',
  AddressLine1: '2 Yard Lane',
  Town: 'London',
  Postcode: 'E1 2BB',
  Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
};

export const updateBody: UpdateOrderInput = {
  OrderReference: 'EO-000-002-0TS',
  OrderReferenceProvidedByCustomer: 'WEB-1001',
  RequiredDeliveryDate: null,
  ShippingDate: '2026-12-01',
  CustomsDocumentation: null,
  MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' }],
};

export const packRequest: PackOrderRequest = {
  OrderReference: 'EO-000-002-0TS',
  GenerateReturn: true,
  Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
};

export const allocationSummary = {
  StatusCode: 200,
  Description: 'Allocated to Royal Mail Tracked 24',
  ApiLinks: [
    { Rel: 'detail', Href: `${A}/consignments/EC-000-05B-MQ4` },
    { Rel: 'label', Href: `${A}/labels/EC-000-05B-MQ4` },
  ],
  ConsignmentLegs: [
    {
      Leg: 1,
      TrackingReferences: ['RM123456785GB'],
      CarrierReference: 'RM',
      CarrierServiceReference: 'RM-TRACKED-24',
      CarrierName: 'Royal Mail',
    },
  ],
  CarrierReference: 'RM',
  CarrierName: 'Royal Mail',
  CarrierServiceReference: 'RM-TRACKED-24',
  CarrierServiceName: 'Tracked 24',
};

export const operationResults = [
  { IsSuccess: true, Message: 'Done', Data: 'EC-000-05B-MQ4', ApiLinks: [{ Rel: 'detail', Href: `${A}/x` }] },
];

export const manifestSummaries = [
  {
    ManifestReference: '0123456789abcdef0123456789abcdef',
    ManifestFileStorageContainer: 'manifests',
    ManifestFileName: 'manifest-1.pdf',
    ShippingLocationReference: 'SL-LONDON',
    ShippingLocationName: null,
    Created: '2026-11-22T10:00:00+00:00',
    CarrierName: 'Royal Mail',
    BookingsCount: 3,
    ManifestFileNameSentToCarrier: null,
  },
];

export interface WireCase {
  name: string;
  call: (orders: OrdersClient) => Promise<unknown>;
  method: string;
  path: string;
  search?: string;
  /** The exact JSON body expected on the wire; `undefined` means none at all. */
  body?: unknown;
  reply: () => Response;
  returns: unknown;
  repeatable: boolean;
}

export const wireCases: WireCase[] = [
  {
    name: 'createOrder',
    call: (orders) => orders.create(orderInput()),
    method: 'POST',
    path: '/orders',
    body: orderInput(),
    reply: json([{ Rel: 'Order', Href: `${A}/orders/EO-000-002-0TS` }]),
    returns: 'EO-000-002-0TS',
    repeatable: false,
  },
  {
    name: 'getOrder',
    call: (orders) => orders.get('EO-000-002-0TS'),
    method: 'GET',
    path: '/orders/EO-000-002-0TS',
    reply: json({ OrderReference: 'EO-000-002-0TS', Addresses: [] }),
    // Every key Update Order deletes when left out comes back, null, so the order writes back whole.
    returns: {
      OrderReference: 'EO-000-002-0TS',
      Addresses: [],
      OrderReferenceProvidedByCustomer: null,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: null,
    },
    repeatable: true,
  },
  {
    name: 'updateOrder',
    call: (orders) => orders.update('EO-000-002-0TS', updateBody),
    method: 'PUT',
    path: '/orders/EO-000-002-0TS',
    body: updateBody,
    reply: json({ Message: 'updated' }),
    returns: undefined,
    repeatable: true,
  },
  {
    name: 'addAddressToOrder',
    call: (orders) => orders.addAddress('EO-000-002-0TS', address),
    method: 'POST',
    path: '/orders/EO-000-002-0TS/address',
    body: address,
    reply: empty,
    returns: undefined,
    repeatable: false,
  },
  {
    name: 'updateAddressOnOrder',
    call: (orders) => orders.updateAddress('EO-000-002-0TS', address),
    method: 'PUT',
    path: '/orders/EO-000-002-0TS/address',
    body: address,
    reply: empty,
    returns: undefined,
    repeatable: true,
  },
  {
    name: 'selectDeliveryOption',
    call: (orders) => orders.deliveryOptions.selectAsOrder('EDO-000-6BQ-P7K'),
    method: 'POST',
    path: '/deliveryoptions/selectorder',
    body: { DeliveryOptions: [{ Reference: 'EDO-000-6BQ-P7K' }] },
    reply: json({ SelectOrderResults: [{ OrderReference: 'EO-000-002-0TT', Status: 201 }] }),
    returns: 'EO-000-002-0TT',
    repeatable: false,
  },
  {
    name: 'packOrder',
    call: (orders) => orders.pack('EO-000-002-0TS', packRequest),
    method: 'POST',
    path: '/orders/EO-000-002-0TS/pack',
    body: packRequest,
    reply: json({
      Results: [
        {
          Result: 'ConsignmentCreated',
          ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-000-05B-MQ4` }],
        },
        {
          Result: 'ReturnConsignmentCreated',
          ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-000-05B-MQ5` }],
        },
      ],
    }),
    returns: ['EC-000-05B-MQ4', 'EC-000-05B-MQ5'],
    repeatable: false,
  },
  {
    name: 'allocateConsignments',
    call: (orders) => orders.allocation.allocate(['EC-000-05B-MQ4']),
    method: 'PUT',
    path: '/allocation/allocate',
    body: { ConsignmentReferences: ['EC-000-05B-MQ4'] },
    reply: json([allocationSummary]),
    returns: [allocationSummary],
    repeatable: false,
  },
  {
    name: 'allocateWithCheapestQuote',
    call: (orders) => orders.allocation.allocateWithCheapestQuote('EC-000-05B-MQ4'),
    method: 'PUT',
    path: '/allocation/EC-000-05B-MQ4/allocatewithcheapestquote',
    reply: json(allocationSummary),
    returns: allocationSummary,
    repeatable: false,
  },
  {
    name: 'manifestConsignments',
    call: (orders) => orders.manifests.manifest(['EC-000-05B-MQ4']),
    method: 'PUT',
    path: '/consignments/manifest',
    body: { ConsignmentReferences: ['EC-000-05B-MQ4'] },
    reply: json(operationResults),
    returns: operationResults,
    repeatable: false,
  },
  {
    name: 'manifestConsignmentsFromQuery',
    call: (orders) =>
      orders.manifests.manifestFromQuery({
        ShippingLocationReferences: ['SL-LONDON'],
        States: ['ReadyToShip'],
        ShippingDateRanges: [{ StartDate: '2026-11-22', EndDate: '2026-11-23' }],
      }),
    method: 'POST',
    path: '/consignments/manifestFromQuery',
    body: {
      ShippingLocationReferences: ['SL-LONDON'],
      States: ['ReadyToShip'],
      ShippingDateRanges: [{ StartDate: '2026-11-22', EndDate: '2026-11-23' }],
    },
    reply: json({
      Message: 'Query found 1 consignment(s). 1 successfully queued to manifest. 0 failed',
      FailedConsignments: [],
    }),
    returns: {
      Message: 'Query found 1 consignment(s). 1 successfully queued to manifest. 0 failed',
      FailedConsignments: [],
      counts: { found: 1, queued: 1, failed: 0 },
    },
    repeatable: false,
  },
  {
    name: 'setReadyToShip',
    call: (orders) => orders.consignments.setReadyToShip(['EC-000-05B-MQ4', 'EC-000-05B-MQ5']),
    method: 'PUT',
    path: '/consignments/setreadytoship',
    body: ['EC-000-05B-MQ4', 'EC-000-05B-MQ5'],
    reply: json(operationResults),
    returns: operationResults,
    repeatable: false,
  },
  {
    name: 'setNotReadyToShip',
    call: (orders) => orders.consignments.setNotReadyToShip(['EC-000-05B-MQ4']),
    method: 'PUT',
    path: '/consignments/setnotreadytoship',
    body: ['EC-000-05B-MQ4'],
    reply: json(operationResults),
    returns: operationResults,
    repeatable: false,
  },
  {
    name: 'getCustomerManifests',
    call: (orders) => orders.manifests.list({ shippingLocationReference: 'SL-LONDON' }),
    method: 'GET',
    path: '/consignments/customer/manifests',
    search: '?shippingLocationReference=SL-LONDON',
    reply: json(manifestSummaries),
    returns: manifestSummaries,
    repeatable: true,
  },
  {
    name: 'getCustomerManifest',
    call: (orders) => orders.manifests.get('0123456789abcdef0123456789abcdef'),
    method: 'GET',
    path: '/consignments/customer/manifest/0123456789abcdef0123456789abcdef',
    reply: json(base64(PDF_TEXT)),
    returns: PDF_BYTES,
    repeatable: true,
  },
];
