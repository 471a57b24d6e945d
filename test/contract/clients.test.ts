/**
 * The clients against the real service's documented wire shapes (`real-api-reference.md`), answered by a
 * fetch stub: what the vendor's contracts say the service sends and reads, whatever the mock does.
 */
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  type CreateOrderInput,
  type DeliveryOptionsRequest,
  type Order,
  type OrderReference,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
  type ShipmentGroupReference,
  ShipmentsClient,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

import { consignment, json, orders, shipments, stub, summary } from './stub.js';

describe('manifestConsignmentsFromQuery (reference: Manifest Consignments From Query)', () => {
  const answer = json({ Message: 'Query found 1 consignment(s). 1 successfully queued to manifest.' });

  it('sends a singular ShippingLocationReference as the list, never under its own key', async () => {
    const { fetch, sent } = stub(answer);
    await orders(fetch).manifests.manifestFromQuery({
      ShippingLocationReference: 'SL-LEEDS-01',
      States: ['ReadyToShip'],
    });
    expect(sent[0]!.body).toEqual({ ShippingLocationReferences: ['SL-LEEDS-01'], States: ['ReadyToShip'] });
  });

  it('merges the singular and the list, each reference once', async () => {
    const { fetch, sent } = stub(answer);
    await orders(fetch).manifests.manifestFromQuery({
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
      .manifests.manifestFromQuery(query as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toEqual(['States']);
    expect(sent).toHaveLength(0);
  });

  it('sends ShippingDateRanges as given: one object (the vendor type) or a list (the spec)', async () => {
    const range = { StartDate: '2026-01-05', EndDate: '2026-01-09' };
    for (const ShippingDateRanges of [range, [range, range]]) {
      const { fetch, sent } = stub(answer);
      await orders(fetch).manifests.manifestFromQuery({ States: ['ReadyToShip'], ShippingDateRanges });
      expect(sent[0]!.body).toEqual({ States: ['ReadyToShip'], ShippingDateRanges });
    }
  });
});

/** An allocation summary as the C# type declares it (reference: Allocate Consignment). */

describe('allocateWithCheapestQuote (reference: Allocate Consignment)', () => {
  it.each([
    ['one summary (the spec)', summary],
    ['a list of summaries (the vendor SDK)', [summary]],
  ])('reads %s and returns the summary', async (_, body) => {
    const { fetch } = stub(json(body));
    await expect(orders(fetch).allocation.allocateWithCheapestQuote(consignment)).resolves.toEqual(summary);
  });

  it('an empty list is a ResponseValidationError that says the service has acted, naming the consignment', async () => {
    const { fetch, sent } = stub(json([]));
    const error = await orders(fetch)
      .allocation.allocateWithCheapestQuote(consignment)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/service accepted the request/);
    expect((error as Error).message).toContain(consignment);
    expect(sent).toHaveLength(1);
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
      await shipments(fetch).labels.get(shipment, { format: format as 'pdf' });
      expect(new URL(sent[0]!.url).pathname).toBe(`/prosandbox${path}`);
    },
  );

  it('getLabels takes lower-case bmp with a rotation', async () => {
    const { fetch, sent } = stub(json(label));
    await shipments(fetch).labels.get(shipment, { format: 'bmp', dpi: 300, rotation: 'left' });
    expect(sent[0]!.url).toMatch(/\/labels\/sp_0+1\/bmp\/300\?rotation=left$/);
  });

  it('getContentsLabel takes ZPL and sends zpl', async () => {
    const { fetch, sent } = stub(json([label]));
    await shipments(fetch).labels.getForContents(shipment, 'sc_00000000000000000000000001', {
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
      .labels.get(shipment, { format: 'png' } as never)
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
  const lock = (client: ShipmentsClient) => client.groups.lock(group);
  const unlock = (client: ShipmentsClient) => client.groups.unlock(group);

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
    await expect(orders(fetch).create(order)).resolves.toBe('EO-000-002-0TS');
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
    await expect(orders(fetch).create(order)).resolves.toBe('EO-000-002-0TS');
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
    await expect(orders(fetch).create(order as never)).rejects.toBeInstanceOf(RequestValidationError);
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
    await expect(orders(fetch).get('EO-000-002-0TS' as OrderReference)).resolves.toEqual({
      ...stored,
      OrderReferenceProvidedByCustomer: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: stored.Metadata,
    });
  });
});

/** A checkout's request: the basket's parcel, from the London warehouse to Manchester. */
function checkout(overrides: Partial<DeliveryOptionsRequest> = {}): DeliveryOptionsRequest {
  const { Packages, Addresses } = orderInput();
  return { Packages, Addresses, ...overrides };
}

/** Clients whose every answer is `reply`, as the real service sends it. */
function answering(status: number, reply: unknown) {
  const fetch = async () =>
    reply === undefined ? new Response(null, { status }) : Response.json(reply, { status });
  return {
    orders: new OrdersClient({ apiKey: 'key-for-injected-answers', fetch, maxRetries: 0 }),
    shipments: new ShipmentsClient({ apiKey: 'key-for-injected-answers', fetch, maxRetries: 0 }),
  };
}

describe('the real service’s documented answers are read', () => {
  const option = {
    Reference: 'EDO-000-79G-RXC',
    EstimatedDeliveryDate: { Date: '2026-01-07T00:00:00+00:00', Guaranteed: true, DayOfWeek: 'Wednesday' },
    DeliveryWindow: { Start: '00:00:00', End: '23:59:00', UtcOffset: '+00:00' },
    Carrier: 'Royal Mail',
    CarrierService: 'Tracked 48',
    CarrierServiceReference: 'RM-TRACKED48',
    CarrierServiceTypes: ['Standard'],
    Price: {
      Net: 2.67,
      Gross: 3.2,
      TaxRate: { Reference: 'GB-0.2000', CountryIsoCode: 'GB', Type: 'Standard', Rate: 0.2 },
      VatAmount: 0.53,
      Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' },
    },
    AllocationCutOff: '2026-01-05T15:30:00+00:00',
    OperationalCutOff: '2026-01-05T15:00:00+00:00',
    ServiceDirection: 'Inbound, Outbound',
  };

  it('Delivery Options: { DeliveryOptions } (201), or a bare list', async () => {
    expect(
      await answering(201, { DeliveryOptions: [option] }).orders.deliveryOptions.list(checkout()),
    ).toEqual([option]);
    expect(await answering(200, [option]).orders.deliveryOptions.list(checkout())).toEqual([option]);
  });

  it('Pickup Options: locations with opening times by day and options priced with VatRate', async () => {
    const location = {
      Name: 'I-Smart Communications',
      ShopReference: 'GB14002',
      Address: {
        AddressLine1: '41 Whitworth Street West',
        Country: { IsoCode: { TwoLetterCode: 'GB', ThreeLetterCode: 'GBR' } },
      },
      Distance: 0.15,
      OpeningTimes: { Monday: [{ Start: '11:00:00', End: '18:00:00', UtcOffset: '0:00' }], Sunday: [] },
      DeliveryOptions: [
        { ...option, Price: { Net: 5.99, Gross: 7.19, VatRate: { Rate: 0.2 }, VatAmount: 1.2 } },
      ],
    };
    const { orders: client } = answering(200, { Distance: 1, MaxResults: 10, Locations: [location] });
    const request = { ...checkout(), Distance: { Value: 1, Unit: 'Km' }, MaxResults: 10 };
    expect(await client.deliveryOptions.listPickup(request)).toEqual([location]);
  });

  it('Get Commercial Invoice: a JSON string of Base64, checked to be a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const bytes = await answering(200, pdf.toString('base64')).orders.documents.getCommercialInvoice('EC-1');
    expect(Buffer.from(bytes)).toEqual(pdf);
    await expect(
      answering(200, Buffer.from('^XA^XZ').toString('base64')).orders.documents.getCommercialInvoice('EC-1'),
    ).rejects.toThrow(/getCommercialInvoice: Expected a PDF/);
  });

  it('Get Tracking Events: packages, legs and events as the guide shows them', async () => {
    const tracking = {
      ConsignmentReferenceForAllLegsAssignedByMpd: 'EC-000-002-4DF',
      TrackedPackages: [
        {
          PackageReferenceForAllLegsAssignedByMpd: 'EP-000-034-4DG',
          Legs: [
            {
              CarrierServiceName: 'Carrier Service B',
              Events: [
                {
                  TimeStamp: '2020-02-11T07:08:11.786733+00:00',
                  Code: 'Sample',
                  Description: 'Sample Event',
                  SignedBy: 'C. Smith',
                  Location: 'Sample Location',
                },
              ],
            },
          ],
        },
      ],
    };
    expect(await answering(200, tracking).orders.tracking.get('EC-000-002-4DF')).toEqual(tracking);
  });

  it('Get Shipment Group, Get Documents (204 is an empty list) and Create Shipment Group (207)', async () => {
    const group = {
      reference: 'sg_1',
      custom_reference: 'evening-run',
      version: 3,
      state: 'open',
      shipments: ['sp_1'],
      created: '2026-01-05T09:00:00Z',
      locked: null,
      closed: null,
    };
    expect(await answering(200, group).shipments.groups.get('sg_1')).toEqual(group);
    expect(await answering(204, undefined).shipments.documents.getAll('sp_1')).toEqual([]);
    const partial = {
      reference: 'sg_2',
      message: 'created',
      errors: [{ property: 'shipments[0]', code: 'x' }],
    };
    expect(
      await answering(207, partial).shipments.groups.create({
        custom_reference: 'evening-run',
        shipments: ['sp_1'],
      }),
    ).toEqual(partial);
  });
});
