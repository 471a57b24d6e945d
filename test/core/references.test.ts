import { describe, expect, it } from 'vitest';
import {
  asConsignmentReference,
  asOrderReference,
  asShipmentReference,
  type ConsignmentReference,
  isConsignmentReference,
  isContentsReference,
  isDeliveryOptionReference,
  isOrderReference,
  isPackageReference,
  isShipmentGroupReference,
  isShipmentReference,
  OrdersClient,
  RequestValidationError,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

describe('reference guards and checked casts, for references read from a database', () => {
  it('tell each kind by its prefix and shape', () => {
    expect(isOrderReference('EO-000-002-0TS')).toBe(true);
    expect(isOrderReference('EC-000-002-0TS')).toBe(false);
    expect(isConsignmentReference('EC-1')).toBe(true);
    expect(isConsignmentReference('EC-1/../x')).toBe(false);
    expect(isDeliveryOptionReference('EDO-000-79G-RXC')).toBe(true);
    expect(isShipmentReference('sp_01hzy')).toBe(true);
    expect(isContentsReference('sc_01')).toBe(true);
    expect(isShipmentGroupReference('sg_01')).toBe(true);
    expect(isPackageReference('EP-000-05E-YRQ')).toBe(true);
    for (const value of [undefined, null, 42, {}, '', 'EO-']) expect(isOrderReference(value)).toBe(false);
  });

  it('cast a valid value to its type, and refuse any other with a RequestValidationError naming the kind', () => {
    const fromDatabase: unknown = 'EC-000-05C-ZB4';
    const consignment: ConsignmentReference = asConsignmentReference(fromDatabase);
    expect(consignment).toBe('EC-000-05C-ZB4');
    expect(() => asOrderReference('EC-000-05C-ZB4')).toThrow(RequestValidationError);
    expect(() => asOrderReference('EC-000-05C-ZB4')).toThrow(
      /expected an order reference \(EO-…\), got 'EC-000-05C-ZB4'/,
    );
    expect(() => asShipmentReference(null)).toThrow(/got a null/);
  });

  it('narrow a value for the client, which then sends it', async () => {
    const mock = createMockService();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const stored: string = 'EO-999-999-999';
    if (!isOrderReference(stored)) throw new Error('not an order reference');
    await expect(orders.get(stored)).rejects.toMatchObject({ status: 404 });
  });
});
