import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockServer } from '../../src/testing/index.js';

// The real command in its own process, through tsx on the sources (nothing is built on a fresh clone):
// its exit codes reach the shell, and it ends by itself when its work is done.
const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'src/cli/index.ts');

function consignkit(argv: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('CONSIGNKIT_')),
    );
    execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...argv],
      { cwd: root, env: { ...clean, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('the consignkit process', () => {
  const mock = createMockService();
  let server: MockServer;
  beforeAll(async () => {
    server = await mock.listen(0);
  });
  afterAll(() => server.close());

  it('--help lists the commands and exits 0', async () => {
    const { code, stdout, stderr } = await consignkit(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage: consignkit <command>/);
    for (const command of [
      'demo',
      'labels',
      'contents-label',
      'manifests list',
      'manifests get',
      'orders get',
      'mock',
    ]) {
      expect(stdout).toContain(`  ${command}`);
    }
  });

  it('exits 2 on bad usage, with one line on stderr', async () => {
    const { code, stdout, stderr } = await consignkit(['labels', '--format']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits 1 on a 401, with one line that does not hold the key', async () => {
    const key = 'sk_live_never-in-output-42';
    const { code, stdout, stderr } = await consignkit(['manifests', 'list', '--base-url', server.ordersUrl], {
      CONSIGNKIT_ORDERS_API_KEY: key,
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^consignkit: AuthenticationError \(401 InvalidSubscriptionKey\): [^\n]+\n$/);
    expect(stderr).not.toContain(key);
  });

  it('exits 0 after the demo, leaving its files', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-demo-'));
    try {
      const { code, stdout } = await consignkit(['demo', '--out', folder]);
      expect(code).toBe(0);
      expect(stdout).toContain('customer manifest');
      // Three labels, the Paris order's commercial invoice, the customer manifest, and labels.pdf.
      expect((await readdir(folder)).filter((file) => file.endsWith('.pdf'))).toHaveLength(6);
      // The print file holds every label, one page each, in order.
      const printJob = await PDFDocument.load(await readFile(join(folder, 'labels.pdf')));
      expect(printJob.getPageCount()).toBe(3);
      expect(stdout).toContain(`Done. Open ${join(folder, 'labels.pdf')}`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('exits 0 when the mock is stopped with SIGTERM', async () => {
    const child = execFile(process.execPath, ['--import', 'tsx', entry, 'mock', '--port', '0'], {
      cwd: root,
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', () => stdout.includes('api key') && resolve());
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
