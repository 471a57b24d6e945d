import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, type Edit, mutated } from './fuzz.js';

/**
 * The fuzz suite's mutation harness. `npm run fuzz` (random seeds) used to fail in the harness itself: an
 * edit inserted a shared constant (`[]`, `{}`) into a sample as it was, a later edit changed it for every
 * later run and could put it inside itself, and then the harness overflowed the stack walking the cycle.
 */
describe('the fuzz harness', () => {
  it('never puts a shared constant into a sample, so no run can tie it in a cycle', () => {
    const shared = { list: [] as unknown[], object: {} as Record<string, unknown> };
    const sample = { a: [1, { b: 2 }], c: 'x' };
    fc.assert(
      fc.property(
        mutated(sample, fc.constantFrom(null, 0, 'x', shared.list, shared.object), fc.constantFrom('k', 'j')),
        (value) => {
          expect(() => JSON.stringify(value)).not.toThrow();
          expect(shared).toEqual({ list: [], object: {} });
        },
      ),
      { numRuns: 2000, seed: 1 },
    );
  });

  it('edits a cyclic value without walking round the cycle forever', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const edits: Edit[] = [{ at: 5, kind: 'insert', key: 'k', value: 2 }];
    expect(() => applyEdits({ root: [1, 2] }, edits)).not.toThrow();
    // structuredClone keeps the cycle; the walk must still end.
    expect(() => applyEdits(cyclic, edits)).not.toThrow();
  });
});
