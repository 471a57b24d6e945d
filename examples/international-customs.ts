/**
 * An international shipment, end to end: an order from London to Paris carrying the customs data the
 * vendor's Brexit guide makes mandatory (`DeclarationDate`, `DesignatedPersonResponsible`, `InvoiceDate`,
 * `ShippingTerms`), the EORI numbers as metadata, then pack, allocate, and read the commercial invoice
 * and customs declarations the service prints from them. Runs against the embedded mock:
 * `npx tsx examples/international-customs.ts`.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { type CreateOrderInput, type CustomsDocumentation, OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';

/** What customs documents need beside the parcel: the Brexit guide's mandatory four, and more. */
const customs: CustomsDocumentation = {
  CategoryType: 'Gift',
  ShippingTerms: 'DDP',
  DeclarationDate: '2026-01-05T09:00:00+00:00',
  DesignatedPersonResponsible: 'Ada Lovelace',
  InvoiceDate: '2026-01-04T17:30:00+00:00',
  ReasonForExport: 'Gift to a relative',
  // `GBUNREG` when the shipper is not VAT registered, as the guide says.
  ShippersVatNumber: 'GB123456789',
  ReceiversShippingCost: 4.95,
  ReferencesOfAttachedInvoices: ['INV-2026-0042'],
};

export function internationalOrder(customerReference = 'WEB-EU-1'): CreateOrderInput {
  return {
    OrderReferenceProvidedByCustomer: customerReference,
    CustomsDocumentation: customs,
    // Fields the contract has no property for go in metadata, under the keys the guide names.
    MetaData: [
      { KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' },
      { KeyValue: 'ReceiversEORI', StringValue: 'FR12345678901234' },
      { KeyValue: 'CarriageCurrency', StringValue: 'GBP' },
    ],
    Packages: [
      {
        Description: 'Ceramic mugs',
        Weight: { Value: 1.1, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 12 },
        Value: { Amount: 25, Currency: { IsoCode: 'GBP' } },
        MetaData: [
          { KeyValue: 'DutyPaidValue', DecimalValue: 5.2 },
          { KeyValue: 'VatValue', DecimalValue: 5 },
        ],
        Items: [
          {
            Sku: 'MUG-BLUE',
            Description: 'Blue ceramic mug',
            Quantity: 2,
            Unit: 'Box',
            ContentClassification: 'Unrestricted',
            HarmonisationCode: '6912001000',
            CountryOfOrigin: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
            Weight: { Value: 0.5, Unit: 'Kg' },
            Value: { Amount: 12.5, Currency: { IsoCode: 'GBP' } },
          },
        ],
      },
    ],
    Addresses: [
      { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
      {
        AddressType: 'Destination',
        Contact: { FirstName: 'Marie', LastName: 'Curie', Email: 'marie@example.com' },
        AddressLine1: '11 Rue Pierre et Marie Curie',
        Town: 'Paris',
        Postcode: '75005',
        Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
      },
    ],
  };
}

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  const order = await orders.create(internationalOrder());
  log(`1. created ${order}, shipping terms ${customs.ShippingTerms}`);

  // Pack Order: the consignment takes the order's customs documentation and its ShippersEORI.
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 2 }] }],
  });
  if (!consignment) throw new Error(`packing ${order} made no consignment`);
  const packed = await orders.consignments.get(consignment);
  log(`2. packed ${consignment}, declared by ${packed.CustomsDocumentation?.DesignatedPersonResponsible}`);

  const [allocation] = await orders.allocation.allocate([consignment]);
  log(`3. allocated to ${allocation?.CarrierServiceName}`);

  // Customs documents exist once an international consignment is allocated.
  const { commercialInvoices, cn22, cn23 } = await orders.documents.getAll(consignment);
  const invoice = await orders.documents.getCommercialInvoice(consignment);
  log(
    `4. ${commercialInvoices.length} commercial invoice(s), ${cn22.length} CN22 and ${cn23.length} CN23 declaration(s); the invoice is ${invoice.length} bytes of PDF`,
  );
  return { order, consignment, invoice };
}

if (isMain(import.meta.url)) await main();
