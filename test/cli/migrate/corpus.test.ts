import { readdirSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import renames from '../../../migrations/0.3.0.json' with { type: 'json' };
import { type WriteFs, writeAtomically } from '../../../src/cli/migrate/file-bytes.js';
import type { ClientName } from '../../../src/cli/migrate/rename-table.js';
import { resourceClassOf } from '../../../src/cli/migrate/resource-classes.js';
import { cli } from '../../support/cli.js';

// One project per case of what `consignkit migrate` must rewrite, must leave alone, or must report:
// fixtures/<case>/before is the project (with a 0.2 `consignkit` beside it, and fixtures/tsconfig.fixture.json
// when it has a src folder), after/ holds each file that changes as it must become, and report.txt the
// lines stderr must hold (a line starting with ! must not be there).
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CASES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}

let root: string | undefined;
afterEach(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
  root = undefined;
});

// Each run builds a TypeScript program: seconds apiece on a shared machine.
describe('consignkit migrate, case by case', { timeout: 60_000 }, () => {
  it.each(CASES)(
    '%s: --write makes after/, reports report.txt, and a second run changes nothing',
    async (name) => {
      const fixture = join(FIXTURES, name);
      root = await mkdtemp(join(tmpdir(), `consignkit-migrate-${name}-`));
      await cp(join(fixture, 'before'), root, { recursive: true });
      await mkdir(join(root, 'node_modules/consignkit'), { recursive: true });
      await writeFile(
        join(root, 'node_modules/consignkit/package.json'),
        JSON.stringify({ name: 'consignkit', types: 'index.d.ts' }),
      );
      await cp(join(FIXTURES, 'consignkit-0.2.d.ts'), join(root, 'node_modules/consignkit/index.d.ts'));
      const files = await filesUnder(join(fixture, 'before'));
      if (files.some((file) => file.startsWith('src/')))
        await cp(join(FIXTURES, 'tsconfig.fixture.json'), join(root, 'tsconfig.json'));
      const expected = await filesUnder(join(fixture, 'after')).catch((): string[] => []);

      const { stderr } = await cli(['migrate', '--write', root]);
      for (const file of files) {
        const want = expected.includes(file) ? join(fixture, 'after', file) : join(fixture, 'before', file);
        expect(await readFile(join(root, file), 'utf8'), file).toBe(await readFile(want, 'utf8'));
      }
      const report = (await readFile(join(fixture, 'report.txt'), 'utf8')).split('\n').filter(Boolean);
      for (const line of report) {
        if (line.startsWith('!')) expect(stderr).not.toContain(line.slice(1));
        else expect(stderr).toContain(line);
      }

      const again = await cli(['migrate', root]);
      expect(again.stdout).toBe('');
      expect(again.stderr).toMatch(/(^|\n)0 call sites in 0 files \(0 by name\); a dry run/);
    },
  );
});

/** A project with a 0.2 `consignkit` beside it and these files (bytes as given). */
async function bytesProject(files: Record<string, Uint8Array | string>): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'consignkit-migrate-bytes-'));
  await mkdir(join(root, 'node_modules/consignkit'), { recursive: true });
  await writeFile(
    join(root, 'node_modules/consignkit/package.json'),
    JSON.stringify({ name: 'consignkit', types: 'index.d.ts' }),
  );
  await cp(join(FIXTURES, 'consignkit-0.2.d.ts'), join(root, 'node_modules/consignkit/index.d.ts'));
  for (const [path, bytes] of Object.entries(files)) await writeFile(join(root, path), bytes);
  return root;
}

const CODE = "import 'consignkit';\nexport const read = (orders) => orders.getOrder('EO-1'); // café\n";

describe('consignkit migrate, byte for byte', { timeout: 60_000 }, () => {
  it('leaves a Latin-1 file and a UTF-16 file alone, reports them, and exits 1', async () => {
    const latin1 = Buffer.from(CODE, 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CODE, 'utf16le')]);
    const project = await bytesProject({ 'latin1.js': latin1, 'utf16.js': utf16 });
    const { code, stderr } = await cli(['migrate', '--write', project]);
    expect(code).toBe(1);
    expect(await readFile(join(project, 'latin1.js'))).toEqual(latin1);
    expect(await readFile(join(project, 'utf16.js'))).toEqual(utf16);
    expect(stderr).toContain('latin1.js: left alone, 1 site to change by hand: not UTF-8');
    expect(stderr).toContain('utf16.js: left alone, 1 site to change by hand: UTF-16 text');
  });

  it('keeps a byte-order mark, CRLF line endings and the mode, and writes through a symbolic link', async () => {
    const crlf = `\uFEFF${CODE.replaceAll('\n', '\r\n')}`;
    const project = await bytesProject({ 'bom.js': crlf, 'linked.js': CODE });
    await chmod(join(project, 'bom.js'), 0o775);
    await symlink(join(project, 'linked.js'), join(project, 'link.mjs'));
    const { code } = await cli(['migrate', '--write', join(project, 'bom.js'), join(project, 'link.mjs')]);
    expect(code).toBe(0);
    expect(await readFile(join(project, 'bom.js'), 'utf8')).toBe(crlf.replace('getOrder', 'get'));
    expect((await stat(join(project, 'bom.js'))).mode & 0o777).toBe(0o775);
    expect((await lstat(join(project, 'link.mjs'))).isSymbolicLink()).toBe(true);
    expect(await readFile(join(project, 'linked.js'), 'utf8')).toBe(CODE.replace('getOrder', 'get'));
    expect(await readdir(project)).toEqual(['bom.js', 'link.mjs', 'linked.js', 'node_modules']);
  });

  it('leaves the file as it was when the write fails midway (a full disk)', async () => {
    const project = await bytesProject({ 'app.js': CODE });
    const file = join(project, 'app.js');
    const full: WriteFs = {
      ...fs,
      writeFile: (async (path: string, bytes: Uint8Array) => {
        await fs.writeFile(path, bytes.subarray(0, 8));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }) as WriteFs['writeFile'],
    };
    await expect(writeAtomically(file, Buffer.from('rewritten'), full)).rejects.toThrow(/ENOSPC/);
    expect(await readFile(file, 'utf8')).toBe(CODE);
    expect(await readdir(project)).toEqual(['app.js', 'node_modules']);
  });
});

describe('consignkit migrate, prototypes', () => {
  it('maps every old name on a resource to a method of a class consignkit exports', async () => {
    const consignkit = (await import('../../../src/index.js')) as unknown as Record<
      string,
      { prototype: Record<string, unknown> }
    >;
    const missing = Object.entries(renames).flatMap(([key, path]) => {
      const segments = path.split('.');
      const last = segments.pop() as string;
      if (segments.length === 0) return [];
      const resourceClass = resourceClassOf(key.split('.')[0] as ClientName, segments.join('.'));
      const method = resourceClass === undefined ? undefined : consignkit[resourceClass]?.prototype[last];
      return typeof method === 'function' ? [] : [`${key} -> ${resourceClass}.prototype.${last}`];
    });
    expect(missing).toEqual([]);
  });
});
