/**
 * The clients against the real service's documented wire shapes (`real-api-reference.md`), answered by a
 * fetch stub: what the vendor's contracts say the service sends and reads, whatever the mock does.
 */
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  type ConsignmentReference,
  type CreateOrderInput,
  type DeliveryOptionReference,
  type Order,
  type OrderReference,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
  type ShipmentGroupReference,
  ShipmentsClient,
} from '../src/index.js';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch that answers each request with the next of `answers` (the last one repeats), recording it. */
function stub(...answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    const answer = answers[Math.min(sent.length, answers.length) - 1]!;
    return answer();
  };
  return { fetch, sent };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

function orders(fetch: ReturnType<typeof stub>['fetch']) {
  return new OrdersClient({ apiKey: 'test-key', maxRetries: 0, fetch });
}

function shipments(fetch: ReturnType<typeof stub>['fetch'], maxRetries = 0) {
  return new ShipmentsClient({ apiKey: 'test-key', maxRetries, fetch });
}

describe('manifestConsignmentsFromQuery (reference: Manifest Consignments From Query)', () => {
  const answer = json({ Message: 'Query found 1 consignment(s). 1 successfully queued to manifest.' });

  it('sends a singular ShippingLocationReference as the list, never under its own key', async () => {
    const { fetch, sent } = stub(answer);
    await orders(fetch).manifestConsignmentsFromQuery({
      ShippingLocationReference: 'SL-LEEDS-01',
      States: ['ReadyToShip'],
    });
    expect(sent[0]!.body).toEqual({ ShippingLocationReferences: ['SL-LEEDS-01'], States: ['ReadyToShip'] });
  });

  it('merges the singular and the list, each reference once', async () => {
    const { fetch, sent } = stub(answer);
    await orders(fetch).manifestConsignmentsFromQuery({
      ShippingLocationReference: 'SL-A',
      ShippingLocationReferences: ['SL-B', 'SL-A'],
      States: ['Allocated', 'ManifestFailed', 'Manifest Failed'],
    });
    expect(sent[0]!.body).toEqual({
      ShippingLocationReferences: ['SL-B', 'SL-A'],
      States: ['Allocated', 'ManifestFailed', 'Manifest Failed'],
    });
  });

  it.each([
    ['no States', { ShippingLocationReferences: ['SL-A'] }],
    ['empty States', { ShippingLocationReferences: ['SL-A'], States: [] }],
  ])('a query with %s is a RequestValidationError, and nothing is sent', async (_, query) => {
    const { fetch, sent } = stub(answer);
    const error = await orders(fetch)
      .manifestConsignmentsFromQuery(query as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toEqual(['States']);
    expect(sent).toHaveLength(0);
  });

  it('sends ShippingDateRanges as given: one object (the vendor type) or a list (the spec)', async () => {
    const range = { StartDate: '2026-01-05', EndDate: '2026-01-09' };
    for (const ShippingDateRanges of [range, [range, range]]) {
      const { fetch, sent } = stub(answer);
      await orders(fetch).manifestConsignmentsFromQuery({ States: ['ReadyToShip'], ShippingDateRanges });
      expect(sent[0]!.body).toEqual({ States: ['ReadyToShip'], ShippingDateRanges });
    }
  });
});

/** An allocation summary as the C# type declares it (reference: Allocate Consignment). */
const summary = {
  StatusCode: 200,
  Description: 'Allocated',
  CarrierReference: 'ROYALMAIL',
  CarrierName: 'Royal Mail',
  CarrierServiceReference: 'RM-TRACKED48',
  CarrierServiceName: 'Tracked 48',
  ConsignmentLegs: [],
  ApiLinks: [{ Rel: 'Consignment', Href: 'https://api.electioapp.com/consignments/EC-000-05B-MQ1' }],
};
const consignment = 'EC-000-05B-MQ1' as ConsignmentReference;

describe('allocateWithCheapestQuote (reference: Allocate Consignment)', () => {
  it.each([
    ['one summary (the spec)', summary],
    ['a list of summaries (the vendor SDK)', [summary]],
  ])('reads %s and returns the summary', async (_, body) => {
    const { fetch } = stub(json(body));
    await expect(orders(fetch).allocateWithCheapestQuote(consignment)).resolves.toEqual(summary);
  });

  it('an empty list is a ResponseValidationError that says the service has acted, naming the consignment', async () => {
    const { fetch, sent } = stub(json([]));
    const error = await orders(fetch)
      .allocateWithCheapestQuote(consignment)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/service accepted the request/);
    expect((error as Error).message).toContain(consignment);
    expect(sent).toHaveLength(1);
  });
});

