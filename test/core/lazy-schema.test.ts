/**
 * Schemas are built on first use, not when the package is imported (src/core/lazy-schema.ts): built at
 * import, their 2,400 zod objects were half of a cold `import 'consignkit'` (issue 26's budget). What is
 * exported must still be the schema in every way a caller or zod uses one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

// zod calls `postProcessor` with every schema object it makes: a count of what was built, and when.
interface ZodGlobalConfig {
  postProcessor?: (schema: unknown) => void;
}
const zodConfig = (): ZodGlobalConfig =>
  ((globalThis as { __zod_globalConfig?: ZodGlobalConfig }).__zod_globalConfig ??= {});

let built = 0;
beforeEach(() => {
  built = 0;
  zodConfig().postProcessor = () => {
    built += 1;
  };
  // A fresh copy of the SDK for each test: what one test built, the next must not find built.
  vi.resetModules();
});
afterEach(() => {
  delete zodConfig().postProcessor;
});

const freshSdk = () => import('../../src/index.js');

describe('schemas built on first use', () => {
  it('importing the SDK builds no schema; the first check builds the ones it needs, once', async () => {
    const sdk = await freshSdk();
    new sdk.OrdersClient({ apiKey: 'key', environment: 'sandbox' });
    new sdk.ShipmentsClient({ apiKey: 'key', environment: 'sandbox' });
    expect(built).toBe(0);

    expect(sdk.isOrderReference('EO-000123')).toBe(true);
    const forReferences = built;
    expect(forReferences).toBeGreaterThan(0);

    const order = { OrderReference: 'EO-000123', Packages: [] };
    expect(sdk.OrderSchema.safeParse(order).success).toBe(true);
    const forOrders = built;
    expect(forOrders).toBeGreaterThan(forReferences);

    // Built once: checking again builds nothing more.
    expect(sdk.isOrderReference('EO-000124')).toBe(true);
    expect(sdk.OrderSchema.safeParse({ ...order, OrderReference: 'EO-000124' }).success).toBe(true);
    expect(built).toBe(forOrders);
  });

  it('an exported schema is one object before and after it is built, and behaves as the schema', async () => {
    const { ShipmentReferenceSchema } = await freshSdk();
    const before = ShipmentReferenceSchema;
    expect(built).toBe(0);

    expect(ShipmentReferenceSchema.parse('sp_00000000000000000000000000000001')).toBe(
      'sp_00000000000000000000000000000001',
    );
    expect(() => ShipmentReferenceSchema.parse('EO-1')).toThrow(/shipment reference/);
    const standard = ShipmentReferenceSchema['~standard'];
    expect(standard.vendor).toBe('zod');
    expect(standard.validate('sp_1')).toEqual({ value: 'sp_1' });
    expect(standard.validate(42)).toMatchObject({ issues: [{ message: expect.stringMatching(/shipment/) }] });
    expect(ShipmentReferenceSchema).toBe(before);
  });

  it('zod composes a schema that is not built yet, and checks through it', async () => {
    const { OrderReferenceSchema } = await freshSdk();
    const list = z.array(OrderReferenceSchema as unknown as z.ZodMiniType<string>);
    expect(list.safeParse(['EO-1', 'EO-2']).success).toBe(true);
    expect(list.safeParse(['EO-1', 'sp_2']).success).toBe(false);
    expect((OrderReferenceSchema as unknown as z.ZodMiniType) instanceof z.ZodMiniString).toBe(true);
  });

  it("an open enumeration's known values are found before it is built", async () => {
    const { knownValuesOf } = await import('../../src/core/open-enum.js');
    const { ShipmentStateSchema, SHIPMENT_STATES } = await freshSdk();
    expect(built).toBe(0);
    expect(knownValuesOf(ShipmentStateSchema)).toEqual(SHIPMENT_STATES);
  });
});
