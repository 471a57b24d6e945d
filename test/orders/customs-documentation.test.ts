import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ConsignmentReference,
  type CustomsDocumentation,
  type MetadataEntry,
  OrdersClient,
  RequestValidationError,
} from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';

// Customs documentation in every operation that carries it, as the vendor's reference types it: before
// 0.3.1 each of its keys was refused as unknown, with an empty list of the fields known there.

/** Every property the vendor's `CustomsDocumentation` has, with values of its types. */
const maximalCustoms: CustomsDocumentation = {
  DesignatedPersonResponsible: 'Peter McPetersson',
  ImportersVatNumber: '02345555',
  CategoryType: 'Other',
  ShipperCustomsReference: 'CREF0001',
  ImportersCode: 'IMP01',
  ImportersTaxCode: 'TC001',
  ImportersTelephone: '0161123456',
  ImportersFax: '01611124547',
  ImportersEmail: 'peter.mcpetersson@example.com',
  CN23Comments: 'Comments',
  ReferencesOfAttachedInvoices: ['INV001'],
  ReferencesOfAttachedCertificates: ['CERT001'],
  ReferencesOfAttachedLicences: ['LIC001'],
  CategoryTypeExplanation: 'Explanation',
  DeclarationDate: '2019-06-14T00:00:00+00:00',
  OfficeOfPosting: 'Manchester',
  ReasonForExport: 'Sale',
  ShippingTerms: 'CFR',
  ShippersVatNumber: '874541414',
  ReceiversTaxCode: 'TC5454',
  ReceiversVatNumber: '8745474',
  InvoiceDate: '2019-06-14T00:00:00+00:00',
  ReceiversShippingCost: 4.95,
};

/** An entry of each value type, as the vendor's metadata page lists them. */
const everyValue: MetadataEntry[] = [
  { KeyValue: 'Picked_On', StringValue: 'Josh Allen', DateTimeValue: '2019-06-04T00:00:00+01:00' },
  { KeyValue: 'Batch', IntValue: 77656555 },
  { KeyValue: 'DutyPaidValue', DecimalValue: 12.45 },
  { KeyValue: 'Fragile', BoolValue: true },
];

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const consignment = () => consignmentInput({ CustomsDocumentation: maximalCustoms, MetaData: everyValue });
const checkout = () => {
  const { Packages, Addresses } = orderInput();
  return { Packages, Addresses, CustomsDocumentation: maximalCustoms, MetaData: everyValue };
};

describe('CustomsDocumentation, every documented field, in all twelve operations that carry it', () => {
  it('createOrder, getOrder, updateOrder and patchOrder keep it field for field', async () => {
    const reference = await orders.create(
      orderInput({ CustomsDocumentation: maximalCustoms, MetaData: everyValue }),
    );
    const read = await orders.get(reference);
    expect(read.CustomsDocumentation).toEqual(maximalCustoms);
    expect(read.MetaData).toEqual(everyValue);
    const changed = { ...maximalCustoms, ShippingTerms: 'DDP', ReceiversShippingCost: 7.5 };
    await orders.update(reference, {
      ...orderInput(),
      OrderReference: reference,
      OrderReferenceProvidedByCustomer: 'WEB-1001',
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: changed,
      MetaData: everyValue,
    });
    expect((await orders.get(reference)).CustomsDocumentation).toEqual(changed);
    await orders.patch(reference, { CustomsDocumentation: maximalCustoms });
    expect((await orders.get(reference)).CustomsDocumentation).toEqual(maximalCustoms);
  });

  it('packOrder, createConsignment, updateConsignment and patchConsignment keep it', async () => {
    const order = await orders.create(orderInput());
    const [packed] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
      CustomsDocumentation: maximalCustoms,
      MetaData: everyValue,
    });
    expect((await orders.consignments.get(packed!)).CustomsDocumentation).toEqual(maximalCustoms);

    const created = await orders.consignments.create(consignment());
    const read = await orders.consignments.get(created);
    expect(read.CustomsDocumentation).toEqual(maximalCustoms);
    expect(read.MetaData).toEqual(everyValue);
    const changed = { ...maximalCustoms, CategoryType: 'Gift', ReferencesOfAttachedInvoices: ['INV002'] };
    await orders.consignments.update(created, { ...consignmentInput(), CustomsDocumentation: changed });
    expect((await orders.consignments.get(created)).CustomsDocumentation).toEqual(changed);
    await orders.consignments.patch(created as ConsignmentReference, {
      CustomsDocumentation: maximalCustoms,
    });
    expect((await orders.consignments.get(created)).CustomsDocumentation).toEqual(maximalCustoms);
  });

  it('both quote calls, delivery options, their summary and pickup options accept it', async () => {
    await expect(orders.quotes.get(consignment())).resolves.toBeDefined();
    await expect(orders.quotes.getForServiceGroups(consignment())).resolves.toBeDefined();
    await expect(orders.deliveryOptions.list(checkout())).resolves.not.toHaveLength(0);
    await expect(orders.deliveryOptions.getSummary(checkout())).resolves.toBeDefined();
    await expect(
      orders.deliveryOptions.listPickup({ ...checkout(), Distance: { Value: 5, Unit: 'Km' }, MaxResults: 1 }),
    ).resolves.toBeDefined();
  });

  it('still names a misspelt customs field, and refuses one no contract has', async () => {
    const misspelt = { ...maximalCustoms, ShipingTerms: 'DAP' } as CustomsDocumentation;
    await expect(orders.create(orderInput({ CustomsDocumentation: misspelt }))).rejects.toThrow(
      /CustomsDocumentation\.ShipingTerms: unknown field; did you mean ShippingTerms\?/,
    );
    const unknown = { ...maximalCustoms, GiftWrap: true } as CustomsDocumentation;
    const refused = await orders
      .create(orderInput({ CustomsDocumentation: unknown }))
      .catch((error) => error);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect(refused.message).toMatch(
      /fields known here are CN23Comments, CategoryType, CategoryTypeExplanation/,
    );
  });

  it('types ReceiversShippingCost as a number and the attached references as lists', async () => {
    const wrong = { ...maximalCustoms, ReceiversShippingCost: '4.95' } as unknown as CustomsDocumentation;
    await expect(
      orders.consignments.create(consignmentInput({ CustomsDocumentation: wrong })),
    ).rejects.toThrow(RequestValidationError);
    const single = {
      ...maximalCustoms,
      ReferencesOfAttachedLicences: 'LIC001',
    } as unknown as CustomsDocumentation;
    await expect(
      orders.consignments.create(consignmentInput({ CustomsDocumentation: single })),
    ).rejects.toThrow(RequestValidationError);
  });
});

