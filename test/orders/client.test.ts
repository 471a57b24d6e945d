import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ConsignmentReference,
  type CreateOrderInput,
  type OrderReference,
  OrdersClient,
  OutcomeUnknownError,
  type PackOrderRequest,
  RequestValidationError,
  ResponseValidationError,
  type UpdateOrderInput,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const A = 'https://apisandbox.electioapp.com';
const KEY = 'test-orders-key';

interface SentRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  /** The raw body text: `''` when none was sent. */
  text: string;
}

const sent: SentRequest[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

/** Answers every request to area A with `reply`, recording what arrived. */
function answer(reply: (request: SentRequest) => Response) {
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

const json = (body: unknown) => () => HttpResponse.json(body as never);
const empty = () => new HttpResponse(null, { status: 200 });
const bodyOf = (request: SentRequest | undefined) => (request?.text ? JSON.parse(request.text) : undefined);

const client = (options: ConstructorParameters<typeof OrdersClient>[0] = {}) =>
  new OrdersClient({ apiKey: KEY, maxRetries: 0, ...options });

const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const PDF_BYTES = new TextEncoder().encode(PDF_TEXT);
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

const address = {
  AddressType: 'Sender',
  CompanyName: 'Mugs Ltd',
  AddressLine1: '2 Yard Lane',
  Town: 'London',
  Postcode: 'E1 2BB',
  Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
};

const updateBody: UpdateOrderInput = {
  OrderReference: 'EO-000-002-0TS',
  OrderReferenceProvidedByCustomer: 'WEB-1001',
  RequiredDeliveryDate: null,
  ShippingDate: '2026-12-01',
  CustomsDocumentation: null,
  MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' }],
};

const packRequest: PackOrderRequest = {
  OrderReference: 'EO-000-002-0TS',
  GenerateReturn: true,
  Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
};

const allocationSummary = {
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

const operationResults = [
  { IsSuccess: true, Message: 'Done', Data: 'EC-000-05B-MQ4', ApiLinks: [{ Rel: 'detail', Href: `${A}/x` }] },
];

const manifestSummaries = [
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

interface WireCase {
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

const wireCases: WireCase[] = [
  {
    name: 'createOrder',
    call: (orders) => orders.createOrder(orderInput()),
    method: 'POST',
    path: '/orders',
    body: orderInput(),
    reply: json([{ Rel: 'Order', Href: `${A}/orders/EO-000-002-0TS` }]),
    returns: 'EO-000-002-0TS',
    repeatable: false,
  },
  {
    name: 'getOrder',
    call: (orders) => orders.getOrder('EO-000-002-0TS'),
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
    call: (orders) => orders.updateOrder('EO-000-002-0TS', updateBody),
    method: 'PUT',
    path: '/orders/EO-000-002-0TS',
    body: updateBody,
    reply: json({ Message: 'updated' }),
    returns: undefined,
    repeatable: true,
  },
  {
    name: 'addAddressToOrder',
    call: (orders) => orders.addAddressToOrder('EO-000-002-0TS', address),
    method: 'POST',
    path: '/orders/EO-000-002-0TS/address',
    body: address,
    reply: empty,
    returns: undefined,
    repeatable: false,
  },
  {
    name: 'updateAddressOnOrder',
    call: (orders) => orders.updateAddressOnOrder('EO-000-002-0TS', address),
    method: 'PUT',
    path: '/orders/EO-000-002-0TS/address',
    body: address,
    reply: empty,
    returns: undefined,
    repeatable: true,
  },
  {
    name: 'selectDeliveryOption',
    call: (orders) => orders.selectDeliveryOption('EDO-000-6BQ-P7K'),
    method: 'POST',
    path: '/deliveryoptions/selectorder',
    body: { Reference: 'EDO-000-6BQ-P7K' },
    reply: json({ SelectOrderResults: [{ OrderReference: 'EO-000-002-0TT', Status: 201 }] }),
    returns: 'EO-000-002-0TT',
    repeatable: false,
  },
  {
    name: 'packOrder',
    call: (orders) => orders.packOrder('EO-000-002-0TS', packRequest),
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
    call: (orders) => orders.allocateConsignments(['EC-000-05B-MQ4']),
    method: 'PUT',
    path: '/allocation/allocate',
    body: { ConsignmentReferences: ['EC-000-05B-MQ4'] },
    reply: json([allocationSummary]),
    returns: [allocationSummary],
    repeatable: false,
  },
  {
    name: 'allocateWithCheapestQuote',
    call: (orders) => orders.allocateWithCheapestQuote('EC-000-05B-MQ4'),
    method: 'PUT',
    path: '/allocation/EC-000-05B-MQ4/allocatewithcheapestquote',
    reply: json(allocationSummary),
    returns: allocationSummary,
    repeatable: false,
  },
  {
    name: 'manifestConsignments',
    call: (orders) => orders.manifestConsignments(['EC-000-05B-MQ4']),
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
      orders.manifestConsignmentsFromQuery({
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
    call: (orders) => orders.setReadyToShip(['EC-000-05B-MQ4', 'EC-000-05B-MQ5']),
    method: 'PUT',
    path: '/consignments/setreadytoship',
    body: ['EC-000-05B-MQ4', 'EC-000-05B-MQ5'],
    reply: json(operationResults),
    returns: operationResults,
    repeatable: false,
  },
  {
    name: 'setNotReadyToShip',
    call: (orders) => orders.setNotReadyToShip(['EC-000-05B-MQ4']),
    method: 'PUT',
    path: '/consignments/setnotreadytoship',
    body: ['EC-000-05B-MQ4'],
    reply: json(operationResults),
    returns: operationResults,
    repeatable: false,
  },
  {
    name: 'getCustomerManifests',
    call: (orders) => orders.getCustomerManifests({ shippingLocationReference: 'SL-LONDON' }),
    method: 'GET',
    path: '/consignments/customer/manifests',
    search: '?shippingLocationReference=SL-LONDON',
    reply: json(manifestSummaries),
    returns: manifestSummaries,
    repeatable: true,
  },
  {
    name: 'getCustomerManifest',
    call: (orders) => orders.getCustomerManifest('0123456789abcdef0123456789abcdef'),
    method: 'GET',
    path: '/consignments/customer/manifest/0123456789abcdef0123456789abcdef',
    reply: json(base64(PDF_TEXT)),
    returns: PDF_BYTES,
    repeatable: true,
  },
];

describe('OrdersClient on the wire', () => {
  it.each(wireCases)('$name sends $method $path with its exact body and both headers', async (wire) => {
    answer(wire.reply);
    await expect(wire.call(client())).resolves.toEqual(wire.returns);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ method: wire.method, path: wire.path, search: wire.search ?? '' });
    expect(bodyOf(request)).toEqual(wire.body);
    if (wire.body === undefined) expect(request?.text).toBe('');
    expect(request?.headers.get('ocp-apim-subscription-key')).toBe(KEY);
    expect(request?.headers.get('electio-api-version')).toBe('1.1');
  });

  it.each(wireCases)('$name follows its retry class after a 500', async (wire) => {
    answer(() => HttpResponse.json({ Code: 'Oops', Message: 'failed' }, { status: 500 }));
    await expect(wire.call(client({ maxRetries: 1 }))).rejects.toMatchObject({ status: 500 });
    expect(sent).toHaveLength(wire.repeatable ? 2 : 1);
  });

  it('getCustomerManifests sends no query parameter without a filter', async () => {
    answer(json([]));
    await expect(client().getCustomerManifests()).resolves.toEqual([]);
    expect(sent[0]?.search).toBe('');
  });
});

describe('reading every response shape', () => {
  it.each([
    ['a bare reference', 'EO-000-002-0TS'],
    ['an object', { OrderReference: 'EO-000-002-0TS', Extra: 1 }],
    ['the real link array', [{ Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' }]],
  ])('createOrder reads %s', async (_, body) => {
    answer(json(body));
    await expect(client().createOrder(orderInput())).resolves.toBe('EO-000-002-0TS');
  });

  it('createOrder rejects an answer that holds no order reference', async () => {
    answer(json([{ Rel: 'Order', Href: `${A}/orders/not-a-reference` }]));
    await expect(client().createOrder(orderInput())).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it.each([
    ['a bare reference', 'EO-000-002-0TT'],
    [
      'the real SelectOrderResults',
      { SelectOrderResults: [{ OrderReference: 'EO-000-002-0TT', Status: 201 }] },
    ],
  ])('selectDeliveryOption reads %s', async (_, body) => {
    answer(json(body));
    await expect(client().selectDeliveryOption('EDO-1')).resolves.toBe('EO-000-002-0TT');
  });

  it.each([
    ['an empty list', []],
    ['no result with a consignment link', { Results: [] }],
  ])('packOrder rejects an answer that names no consignment: %s', async (_, body) => {
    answer(json(body));
    await expect(client().packOrder('EO-000-002-0TS', packRequest)).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('packOrder puts the outbound consignment first even when the return is listed first', async () => {
    answer(
      json({
        Results: [
          {
            Result: 'ReturnConsignmentCreated',
            ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-R` }],
          },
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-O` }],
          },
        ],
      }),
    );
    await expect(client().packOrder('EO-000-002-0TS', packRequest)).resolves.toEqual(['EC-O', 'EC-R']);
  });

  it('packOrder takes one consignment per result, even when a result links it more than once', async () => {
    answer(
      json({
        Results: [
          {
            Result: 'ReturnConsignmentCreated',
            ApiLinks: [
              { Rel: 'Label', Href: `${A}/labels/EC-R` },
              { Rel: 'Consignment', Href: `${A}/consignments/EC-R` },
            ],
          },
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [
              { Rel: 'Consignment', Href: `${A}/consignments/EC-O` },
              { Rel: 'Label', Href: `${A}/labels/EC-O` },
              { Rel: 'Detail', Href: `${A}/consignments/EC-O/detail` },
            ],
          },
          // No 'Consignment' link: the first link ending in an EC- reference.
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [
              { Rel: 'Order', Href: `${A}/orders/EO-000-002-0TS` },
              { Rel: 'Label', Href: `${A}/labels/EC-S` },
              { Rel: 'Other', Href: `${A}/x/EC-T` },
            ],
          },
          // The same consignment reported twice counts once.
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-O` }],
          },
        ],
      }),
    );
    await expect(client().packOrder('EO-000-002-0TS', packRequest)).resolves.toEqual([
      'EC-O',
      'EC-S',
      'EC-R',
    ]);
  });

  it.each([
    ['a bare reference', 'EC-1', ['EC-1']],
    ['an array naming one consignment twice', ['EC-1', 'EC-1'], ['EC-1']],
    ['an array of references', ['EC-1', 'EC-2'], ['EC-1', 'EC-2']],
  ])('packOrder reads %s', async (_, body, expected) => {
    answer(json(body));
    await expect(client().packOrder('EO-000-002-0TS', packRequest)).resolves.toEqual(expected);
  });

  it.each([
    ['a JSON string', base64(PDF_TEXT)],
    ['{ File }', { File: base64(PDF_TEXT) }],
    ['{ file }', { file: base64(PDF_TEXT) }],
  ])('getCustomerManifest decodes %s into the PDF bytes', async (_, body) => {
    answer(json(body));
    const pdf = await client().getCustomerManifest('0123456789abcdef0123456789abcdef');
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(pdf).toString('latin1')).toBe(PDF_TEXT);
  });

  it('getCustomerManifest also reads Base64 sent bare, as text rather than a JSON string', async () => {
    answer(() => new HttpResponse(base64(PDF_TEXT), { headers: { 'content-type': 'text/plain' } }));
    const pdf = await client().getCustomerManifest('0123456789abcdef0123456789abcdef');
    expect(Buffer.from(pdf).toString('latin1')).toBe(PDF_TEXT);
  });

  it.each([
    ['Base64 of something that is not a PDF', base64('PK\u0003\u0004 a zip file')],
    ['malformed Base64', '%PDF-not base64!'],
    ['an empty string', ''],
  ])('getCustomerManifest rejects %s', async (_, body) => {
    answer(json(body));
    await expect(client().getCustomerManifest('0123456789abcdef0123456789abcdef')).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('keeps unknown fields and nulls untouched', async () => {
    const stored = {
      OrderReference: 'EO-000-002-0TS',
      DateCreated: '2026-11-22T10:00:00+00:00',
      DeliveryOptionReference: null,
      OrderReferenceProvidedByCustomer: null,
      Metadata: [{ KeyValue: 'ShippersEORI', StringValue: 'GB1', Extra: { nested: true } }],
      Addresses: [{ AddressType: 'Importer', Town: null, IsCached: true, Unknown: [1, 2] }],
      Packages: [{ Reference: 'EP-000-1', Items: [{ Reference: 'a'.repeat(32), Sku: null }] }],
    };
    answer(json(stored));
    await expect(client().getOrder('EO-000-002-0TS')).resolves.toEqual({
      ...stored,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: stored.Metadata,
    });
  });
});

describe('answers to a request the service has acted on', () => {
  it('manifestConsignmentsFromQuery returns FailedConsignments null or missing as sent', async () => {
    const query = { States: ['ReadyToShip'] as const, ShippingLocationReference: 'SL-LONDON' };
    for (const body of [
      {
        Message: 'Query found 2 consignment(s). 2 successfully queued to manifest.',
        FailedConsignments: null,
      },
      { Message: 'Query found 0 consignment(s).' },
    ]) {
      answer(json(body));
      await expect(
        client().manifestConsignmentsFromQuery({ ...query, States: ['ReadyToShip'] }),
      ).resolves.toEqual({ ...body, counts: expect.any(Object) });
    }
  });
  it('manifestConsignmentsFromQuery reads the counts as numbers, and leaves undefined what the wording does not say', async () => {
    const query = { States: ['ReadyToShip'] as const };
    for (const [Message, counts] of [
      [
        'Query found 12 consignment(s). 10 successfully queued to manifest. 2 failed to be added to the queue',
        { found: 12, queued: 10, failed: 2 },
      ],
      ['Query found 0 consignment(s).', { found: 0, queued: undefined, failed: undefined }],
      ['Manifest request accepted', { found: undefined, queued: undefined, failed: undefined }],
    ] as const) {
      answer(json({ Message, FailedConsignments: [] }));
      const result = await client().manifestConsignmentsFromQuery({ ...query, States: ['ReadyToShip'] });
      expect(result.counts).toEqual(counts);
      expect(result.Message).toBe(Message);
    }
  });

  it('a link with a null or missing Rel or Href does not turn results the service acted on into an error', async () => {
    const results = [
      { IsSuccess: true, Message: 'Manifested', Data: 'EC-1', ApiLinks: [{ Rel: 'detail', Href: null }] },
      { IsSuccess: true, Message: 'Manifested', Data: 'EC-2', ApiLinks: [{ Rel: null }, {}] },
    ];
    answer(json(results));
    await expect(client().manifestConsignments(['EC-1', 'EC-2'] as ConsignmentReference[])).resolves.toEqual(
      results,
    );
    answer(
      json({
        Results: [
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [
              { Rel: null, Href: null },
              { Rel: 'Consignment', Href: `${A}/consignments/EC-000-05B-MQ4` },
            ],
          },
        ],
      }),
    );
    await expect(client().packOrder('EO-000-002-0TS', packRequest)).resolves.toEqual(['EC-000-05B-MQ4']);
  });

  it('a 2xx answer a manifest call cannot read says the service acted, and not to send it blindly', async () => {
    answer(json([{ Message: 'Manifested', Data: 'EC-1' }]));
    const error = await client()
      .manifestConsignments(['EC-1', 'EC-2'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toBe(
      'manifestConsignments: the service accepted the request (HTTP 200) but its answer is not what was expected: [0].IsSuccess: expected boolean, got undefined; do not send it again without checking EC-1, EC-2',
    );
  });

  it.each([
    [
      'not JSON',
      () => new HttpResponse('<html>queued</html>', { status: 202 }),
      'HTTP 202) but its answer is not JSON;',
    ],
    [
      'without the expected result',
      json({ Results: [] }),
      'HTTP 200) but its answer does not hold the expected result;',
    ],
  ])('so does an answer %s, after a pack', async (_what, reply, says) => {
    answer(reply);
    const error = await client()
      .packOrder('EO-000-002-0TS', packRequest)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(says);
    expect((error as Error).message).toMatch(/do not send it again without checking EO-000-002-0TS$/);
  });

  it('a read that cannot be read says nothing of the kind: it can be asked again', async () => {
    answer(json({ OrderReference: 42 }));
    const error = await client()
      .getOrder('EO-000-002-0TS')
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      'getOrder: unexpected response: OrderReference: expected string, got number',
    );
  });
});

describe('response validation modes', () => {
  const wrongShape = { not: 'an array of allocation summaries' };

  it('strict throws ResponseValidationError carrying the body', async () => {
    answer(json(wrongShape));
    const error = await client()
      .allocateConsignments(['EC-1'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ body: wrongShape, operation: 'allocateConsignments' });
  });

  it('warn logs and returns the body', async () => {
    answer(json(wrongShape));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(client({ validation: 'warn', logger }).allocateConsignments(['EC-1'])).resolves.toEqual(
      wrongShape,
    );
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/allocateConsignments/);
  });

  it('off returns the body without a word', async () => {
    answer(json(wrongShape));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(client({ validation: 'off', logger }).allocateConsignments(['EC-1'])).resolves.toEqual(
      wrongShape,
    );
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

/** Runs `call`, expects a RequestValidationError, and checks that nothing reached the service. */
async function rejectedBeforeSending(call: Promise<unknown>) {
  answer(json('unused'));
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(sent).toHaveLength(0);
  return error as RequestValidationError;
}

const issueAt = (error: RequestValidationError, ...path: (string | number)[]) =>
  error.issues.find((issue) => JSON.stringify(issue.path) === JSON.stringify(path));

describe('request validation: nothing is sent', () => {
  const [origin, destination] = orderInput().Addresses;

  it('createOrder without a Destination address', async () => {
    const error = await rejectedBeforeSending(client().createOrder(orderInput({ Addresses: [origin!] })));
    expect(issueAt(error, 'Addresses')?.message).toMatch(/Destination/);
    expect(error.message).toMatch(/Addresses.*Destination/);
  });

  it('createOrder without a ShippingLocationReference on Origin or Destination', async () => {
    const { ShippingLocationReference: _, ...unlocated } = origin!;
    const error = await rejectedBeforeSending(
      client().createOrder(orderInput({ Addresses: [unlocated, destination!] })),
    );
    expect(error.message).toMatch(/ShippingLocationReference/);
  });

  it('createOrder with a package without items', async () => {
    const error = await rejectedBeforeSending(
      client().createOrder(orderInput({ Packages: [{ Items: [] }] })),
    );
    expect(issueAt(error, 'Packages', 0, 'Items')).toBeDefined();
  });

  it('packOrder with an item that names no order item', async () => {
    const request = { ...packRequest, Packages: [{ Items: [{ Quantity: 2, Description: 'mug' }] }] };
    const error = await rejectedBeforeSending(client().packOrder('EO-000-002-0TS', request));
    expect(issueAt(error, 'Packages', 0, 'Items', 0)?.message).toMatch(/Reference.*Sku/);
  });

  it('packOrder with a Quantity that is not a positive integer', async () => {
    const request = { ...packRequest, Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1.5 }] }] };
    const error = await rejectedBeforeSending(client().packOrder('EO-000-002-0TS', request));
    expect(issueAt(error, 'Packages', 0, 'Items', 0, 'Quantity')).toBeDefined();
  });

  it('packOrder whose body names another order than the path', async () => {
    const error = await rejectedBeforeSending(client().packOrder('EO-000-002-0TT', packRequest));
    expect(issueAt(error, 'OrderReference')).toBeDefined();
  });

  it('a consignment reference where an order reference belongs', async () => {
    const error = await rejectedBeforeSending(client().getOrder('EC-1' as never));
    expect(issueAt(error, 'orderReference')?.message).toMatch(/order reference/);
  });

  it('an order reference where consignment references belong', async () => {
    const error = await rejectedBeforeSending(client().manifestConsignments(['EO-1' as never]));
    expect(issueAt(error, 'ConsignmentReferences', 0)).toBeDefined();
  });

  it('an empty list of consignments', async () => {
    await rejectedBeforeSending(client().setReadyToShip([]));
  });

  it.each(['EO-1/../x', 'EO-..', 'EO-1?x=1', 'EO-1#x', 'EO-1%2Fx', 'EO-1 x', 'EO-'])(
    'an order reference that could change the path: %j',
    async (reference) => {
      await rejectedBeforeSending(client().getOrder(reference as OrderReference));
    },
  );

  it.each(['EC-1/x', '..', 'EC-1?x', 'EC-1#x', 'EC-1%20', 'EC-1 2'])(
    'a consignment reference that could change the path: %j',
    async (reference) => {
      await rejectedBeforeSending(client().allocateWithCheapestQuote(reference as ConsignmentReference));
    },
  );

  it('getCustomerManifests with a filter that is not an object, not a string, or misspelt', async () => {
    await rejectedBeforeSending(client().getCustomerManifests(null as never));
    const error = await rejectedBeforeSending(
      client().getCustomerManifests({ shippingLocationReference: 42 as never }),
    );
    expect(issueAt(error, 'shippingLocationReference')).toBeDefined();
    // A misspelt key used to be dropped, listing the manifests of every location instead.
    await rejectedBeforeSending(
      client().getCustomerManifests({ ShippingLocationReference: 'SL-1' } as never),
    );
  });

  it('manifestConsignmentsFromQuery with a misspelt filter, naming the key', async () => {
    // A service that ignores unknown keys would manifest every eligible consignment, and transmit each.
    const error = await rejectedBeforeSending(
      client().manifestConsignmentsFromQuery({ State: ['ReadyToShip'] } as never),
    );
    expect(error.message).toMatch(/State: unknown field; did you mean States\?/);
    await rejectedBeforeSending(
      client().manifestConsignmentsFromQuery({
        ShippingLocationReference: 'SL-1',
        carriers: ['Acme'],
      } as never),
    );
  });

  it('an order reference that is not a string at all (an object without a prototype)', async () => {
    const reference = Object.create(null) as OrderReference;
    await rejectedBeforeSending(client().updateOrder(reference, updateBody));
    await rejectedBeforeSending(client().packOrder(reference, packRequest));
  });

  it('a body that JSON cannot hold: a BigInt, a cycle', async () => {
    const withBigInt = { ...orderInput(), Weight: 10n } as unknown as CreateOrderInput;
    const error = await rejectedBeforeSending(client().createOrder(withBigInt));
    expect(error.issues).toEqual([expect.objectContaining({ path: ['Weight'] })]);
    const query: Record<string, unknown> = { States: ['ReadyToShip'] };
    query.Self = query;
    await rejectedBeforeSending(client().manifestConsignmentsFromQuery(query as never));
  });

  it.each(['../manifests', 'a/b', 'a?b', 'a#b', 'a%2Fb', 'a b'])(
    'a manifest reference that could change the path: %j',
    async (reference) => {
      await rejectedBeforeSending(client().getCustomerManifest(reference));
    },
  );
});

describe('updateOrder: deleting data is always written down', () => {
  it.each([
    'OrderReferenceProvidedByCustomer',
    'RequiredDeliveryDate',
    'ShippingDate',
    'CustomsDocumentation',
    'MetaData',
  ] as const)('rejects a body that omits %s', async (key) => {
    const { [key]: _, ...withoutKey } = updateBody;
    const error = await rejectedBeforeSending(
      client().updateOrder('EO-000-002-0TS', withoutKey as UpdateOrderInput),
    );
    expect(issueAt(error, key)?.message).toMatch(/pass null/);
  });

  it('accepts null for every replaceable key and sends it as written', async () => {
    answer(empty);
    const deleting: UpdateOrderInput = {
      OrderReference: 'EO-000-002-0TS',
      OrderReferenceProvidedByCustomer: null,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: null,
    };
    await expect(client().updateOrder('EO-000-002-0TS', deleting)).resolves.toBeUndefined();
    expect(bodyOf(sent[0])).toEqual(deleting);
  });

  it('rejects a body naming another order', async () => {
    await rejectedBeforeSending(
      client().updateOrder('EO-000-002-0TT', { ...updateBody, OrderReference: 'EO-000-002-0TS' }),
    );
  });

  it('types: the replaceable keys are required and references are not interchangeable', async () => {
    answer(empty);
    const orders = client();
    const { MetaData: _, ...withoutMetaData } = updateBody;
    // @ts-expect-error MetaData must be written down, null to delete
    await expect(orders.updateOrder('EO-000-002-0TS', withoutMetaData)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const consignment: ConsignmentReference = 'EC-000-05B-MQ4';
    // @ts-expect-error a ConsignmentReference is not an OrderReference
    await expect(orders.getOrder(consignment)).rejects.toBeInstanceOf(RequestValidationError);
    // @ts-expect-error a Create Order body needs Packages
    const incomplete: CreateOrderInput = { Addresses: [] };
    expect(incomplete).toBeDefined();
    expect(sent).toHaveLength(0);
  });
});

describe('patchOrder', () => {
  const stored = {
    OrderReference: 'EO-000-002-0TS',
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    RequiredDeliveryDate: '2026-12-05',
    Source: 'Api',
    Metadata: [{ KeyValue: 'ShippersEORI', StringValue: 'GB1' }],
    Addresses: orderInput().Addresses,
    DateCreated: '2026-11-22T10:00:00+00:00',
  };

  it('keeps every replaceable property the order has and changes only what is given', async () => {
    answer((request) => (request.method === 'GET' ? HttpResponse.json(stored) : empty()));
    const merged = await client().patchOrder('EO-000-002-0TS', {
      ShippingDate: '2026-12-01',
      OrderReferenceProvidedByCustomer: undefined,
    });
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /orders/EO-000-002-0TS',
      'PUT /orders/EO-000-002-0TS',
    ]);
    const { Metadata, ...rest } = stored;
    const expected = { ...rest, MetaData: Metadata, ShippingDate: '2026-12-01', CustomsDocumentation: null };
    expect(bodyOf(sent[1])).toEqual(expected);
    expect(merged).toEqual(expected);
  });

  it('deletes a property given as null', async () => {
    answer((request) => (request.method === 'GET' ? HttpResponse.json(stored) : empty()));
    await client().patchOrder('EO-000-002-0TS', { MetaData: null, RequiredDeliveryDate: null });
    expect(bodyOf(sent[1])).toMatchObject({ MetaData: null, RequiredDeliveryDate: null });
    expect(bodyOf(sent[1])).not.toHaveProperty('Metadata');
  });

  it.each(['warn', 'off'] as const)(
    "with validation '%s', still refuses to write back a read that is not an order",
    async (validation) => {
      // Written back in full, `{}` or `[]` would have deleted every replaceable property of the order.
      for (const wrong of [{}, [], null, 'EO-000-002-0TS']) {
        sent.length = 0;
        answer((request) => (request.method === 'GET' ? HttpResponse.json(wrong) : empty()));
        const error = await client({ validation })
          .patchOrder('EO-000-002-0TS', { Tags: ['Fragile'] })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ResponseValidationError);
        expect(sent.map((request) => request.method)).toEqual(['GET']);
      }
    },
  );

  it('refuses to change the OrderReference, before reading anything', async () => {
    const changes = { OrderReference: 'EO-000-002-0TT' } as never;
    const error = await rejectedBeforeSending(client().patchOrder('EO-000-002-0TS', changes));
    expect(issueAt(error, 'OrderReference')).toBeDefined();
  });
});

describe('OutcomeUnknownError names the references in the body', () => {
  it.each([
    ['manifestConsignments', (orders: OrdersClient) => orders.manifestConsignments(['EC-1', 'EC-2'])],
    ['setReadyToShip', (orders: OrdersClient) => orders.setReadyToShip(['EC-1', 'EC-2'])],
    ['allocateConsignments', (orders: OrdersClient) => orders.allocateConsignments(['EC-1', 'EC-2'])],
  ])('%s', async (operation, call) => {
    answer(() => HttpResponse.error());
    const error = await call(client({ maxRetries: 2 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ operation, references: ['EC-1', 'EC-2'] });
    expect(sent).toHaveLength(1);
  });
});
