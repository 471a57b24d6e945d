import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examples } from '../examples/index.js';

// The examples are documentation that runs: one that breaks fails the suite.
describe('examples', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it.each(Object.entries(examples))('%s runs against the mock', async (_name, example) => {
    const lines: string[] = [];
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-example-'));
    folders.push(folder);
    await example.main((line: string) => lines.push(line), folder);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/undefined/);
  });
});
