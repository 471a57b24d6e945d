import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NotFoundError,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
} from '../../../src/index.js';
import { consignmentInput, orderInput } from '../../support/fixtures.js';
import { useMockService } from '../../support/mock-service.js';

const { mock } = useMockService();
const orders = () => new OrdersClient({ apiKey: mock.apiKey });

describe('createConsignment', () => {
  it('returns the EC- reference of the new, Unallocated consignment', async () => {
    const reference = await orders().consignments.create(consignmentInput());
    expect(reference).toMatch(/^EC-/);
    await expect(orders().consignments.get(reference)).resolves.toMatchObject({
      ConsignmentState: 'Unallocated',
      ConsignmentReferenceProvidedByCustomer: 'WEB-20417',
    });
  });

  it('sends the delivery date under the name Create Consignment uses, whichever name it was given', async () => {
    const client = orders();
    const bodies: unknown[] = [];
    const watching = client.withOptions({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        bodies.push(await request.clone().json());
        return mock.fetch(request);
      },
    });
    await watching.consignments.create(
      consignmentInput({ RequestedDeliveryDate: { Date: '2026-01-09T00:00:00+00:00' } }),
    );
    expect(bodies[0]).toMatchObject({ RequiredDeliveryDate: { Date: '2026-01-09T00:00:00+00:00' } });
    expect(bodies[0]).not.toHaveProperty('RequestedDeliveryDate');
  });

  it('refuses, before sending, a body without a Destination or with the date under both names', async () => {
    const client = orders();
    await expect(
      client.consignments.create(
        consignmentInput({ Addresses: [{ AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' }] }),
      ),
    ).rejects.toThrow(RequestValidationError);
    await expect(
      client.consignments.create(
        consignmentInput({ RequiredDeliveryDate: '2026-01-09', RequestedDeliveryDate: '2026-01-09' }),
      ),
    ).rejects.toThrow(/not both/);
    expect(mock.store.requests).toHaveLength(0);
  });
});

describe('updateConsignment and patchConsignment', () => {
  it('replaces the consignment; what is left out is deleted, as the page says', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    const { ConsignmentReferenceProvidedByCustomer: _dropped, ...rest } = consignmentInput();
    await expect(
      client.consignments.update(reference, { ...rest, Tags: ['Heavy'] }),
    ).resolves.toBeUndefined();
    const updated = await client.consignments.get(reference);
    expect(updated.ConsignmentReferenceProvidedByCustomer).toBe('');
    expect(updated.Tags).toEqual(['Heavy']);
  });

  it('takes a body without Packages, as the vendor pages do, and keeps the stored packages', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    const before = await client.consignments.get(reference);
    const bodies: unknown[] = [];
    const watching = client.withOptions({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'PUT') bodies.push(await request.clone().json());
        return mock.fetch(request);
      },
    });
    const { Packages: _left, ...withoutPackages } = consignmentInput();
    await watching.consignments.update(reference, { ...withoutPackages, Tags: ['Heavy'] });
    expect(bodies[0]).not.toHaveProperty('Packages');
    const after = await client.consignments.get(reference);
    expect(after.Tags).toEqual(['Heavy']);
    expect(after.Packages).toEqual(before.Packages);
  });

  it('refuses a body naming another consignment, before sending', async () => {
    const client = orders();
    await expect(
      client.consignments.update('EC-000-000-001', { ...consignmentInput(), Reference: 'EC-000-000-002' }),
    ).rejects.toThrow(RequestValidationError);
  });

  it('patches one property and keeps every other, packages included', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput({ Tags: ['Fragile'] }));
    const before = await client.consignments.get(reference);
    const patched = await client.consignments.patch(reference, { ShippingDate: '2026-01-07' });
    expect(patched).toMatchObject({ Reference: reference, ShippingDate: '2026-01-07' });
    const after = await client.consignments.get(reference);
    expect(after).toMatchObject({
      ShippingDate: '2026-01-07',
      ConsignmentReferenceProvidedByCustomer: 'WEB-20417',
      Tags: ['Fragile'],
      Packages: before.Packages,
      Addresses: before.Addresses,
    });
  });

  it('names the read when what it read cannot be written back whole, and writes nothing', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    // Stored without its addresses (as an earlier Update Consignment may leave it): no whole body to send.
    const stored = mock.store.orders.getConsignment(reference);
    if (stored) stored.Addresses = [];
    const patching = client.consignments.patch(reference, { ShippingDate: '2026-01-07' });
    await expect(patching).rejects.toBeInstanceOf(ResponseValidationError);
    // patch is no operation of its own: the answer that fails is Get Consignment's.
    await expect(patching).rejects.toMatchObject({
      operation: 'getConsignment',
      message: expect.stringMatching(/^consignments\.patch: /),
    });
    expect(mock.requests('updateConsignment')).toHaveLength(0);
  });

  it('cannot move an allocated consignment: the service refuses new addresses', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    await client.allocation.allocateWithCheapestQuote(reference);
    const [origin] = consignmentInput().Addresses;
    const elsewhere = {
      AddressType: 'Destination',
      Town: 'York',
      Postcode: 'YO1 7HH',
      Country: { IsoCode: { TwoLetterCode: 'GB' } },
    };
    await expect(client.consignments.patch(reference, { Addresses: [origin!, elsewhere] })).rejects.toThrow(
      BadRequestError,
    );
    await expect(
      client.consignments.patch(reference, { ConsignmentReferenceProvidedByCustomer: 'WEB-2' }),
    ).resolves.toMatchObject({
      ConsignmentReferenceProvidedByCustomer: 'WEB-2',
    });
  });
});

describe('getConsignmentStatus, getConsignmentsForOrders, getAssignedShippingLocations', () => {
  it('reads a consignment’s state alone', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    await expect(client.consignments.getStatus(reference)).resolves.toMatchObject({
      ConsignmentReferenceForAllLegsAssignedByMpd: reference,
      Status: 'Unallocated',
    });
    await expect(client.consignments.getStatus('EC-999-999-999')).rejects.toThrow(NotFoundError);
  });

  it('lists the consignments packed from each order, and reports an unknown order in its place', async () => {
    const client = orders();
    const order = await client.create(orderInput());
    const [outbound, inbound] = await client.pack(order, {
      OrderReference: order,
      GenerateReturn: true,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    const results = await client.consignments.getForOrders([order, 'EO-999-999-999']);
    expect(results).toEqual([
      expect.objectContaining({
        OrderReference: order,
        Status: 200,
        Consignments: [{ ConsignmentReference: outbound, ReturnConsignmentReference: inbound }],
      }),
      expect.objectContaining({ OrderReference: 'EO-999-999-999', Status: 404, Consignments: [] }),
    ]);
  });

  it('lists the assigned shipping locations', async () => {
    const locations = await orders().shippingLocations.listAssigned();
    expect(locations.map((location) => location.Reference)).toEqual(['SL-LONDON', 'SL-LEEDS']);
    expect(mock.store.requests.at(-1)?.operation).toBe('getAssignedShippingLocations');
  });
});
