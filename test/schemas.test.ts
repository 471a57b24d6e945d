import * as consignkit from 'consignkit';
import {
  isShipmentReference,
  OrderReferenceSchema,
  OrderSchema,
  OrdersClient,
  QuoteSchema,
  ShipmentSchema,
  ShipmentsClient,
  type StandardSchemaProps,
} from 'consignkit';
import { describe, expect, it } from 'vitest';
import { consignmentInput, orderInput } from './support/fixtures.js';
import { useMockService } from './support/mock-service.js';
import { shipmentRequest } from './support/shipment-lifecycle.js';

/** What a library that takes any Standard Schema (a form or router library) does with one. */
async function validateWithStandardSchema<T>(
  schema: { '~standard': StandardSchemaProps<T> },
  value: unknown,
) {
  const result = await schema['~standard'].validate(value);
  return result.issues ? { issues: result.issues.map((issue) => issue.message) } : { value: result.value };
}

const published = Object.entries(consignkit).filter(([name]) => name.endsWith('Schema'));

describe('the published schemas', () => {
  it('are all exported, each with parse, safeParse and a Standard Schema v1 interface', () => {
    expect(published.length).toBeGreaterThanOrEqual(99);
    for (const [name, schema] of published) {
      const standard = (schema as { '~standard'?: StandardSchemaProps<unknown> })['~standard'];
      expect({ name, version: standard?.version, vendor: standard?.vendor }).toEqual({
        name,
        version: 1,
        vendor: 'zod',
      });
      expect(typeof (schema as { parse?: unknown }).parse, name).toBe('function');
      expect(typeof (schema as { safeParse?: unknown }).safeParse, name).toBe('function');
    }
  });

  it('check data of your own through safeParse, with the path of what is wrong', () => {
    expect(OrderReferenceSchema.safeParse('EO-000-001')).toEqual({ success: true, data: 'EO-000-001' });
    const refused = OrderReferenceSchema.safeParse('EC-000-001');
    expect(refused.success).toBe(false);
    const order = OrderSchema.safeParse({ Reference: 'EO-1', Packages: 'none' });
    expect(order.success ? [] : order.error.issues.map((issue) => issue.path)).toContainEqual(['Packages']);
  });

  it('work with libraries that take any Standard Schema', async () => {
    expect(await validateWithStandardSchema(OrderReferenceSchema, 'EO-000-001')).toEqual({
      value: 'EO-000-001',
    });
    expect(await validateWithStandardSchema(OrderReferenceSchema, 42)).toHaveProperty('issues');
    const body = orderInput();
    const checked = await validateWithStandardSchema(consignkit.CreateOrderInputSchema, body);
    expect(checked).toEqual({ value: body });
    expect(
      await validateWithStandardSchema(consignkit.CreateOrderInputSchema, { ...body, Packages: [] }),
    ).toHaveProperty('issues');
  });
});

describe("each area's schemas, as published", () => {
  const { mock } = useMockService();
  const pathsOf = (result: {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[] }[] };
  }) => (result.success ? [] : (result.error?.issues.map((issue) => issue.path) ?? []));

  it("check area A's quotes and area B's shipments as the service answers them, and name a broken field", async () => {
    const [quote] = (await new OrdersClient({ apiKey: mock.apiKey }).quotes.get(consignmentInput())).Quotes;
    expect(QuoteSchema.safeParse(quote).success).toBe(true);
    expect(pathsOf(QuoteSchema.safeParse({ ...quote, Price: 'free' }))).toContainEqual(['Price']);

    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    const { reference } = await shipments.create(shipmentRequest() as never);
    if (!isShipmentReference(reference)) throw new Error(`not a shipment reference: ${reference}`);
    const shipment = await shipments.get(reference);
    expect(ShipmentSchema.safeParse(shipment).success).toBe(true);
    expect(pathsOf(ShipmentSchema.safeParse({ ...shipment, state: 42 }))).toContainEqual(['state']);
  });
});
