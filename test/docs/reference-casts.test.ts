import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Outputs are typed with the reference types inputs take (`ShipmentQuote.reference` is a
// `QuoteReference`…), so no documented code casts one to pass it back. A cast there teaches users to
// cast, and hides an `undefined` the type would have caught.

const root = fileURLToPath(new URL('../..', import.meta.url));

const REFERENCE_TYPES =
  '(?:Order|Consignment|DeliveryOption|Shipment|Contents|ShipmentGroup|Package|Quote|ShipmentManifest|PaperlessDocument)Reference';
/** `as \`qu_${string}\``, `as ShipmentReference`, `as ShipmentReference[]`, `as unknown as QuoteReference`. */
const CAST = new RegExp(
  `\\bas\\s+(?:unknown\\s+as\\s+)?(?:\`(?:[a-z]{2}_|E[A-Z]{1,2}-)\\$\\{string\\}\`|${REFERENCE_TYPES}\\b)`,
  'g',
);

/** Each reference cast in `text`, with its line number. */
function referenceCasts(text: string): { line: number; cast: string }[] {
  return text
    .split('\n')
    .flatMap((line, index) => [...line.matchAll(CAST)].map((match) => ({ line: index + 1, cast: match[0] })));
}

async function filesUnder(folder: string, extensions: RegExp): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('reference casts in docs/ and examples/', () => {
  it('finds each form of cast (the check can fail)', () => {
    const any = ['$', '{string}'].join('');
    const sample = [
      `const a = await s.allocation.allocateWithQuote(sp, quotes?.[0]?.reference as \`qu_${any}\`);`,
      'const b = group.shipments as ShipmentReference[];',
      `const c = row.ref as unknown as ConsignmentReference; const d = x as \`EDO-${any}\`;`,
      'const e = value as const; const f = input as CreateOrderInput;',
    ].join('\n');
    expect(referenceCasts(sample)).toEqual([
      { line: 1, cast: `as \`qu_${any}\`` },
      { line: 2, cast: 'as ShipmentReference' },
      { line: 3, cast: 'as unknown as ConsignmentReference' },
      { line: 3, cast: `as \`EDO-${any}\`` },
    ]);
  });

  it('finds none in the documentation and the examples', async () => {
    const files = [
      ...(await filesUnder(join(root, 'docs'), /\.md$/)),
      ...(await filesUnder(join(root, 'examples'), /\.ts$/)),
      join(root, 'README.md'),
    ];
    expect(files.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files) {
      for (const { line, cast } of referenceCasts(await readFile(file, 'utf8'))) {
        found.push(`${relative(root, file)}:${line}: ${cast}`);
      }
    }
    expect(found).toEqual([]);
  });
});
