import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Address,
  BadRequestError,
  NotFoundError,
  OrdersClient,
  RequestValidationError,
} from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const leeds: Address = {
  AddressType: 'Destination',
  AddressLine1: '2 Park Row',
  Town: 'Leeds',
  Postcode: 'LS1 5HD',
  Country: { IsoCode: { TwoLetterCode: 'GB' } },
};
/** A client that keeps the body of each request it sends. */
function watched() {
  const bodies: unknown[] = [];
  const client = orders.withOptions({
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'PUT') bodies.push(await request.clone().json());
      return mock.fetch(request);
    },
  });
  return { client, bodies };
}

describe('consignments.updateAddress (Update Consignment Address)', () => {
  it('replaces the address of its type, sent to PUT /consignments/{reference}', async () => {
    const consignment = await packedConsignment(orders);
    await expect(orders.consignments.updateAddress(consignment, leeds)).resolves.toBeUndefined();
    const request = mock.requests('updateConsignmentAddress')[0]!;
    expect([request.method, new URL(request.url).pathname]).toEqual(['PUT', `/consignments/${consignment}`]);
    const read = await orders.consignments.get(consignment);
    expect(read.Addresses?.find((address) => address.AddressType === 'Destination')).toMatchObject({
      AddressLine1: '2 Park Row',
    });
  });

  it('is refused once allocated (BadRequestError), and NotFoundError for an unknown consignment', async () => {
    const consignment = await allocatedConsignment(orders);
    const error = await orders.consignments.updateAddress(consignment, leeds).catch((caught) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'InvalidConsignmentState' });
    await expect(orders.consignments.updateAddress('EC-000-ZZZ-ZZZ', leeds)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('is repeatable: an answer lost after the change is retried, and the consignment is as one call left it', async () => {
    const consignment = await packedConsignment(orders);
    mock.failNext('updateConsignmentAddress', { network: 'drop-after' });
    await expect(orders.consignments.updateAddress(consignment, leeds)).resolves.toBeUndefined();
    expect(mock.requests('updateConsignmentAddress')).toHaveLength(2);
    const addresses = (await orders.consignments.get(consignment)).Addresses ?? [];
    expect(addresses.filter((address) => address.AddressType === 'Destination')).toHaveLength(1);
  });
});

describe('consignments.setDetails (Set Consignment Details)', () => {
  it('sets what it is given, a Date sent as ISO 8601', async () => {
    const consignment = await packedConsignment(orders);
    const { client, bodies } = watched();
    await client.consignments.setDetails(consignment, {
      RequestedDeliveryDate: new Date('2026-01-09T00:00:00Z'),
      IsExactRequestedDeliveryDate: true,
      ConsignmentReferenceProvidedByCustomer: 'WEB-1002',
    });
    expect(bodies[0]).toEqual({
      RequestedDeliveryDate: '2026-01-09T00:00:00.000Z',
      IsExactRequestedDeliveryDate: true,
      ConsignmentReferenceProvidedByCustomer: 'WEB-1002',
    });
    expect(await orders.consignments.get(consignment)).toMatchObject({
      RequestedDeliveryDate: '2026-01-09',
      ConsignmentReferenceProvidedByCustomer: 'WEB-1002',
    });
  });

  it('refuses before sending details that set nothing, an unknown field, or a date that is not one', async () => {
    const consignment = await packedConsignment(orders);
    await expect(orders.consignments.setDetails(consignment, {})).rejects.toThrow(/sets nothing/);
    await expect(
      orders.consignments.setDetails(consignment, {
        RequestedDeliveryDate: undefined,
        ShippingDateTime: null,
      }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(
      orders.consignments.setDetails(consignment, { ShippingDate: '2026-01-06' } as never),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(
      orders.consignments.setDetails(consignment, { RequestedDeliveryDate: 'next week' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('setConsignmentDetails')).toHaveLength(0);
  });

  it('is refused once allocated, when it would change something', async () => {
    const consignment = await allocatedConsignment(orders);
    await expect(
      orders.consignments.setDetails(consignment, { ShippingDateTime: '2026-01-07T10:00:00+00:00' }),
    ).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('consignments.setCustomerReference (Set Customer Provided Reference)', () => {
  it('sets the reference in any state, sent as { Reference }, and search finds the consignment by it', async () => {
    const consignment = await allocatedConsignment(orders);
    const { client, bodies } = watched();
    await client.consignments.setCustomerReference(consignment, 'WEB-2002');
    expect(bodies).toEqual([{ Reference: 'WEB-2002' }]);
    expect(new URL(mock.requests('setConsignmentCustomerReference')[0]!.url).pathname).toBe(
      `/consignments/${consignment}/setcustomerprovidedreference`,
    );
    await expect(
      orders.consignments.getReferences({ ReferenceProvidedByCustomer: 'WEB-2002' }),
    ).resolves.toEqual([consignment]);
  });

  it('refuses a blank reference before sending: it would erase what reconcile finds a consignment by', async () => {
    const consignment = await packedConsignment(orders);
    await expect(orders.consignments.setCustomerReference(consignment, '  ')).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(mock.requests('setConsignmentCustomerReference')).toHaveLength(0);
  });
});
