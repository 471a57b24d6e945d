import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Quotes and delivery options come in no promised order: the helpers that choose the cheapest must be
// found where quotes are read, in the README's area sections and beside the resource in docs/api.md.
const root = fileURLToPath(new URL('../..', import.meta.url));
const HELPERS = [
  { helper: 'cheapestQuote', area: 'area A', resource: 'orders.quotes' },
  { helper: 'cheapestDeliveryOption', area: 'area A', resource: 'orders.deliveryOptions' },
  { helper: 'cheapestShipmentQuote', area: 'area B', resource: 'shipments.quotes' },
];

/** The README's section of an area: from its `## …(area X)` heading to the next heading. */
async function readmeSection(area: string): Promise<string> {
  const readme = await readFile(`${root}/README.md`, 'utf8');
  const section = readme
    .split(/\n(?=## )/)
    .find((part) => part.startsWith('## ') && part.split('\n')[0]?.includes(`(${area})`));
  return section ?? '';
}

describe('the cheapest-quote helpers are documented where quotes are read', () => {
  it.each(HELPERS)("the README's $area section names $helper", async ({ helper, area }) => {
    expect(await readmeSection(area)).toContain(`\`${helper}(`);
  });

  it('scripts/api-docs.mjs lists each helper under the resource whose answer it reads', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/api-docs.mjs', '--stdout'], {
      cwd: root,
      maxBuffer: 64 * 2 ** 20,
    });
    const sections = stdout.split(/\n(?=### )/);
    for (const { helper, resource } of HELPERS) {
      const section = sections.find((part) => part.startsWith(`### \`${resource}\` (`)) ?? '';
      expect(section, resource).toContain(`\`${helper}(`);
      expect(section, resource).toMatch(new RegExp(`<a id="${helper.toLowerCase()}"></a>\`${helper}\\(`));
    }
  }, 60_000);
});
