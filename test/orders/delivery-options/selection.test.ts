import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, OrdersClient } from '../../../src/index.js';
import { orderInput } from '../../support/fixtures.js';
import { useMockService } from '../../support/mock-service.js';

const { mock } = useMockService();
const orders = () => new OrdersClient({ apiKey: mock.apiKey });

const { Packages, Addresses } = orderInput();
const checkout = { Packages, Addresses, ConsignmentReferenceProvidedByCustomer: 'BASKET-31' };

describe('selectDeliveryOptionAsConsignment (the Consumer Options flow)', () => {
  it('returns the consignment the service made from the options request, allocated, labels ready', async () => {
    const client = orders();
    const [option] = await client.deliveryOptions.list(checkout);
    const { consignmentReference, allocation } = await client.deliveryOptions.selectAsConsignment(
      option!.Reference as `EDO-${string}`,
    );
    expect(consignmentReference).toMatch(/^EC-/);
    expect(allocation.CarrierServiceReference).toBe(option!.CarrierServiceReference);
    await expect(client.consignments.get(consignmentReference)).resolves.toMatchObject({
      ConsignmentState: 'Allocated',
      ConsignmentReferenceProvidedByCustomer: 'BASKET-31',
    });
    const label = await client.labels.get(consignmentReference, { format: 'PDF' });
    expect(label).toBeTruthy();
  });

  it('selects an option once, and says so the second time', async () => {
    const client = orders();
    const [option] = await client.deliveryOptions.list(checkout);
    const reference = option!.Reference as `EDO-${string}`;
    await client.deliveryOptions.selectAsConsignment(reference);
    await expect(client.deliveryOptions.selectAsConsignment(reference)).rejects.toThrow(BadRequestError);
    await expect(client.deliveryOptions.selectAsConsignment('EDO-999-999-999')).rejects.toThrow(
      NotFoundError,
    );
  });

  it('takes a pickup option’s reference too (the Pickup flow), after reserving it', async () => {
    const client = orders();
    const [location] = await client.deliveryOptions.listPickup({
      ...checkout,
      Distance: { Value: 5, Unit: 'Km' },
      MaxResults: 1,
    });
    const reference = location!.DeliveryOptions![0]!.Reference as `EDO-${string}`;
    await expect(client.deliveryOptions.reservePickup(reference)).resolves.toMatchObject({
      ReservationReference: expect.any(String),
    });
    await expect(client.deliveryOptions.reservePickup(reference)).rejects.toThrow(BadRequestError);
    const { consignmentReference } = await client.deliveryOptions.selectAsConsignment(reference);
    const consignment = await client.consignments.get(consignmentReference);
    expect(
      consignment.Addresses?.find((address) => address.AddressType === 'Destination')?.AddressLine1,
    ).toBe(location!.Address?.AddressLine1);
  });
});

/** A client whose Select Delivery Option As An Order bodies are kept, as sent. */
function recording() {
  const sent: unknown[] = [];
  const client = orders().withOptions({
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/selectorder')) sent.push(await request.clone().json());
      return fetch(request);
    },
  });
  return { client, sent };
}

describe('selectDeliveryOption (one option as an order)', () => {
  it('sends the documented body, with the order’s reference and metadata it was given', async () => {
    const { client, sent } = recording();
    const [option] = await client.deliveryOptions.list(checkout);
    const MetaData = [
      { KeyValue: 'Basket', IntValue: 31 },
      { KeyValue: 'PaidAt', DateTimeValue: '2026-01-05T09:00:00+00:00' },
    ];
    const order = await client.deliveryOptions.selectAsOrder({
      Reference: option!.Reference as `EDO-${string}`,
      OrderReferenceProvidedByCustomer: 'SHOP-7',
      MetaData,
    });
    expect(sent).toEqual([
      {
        DeliveryOptions: [
          { Reference: option!.Reference, OrderReferenceProvidedByCustomer: 'SHOP-7', MetaData },
        ],
      },
    ]);
    await expect(client.get(order)).resolves.toMatchObject({
      OrderReferenceProvidedByCustomer: 'SHOP-7',
      MetaData,
    });
  });

  it('sends only the reference of an option read from Delivery Options, and refuses a misspelt field', async () => {
    const { client, sent } = recording();
    const [option] = await client.deliveryOptions.list(checkout);
    await client.deliveryOptions.selectAsOrder(option!);
    expect(sent).toEqual([{ DeliveryOptions: [{ Reference: option!.Reference }] }]);
    const misspelt = { Reference: option!.Reference, OrderReferenceProvidedByCustomr: 'SHOP-8' } as never;
    await expect(client.deliveryOptions.selectAsOrder(misspelt)).rejects.toThrow(
      /did you mean OrderReferenceProvidedByCustomer\?/,
    );
  });

  it('throws NotFoundError for an unknown option, which the service refuses in its result', async () => {
    await expect(orders().deliveryOptions.selectAsOrder('EDO-999-999-999')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('selectDeliveryOptionsAsOrders', () => {
  it('returns one result per selection, in order, a failed one reported in its place', async () => {
    const client = orders();
    const [first, second] = await client.deliveryOptions.list(checkout);
    const results = await client.deliveryOptions.selectAsOrders([
      { Reference: first!.Reference as `EDO-${string}`, OrderReferenceProvidedByCustomer: 'SHOP-1' },
      { Reference: 'EDO-999-999-999' },
      { Reference: second!.Reference as `EDO-${string}` },
    ]);
    expect(results).toEqual([
      expect.objectContaining({
        DeliveryOptionReference: first!.Reference,
        OrderReference: expect.stringMatching(/^EO-/),
        Status: 201,
        Message: null,
      }),
      expect.objectContaining({
        DeliveryOptionReference: 'EDO-999-999-999',
        OrderReference: null,
        Status: 404,
        Message: expect.any(String),
      }),
      expect.objectContaining({
        DeliveryOptionReference: second!.Reference,
        OrderReference: expect.stringMatching(/^EO-/),
        Status: 201,
      }),
    ]);
    await expect(client.get(results[0]!.OrderReference!)).resolves.toMatchObject({
      OrderReferenceProvidedByCustomer: 'SHOP-1',
    });
  });

  it('reports a selection the service said nothing of, rather than dropping it', async () => {
    const client = orders().withOptions({
      fetch: async () =>
        new Response(
          JSON.stringify({
            SelectOrderResults: [{ DeliveryOptionReference: 'EDO-1', OrderReference: 'EO-1', Status: 201 }],
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    const results = await client.deliveryOptions.selectAsOrders([
      { Reference: 'EDO-1' },
      { Reference: 'EDO-2' },
    ]);
    expect(
      results.map((result) => [result.DeliveryOptionReference, result.OrderReference, result.Status]),
    ).toEqual([
      ['EDO-1', 'EO-1', 201],
      ['EDO-2', null, null],
    ]);
    expect(results[1]!.Message).toMatch(/answered nothing/);
  });
});

describe('getDeliveryOptionSummary and getDeliveryOption', () => {
  it('summarises the days with options, and reads one option again with its consignment', async () => {
    const client = orders();
    const summary = await client.deliveryOptions.getSummary(checkout);
    expect(summary.DeliveryOptions.length).toBeGreaterThan(0);
    expect(summary.Reference).toMatch(/^EPC-/);
    const [option] = await client.deliveryOptions.list(checkout);
    const details = await client.deliveryOptions.get(option!.Reference as `EDO-${string}`);
    expect(details.DeliveryOption?.Reference).toBe(option!.Reference);
    expect(details.ConsignmentDetail?.ConsignmentReferenceProvidedByCustomer).toBe('BASKET-31');
  });
});