describe('documented answers of calls the service has acted on are read without an error', () => {
  it('selectDeliveryOption sends { Reference } and reads SelectOrderResults with Message null (reference: Select Delivery Option)', async () => {
    const { fetch, sent } = stub(
      json(
        {
          SelectOrderResults: [
            {
              DeliveryOptionReference: 'EDO-000-6DX-6XP',
              OrderReference: 'EO-000-002-0TT',
              Status: 201,
              Message: null,
              Links: [{ Rel: 'Detail', Href: 'https://api.electioapp.com/orders/EO-000-002-0TT' }],
            },
          ],
        },
        201,
      ),
    );
    await expect(
      orders(fetch).selectDeliveryOption('EDO-000-6DX-6XP' as DeliveryOptionReference),
    ).resolves.toBe('EO-000-002-0TT');
    expect(sent[0]!.body).toEqual({ Reference: 'EDO-000-6DX-6XP' });
    expect(sent[0]!.url).toMatch(/\/deliveryoptions\/selectorder$/);
  });

  it('selectDeliveryOption finds the order through its Detail link when OrderReference is null', async () => {
    const { fetch } = stub(
      json({
        SelectOrderResults: [
          {
            DeliveryOptionReference: 'EDO-000-6DX-6XP',
            OrderReference: null,
            Status: 201,
            Message: null,
            Links: [{ Rel: 'Detail', Href: 'https://api.electioapp.com/orders/EO-000-002-0TT' }],
          },
        ],
      }),
    );
    await expect(
      orders(fetch).selectDeliveryOption('EDO-000-6DX-6XP' as DeliveryOptionReference),
    ).resolves.toBe('EO-000-002-0TT');
  });

  it('selectDeliveryOption reads the spec answer shape too', async () => {
    const { fetch } = stub(json({ OrderReference: 'EO-000-002-0TT' }, 201));
    await expect(
      orders(fetch).selectDeliveryOption('EDO-000-6DX-6XP' as DeliveryOptionReference),
    ).resolves.toBe('EO-000-002-0TT');
  });

  it('createOrder reads the 201 list of links (reference: Create Order)', async () => {
    const { fetch } = stub(
      json([{ Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' }], 201),
    );
    const order = {
      Packages: [{ Items: [{ Description: 'Mug', Quantity: 1 }] }],
      Addresses: [
        { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS-01', IsCached: false },
        {
          AddressType: 'Destination',
          AddressLine1: '1 High St',
          Town: 'York',
          Postcode: 'YO1 1AA',
          Country: { IsoCode: { TwoLetterCode: 'GB' } },
        },
      ],
    };
    await expect(orders(fetch).createOrder(order)).resolves.toBe('EO-000-002-0TS');
  });

  it('packOrder reads Results with ConsignmentCreated and ReturnConsignmentCreated (reference: Pack Order)', async () => {
    const link = (reference: string) => [
      { Rel: 'Consignment', Href: `https://api.electioapp.com/consignments/${reference}` },
    ];
    const { fetch } = stub(
      json(
        {
          Results: [
            {
              Result: 'ReturnConsignmentCreated',
              Message: 'Created',
              Data: 'EC-000-05B-MQ2',
              ApiLinks: link('EC-000-05B-MQ2'),
            },
            {
              Result: 'ConsignmentCreated',
              Message: null,
              Data: 'EC-000-05B-MQ1',
              ApiLinks: link('EC-000-05B-MQ1'),
            },
          ],
        },
        201,
      ),
    );
    const request = {
      OrderReference: 'EO-000-002-0TS' as OrderReference,
      GenerateReturn: true,
      Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1 }] }],
    };
    await expect(orders(fetch).packOrder('EO-000-002-0TS' as OrderReference, request)).resolves.toEqual([
      'EC-000-05B-MQ1',
      'EC-000-05B-MQ2',
    ]);
  });

  it('packOrder reads the consignment from Data when a result has ApiLinks null (reference: Pack Order)', async () => {
    const { fetch } = stub(
      json(
        {
          Results: [{ Result: 'ConsignmentCreated', Message: null, Data: 'EC-000-05B-MQ1', ApiLinks: null }],
        },
        201,
      ),
    );
    const request = {
      OrderReference: 'EO-000-002-0TS' as OrderReference,
      Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1 }] }],
    };
    await expect(orders(fetch).packOrder('EO-000-002-0TS' as OrderReference, request)).resolves.toEqual([
      'EC-000-05B-MQ1',
    ]);
  });

  it('allocateConsignments reads summaries with null fields (reference: Allocate Using Default Rules)', async () => {
    const sparse = {
      ...summary,
      Description: null,
      ConsignmentLegs: null,
      ApiLinks: null,
      CarrierName: null,
    };
    const { fetch } = stub(json([summary, sparse]));
    await expect(orders(fetch).allocateConsignments([consignment])).resolves.toEqual([summary, sparse]);
  });

  it('manifestConsignments reads results with ApiLinks null and a Message null (reference: Manifest Consignments)', async () => {
    const results = [
      { IsSuccess: true, Message: null, Data: 'EC-000-05B-MQ1', ApiLinks: null },
      {
        IsSuccess: false,
        Message: 'Not allocated',
        Data: 'EC-000-05B-MQ2',
        ApiLinks: [{ Rel: 'Link', Href: null }],
      },
    ];
    const { fetch } = stub(json(results));
    await expect(orders(fetch).manifestConsignments([consignment])).resolves.toEqual(results);
    const { fetch: again } = stub(json(results));
    await expect(orders(again).setReadyToShip([consignment])).resolves.toEqual(results);
  });

  it('manifestConsignmentsFromQuery reads an answer with only Message (reference: Manifest Consignments From Query)', async () => {
    const body = { Message: 'Query found 0 consignment(s).' };
    const { fetch } = stub(json(body));
    await expect(orders(fetch).manifestConsignmentsFromQuery({ States: ['ReadyToShip'] })).resolves.toEqual({
      ...body,
      counts: { found: 0, queued: undefined, failed: undefined },
    });
  });

  it('getCustomerManifests reads Created with 7 fractional digits and null names (reference: Get Customer Manifests)', async () => {
    const manifests = [
      {
        ManifestReference: '0f8fad5bd9cb469fa16570867728950e',
        ShippingLocationReference: 'SL-LEEDS-01',
        ShippingLocationName: null,
        Created: '2020-02-10T11:21:07.8156519+00:00',
        CarrierName: 'Royal Mail',
        BookingsCount: 2,
        ManifestFileNameSentToCarrier: null,
      },
    ];
    const { fetch } = stub(json(manifests));
    await expect(orders(fetch).getCustomerManifests()).resolves.toEqual(manifests);
  });

  const group = 'sg_00000000000000000000000001' as ShipmentGroupReference;
  it.each([
    ['message missing', { reference: group }],
    [
      'message and the optional fields null',
      { reference: group, message: null, custom_reference: null, version: null, _links: null },
    ],
    [
      'every field (reference: Resource result)',
      {
        reference: group,
        custom_reference: 'evening-collection',
        version: 2,
        message: 'Shipment group locked',
        _links: [
          {
            href: 'https://api.sorted.com/pro/shipment_groups/sg_1',
            rel: 'self',
            reference: group,
            type: 'shipment_group',
          },
        ],
      },
    ],
  ])('shipment group results with %s are read as sent', async (_, body) => {
    const calls = [
      (client: ShipmentsClient) => client.lockShipmentGroup(group),
      (client: ShipmentsClient) => client.unlockShipmentGroup(group),
      (client: ShipmentsClient) =>
        client.updateShipmentGroup({ reference: group, add_shipments: ['sp_00000000000000000000000001'] }),
      (client: ShipmentsClient) =>
        client.addShipmentToGroup({ reference: group }, 'sp_00000000000000000000000001'),
      (client: ShipmentsClient) =>
        client.removeShipmentFromGroup({ reference: group }, 'sp_00000000000000000000000001'),
    ];
    for (const call of calls) {
      const { fetch } = stub(json(body));
      await expect(call(shipments(fetch))).resolves.toEqual(body);
    }
  });
});

