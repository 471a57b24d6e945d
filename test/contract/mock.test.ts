import { beforeEach, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { createOrderInput, destination, expectAreaAError, france, wire } from '../support/orders-mock.js';
import { B } from '../support/shipments-mock.js';

// The mock accepts what the real service accepts (real-api-reference.md), over its HTTP.
let mock: MockService;
let api: ReturnType<typeof wire>;

beforeEach(() => {
  mock = createMockService();
  api = wire(mock);
});

/** The vendor's own example: an Origin given by its shipping location alone. */
const byLocation = { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS', IsCached: false };

describe('an address given by its shipping location alone (reference: Create Order)', () => {
  it('is a valid Origin; the order keeps it as sent, and packing fills the consignment from the location', async () => {
    const order = await api.createOrder({ Addresses: [byLocation, destination()] });
    expect((await api.getOrder(order)).Addresses[0]).toEqual(byLocation);
    const [consignment] = await api.pack(order);
    const origin = mock.store.orders.getConsignment(consignment!)!.Addresses[0];
    expect(origin).toMatchObject({
      ...byLocation,
      AddressLine1: '20 Wellington Street',
      Town: 'Leeds',
      Postcode: 'LS1 4DL',
      Country: { IsoCode: { TwoLetterCode: 'GB' } },
    });
    // Allocation and the international rules read the filled address.
    const abroad = await api.createOrder({ Addresses: [byLocation, france()] });
    const [international] = await api.pack(abroad);
    await api.ok('PUT', `/allocation/${international}/allocatewithcheapestquote`);
    const invoice = await api.call('GET', `/consignments/docs/commercialinvoice/${international}`);
    expect(invoice.status).toBe(200);
  });

  it('is valid in Update Order and both address operations', async () => {
    const order = await api.createOrder();
    const sender = { AddressType: 'Sender', ShippingLocationReference: 'SL-LONDON' };
    expect((await api.call('POST', `/orders/${order}/address`, sender)).status).toBe(200);
    expect((await api.call('PUT', `/orders/${order}/address`, byLocation)).status).toBe(200);
    const stored = await api.getOrder(order);
    const update = {
      ...stored,
      Addresses: [{ ...byLocation, ShippingLocationReference: 'SL-LONDON' }, destination()],
    };
    expect((await api.call('PUT', `/orders/${order}`, update)).status).toBe(200);
  });

  it('needs a location the organisation has: an unknown one, or none and no country, is a 400', async () => {
    const unknown = { ...byLocation, ShippingLocationReference: 'SL-NOWHERE' };
    expectAreaAError(
      await api.call('POST', '/orders', createOrderInput({ Addresses: [unknown, destination()] })),
      400,
      'InvalidShippingLocation',
    );
    const bare = { AddressType: 'Origin' };
    const noCountry = createOrderInput({
      Addresses: [bare, { ...destination(), ShippingLocationReference: 'SL-LONDON' }],
    });
    expectAreaAError(await api.call('POST', '/orders', noCountry), 400, 'InvalidRequest');
  });

  it('lists seeded locations with full addresses', async () => {
    const locations = (await api.ok('GET', '/shippinglocations')).body;
    for (const location of locations) {
      expect(location).toMatchObject({
        Reference: expect.any(String),
        Name: expect.any(String),
        AddressLine1: expect.any(String),
        Town: expect.any(String),
        Postcode: expect.any(String),
        Country: { IsoCode: { TwoLetterCode: 'GB' } },
      });
    }
  });
});

describe('RequiredDeliveryDate as the real object (reference: Create Order)', () => {
  it('is accepted, and allocation keeps the promise of its Date', async () => {
    const promise = (date: string) => ({
      RequiredDeliveryDate: {
        Date: `${date}T00:00:00+00:00`,
        IsToBeExactlyOnTheDateSpecified: false,
        DeliveryWindow: { Start: '09:00:00', End: '17:00:00', UtcOffset: '+00:00' },
      },
    });
    const late = await api.consignment(promise('2000-01-01'));
    const answer = await api.call('PUT', `/allocation/${late}/allocatewithcheapestquote`);
    expectAreaAError(answer, 400, 'NoQuotesAvailable');
    const fine = await api.consignment(promise('2026-12-31'));
    expect((await api.call('PUT', `/allocation/${fine}/allocatewithcheapestquote`)).status).toBe(200);
    // The string form still works, and an object without a valid Date is refused.
    expect(
      (await api.call('POST', '/orders', createOrderInput({ RequiredDeliveryDate: '2026-12-31' }))).status,
    ).toBe(201);
    expectAreaAError(
      await api.call('POST', '/orders', createOrderInput({ RequiredDeliveryDate: { Date: 'soon' } })),
      400,
      'InvalidRequest',
    );
  });
});

describe('the real spellings', () => {
  it('serves area B labels in lower-case formats, as the OpenAPI enum writes them', async () => {
    const shipment = mock.store.shipments.addShipment().reference;
    for (const format of ['pdf', 'zpl', 'bmp', 'Pdf']) {
      const response = await mock.fetch(`${B}/labels/${shipment}/${format}`, {
        headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
      });
      expect({ format, status: response.status }).toEqual({ format, status: 200 });
    }
  });

  it('answers ConsignmentState, and ManifestFailed without a space', async () => {
    const reference = await api.allocated();
    mock.store.orders.setConsignmentState(reference, 'Manifest Failed');
    const consignment = (await api.ok('GET', `/consignments/${reference}`)).body;
    expect(consignment.ConsignmentState).toBe('ManifestFailed');
    expect(consignment).not.toHaveProperty('consignmentState');
  });

  it('takes Select Delivery Option in the spec’s body and in the vendor’s older one', async () => {
    const [first, second] = [...mock.store.orders.deliveryOptions.keys()];
    const spec = await api.call('POST', '/deliveryoptions/selectorder', { Reference: first });
    const older = await api.call('POST', '/deliveryoptions/selectorder', {
      DeliveryOptions: [{ Reference: second, OrderReferenceProvidedByCustomer: 'WEB-9', MetaData: [] }],
    });
    expect([spec.status, older.status]).toEqual([200, 200]);
    expect(older.body.SelectOrderResults[0].OrderReference).toMatch(/^EO-/);
  });
});
