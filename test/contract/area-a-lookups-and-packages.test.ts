/**
 * Issue 37, item 4: the area A operations added from the data contract, against the vendor's documented
 * wire shapes, answered by a fetch stub under strict validation. The Add Package and Get Events Per
 * Package answers are shaped as the vendor's guides show them (`updating_existing_consignments.md`,
 * `using_pros_tracking_api.md`); the others have no example answer anywhere, so they are shaped as the
 * vendor's .NET SDK types are (`SubscriptionMpdCarrierServiceResponse`, `Carrier`, `PackageSize`,
 * `CollectionCalendar`, `DispatchResponse`). Every value is written here, not copied.
 */
import { describe, expect, it } from 'vitest';
import { OrdersClient } from '../../src/index.js';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function stub(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    return answer();
  };
  return {
    sent,
    orders: new OrdersClient({ apiKey: 'test-key', maxRetries: 0, validation: 'strict', fetch }),
  };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
const BASE = 'https://apisandbox.electioapp.com';

describe('Add Package, as the guide shows it', () => {
  it('sends the package object and reads the full package answered, Reference and all', async () => {
    const { orders, sent } = stub(
      json(
        {
          ConsignmentLegs: [],
          Items: [],
          Charges: [],
          Reference: 'EP-000-0AB-1CD',
          PackageReferenceProvidedByCustomer: '',
          Weight: { Value: 1.5, Unit: 'Kg' },
          Dimensions: { Unit: 'Cm', Width: 12.0, Length: 20.0, Height: 8.0 },
          Description: 'Replacement lid',
          Value: { Amount: 7.5, Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' } },
          PackageSizeReference: null,
          Barcode: null,
          MetaData: [],
        },
        201,
      ),
    );
    const request = {
      Weight: { Value: 1.5, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 12, Length: 20, Height: 8 },
      Description: 'Replacement lid',
      Value: { Amount: 7.5, Currency: { IsoCode: 'GBP' } },
    };
    const added = await orders.packages.add('EC-000-0AB-1CC', request);
    expect(added.Reference).toBe('EP-000-0AB-1CD');
    expect(sent).toEqual([
      { method: 'POST', url: `${BASE}/consignments/EC-000-0AB-1CC/addpackage`, body: request },
    ]);
  });
});

describe('Delete Package', () => {
  it('sends DELETE /packages/{ref} with no body, and takes a 200 with no body', async () => {
    const { orders, sent } = stub(() => new Response(null, { status: 200 }));
    await expect(orders.packages.delete('EP-000-0AB-1CD', 'EC-000-0AB-1CC')).resolves.toBeUndefined();
    expect(sent).toEqual([{ method: 'DELETE', url: `${BASE}/packages/EP-000-0AB-1CD`, body: undefined }]);
  });
});

describe('Get Events Per Package, as the guide shows it', () => {
  it('reads packages with their events and no legs', async () => {
    const { orders, sent } = stub(
      json({
        ConsignmentReferenceForAllLegsAssignedByMpd: 'EC-000-0AB-1CC',
        TrackedPackages: [
          {
            PackageReferenceForAllLegsAssignedByMpd: 'EP-000-0AB-1CD',
            Events: [
              {
                TimeStamp: '2021-03-04T09:10:11.1234567+00:00',
                Code: 'DELIVERED',
                Description: 'Left with a neighbour',
                SignedBy: 'J. Bloggs',
                Location: 'Leeds',
                CarrierServiceName: 'Next Day',
              },
            ],
          },
        ],
      }),
    );
    const tracking = await orders.tracking.getPerPackage('EC-000-0AB-1CC');
    expect(tracking.TrackedPackages?.[0]?.Events?.[0]).toMatchObject({
      Code: 'DELIVERED',
      SignedBy: 'J. Bloggs',
    });
    expect(sent[0]?.url).toBe(`${BASE}/tracking/flattened/EC-000-0AB-1CC`);
  });
});

const service = {
  Name: 'Next Day',
  Description: 'Next working day',
  Reference: 'CARRIERX_ND',
  MpdCarrierReference: 'CARRIERX',
  CarrierName: 'Carrier X',
  CarrierAccountOwner: null,
  Status: 1,
  Journey: [{ Leg: 1, CarrierService: { Reference: 'ND' } }],
  Source: 2,
  Type: 'Timed, Scheduled',
  IsConfigured: true,
};

describe('the carrier services, as the vendor .NET SDK types them', () => {
  it.each([
    ['GET /carrierservices', 'carrierservices', (o: OrdersClient) => o.carrierServices.list()],
    ['GET /carriers', 'carriers', (o: OrdersClient) => o.carrierServices.listForSubscription()],
  ])('%s: the { MpdCarrierServices } object, or a bare list', async (_, path, read) => {
    const wrapped = stub(json({ MpdCarrierServices: [service], Success: true, ErrorMessage: null }));
    expect(await read(wrapped.orders)).toEqual([service]);
    expect(wrapped.sent[0]).toEqual({ method: 'GET', url: `${BASE}/${path}`, body: undefined });
    const bare = stub(json([service]));
    expect(await read(bare.orders)).toEqual([service]);
  });

  it('GET /carriers/getcarriers: a list of { Reference, Name }', async () => {
    const { orders, sent } = stub(json([{ Reference: 'CARRIERX', Name: 'Carrier X' }]));
    expect(await orders.carrierServices.listCarriers()).toEqual([
      { Reference: 'CARRIERX', Name: 'Carrier X' },
    ]);
    expect(sent[0]?.url).toBe(`${BASE}/carriers/getcarriers`);
  });
});

describe('package sizes, the collection calendar and dispatch, as the vendor .NET SDK types them', () => {
  it('GET /packagesizes: a list of sizes in cm and kg', async () => {
    const size = {
      Reference: 'BOX-M',
      Description: 'Medium box',
      CustomerReference: '1f0c3e0a-0000-4000-8000-000000000001',
      Length: 40.5,
      Width: 30,
      Height: 20,
      Weight: 2.25,
      IsDefault: false,
    };
    const { orders } = stub(json([size]));
    expect(await orders.packageSizes.list()).toEqual([size]);
  });

  it('GET /collectioncalendar/{location}/{carrier}: rules and exceptions kept as sent', async () => {
    const calendar = {
      MpdCarrierReference: 'CARRIERX',
      ShippingLocationReference: 'WH-LEEDS',
      CalendarRules: [{ Day: 'Monday', Time: '16:30' }],
      CalendarExceptions: [{ Date: '2021-12-25', Collects: false }],
      ApplicableMpdCarrierServices: ['CARRIERX_ND'],
    };
    const { orders, sent } = stub(json(calendar));
    expect(await orders.collectionCalendar.get('WH-LEEDS', 'CARRIERX')).toEqual(calendar);
    expect(sent[0]?.url).toBe(`${BASE}/collectioncalendar/WH-LEEDS/CARRIERX`);
  });

  it('PUT /consignments/Dispatch: sends { ConsignmentReferences } and reads a result each, Status as a name or a number', async () => {
    const results = [
      { Status: 'Success', HttpStatusCode: 200, Message: 'Dispatched' },
      { Status: 2, HttpStatusCode: 404, Message: null },
    ];
    const { orders, sent } = stub(json(results));
    expect(await orders.consignments.dispatch(['EC-000-0AB-1CC', 'EC-000-0AB-1CE'])).toEqual(results);
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: `${BASE}/consignments/Dispatch`,
      body: { ConsignmentReferences: ['EC-000-0AB-1CC', 'EC-000-0AB-1CE'] },
    });
  });
});
