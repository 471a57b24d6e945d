import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/development.md is the contributor's map (issue 47): a path it names that no longer exists sends
// them looking for a file that is gone, as `shared.ts` once did.
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs/development.md'), 'utf8');

/** `test/testing/{orders,shipments}/` as the paths it stands for. */
const expand = (path: string): string[] => {
  const braces = /\{([^}]*)\}/.exec(path);
  if (!braces) return [path];
  return (braces[1] ?? '').split(',').flatMap((choice) => expand(path.replace(braces[0], choice)));
};

/** Every file and folder under `folder`, by name. */
function namesUnder(folder: string): Set<string> {
  const names = new Set<string>();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      names.add(`${name}/`);
      for (const inner of namesUnder(path)) names.add(inner);
    } else names.add(name);
  }
  return names;
}

describe('docs/development.md', () => {
  it('names only paths that exist', () => {
    const named = [...page.matchAll(/`((?:src|test|scripts)\/[^`\s]*)`/g)].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(40);
    const missing = named.flatMap(expand).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it("names only modules that exist in each area's lists, and in the mock's", () => {
    const lists: [string, RegExp][] = [
      ['src/orders', /Area A's modules:([\s\S]*?)Area B's:/],
      ['src/shipments', /Area B's:([\s\S]*?)Shared plumbing/],
      ['src/testing/orders', /The mock's area A\s\(`src\/testing\/orders\/`\)([\s\S]*?)Area B's mock/],
      ['src/testing/shipments', /Area B's mock\s\(`src\/testing\/shipments\/`\)([\s\S]*?)Area B keeps/],
    ];
    for (const [folder, list] of lists) {
      const text = list.exec(page)?.[1];
      expect(text, folder).toBeDefined();
      const names = [...(text ?? '').matchAll(/`([\w.-]+(?:\.ts|\/))`/g)].map((match) => match[1] ?? '');
      expect(names.length, folder).toBeGreaterThan(10);
      const existing = namesUnder(join(root, folder));
      expect(
        names.filter((name) => !existing.has(name)),
        folder,
      ).toEqual([]);
    }
  });
});
