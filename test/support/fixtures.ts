import type {
  ConsignmentInput,
  ConsignmentReference,
  CreateOrderInput,
  OrdersClient,
} from '../../src/index.js';

/** A complete, valid Create Order body: a London shipping location sending one parcel to Manchester. */
export function orderInput(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    Packages: [
      {
        Items: [
          {
            Sku: 'MUG-BLUE',
            Description: 'Blue mug',
            CountryOfOrigin: { IsoCode: { TwoLetterCode: 'GB' } },
            Weight: { Value: 0.4, Unit: 'Kg' },
            Value: { Amount: 12.5, Currency: { IsoCode: 'GBP' } },
          },
        ],
        Weight: { Value: 0.5, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 15, Height: 12 },
      },
    ],
    Addresses: [
      {
        AddressType: 'Origin',
        ShippingLocationReference: 'SL-LONDON',
        CompanyName: 'Mugs Ltd',
        AddressLine1: '1 Warehouse Way',
        Town: 'London',
        Postcode: 'E1 1AA',
        Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      },
      {
        AddressType: 'Destination',
        Contact: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
        AddressLine1: '12 Analytical Row',
        Town: 'Manchester',
        Postcode: 'M1 1AA',
        Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      },
    ],
    ...overrides,
  } as CreateOrderInput;
}

/** An order created, packed and allocated: a consignment ready to manifest. */
export async function allocatedConsignment(orders: OrdersClient): Promise<ConsignmentReference> {
  const order = await orders.create(orderInput());
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error(`packing ${order} created no consignment`);
  await orders.allocation.allocate([consignment]);
  return consignment;
}

/** A consignment made without an order: London to Leeds, one 1.2 kg package of mugs worth 24 GBP. */
export function consignmentInput(overrides: Partial<ConsignmentInput> = {}): ConsignmentInput {
  return {
    ConsignmentReferenceProvidedByCustomer: 'WEB-20417',
    Packages: [
      {
        Weight: { Value: 1.2, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 20, Length: 30, Height: 8 },
        Description: 'Mugs',
        Value: { Amount: 24, Currency: { IsoCode: 'GBP' } },
      },
    ],
    Addresses: [
      { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
      {
        AddressType: 'Destination',
        AddressLine1: '4 Mill Lane',
        Town: 'Leeds',
        Postcode: 'LS1 7HH',
        Country: { IsoCode: { TwoLetterCode: 'GB' } },
      },
    ],
    ...overrides,
  };
}
