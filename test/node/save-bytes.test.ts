import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentError, OrdersClient } from '../../src/index.js';
import { saveDocument } from '../../src/node/index.js';
import { createMockService } from '../../src/testing/index.js';
import { allocatedConsignment } from '../support/fixtures.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-save-bytes-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('saveDocument with bytes already decoded', () => {
  it('saves a customer manifest PDF as served, named from the bytes inside a folder', async () => {
    const mock = createMockService();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    await orders.manifests.manifest([await allocatedConsignment(orders)]);
    const [summary] = await orders.manifests.list();
    const pdf = await orders.manifests.get(summary!.ManifestReference);

    const path = await saveDocument(pdf, `${folder}/manifests/`, { name: 'today', createDirectories: true });
    expect(path).toBe(join(folder, 'manifests', 'today.pdf'));
    expect(new Uint8Array(await readFile(path))).toEqual(pdf);
  });

  it('refuses bytes that are not a PDF, ZPL or BMP file, and writes nothing', async () => {
    const html = new TextEncoder().encode('<html>maintenance</html>');
    await expect(saveDocument(html, join(folder, 'manifest.pdf'))).rejects.toBeInstanceOf(DocumentError);
    expect(await readdir(folder)).toEqual([]);
  });
});
