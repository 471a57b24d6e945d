// The labels an allocate-and-get-labels call returned, saved and printed without fetching them again.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AllocatedWithLabels, decodeDocument, OrdersClient } from '../../src/index.js';
import { mergeLabels, saveAllConsignmentLabels, saveConsignmentLabels } from '../../src/node/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;
let folder: string;

beforeEach(async () => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  folder = await mkdtemp(join(tmpdir(), 'consignkit-allocated-labels-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const allocatedWithLabels = async (format: 'PDF' | 'ZPL') =>
  orders.allocation.withLabels.allocate(await packedConsignment(orders), format);

describe('the labels of orders.allocation.withLabels, saved and printed as they came', () => {
  it('saveConsignmentLabels writes <EC-…>.<ext> from the result, fetching nothing', async () => {
    const allocated = await allocatedWithLabels('ZPL');
    const before = mock.requests('getConsignmentLabels').length;
    const [path] = await saveConsignmentLabels(allocated, { directory: folder });
    expect(path).toBe(join(folder, `${allocated.consignmentReference}.zpl`));
    expect((await readFile(path!, 'latin1')).startsWith('^XA')).toBe(true);
    expect(mock.requests('getConsignmentLabels')).toHaveLength(before);
  });

  it('writes a return consignment’s label beside it, as <EC-…>-return.<ext>', async () => {
    const allocated = await allocatedWithLabels('PDF');
    const withReturn: AllocatedWithLabels = { ...allocated, returnLabel: allocated.label };
    const paths = await saveConsignmentLabels(withReturn, {
      directory: join(folder, 'new'),
      createDirectories: true,
    });
    const reference = allocated.consignmentReference;
    expect(paths).toEqual([
      join(folder, 'new', `${reference}.pdf`),
      join(folder, 'new', `${reference}-return.pdf`),
    ]);
  });

  it('saveAllConsignmentLabels takes results and references alike, and fetches only for references', async () => {
    const [first, second] = [await allocatedWithLabels('ZPL'), await allocatedWithLabels('ZPL')];
    const fetched = await packedConsignment(orders);
    await orders.allocation.allocate([fetched]);
    const before = mock.requests('getConsignmentLabels').length;
    const results = await saveAllConsignmentLabels(orders, [first, fetched, second], {
      format: 'ZPL',
      directory: folder,
      merge: join(folder, 'run.zpl'),
    });
    expect(results.map((result) => [result.consignment, result.ok])).toEqual([
      [first.consignmentReference, true],
      [fetched, true],
      [second.consignmentReference, true],
    ]);
    expect(mock.requests('getConsignmentLabels')).toHaveLength(before + 1);
    expect((await readdir(folder)).sort()).toEqual(
      [
        `${first.consignmentReference}.zpl`,
        `${fetched}.zpl`,
        `${second.consignmentReference}.zpl`,
        'run.zpl',
      ].sort(),
    );
    // The merged print file holds the three labels, in the order given.
    const merged = await readFile(join(folder, 'run.zpl'), 'latin1');
    expect(merged.match(/\^XA/g)).toHaveLength(3);
  });

  it('mergeLabels takes the decoded labels of several results', async () => {
    const results = [await allocatedWithLabels('ZPL'), await allocatedWithLabels('ZPL')];
    const merged = await mergeLabels(results.map((result) => decodeDocument(result.label)));
    expect(new TextDecoder().decode(merged.bytes).match(/\^XA/g)).toHaveLength(2);
  });
});
