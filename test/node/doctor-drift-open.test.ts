import { describe, expect, it } from 'vitest';
import { findDrift } from '../../src/node/doctor/drift.js';
import { CarrierServiceSchema } from '../../src/orders/carrier-services.js';

describe('drift in a value the vendor leaves open', () => {
  it('finds no unnamed field among its keys, and names a value that is no object', () => {
    const stage = { Carrier: 'Royal Mail', Leg: 1 };
    const open = findDrift(CarrierServiceSchema, { Reference: 'MPD-1', Journey: [stage] });
    expect(open).toEqual({ differences: [], unnamedFields: [] });

    const drifted = findDrift(CarrierServiceSchema, { Reference: 'MPD-1', Journey: [5] });
    expect(drifted.differences).toEqual([
      expect.objectContaining({ path: 'Journey[*]', received: 'number' }),
    ]);
  });
});
