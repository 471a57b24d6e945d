import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// MIGRATION.md is what an integrator reads to upgrade: a change that compiles unchanged but behaves
// otherwise must be named there with the code to change, or a fallback `catch` silently stops matching.
const guide = readFileSync(new URL('../../MIGRATION.md', import.meta.url), 'utf8');
const section = guide.slice(guide.indexOf('## What no compiler sees'));

describe('MIGRATION.md, what no compiler sees', () => {
  it('has the section, after the renames', () => {
    expect(guide).toContain('## What no compiler sees');
    expect(guide.indexOf('## What no compiler sees')).toBeGreaterThan(
      guide.indexOf('orders.consignments.cancel'),
    );
  });

  it.each([
    ['unknown request fields refused, and the way to allow one', ['allowUnknownFields', 'withExtraFields']],
    [
      'a refused area B allocation, and the catch that matches it',
      ['ShipmentAllocationError', 'instanceof AllocationError'],
    ],
    ['the ledger tables to migrate', ['ledger.migrate()']],
    ['area B tracking renamed', ['getShipmentTracking']],
    ['paging that does not advance', ['page_repeated', 'no_new_items']],
    ['the documented select-as-order body', ['DeliveryOptions: [{ Reference']],
    ['the wait that keeps its deadline', ['deadline']],
  ])('names %s', (_, words) => {
    for (const word of words) expect(section).toContain(word);
  });
});
