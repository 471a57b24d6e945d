import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm publish` runs `prepublishOnly`: a package.json without a real repository, homepage and bugs
// address must not be published (consignkit has no public home yet; a made-up URL would mislead).
const script = fileURLToPath(new URL('../../scripts/check-publish-metadata.mjs', import.meta.url));

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-publish-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

function check(pkg: Record<string, unknown>) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'consignkit', ...pkg })).then(() =>
      execFile(process.execPath, [script, folder], (error, _stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr }),
      ),
    );
  });
}

describe('scripts/check-publish-metadata.mjs', () => {
  it('is what npm publish runs first', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.prepublishOnly).toBe('node scripts/check-publish-metadata.mjs');
  });

  it('refuses a package.json without repository, homepage and bugs, naming each', async () => {
    const { code, stderr } = await check({});
    expect(code).toBe(1);
    for (const field of ['repository', 'homepage', 'bugs']) expect(stderr).toContain(`\n  ${field} (`);
  });

  it('refuses placeholder addresses (example.com, .invalid)', async () => {
    const { code, stderr } = await check({
      repository: { type: 'git', url: 'git+https://github.com/example/consignkit.git' },
      homepage: 'https://consignkit.example',
      bugs: { url: 'https://bugs.invalid/consignkit' },
    });
    expect(code).toBe(1);
    expect(stderr).not.toContain('repository (');
    expect(stderr).toContain('homepage (');
    expect(stderr).toContain('bugs (');
  });

  it('lets a package with all three through, bugs by URL or by email', async () => {
    const home = {
      repository: { type: 'git', url: 'git+https://git.acme-shipping.co.uk/consignkit.git' },
      homepage: 'https://git.acme-shipping.co.uk/consignkit',
    };
    expect(
      (await check({ ...home, bugs: { url: 'https://git.acme-shipping.co.uk/consignkit/issues' } })).code,
    ).toBe(0);
    expect((await check({ ...home, bugs: { email: 'sdk@acme-shipping.co.uk' } })).code).toBe(0);
  });
});
