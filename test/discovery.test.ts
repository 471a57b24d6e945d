import { PDFDocument } from '@pdfme/pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type ConsignmentReference,
  type CreateOrderInput,
  type DeliveryOptionsRequest,
  NotFoundError,
  OrdersClient,
  RequestValidationError,
  ShipmentsClient,
} from '../src/index.js';
import { createMockService, type MockService } from '../src/testing/index.js';
import { orderInput } from './support/fixtures.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const paris = {
  AddressType: 'Destination',
  Contact: { FirstName: 'Marie', LastName: 'Curie' },
  AddressLine1: '11 Rue Pierre et Marie Curie',
  Town: 'Paris',
  Postcode: '75005',
  Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
};

/** A checkout's request: the basket's parcel, from the London warehouse to Manchester. */
function checkout(overrides: Partial<DeliveryOptionsRequest> = {}): DeliveryOptionsRequest {
  const { Packages, Addresses } = orderInput();
  return { Packages, Addresses, ...overrides };
}

async function allocated(order: CreateOrderInput = orderInput()): Promise<ConsignmentReference> {
  const reference = await orders.createOrder(order);
  const [consignment] = await orders.packOrder(reference, {
    OrderReference: reference,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocateConsignments([consignment!]);
  return consignment!;
}

const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('shipping locations', () => {
  it('lists the locations an order can name, and reads one', async () => {
    const locations = await orders.getShippingLocations();
    expect(locations.map((location) => location.Reference)).toEqual(['SL-LONDON', 'SL-LEEDS']);
    mock.store.orders.addShippingLocation({
      Reference: 'SL-BRISTOL',
      Name: 'Bristol',
      CountryCode: 'GB',
    } as never);
    expect(await orders.getShippingLocation('SL-BRISTOL')).toMatchObject({
      Reference: 'SL-BRISTOL',
      Name: 'Bristol',
    });
    await expect(orders.getShippingLocation('SL-NOWHERE')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a reference that would change the path, and sends nothing', async () => {
    await expect(orders.getShippingLocation('../orders')).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('getShippingLocation')).toHaveLength(0);
  });
});

describe('delivery options at checkout', () => {
  it('offers the eligible services cheapest first, each selectable once as an order', async () => {
    const options = await orders.getDeliveryOptions(checkout());
    expect(options.length).toBeGreaterThan(1);
    expect(options.every((option) => /^EDO-/.test(option.Reference))).toBe(true);
    const prices = options.map((option) => option.Price?.Net ?? Number.NaN);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(options[0]).toMatchObject({
      EstimatedDeliveryDate: { Guaranteed: true },
      DeliveryWindow: { Start: expect.any(String), End: expect.any(String) },
    });
    // The same eligibility as allocation: the cheapest option is the service allocation would choose.
    const cheapest = await allocated();
    expect(mock.store.orders.getConsignment(cheapest)?.CarrierServiceReference).toBe(
      options[0]!.CarrierServiceReference,
    );

    const chosen = options[1]!;
    const order = await orders.selectDeliveryOption(chosen);
    expect(order).toMatch(/^EO-/);
    // The order is allocated to the service chosen, not the cheapest.
    const [consignment] = await orders.packOrder(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    const [summary] = await orders.allocateConsignments([consignment!]);
    expect(summary?.CarrierServiceReference).toBe(chosen.CarrierServiceReference);

    const again = await orders.selectDeliveryOption(chosen.Reference as `EDO-${string}`).catch((e) => e);
    expect(again).toBeInstanceOf(BadRequestError);
    expect(again.code).toBe('DeliveryOptionAlreadySelected');
  });

  it('offers only what meets the delivery promise, and nothing for a promise no one meets', async () => {
    const soon = await orders.getDeliveryOptions(checkout({ RequiredDeliveryDate: '2026-01-06' }));
    expect(soon.map((option) => option.CarrierServiceReference)).not.toContain('YODEL-XPECT48');
    expect(await orders.getDeliveryOptions(checkout({ RequiredDeliveryDate: '2000-01-01' }))).toEqual([]);
  });

  it('refuses a request without a Destination, and sends nothing', async () => {
    const { Packages, Addresses } = checkout();
    const request = { Packages, Addresses: Addresses.filter((a) => a.AddressType !== 'Destination') };
    await expect(orders.getDeliveryOptions(request)).rejects.toThrow(/Destination/);
    expect(mock.requests('getDeliveryOptions')).toHaveLength(0);
  });

  it('is retried after a 503: it only reads', async () => {
    mock.failNext('getDeliveryOptions', { status: 503 });
    expect((await orders.getDeliveryOptions(checkout())).length).toBeGreaterThan(0);
    expect(mock.requests('getDeliveryOptions')).toHaveLength(2);
  });
});

describe('pickup options', () => {
  it('lists shops within the distance, nearest first, each with selectable options', async () => {
    const locations = await orders.getPickupOptions({
      ...checkout(),
      Distance: { Value: 1, Unit: 'Km' },
      MaxResults: 10,
    });
    expect(locations.map((location) => location.ShopReference)).toEqual(['GB14002', 'GB14017']);
    expect(locations[0]?.OpeningTimes).toMatchObject({ Monday: [{ Start: '09:00:00' }], Sunday: [] });
    const option = locations[0]!.DeliveryOptions![0]!;
    const order = await orders.selectDeliveryOption(option);
    expect(mock.store.orders.getOrder(order)?.Addresses).toContainEqual(
      expect.objectContaining({ AddressType: 'Destination', AddressLine1: '41 Whitworth Street West' }),
    );
  });

  it('refuses MaxResults outside 1 to 50 and a missing Distance, and sends nothing', async () => {
    await expect(
      orders.getPickupOptions({ ...checkout(), Distance: { Value: 1, Unit: 'Km' }, MaxResults: 51 }),
    ).rejects.toThrow(/MaxResults/);
    await expect(orders.getPickupOptions({ ...checkout(), MaxResults: 5 } as never)).rejects.toThrow(
      /Distance/,
    );
    expect(mock.requests('getPickupOptions')).toHaveLength(0);
  });
});

describe('commercial invoice', () => {
  it('is the PDF of an allocated international consignment, with the shipper’s EORI number', async () => {
    const consignment = await allocated(
      orderInput({
        Addresses: [orderInput().Addresses[0]!, paris],
        MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' }],
      }),
    );
    const pdf = await orders.getCommercialInvoice(consignment);
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(pdfText(pdf)).toContain('EORI Number: GB123456789000');
    expect(pdfText(pdf)).toContain(`Consignment ${consignment}`);
  });

  it('is refused for a domestic consignment and for one not allocated', async () => {
    const domestic = await allocated();
    await expect(orders.getCommercialInvoice(domestic)).rejects.toMatchObject({
      name: 'BadRequestError',
      code: 'NoCustomsDocumentsRequired',
    });
    const reference = await orders.createOrder(
      orderInput({ Addresses: [orderInput().Addresses[0]!, paris] }),
    );
    const [unallocated] = await orders.packOrder(reference, {
      OrderReference: reference,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    await expect(orders.getCommercialInvoice(unallocated!)).rejects.toMatchObject({
      code: 'ConsignmentNotAllocated',
    });
  });
});

describe('tracking', () => {
  it('follows the consignment: allocated, manifested, then the carrier’s events', async () => {
    const consignment = await allocated();
    const first = await orders.getTracking(consignment);
    expect(first.ConsignmentReferenceForAllLegsAssignedByMpd).toBe(consignment);
    expect(first.TrackedPackages?.[0]?.Legs?.[0]?.Events?.map((event) => event.Code)).toEqual(['Allocated']);

    await orders.manifestConsignments([consignment]);
    mock.store.orders.addTrackingEvent(consignment, { Code: 'Delivered', SignedBy: 'A. Lovelace' });
    const later = await orders.getTracking(consignment);
    const events = later.TrackedPackages?.[0]?.Legs?.[0]?.Events ?? [];
    expect(events.map((event) => event.Code)).toEqual(['Allocated', 'Delivered', 'Manifested']);
    expect(events[1]).toMatchObject({ SignedBy: 'A. Lovelace' });
    await expect(orders.getTracking('EC-000-ZZZ-ZZZ')).rejects.toBeInstanceOf(NotFoundError);
  });
});

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
    expect(await answering(201, { DeliveryOptions: [option] }).orders.getDeliveryOptions(checkout())).toEqual(
      [option],
    );
    expect(await answering(200, [option]).orders.getDeliveryOptions(checkout())).toEqual([option]);
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
    expect(await client.getPickupOptions(request)).toEqual([location]);
  });

  it('Get Commercial Invoice: a JSON string of Base64, checked to be a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const bytes = await answering(200, pdf.toString('base64')).orders.getCommercialInvoice('EC-1');
    expect(Buffer.from(bytes)).toEqual(pdf);
    await expect(
      answering(200, Buffer.from('^XA^XZ').toString('base64')).orders.getCommercialInvoice('EC-1'),
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
    expect(await answering(200, tracking).orders.getTracking('EC-000-002-4DF')).toEqual(tracking);
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
    expect(await answering(200, group).shipments.getShipmentGroup('sg_1')).toEqual(group);
    expect(await answering(204, undefined).shipments.getDocuments('sp_1')).toEqual([]);
    const partial = {
      reference: 'sg_2',
      message: 'created',
      errors: [{ property: 'shipments[0]', code: 'x' }],
    };
    expect(
      await answering(207, partial).shipments.createShipmentGroup({
        custom_reference: 'evening-run',
        shipments: ['sp_1'],
      }),
    ).toEqual(partial);
  });
});
