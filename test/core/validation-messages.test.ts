import { describe, expect, it } from 'vitest';
import {
  type CreateOrderInput,
  type LabelOptions,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
  ShipmentsClient,
  type UpdateOrderInput,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';

// The SDK validates with `zod/mini`, which has no messages of its own ("Invalid input"): these are ours.
const mock = createMockService();
const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 });
const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 });

async function refusal(call: Promise<unknown>) {
  const before = mock.requests().length;
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(mock.requests()).toHaveLength(before);
  return (error as RequestValidationError).message;
}

describe('validation messages name the field, what was expected and what came', () => {
  it('a value of the wrong type', async () => {
    const [pack] = orderInput().Packages;
    const order = { ...orderInput(), Packages: [{ ...pack, Items: [{ Sku: 5, Quantity: 'two' }] }] };
    const message = await refusal(orders.create(order as unknown as CreateOrderInput));
    expect(message).toContain('Packages[0].Items[0].Sku: expected string, got number');
    expect(message).toContain('Packages[0].Items[0].Quantity: expected number, got string');
  });

  it('a value that is none of the types a union accepts', async () => {
    const body = {
      OrderReference: 'EO-000-002-0TS',
      OrderReferenceProvidedByCustomer: 42,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: null,
    };
    const message = await refusal(orders.update('EO-000-002-0TS', body as unknown as UpdateOrderInput));
    expect(message).toBe(
      'Invalid updateOrder request: OrderReferenceProvidedByCustomer: expected string or null, got number',
    );
  });

  it('an option outside its values, and a misspelt option', async () => {
    expect(await refusal(shipments.labels.get('sp_one', { format: 'PNG' } as unknown as LabelOptions))).toBe(
      "Invalid label options: format: expected one of 'PDF', 'ZPL', 'BMP'",
    );
    const misspelt = { format: 'PDF', include_extension: false } as unknown as LabelOptions;
    expect(await refusal(shipments.labels.get('sp_one', misspelt))).toBe(
      'Invalid label options: include_extension: unknown field; did you mean includeExtension?',
    );
  });

  it('a number below its minimum', async () => {
    const message = await refusal(
      shipments.groups.addShipment({ customReference: 'evening-run', version: 0 }, 'sp_one'),
    );
    expect(message).toBe('Invalid shipment group selector: version: expected more than 0');
  });

  it('a response missing a field', async () => {
    mock.failNext('getOrder', { status: 200, body: { Packages: [] } });
    const error = await orders.get('EO-000-002-0TS').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toBe(
      'getOrder: unexpected response: OrderReference: expected string, got undefined',
    );
  });
});
