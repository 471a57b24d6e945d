import { PDFDocument } from '@pdfme/pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CreateOrderInput, OrdersClient } from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { orderInput } from '../../support/fixtures.js';
import { allocatedOrder } from '../../support/orders-mock.js';

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

const allocated = (order?: CreateOrderInput) => allocatedOrder(orders, order);

const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('commercial invoice', () => {
  it('is the PDF of an allocated international consignment, with the shipper’s EORI number', async () => {
    const consignment = await allocated(
      orderInput({
        Addresses: [orderInput().Addresses[0]!, paris],
        MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB123456789000' }],
      }),
    );
    const pdf = await orders.documents.getCommercialInvoice(consignment);
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(pdfText(pdf)).toContain('EORI Number: GB123456789000');
    expect(pdfText(pdf)).toContain(`Consignment ${consignment}`);
  });

  it('prints the customs documentation it was given, and each item’s tariff code and origin', async () => {
    const consignment = await allocated(
      orderInput({
        Addresses: [orderInput().Addresses[0]!, paris],
        CustomsDocumentation: {
          CategoryType: 'Gift',
          ShippingTerms: 'DDP',
          DeclarationDate: '2026-01-05T09:00:00+00:00',
          DesignatedPersonResponsible: 'Ada Lovelace',
          InvoiceDate: '2026-01-04T17:00:00+00:00',
          ShippersVatNumber: 'GB123456789',
          ReceiversShippingCost: 4.95,
          ReferencesOfAttachedInvoices: ['INV-1', 'INV-2'],
        },
        Packages: [
          {
            ...orderInput().Packages[0]!,
            Items: [
              { ...orderInput().Packages[0]!.Items![0]!, Quantity: 2, HarmonisationCode: '6912001000' },
            ],
          },
        ],
      }),
    );
    const text = pdfText(await orders.documents.getCommercialInvoice(consignment));
    for (const line of [
      'Category: Gift',
      'Shipping terms: DDP',
      'Declaration date: 2026-01-05T09:00:00+00:00',
      'Declared by: Ada Lovelace',
      'Invoice date: 2026-01-04T17:00:00+00:00',
      'Shipper VAT number: GB123456789',
      'Carriage paid by receiver: 4.95',
      'Attached invoices: INV-1, INV-2',
      // One of the three packed.
      'Item: Blue mug x1, HS 6912001000, origin GB, 12.5 GBP',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('is refused for a domestic consignment and for one not allocated', async () => {
    const domestic = await allocated();
    await expect(orders.documents.getCommercialInvoice(domestic)).rejects.toMatchObject({
      name: 'BadRequestError',
      code: 'NoCustomsDocumentsRequired',
    });
    const reference = await orders.create(orderInput({ Addresses: [orderInput().Addresses[0]!, paris] }));
    const [unallocated] = await orders.pack(reference, {
      OrderReference: reference,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    await expect(orders.documents.getCommercialInvoice(unallocated!)).rejects.toMatchObject({
      code: 'ConsignmentNotAllocated',
    });
  });
});
