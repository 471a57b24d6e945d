import { describe, expect, it } from 'vitest';
import { examples } from '../examples/index.js';

// The examples are documentation that runs: one that breaks fails the suite.
describe('examples', () => {
  it.each(Object.entries(examples))('%s runs against the mock', async (_name, example) => {
    const lines: string[] = [];
    await example.main((line: string) => lines.push(line));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/undefined/);
  });
});
