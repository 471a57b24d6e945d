/**
 * Area A's answers typed field by field from the vendor's C# reference (issue 44): each answer below holds
 * the properties the reference documents, in the forms its examples write them (written here, minimal: the
 * vendor's files are never copied). Each parses under strict validation and reads as typed; a documented
 * field of the wrong type is refused rather than handed over as typed; and a list the service writes as
 * `null` reads as empty.
 */
import { describe, expect, it } from 'vitest';
import { type ConsignmentReference, ResponseValidationError } from '../../src/index.js';
import { consignmentInput } from '../support/fixtures.js';
import { json, orders, stub } from './stub.js';

const EC = 'EC-000-05C-VQ4' as ConsignmentReference;
const gbp = { Name: 'Pound Sterling', IsoCode: 'GBP' };
const taxRate = { Reference: 'GB-0.2000', CountryIsoCode: 'GB', Type: 'Standard', Rate: 0.2 };
const price = { Net: 10, Gross: 12, TaxRate: taxRate, VatAmount: 2, Currency: gbp };
const uk = {
  Name: 'United Kingdom',
  IsoCode: { TwoLetterCode: 'GB', ThreeLetterCode: 'GBR', NumericCode: '826' },
};

/** Every property of the reference's ConsignmentSummary. */
const summary = {
  Reference: EC,
  ConsignmentReferenceProvidedByCustomer: 'RETURN-7',
  DateCreated: '2026-01-05T10:00:00.1234567+00:00',
  State: 'Delivered',
  ShippingDate: '2026-01-06T00:00:00+00:00',
  MpdCarrierReference: 'ROYALMAIL',
  MpdCarrierServiceReference: 'RM-TRACKED48',
  AllocationDate: '2026-01-05T10:01:00+00:00',
  ShippedDate: '2026-01-06T16:00:00+00:00',
  Source: 'Api',
  MpdCarrierServiceName: 'Tracked 48',
  MpdCarrierServiceGroupName: 'Economy',
  MpdCarrierServiceGroupReference: 'economy',
  DestinationAddressLine1: '1 Analytical Row',
  DestinationAddressTown: 'Manchester',
  DestinationAddressPostcode: 'M1 1AA',
  DestinationAddressCountry: 'GB',
  DestinationShippingLocationReference: 'SL-LONDON',
  RequestedDeliveryDate: '2026-01-08T00:00:00+00:00',
  RequestedDeliveryDateIsToBeExactlyOnTheDateSpecified: true,
  LabelsPrinted: true,
  DateLabelsWereFirstPrinted: '2026-01-05T11:00:00+00:00',
  EstimatedDeliveryDate: '2026-01-08T00:00:00+00:00',
  ShippingTerms: 'DAP',
  FailedAllocationAttemptedAllocationDate: '2026-01-05T09:59:00+00:00',
  FailedAllocationMessage: 'Could not be booked with courier.',
  FailedAllocationMpdCarrierServiceReference: 'DPD-NEXTDAY',
  FailedAllocationMpdCarrierServiceGroupName: 'Valuable goods',
  FailedAllocationMpdCarrierServiceGroupReference: 'valuableGoods',
  FailedAllocationMpdCarrierServiceName: 'Next Day',
  IsLate: false,
  DeliveryDate: '2026-01-08T12:00:00+00:00',
  CollectionDate: '2026-01-06T15:00:00+00:00',
  AttemptedDeliveryDate: '2026-01-07T12:00:00+00:00',
  Value: { Amount: 24, Currency: { Name: null, IsoCode: 'GBP' } },
  Weight: { Value: 1.2, Unit: 'Kg' },
  ApiLink: { Rel: 'detail', Href: `https://api.electioapp.com/consignments/${EC}` },
  FailedManifestMessage: null,
  FailedManifestTimeStamp: null,
};

