import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `@pdfme/pdf-lib` is an optional peer: npm does not install it with consignkit. These run the sources in a
// process where it cannot be found (test/support/without-pdf-lib.mjs), as in a project that never added it.
const root = fileURLToPath(new URL('../..', import.meta.url));
const hide = join(root, 'test/support/without-pdf-lib.mjs');

function run(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', hide, ...args],
      { cwd: root, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs `body` (an ES module) with `node`, `testing` and `sdk` imported from the sources; prints its result as JSON. */
const script = (body: string) => [
  '--input-type=module',
  '-e',
  `const sdk = await import(${JSON.stringify(join(root, 'src/index.ts'))});
   const node = await import(${JSON.stringify(join(root, 'src/node/index.ts'))});
   const testing = await import(${JSON.stringify(join(root, 'src/testing/index.ts'))});
   const mock = testing.createMockService();
   const shipments = new sdk.ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
   const made = [0, 1].map(() => mock.store.shipments.addShipment({ allocated: true }).reference);
   const labels = async (format) =>
     (await Promise.all(made.map((ref) => shipments.labels.get(ref, { format })))).flat().map(sdk.decodeDocument);
   const caught = async (promise) => { try { await promise; return null; } catch (error) {
     return { name: error.name, message: error.message, isConfiguration: error instanceof sdk.ConfigurationError }; } };
   ${body}`,
];

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-no-pdf-lib-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('without @pdfme/pdf-lib installed', () => {
  it('mergeLabels refuses PDF labels with a ConfigurationError naming the package to install; ZPL still merges', async () => {
    const { code, stdout, stderr } = await run(
      script(`
        const pdf = await caught(node.mergeLabels(await labels('PDF')));
        const zpl = await node.mergeLabels(await labels('ZPL'));
        console.log(JSON.stringify({ pdf, zpl: { format: zpl.format, labels: zpl.labels } }));`),
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.pdf).toEqual({
      name: 'ConfigurationError',
      isConfiguration: true,
      message:
        'mergeLabels: merging PDF labels needs @pdfme/pdf-lib, an optional peer dependency of consignkit: npm install @pdfme/pdf-lib@^6 (ZPL labels merge without it)',
    });
    expect(result.zpl).toEqual({ format: 'zpl', labels: 2 });
  });

  it('saveAllLabels with a PDF merge fails before fetching anything, so nothing is half done', async () => {
    const { code, stdout, stderr } = await run(
      script(`
        const failure = await caught(node.saveAllLabels(shipments, made, {
          format: 'PDF', directory: ${JSON.stringify(folder)}, merge: ${JSON.stringify(join(folder, 'all.pdf'))} }));
        const saved = await node.saveAllLabels(shipments, made, { format: 'PDF', directory: ${JSON.stringify(folder)} });
        console.log(JSON.stringify({ failure, labelRequests: mock.requests().filter((r) => r.operation === 'getLabels').length,
          saved: saved.map((r) => r.ok), made }));`),
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.failure).toMatchObject({ isConfiguration: true });
    expect(result.failure.message).toContain('npm install @pdfme/pdf-lib');
    // Only the second run's two label requests: the refused one sent none.
    expect(result.labelRequests).toBe(2);
    expect(result.saved).toEqual([true, true]);
    expect((await readdir(folder)).sort()).toEqual(result.made.map((ref: string) => `${ref}.pdf`).sort());
  });

  it('the demo still runs: it says why there is no merged labels.pdf and leaves one file per label', async () => {
    const { code, stdout } = await run([join(root, 'src/cli/index.ts'), 'demo', '--out', folder]);
    expect(code).toBe(0);
    expect(stdout).toContain('not made: mergeLabels: merging PDF labels needs @pdfme/pdf-lib');
    expect(stdout).toContain(`Done. Open the label files in ${folder}, one per label.`);
    const files = await readdir(folder);
    expect(files).not.toContain('labels.pdf');
    expect(files.filter((file) => file.startsWith('EC-') && file.endsWith('.pdf')).length).toBeGreaterThan(0);
  });
});