describe('label formats in any case (reference: Get Labels, Get Contents Label)', () => {
  const label = { file: 'JVBERi0xLjQK', content_type: 'application/pdf', document_type: 'label', dpi: 203 };
  const shipment = 'sp_00000000000000000000000001' as const;

  it.each([
    ['PDF', '/labels/sp_00000000000000000000000001/pdf/203'],
    ['zpl', '/labels/sp_00000000000000000000000001/zpl/203'],
    ['Bmp', '/labels/sp_00000000000000000000000001/bmp/203'],
  ])(
    'getLabels takes %s and sends the lower case of the OpenAPI enum, with the default dpi',
    async (format, path) => {
      const { fetch, sent } = stub(json(label));
      await shipments(fetch).getLabels(shipment, { format: format as 'pdf' });
      expect(new URL(sent[0]!.url).pathname).toBe(`/prosandbox${path}`);
    },
  );

  it('getLabels takes lower-case bmp with a rotation', async () => {
    const { fetch, sent } = stub(json(label));
    await shipments(fetch).getLabels(shipment, { format: 'bmp', dpi: 300, rotation: 'left' });
    expect(sent[0]!.url).toMatch(/\/labels\/sp_0+1\/bmp\/300\?rotation=left$/);
  });

  it('getContentsLabel takes ZPL and sends zpl', async () => {
    const { fetch, sent } = stub(json([label]));
    await shipments(fetch).getContentsLabel(shipment, 'sc_00000000000000000000000001', {
      format: 'ZPL',
      dpi: 203,
    });
    expect(new URL(sent[0]!.url).pathname).toBe(
      '/prosandbox/labels/sp_00000000000000000000000001/contents/sc_00000000000000000000000001/zpl/203',
    );
  });

  it('a format that is none of them in any case is still refused before sending', async () => {
    const { fetch, sent } = stub(json(label));
    const error = await shipments(fetch)
      .getLabels(shipment, { format: 'png' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(sent).toHaveLength(0);
  });
});

describe('lock and unlock whose answer was lost (reference: Area B, Lock and Unlock)', () => {
  const group = 'sg_00000000000000000000000002' as ShipmentGroupReference;
  const conflict = (message: string) => () =>
    Response.json({ reference: 'er_1', code: 'conflict', message, details: [], _links: [] }, { status: 409 });
  const notModified = () => new Response(null, { status: 304 });
  const serverError = () =>
    Response.json({ reference: 'er_2', code: 'internal', message: 'oops' }, { status: 500 });
  const lostConnection = () => {
    throw new TypeError('fetch failed: other side closed');
  };
  const lock = (client: ShipmentsClient) => client.lockShipmentGroup(group);
  const unlock = (client: ShipmentsClient) => client.unlockShipmentGroup(group);

  it.each([
    [
      'lock',
      lock,
      'a 500',
      serverError,
      'already locked (409)',
      conflict('Shipment group is already locked'),
    ],
    ['lock', lock, 'a lost connection', lostConnection, 'already locked (409)', conflict('already locked')],
    ['lock', lock, 'a 500', serverError, '304', notModified],
    ['unlock', unlock, 'a 500', serverError, 'already unlocked (409)', conflict('already unlocked')],
    ['unlock', unlock, 'a lost connection', lostConnection, '304', notModified],
  ])(
    'a retried %s after %s that meets %s resolves as done, once the group reads as asked',
    async (action, call, __, first, ___, second) => {
      const state = action === 'lock' ? 'locked' : 'open';
      const read = () => Response.json({ reference: group, state, created: '2026-01-05T09:00:00Z' });
      const { fetch, sent } = stub(first, second, read);
      await expect(call(shipments(fetch, 2))).resolves.toEqual({ reference: group });
      expect(sent.map(({ method }) => method)).toEqual(['POST', 'POST', 'GET']);
    },
  );

  it('a retried lock that meets 409 while the group reads open is a ConflictError: it never locked', async () => {
    const read = () => Response.json({ reference: group, state: 'open', created: '2026-01-05T09:00:00Z' });
    const { fetch } = stub(serverError, conflict('closed'), read);
    await expect(lock(shipments(fetch, 2))).rejects.toBeInstanceOf(ConflictError);
  });

  it.each([
    ['lock', lock],
    ['unlock', unlock],
  ])('a first %s attempt that meets 409 is still a ConflictError', async (_, call) => {
    const { fetch, sent } = stub(conflict('already'));
    await expect(call(shipments(fetch, 2))).rejects.toBeInstanceOf(ConflictError);
    expect(sent).toHaveLength(1);
  });

  it('a retry after an attempt the service turned away (429 with Retry-After) that meets 409 is still a ConflictError', async () => {
    const turnedAway = () =>
      Response.json(
        { reference: 'er_3', code: 'too_many_requests', message: 'slow down' },
        {
          status: 429,
          headers: { 'retry-after': '0' },
        },
      );
    const { fetch, sent } = stub(turnedAway, conflict('already locked'));
    await expect(lock(shipments(fetch, 2))).rejects.toBeInstanceOf(ConflictError);
    expect(sent).toHaveLength(2);
  });
});

describe('orders in the real service shape (reference: Create Order, Get Order)', () => {
  const created = json([{ Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' }], 201);
  const destination = {
    AddressType: 'Destination',
    AddressLine1: '1 High St',
    Town: 'York',
    Postcode: 'YO1 1AA',
    Country: { IsoCode: { TwoLetterCode: 'GB' } },
  };
  const requestedDeliveryDate = {
    Date: '2026-01-09T00:00:00+00:00',
    IsToBeExactlyOnTheDateSpecified: false,
    DeliveryWindow: { Start: '09:00:00', End: '17:00:00', UtcOffset: '+00:00' },
  };

  it('createOrder sends RequiredDeliveryDate as the object, the real fields, and an Origin given by its location alone', async () => {
    const { fetch, sent } = stub(created);
    const order = {
      OrderReferenceProvidedByCustomer: 'WEB-1001',
      RequiredDeliveryDate: requestedDeliveryDate,
      Packages: [
        {
          PackageReferenceProvidedByCustomer: 'BOX-1',
          Items: [{ ItemReferenceProvidedByCustomer: 'MUG-1', Sku: 'MUG', Quantity: 2 }],
        },
      ],
      Addresses: [
        { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS-01', IsCached: false },
        {
          ...destination,
          CustomerName: 'Ann Smith',
          RegionCode: 'NYK',
          ShopLocationReference: null,
          Contact: { FirstName: 'Ann', Reference: 'C-1', Position: 'Buyer' },
        },
      ],
    } satisfies CreateOrderInput;
    await expect(orders(fetch).createOrder(order)).resolves.toBe('EO-000-002-0TS');
    expect(sent[0]!.body).toEqual(order);
  });

  it('a Destination given by its location alone passes too, and the plain ISO string is still accepted', async () => {
    const { fetch, sent } = stub(created);
    const order = {
      RequiredDeliveryDate: '2026-01-09',
      Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1 }] }],
      Addresses: [
        { ...destination, AddressType: 'Origin' },
        { AddressType: 'Destination', ShippingLocationReference: 'SL-LEEDS-01' },
      ],
    } satisfies CreateOrderInput;
    await expect(orders(fetch).createOrder(order)).resolves.toBe('EO-000-002-0TS');
    expect(sent).toHaveLength(1);
  });

  it('a RequiredDeliveryDate object without its Date is refused before sending', async () => {
    const { fetch, sent } = stub(created);
    const order = {
      RequiredDeliveryDate: { IsToBeExactlyOnTheDateSpecified: true },
      Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1 }] }],
      Addresses: [
        { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS-01' },
        { AddressType: 'Destination', ShippingLocationReference: 'SL-LEEDS-02' },
      ],
    };
    await expect(orders(fetch).createOrder(order as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(sent).toHaveLength(0);
  });

  it('getOrder reads the real answer: the object date, MetaData or Metadata, DateCreated, Weight, Value, references', async () => {
    // As the service may send it: without some of the keys Update Order deletes when left out.
    const stored = {
      OrderReference: 'EO-000-002-0TS' as OrderReference,
      DateCreated: '2020-02-10T11:21:07.8156519+00:00',
      RequiredDeliveryDate: requestedDeliveryDate,
      EarliestDeliveryDate: null,
      LatestDeliveryDate: null,
      DeliveryOptionReference: null,
      Weight: { Value: 0.5, Unit: 'Kg' },
      Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
      Metadata: [{ KeyValue: 'Channel', StringValue: 'Web' }],
      Packages: [
        {
          Reference: 'EP-000-05B-MQ1',
          Items: [{ Reference: '0f8fad5bd9cb469fa16570867728950e', Sku: 'MUG', Quantity: 1 }],
        },
      ],
      Addresses: [
        { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS-01', IsCached: false, Country: null },
      ],
    } satisfies Partial<Order>;
    const { fetch } = stub(json(stored));
    // Read back whole: each deletable key present (`null` where it was left out, MetaData from Metadata).
    await expect(orders(fetch).getOrder('EO-000-002-0TS' as OrderReference)).resolves.toEqual({
      ...stored,
      OrderReferenceProvidedByCustomer: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: stored.Metadata,
    });
  });
});