describe("requests shaped as the vendor's Create Order, Create Consignment and Pickup Options examples", () => {
  const items = () => [
    {
      Sku: 'SKU093434',
      Description: 'Tennis balls',
      Quantity: 2,
      Unit: 'Box',
      Status: 'Picked',
      ContentClassification: 'Unrestricted',
      ContentClassificationDetails: 'NotSpecified',
      CountryOfOrigin: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      Weight: { Value: 0.1, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
      Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
      HarmonisationKeyWords: ['Keyword1'],
      MetaData: [{ KeyValue: 'Batch', IntValue: 77656555 }],
    },
  ];
  const packages = () => [
    {
      Items: items(),
      PackageReferenceProvidedByCustomer: 'MYPACK-00923',
      Weight: { Value: 0.5, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
      Description: 'Tennis balls',
      Value: { Amount: 10, Currency: { IsoCode: 'GBP' } },
      MetaData: [{ KeyValue: 'DutyPaidValue', DecimalValue: 12.45 }],
      Charges: [{ Key: 'Duty', Value: 1.5 }],
    },
  ];

  it('Create Order keeps the items’ Unit, Status and content classification, and every metadata value', async () => {
    const reference = await orders.create(orderInput({ Packages: packages(), MetaData: everyValue }));
    const [item] = (await orders.get(reference)).Packages?.[0]?.Items ?? [];
    expect(item).toMatchObject({
      Unit: 'Box',
      Status: 'Picked',
      ContentClassification: 'Unrestricted',
      ContentClassificationDetails: 'NotSpecified',
      MetaData: [{ KeyValue: 'Batch', IntValue: 77656555 }],
    });
  });

  it('Create Consignment and Pickup Options take the same packages, DateTimeValue metadata included', async () => {
    const created = await orders.consignments.create(
      consignmentInput({
        Packages: packages(),
        MetaData: [{ KeyValue: 'Picked_On', DateTimeValue: '2019-06-18T00:00:00+00:00' }],
      }),
    );
    const read = await orders.consignments.get(created);
    expect(read.MetaData).toEqual([{ KeyValue: 'Picked_On', DateTimeValue: '2019-06-18T00:00:00+00:00' }]);
    expect(read.Packages?.[0]?.Items?.[0]).toMatchObject({
      Unit: 'Box',
      ContentClassification: 'Unrestricted',
    });
    const { Addresses } = orderInput();
    await expect(
      orders.deliveryOptions.listPickup({
        Packages: packages(),
        Addresses,
        Distance: { Value: 1, Unit: 'Km' },
        MaxResults: 1,
      }),
    ).resolves.toBeDefined();
  });

  it('takes a value of each type in one entry, as the vendor’s metadata page allows and its example does', async () => {
    // The page: one value of each type per entry; its example records a picker's name and the time picked.
    const picked = {
      KeyValue: 'Picked_On',
      StringValue: 'Josh Allen',
      DateTimeValue: '2019-06-04T00:00:00+01:00',
    };
    const created = await orders.consignments.create(consignmentInput({ MetaData: [picked] }));
    expect((await orders.consignments.get(created)).MetaData).toEqual([picked]);
  });

  it('types each metadata value: an IntValue is a whole number, a BoolValue a boolean', async () => {
    for (const entry of [
      { KeyValue: 'Batch', IntValue: 1.5 },
      { KeyValue: 'Fragile', BoolValue: 'yes' },
    ] as unknown as MetadataEntry[]) {
      await expect(orders.consignments.create(consignmentInput({ MetaData: [entry] }))).rejects.toThrow(
        RequestValidationError,
      );
    }
  });
});

describe('the quote calls take a whole Consignment, as the vendor types their body', () => {
  it('accepts the fields a consignment read with Get Consignment has, beside Create Consignment’s', async () => {
    const created = await orders.consignments.create(consignmentInput());
    const { Reference, DateCreated, ConsignmentState, LabelsPrinted, IsLate, Weight } =
      await orders.consignments.get(created);
    const read = { Reference, DateCreated, ConsignmentState, LabelsPrinted, IsLate, Weight };
    await expect(orders.quotes.get({ ...consignmentInput(), ...read })).resolves.toBeDefined();
    await expect(
      orders.quotes.getForServiceGroups({ ...consignmentInput(), ...read }),
    ).resolves.toBeDefined();
    const misspelt = { ...consignmentInput(), DateCreatd: DateCreated } as never;
    await expect(orders.quotes.get(misspelt)).rejects.toThrow(/did you mean DateCreated\?/);
  });
});
