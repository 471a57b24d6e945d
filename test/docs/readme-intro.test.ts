import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's first example is what a newcomer pastes: it must run as written, against the mock.
describe('the README’s first paragraph', () => {
  it('says what area B is: every resource of its client, not only labels and groups', async () => {
    const readme = await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const intro = (readme.split('\n\n')[1] ?? '').replace(/\s+/g, ' ');
    const areaB = /\), and ([^()]*) \(area B\)/.exec(intro)?.[1];
    for (const resource of ['shipments', 'labels', 'quotes', 'allocation', 'manifests', 'tracking', 'groups'])
      expect(areaB).toContain(resource);
  });
});

describe('the README’s intro example', () => {
  it('runs as written and leaves a label', async () => {
    const readme = await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toContain("from 'consignkit/testing'");
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-readme-'));
    const script = fileURLToPath(new URL('./.readme-intro.generated.ts', import.meta.url));
    try {
      // Run from a folder of its own, so that './labels' lands there.
      await writeFile(
        script,
        (code as string).replaceAll("'./labels'", JSON.stringify(join(folder, 'labels'))),
      );
      await import(script);
      const labels = await readdir(join(folder, 'labels'));
      expect(labels).toEqual([expect.stringMatching(/^EC-.*\.pdf$/)]);
    } finally {
      await rm(script, { force: true });
      await rm(folder, { recursive: true, force: true });
    }
  });
});
