import type { ConsignmentInput } from 'consignkit';

/**
 * A consignment made without an order: one box of mugs (1.2 kg, 20 × 30 × 8 cm, worth 24 GBP) from the
 * mock's London warehouse (`SL-LONDON`) to Paris, so that it needs customs documents.
 */
export function sampleConsignment(customerReference: string): ConsignmentInput {
  return {
    ConsignmentReferenceProvidedByCustomer: customerReference,
    Packages: [
      {
        Weight: { Value: 1.2, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 8 },
        Description: 'Stoneware mugs',
        Value: { Amount: 24, Currency: { IsoCode: 'GBP' } },
      },
    ],
    Addresses: [
      { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
      {
        AddressType: 'Destination',
        Contact: { FirstName: 'Marie', LastName: 'Curie' },
        AddressLine1: '11 Rue Pierre et Marie Curie',
        Town: 'Paris',
        Postcode: '75005',
        Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
      },
    ],
  };
}
