import { describe, expect, it } from 'vitest';
import { NotFoundError, OrdersClient } from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';
import { useMockService } from '../support/mock-service.js';

const { mock } = useMockService();

describe('an order from creation to the customer manifest, against the stateful mock', () => {
  it('create → get → patch → pack → allocate → ready to ship → manifest → manifest PDF', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey });

    const orderReference = await orders.create(orderInput());
    expect(orderReference).toMatch(/^EO-/);

    const order = await orders.get(orderReference);
    expect(order).toMatchObject({
      OrderReference: orderReference,
      OrderReferenceProvidedByCustomer: 'WEB-1001',
    });

    const patched = await orders.patch(orderReference, { ShippingDate: '2026-12-01' });
    expect(patched).toMatchObject({
      ShippingDate: '2026-12-01',
      OrderReferenceProvidedByCustomer: 'WEB-1001',
    });
    await expect(orders.get(orderReference)).resolves.toMatchObject({
      ShippingDate: '2026-12-01',
      OrderReferenceProvidedByCustomer: 'WEB-1001',
    });

    const [outbound, inbound, ...others] = await orders.pack(orderReference, {
      OrderReference: orderReference,
      GenerateReturn: true,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    expect(outbound).toMatch(/^EC-/);
    expect(inbound).toMatch(/^EC-/);
    expect(inbound).not.toBe(outbound);
    expect(others).toEqual([]);

    const summaries = await orders.allocation.allocate([outbound!]);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.CarrierServiceReference).toEqual(expect.any(String));

    const ready = await orders.consignments.setReadyToShip([outbound!]);
    expect(ready).toEqual([expect.objectContaining({ IsSuccess: true, Data: outbound })]);

    const manifested = await orders.manifests.manifest([outbound!]);
    expect(manifested).toEqual([expect.objectContaining({ IsSuccess: true, Data: outbound })]);
    expect(mock.requests('manifestConsignments')).toHaveLength(1);

    const manifests = await orders.manifests.list({ shippingLocationReference: 'SL-LONDON' });
    expect(manifests.length).toBeGreaterThan(0);
    const pdf = await orders.manifests.get(manifests[0]!.ManifestReference);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  });

  it('creates an order whose address types are written in another case, as the service reads them', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey });
    const [origin, destination] = orderInput().Addresses;
    const orderReference = await orders.create(
      orderInput({
        Addresses: [
          { ...origin!, AddressType: 'origin' },
          { ...destination!, AddressType: ' DESTINATION ' },
        ],
      }),
    );
    expect(await orders.get(orderReference)).toMatchObject({ OrderReference: orderReference });
  });

  it('answers an unknown order with NotFoundError', async () => {
    const orders = new OrdersClient({ apiKey: mock.apiKey });
    await expect(orders.get('EO-999-999-999')).rejects.toBeInstanceOf(NotFoundError);
  });
});