/** Every property of the reference's QuoteSurcharge (its base `SurchargeBase`, and `ObjectBase`'s). */
const surcharge = {
  Reference: 'FUEL',
  CurrencyIsoCode: 'GBP',
  Amount: 0.35,
  ApplicationType: 'Standard',
  Type: 'Additive',
  AppliesToBase: true,
  AppliesToBaseOnly: false,
  CalculationModel: 'Fixed',
  IncrementalUnitFactor: null,
  IncrementalUnitPrice: null,
  MinimumAmount: 0.1,
  MaximumAmount: 5,
  Id: 3,
  Label: 'Fuel',
  Description: 'Fuel surcharge',
};

const quote = {
  QuoteReference: 'f6374a18-a6b5-48c1-841c-aa3f00e9951a',
  MpdCarrierServiceReference: 'RM-TRACKED48',
  OriginAddress: { ShippingLocationReference: 'SL-LONDON', Country: uk },
  DestinationAddress: { Town: 'Manchester', Country: uk },
  BasePrice: price,
  Price: price,
  Surcharges: [surcharge],
  Legs: [{ JourneyStage: 1, CarrierService: { Reference: 'RM48', ExternalReference: null } }],
};

describe('Search Consignments: every ConsignmentSummary property', () => {
  it('parses and reads as typed', async () => {
    const { fetch } = stub(json({ Count: 1, ConsignmentSummaries: [summary] }));
    const [read] = (await orders(fetch).consignments.search().page(0)).ConsignmentSummaries;
    expect(read).toMatchObject(summary);
    expect(read?.ConsignmentState).toBe('Delivered');
  });

  it('refuses a documented field of the wrong type rather than hand it over typed', async () => {
    const { fetch } = stub(json({ Count: 1, ConsignmentSummaries: [{ ...summary, ShippedDate: 20260106 }] }));
    const refused = await orders(fetch)
      .consignments.search()
      .page(0)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ResponseValidationError);
    expect((refused as ResponseValidationError).issues[0]?.path).toEqual([
      'ConsignmentSummaries',
      0,
      'ShippedDate',
    ]);
  });

  it('reads "ConsignmentSummaries": null, an empty search as the service writes it, as none', async () => {
    const { fetch } = stub(json({ Count: 0, ConsignmentSummaries: null }));
    const search = orders(fetch).consignments.search({ PostCode: 'ZZ9 9ZZ' });
    expect(await search.page(0)).toEqual({ Count: 0, ConsignmentSummaries: [] });
    expect(await search.toArray()).toEqual([]);
  });
});

