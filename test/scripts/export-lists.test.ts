import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The export lists (issue 47) are written from the declarations, and CI fails when the committed ones are
// stale: a schema or a type a resource module declares is exported without anyone listing it.
const script = fileURLToPath(new URL('../../scripts/export-lists.mjs', import.meta.url));
const src = fileURLToPath(new URL('../../src', import.meta.url));

function run(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [script, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

let copy: string;
beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'consignkit-export-lists-'));
  await cp(src, join(copy, 'src'), { recursive: true });
});
afterAll(() => rm(copy, { recursive: true, force: true }));

describe('scripts/export-lists.mjs', () => {
  // CI's run of it on src/ is what holds the committed lists to the declarations.
  it('is run by CI with --check, beside the import rules', async () => {
    const ci = await readFile(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci).toMatch(
      /node scripts\/check-imports\.mjs --check\n(#.*\n)*node scripts\/export-lists\.mjs --check\n/,
    );
  });

  it('exports a new schema and type of a resource module without a list to edit, and keeps out a private one', async () => {
    const tree = join(copy, 'src');
    await writeFile(
      join(tree, 'orders/widgets.ts'),
      [
        "import * as z from 'zod/mini';",
        "import { lazySchema } from '../core/lazy-schema.js';",
        "import { schemaOf } from '../core/schema-of.js';",
        '',
        '/** A widget. */',
        'export interface Widget {',
        '  /** Its name. */',
        '  Name: string;',
        '}',
        '/** Checks a {@link Widget}: its `Name` is required. */',
        'export const WidgetSchema = schemaOf<Widget>()(() => z.looseObject({ Name: z.string() }));',
        '',
        '// Not exported by the package: the wire answer.',
        'export interface WidgetAnswer {',
        '  name: string;',
        '}',
        '// Not exported by the package: the wire answer.',
        'export const WidgetAnswerSchema = lazySchema(() => z.looseObject({ name: z.string() }));',
        '',
      ].join('\n'),
    );
    // One run: it rewrites the two lists the new module changes, and finds the others as they were.
    const { code, stdout } = await run('--src', tree);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'export-lists: wrote src/orders/schemas.ts',
      'export-lists: wrote src/orders/types.ts',
    ]);
    const schemas = await readFile(join(tree, 'orders/schemas.ts'), 'utf8');
    expect(schemas).toContain(
      '/** Checks a {@link Widget}: its `Name` is required. */\nexport const WidgetSchema: WireSchema<Widget> = ordersWidgets.WidgetSchema;',
    );
    expect(schemas).not.toContain('WidgetAnswer');
    const types = await readFile(join(tree, 'orders/types.ts'), 'utf8');
    expect(types).toContain("export type { Widget } from './widgets.js';");
    expect(types).not.toContain('WidgetAnswer');
  }, 120_000);
});
