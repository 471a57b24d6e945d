// Canned bodies shaped like the real service's (shared/docs/real-api-notes.md), built deterministically
// so that every run and every contender handles the same bytes.

const hex32 = (n) => n.toString(16).padStart(8, '0').repeat(4);
const GB = { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } };

function item(n) {
  return {
    Reference: hex32(0x5e1f00 + n),
    ItemReferenceProvidedByCustomer: `LINE-${n}`,
    Sku: `SKU-${1000 + n}`,
    Description: `Stoneware mug, glaze ${n % 12}`,
    Quantity: 1 + (n % 3),
    CountryOfOrigin: { IsoCode: { TwoLetterCode: 'GB' } },
    Weight: { Value: 0.4, Unit: 'Kg' },
    Dimensions: { Unit: 'Cm', Width: 9, Length: 12, Height: 10 },
    Value: { Amount: 12.5, Currency: { IsoCode: 'GBP' } },
    HarmonisationCode: '6912002390',
  };
}

const addresses = [
  {
    AddressType: 'Origin',
    ShippingLocationReference: 'SL-LONDON',
    CompanyName: 'Mugs Ltd',
    AddressLine1: '1 Warehouse Way',
    Town: 'London',
    Postcode: 'E1 1AA',
    Country: GB,
  },
  {
    AddressType: 'Destination',
    Contact: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Telephone: '0161 000 0000' },
    AddressLine1: '12 Analytical Row',
    Town: 'Manchester',
    Postcode: 'M1 1AA',
    Country: GB,
    IsCached: false,
  },
];

/** A Create Order body: `items` items in packages of at most 20. */
export function createOrderInput(items) {
  const packages = [];
  for (let start = 0; start < items; start += 20) {
    const count = Math.min(20, items - start);
    packages.push({
      Items: Array.from({ length: count }, (_, index) => {
        const { Reference: _reference, HarmonisationCode: _code, ...fields } = item(start + index);
        return fields;
      }),
      Weight: { Value: 0.5 * count, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 40, Length: 60, Height: 40 },
      Description: `Carton ${packages.length + 1}`,
    });
  }
  return {
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    Source: 'Api',
    Direction: 'Outbound',
    ShippingDate: '2026-12-01',
    MetaData: [{ KeyValue: 'Channel', StringValue: 'web' }],
    Packages: packages,
    Addresses: addresses,
  };
}

/** What Get Order answers for an order of `items` items: the input plus the service's own fields. */
export function order(items) {
  const { MetaData, ...input } = createOrderInput(items);
  return {
    OrderReference: 'EO-000-002-0TS',
    DateCreated: '2026-11-22T10:00:00+00:00',
    EarliestDeliveryDate: '2026-12-02T00:00:00+00:00',
    LatestDeliveryDate: '2026-12-04T00:00:00+00:00',
    DeliveryOptionReference: null,
    RequiredDeliveryDate: null,
    CustomsDocumentation: null,
    Tags: ['Fragile'],
    ...input,
    Metadata: MetaData,
    Packages: input.Packages.map((pkg, index) => ({
      ...pkg,
      Reference: `EP-000-0${String(index).padStart(2, '0')}-ABC`,
      Items: pkg.Items.map((_, offset) => item(index * 20 + offset)),
    })),
  };
}

/** Create Order's real answer: a link whose `Href` ends with the new reference. */
export const createdOrder = [{ Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' }];

export const consignmentReferences = (count) =>
  Array.from({ length: count }, (_, n) => `EC-000-${String(n).padStart(3, '0')}-MQ4`);

/** Manifest Consignments' answer: one result per consignment. */
export const manifestResults = (references) =>
  references.map((reference) => ({
    IsSuccess: true,
    Message: `Consignment ${reference} queued for manifesting`,
    Data: reference,
    ApiLinks: [{ Rel: 'detail', Href: `https://api.electioapp.com/consignments/${reference}` }],
  }));

/** The bytes of a label file of `size` bytes: a PDF header, then incompressible filler. */
export function labelBytes(size) {
  const bytes = Buffer.alloc(size);
  let seed = 0x2545f491;
  for (let index = 0; index < size; index++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    bytes[index] = seed & 0xff;
  }
  bytes.write('%PDF-1.7\n');
  return bytes;
}

/** Get Labels' answer: one document object, its file in Base64. */
export const labelDocument = (size) => ({
  file: labelBytes(size).toString('base64'),
  content_type: 'application/pdf',
  document_type: 'label',
  dpi: 203,
});