describe('Get Consignment: Allocation.Price, FailedAllocation and LocationInformation', () => {
  const consignment = {
    Reference: EC,
    Allocation: {
      MpdCarrierServiceReference: 'RM-TRACKED48',
      AllocationDate: '2026-01-05T10:01:00+00:00',
      Price: price,
    },
    FailedAllocation: {
      CarrierServiceGroupReference: 'valuableGoods',
      MpdCarrierServiceGroupName: 'Valuable goods',
      MpdCarrierServiceReference: 'DPD-NEXTDAY',
      MpdCarrierServiceName: 'Next Day',
      AttemptedAllocationDate: '2026-01-05T09:59:00+00:00',
      Message: 'Could not be booked with courier.',
    },
    LocationInformation: { ShopReference: 'GB14002', ReservationReference: 'R-77' },
    Addresses: [{ AddressType: 'Destination', Country: uk }],
    Value: { Amount: 24, Currency: gbp },
  };

  it('parses and reads as typed', async () => {
    const { fetch } = stub(json(consignment));
    const read = await orders(fetch).consignments.get(EC);
    expect(read.Allocation?.Price?.TaxRate?.Rate).toBe(0.2);
    expect(read.Allocation?.Price?.Currency?.Name).toBe('Pound Sterling');
    expect(read.FailedAllocation?.CarrierServiceGroupReference).toBe('valuableGoods');
    expect(read.LocationInformation?.ShopReference).toBe('GB14002');
    expect(read.Addresses?.[0]?.Country?.IsoCode?.ThreeLetterCode).toBe('GBR');
  });

  it("refuses a price that is not one (Allocation.Price's Net a string)", async () => {
    const wrong = {
      ...consignment,
      Allocation: { ...consignment.Allocation, Price: { ...price, Net: '10' } },
    };
    const { fetch } = stub(json(wrong));
    await expect(orders(fetch).consignments.get(EC)).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('Quotes: Surcharges typed, and ServiceGroupQuoteResult.Message', () => {
  it('a quote with a surcharge parses and reads as typed', async () => {
    const { fetch } = stub(json({ QuoteRequestReference: 'r', Quotes: [quote], Message: null }));
    const { Quotes } = await orders(fetch).quotes.getForConsignment(EC);
    expect(Quotes[0]?.Surcharges?.[0]).toEqual(surcharge);
    expect(Quotes[0]?.OriginAddress?.Country?.IsoCode?.NumericCode).toBe('826');
  });

  it('refuses a surcharge whose Amount is not a number', async () => {
    const wrong = { ...quote, Surcharges: [{ ...surcharge, Amount: 'free' }] };
    const { fetch } = stub(json({ Quotes: [wrong] }));
    await expect(orders(fetch).quotes.getForConsignment(EC)).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('a service group quote carries its Message; a null list of groups reads as none', async () => {
    const group = {
      Reference: 'economy',
      Name: 'Economy',
      CheapestQuote: quote,
      Quotes: [quote],
      Message: 'ok',
    };
    const { fetch } = stub(json([group]), json(null));
    const client = orders(fetch);
    const [read] = await client.quotes.getForServiceGroups(consignmentInput());
    expect(read?.Message).toBe('ok');
    expect(await client.quotes.getForServiceGroups(consignmentInput())).toEqual([]);
  });
});

describe('other area A lists the service writes as null read as empty', () => {
  it('delivery options, pickup locations and the consignments of orders', async () => {
    const request = {
      Packages: consignmentInput().Packages,
      Addresses: consignmentInput().Addresses,
    };
    const { fetch } = stub(
      json({ DeliveryOptions: null }),
      json({ Distance: 1, MaxResults: 5, Locations: null }),
      json({ OrderConsignmentsResults: null }),
    );
    const client = orders(fetch);
    expect(await client.deliveryOptions.list(request)).toEqual([]);
    expect(
      await client.deliveryOptions.listPickup({
        ...request,
        Distance: { Value: 1, Unit: 'Km' },
        MaxResults: 5,
      }),
    ).toEqual([]);
    expect(await client.consignments.getForOrders(['EO-000-000-001' as never])).toEqual([]);
  });

  it('the lists the read operations answer whole: references, locations, sizes, carriers, manifests', async () => {
    const { fetch } = stub(json(null));
    const client = orders(fetch);
    expect(await client.consignments.getReferences({})).toEqual([]);
    expect(await client.shippingLocations.list()).toEqual([]);
    expect(await client.shippingLocations.listAssigned()).toEqual([]);
    expect(await client.packageSizes.list()).toEqual([]);
    expect(await client.carrierServices.listCarriers()).toEqual([]);
    expect(await client.manifests.list()).toEqual([]);
  });

  it('a pickup shop reads its address and opening hours typed', async () => {
    const shop = {
      Name: 'Corner shop',
      ShopReference: 'GB14002',
      Address: { AddressLine1: '41 Whitworth Street West', Town: 'Manchester', Country: uk },
      Distance: 0.15,
      OpeningTimes: { Monday: [{ Start: '11:00:00', End: '18:00:00', UtcOffset: '0:00' }], Sunday: [] },
      DeliveryOptions: [],
    };
    const { fetch } = stub(json({ Locations: [shop] }));
    const request = {
      Packages: consignmentInput().Packages,
      Addresses: consignmentInput().Addresses,
      Distance: { Value: 1, Unit: 'Km' },
      MaxResults: 5,
    };
    const [read] = await orders(fetch).deliveryOptions.listPickup(request);
    expect(read?.Address?.Country?.IsoCode?.ThreeLetterCode).toBe('GBR');
    expect(read?.OpeningTimes?.Monday?.[0]?.End).toBe('18:00:00');
  });
});
