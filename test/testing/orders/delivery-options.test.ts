import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { createOrderInput, expectAreaAError, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

describe('area A mock: Select Delivery Option', () => {
  /** A Royal Mail Tracked 24 option delivering on 2026-01-06, whose order is `order`. */
  const addOption = (Reference: `EDO-${string}`, Order = createOrderInput()) =>
    mock.store.orders.addDeliveryOption({
      Reference,
      CarrierServiceReference: 'RM-TRACKED24',
      EarliestDeliveryDate: '2026-01-06',
      LatestDeliveryDate: '2026-01-06',
      Order,
    });

  it('creates an order from { Reference } (spec shape), answering SelectOrderResults', async () => {
    const answer = await api.call('POST', '/deliveryoptions/selectorder', { Reference: 'EDO-000-001-NXD' });
    expect(answer.status).toBe(200);
    expect(answer.body.SelectOrderResults).toEqual([
      expect.objectContaining({ OrderReference: 'EO-000-000-001', Status: 201 }),
    ]);
    const order = await api.getOrder('EO-000-000-001');
    expect(order).toMatchObject({ DeliveryOptionReference: 'EDO-000-001-NXD', Source: 'Api' });
    expect(order.Packages[0].Items[0].Sku).toBe('MUG-BLUE');
  });

  it('accepts the real { DeliveryOptions: [{ Reference }] } shape', async () => {
    const answer = await api.call('POST', '/deliveryoptions/selectorder', {
      DeliveryOptions: [{ Reference: 'EDO-000-003-EUR' }],
    });
    expect(answer.body.SelectOrderResults[0]).toMatchObject({
      OrderReference: expect.stringMatching(/^EO-/),
      Status: 201,
    });
  });

  it('answers 404 for an unknown option and creates nothing', async () => {
    const answer = await api.call('POST', '/deliveryoptions/selectorder', { Reference: 'EDO-999-999-XXX' });
    expectAreaAError(answer, 404, 'DeliveryOptionNotFound');
    expect(mock.store.orders.orders.size).toBe(0);
  });

  it('creates none of the orders when one selected option cannot make a valid order', async () => {
    addOption('EDO-TEST-BROKEN', createOrderInput({ Addresses: [origin()] }));
    const answer = await api.call('POST', '/deliveryoptions/selectorder', {
      DeliveryOptions: [{ Reference: 'EDO-000-001-NXD' }, { Reference: 'EDO-TEST-BROKEN' }],
    });
    expectAreaAError(answer, 400, 'InvalidRequest');
    expect(mock.store.orders.orders.size).toBe(0);
    expect(await api.createOrder()).toBe('EO-000-000-001');
  });

  it('selects an option added by a test', async () => {
    addOption('EDO-TEST-1');
    const answer = await api.call('POST', '/deliveryoptions/selectorder', { Reference: 'EDO-TEST-1' });
    expect(answer.status).toBe(200);
  });
});
