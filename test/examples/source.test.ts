import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Reference casts (in the examples and the docs) are checked by test/docs/reference-casts.test.ts.
const folder = new URL('../../examples/', import.meta.url);

describe('examples', () => {
  it('say how to install tsx wherever they say `npx tsx`', () => {
    const silent = readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => {
        const text = readFileSync(new URL(file, folder), 'utf8');
        return text.includes('npx tsx') && !text.includes('npm install --save-dev tsx');
      });
    expect(silent).toEqual([]);
  });
});
