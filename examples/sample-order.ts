import type { CreateOrderInput } from 'consignkit';

/** A small, valid order: one mug from the mock's London warehouse (`SL-LONDON`) to Manchester. */
export function sampleOrder(customerReference = 'WEB-1001'): CreateOrderInput {
  return {
    OrderReferenceProvidedByCustomer: customerReference,
    Packages: [
      {
        Items: [{ Sku: 'MUG-BLUE', Description: 'Blue mug', Weight: { Value: 0.4, Unit: 'Kg' } }],
        Weight: { Value: 0.5, Unit: 'Kg' },
      },
    ],
    Addresses: [
      {
        AddressType: 'Origin',
        ShippingLocationReference: 'SL-LONDON',
        AddressLine1: '1 Warehouse Way',
        Town: 'London',
        Postcode: 'E1 1AA',
        Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      },
      {
        AddressType: 'Destination',
        Contact: { FirstName: 'Ada', LastName: 'Lovelace' },
        AddressLine1: '12 Analytical Row',
        Town: 'Manchester',
        Postcode: 'M1 1AA',
        Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      },
    ],
  };
}
