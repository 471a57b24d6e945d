import { beforeEach, describe, expect, it } from 'vitest';
import {
  type AddItemInput,
  BadRequestError,
  ConfigurationError,
  type ConsignmentReference,
  NotFoundError,
  OrdersClient,
  OutcomeUnknownError,
  type PackageReference,
  RequestValidationError,
} from '../../src/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;
/** The body of each request the client sent, by path. */
let sent: { path: string; body: unknown }[];

beforeEach(() => {
  mock = createMockService();
  sent = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    sent.push({ path: new URL(request.url).pathname, body: text === '' ? undefined : JSON.parse(text) });
    return mock.fetch(request);
  };
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: recording, maxRetries: 1 });
});
const bodySentTo = (path: string) => sent.find((each) => each.path === path)?.body;

const mug = (reference?: string, extra: Partial<AddItemInput> = {}): AddItemInput => ({
  ...(reference === undefined ? {} : { ItemReferenceProvidedByCustomer: reference }),
  Sku: 'MUG-RED',
  Description: 'Red mug',
  Weight: { Value: 0.4, Unit: 'Kg' },
  Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 12 },
  Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
  ...extra,
});
const box = (reference: string) => ({
  PackageReferenceProvidedByCustomer: reference,
  Weight: { Value: 0.5, Unit: 'Kg' as const },
  Dimensions: { Unit: 'Cm' as const, Width: 10, Length: 10, Height: 10 },
  Description: 'Spare parts',
  Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
});

/** Each package of the consignment, and the items in it as [reference, your reference]. */
async function contents(consignment: ConsignmentReference) {
  const { Packages } = await orders.consignments.get(consignment);
  return (Packages ?? []).map((pkg) => ({
    reference: pkg.Reference as PackageReference,
    items: (pkg.Items ?? []).map((item) => [item.Reference, item.ItemReferenceProvidedByCustomer ?? null]),
  }));
}

/** A packed consignment, its first package, and that package's one item. */
async function packed() {
  const consignment = await packedConsignment(orders);
  const [first] = await contents(consignment);
  return { consignment, pkg: first!.reference, item: first!.items[0]![0] as string };
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('orders.items against the mock', () => {
  it('adds an item, and several, to a package: Get Consignment shows them with new references', async () => {
    const { consignment, pkg } = await packed();
    await expect(orders.items.add(pkg, mug('LINE-3'), consignment)).resolves.toBeUndefined();
    await orders.items.addMany(pkg, [mug('LINE-4'), mug('LINE-5')], consignment);
    const items = (await contents(consignment))[0]?.items ?? [];
    expect(items.map(([, yours]) => yours)).toEqual([null, 'LINE-3', 'LINE-4', 'LINE-5']);
    for (const [reference] of items.slice(1)) expect(reference).toMatch(/^[0-9a-f]{32}$/);
    expect(bodySentTo(`/items/${pkg}`)).toEqual({ ...mug('LINE-3'), PackageReference: pkg });
    expect(bodySentTo('/items/additems')).toEqual({
      PackageReference: pkg,
      Items: [mug('LINE-4'), mug('LINE-5')],
    });
  });

  it('moves an item to another package of the consignment, and removes one', async () => {
    const { consignment, pkg, item } = await packed();
    const second = (await orders.packages.add(consignment, box('BOX-2'))).Reference as PackageReference;
    await orders.items.move(item, second, consignment);
    expect(bodySentTo('/items/move')).toEqual({
      ItemReference: item,
      TargetPackageReference: second,
    });
    expect(await contents(consignment)).toEqual([
      { reference: pkg, items: [] },
      { reference: second, items: [[item, null]] },
    ]);
    await orders.items.remove(second, item, consignment);
    expect((await contents(consignment))[1]?.items).toEqual([]);
  });

  it("sets the first item's reference by the barcode on the package's label", async () => {
    const consignment = await allocatedConsignment(orders);
    const [barcode] =
      (await orders.consignments.get(consignment)).ConsignmentLegs?.[0]?.TrackingReferences ?? [];
    await orders.items.setCustomerReferenceByLabelBarcode(barcode as string, 'PICK-0042');
    expect((await contents(consignment))[0]?.items[0]?.[1]).toBe('PICK-0042');
    await expect(orders.items.setCustomerReferenceByLabelBarcode('NOSUCHLABEL1', 'X')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('refuses, before sending, an item the C# contract says is incomplete, and a path-breaking barcode', async () => {
    const { pkg } = await packed();
    const before = mock.requests().length;
    await expect(orders.items.add(pkg, mug('L', { Weight: null }))).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.items.add(pkg, mug('L', { Value: undefined }))).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(
      orders.items.add(pkg, { ...mug('L'), Reference: '0'.repeat(32) } as AddItemInput),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(
      orders.items.add(pkg, { ...mug('L'), PackageReference: 'EP-999' } as AddItemInput),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(orders.items.addMany(pkg, [])).rejects.toBeInstanceOf(RequestValidationError);
    await expect(orders.items.move('../x', pkg)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(orders.items.setCustomerReferenceByLabelBarcode('a/b', 'X')).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(mock.requests()).toHaveLength(before);
  });

  it("surfaces the service's refusals: allocated consignment, unknown package or item, a move to where it is", async () => {
    const allocated = await allocatedConsignment(orders);
    const [labelled] = await contents(allocated);
    const [[allocatedItem]] = labelled!.items as [[string]];
    await expect(orders.items.add(labelled!.reference, mug('L'))).rejects.toBeInstanceOf(BadRequestError);
    await expect(orders.items.remove(labelled!.reference, allocatedItem)).rejects.toBeInstanceOf(
      BadRequestError,
    );
    const { pkg, item } = await packed();
    await expect(orders.items.move(allocatedItem, pkg)).rejects.toBeInstanceOf(BadRequestError);
    await expect(orders.items.move(item, pkg)).rejects.toThrow(/already in package/);
    await expect(orders.items.add('EP-999-999-999', mug('L'))).rejects.toBeInstanceOf(NotFoundError);
    await expect(orders.items.remove(pkg, '0'.repeat(32))).rejects.toBeInstanceOf(NotFoundError);
    await expect(orders.items.move('0'.repeat(32), pkg)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('reconcile after a lost item edit', () => {
  it('finds an added item by your reference (done: true, its reference), or not (done: false)', async () => {
    const { consignment, pkg } = await packed();
    mock.failNext('addItem', { network: 'drop-after' });
    const added = await caught(orders.items.add(pkg, mug('LINE-3'), consignment));
    expect(added).toBeInstanceOf(OutcomeUnknownError);
    expect(mock.requests('addItem')).toHaveLength(1);
    const itemReference = (await contents(consignment))[0]?.items[1]?.[0];
    expect(await orders.reconcile(added as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Unallocated', done: true, packageReference: pkg, itemReference },
    ]);
    mock.failNext('addItem', { network: 'drop-before' });
    const lost = await caught(orders.items.add(pkg, mug('LINE-4'), consignment));
    expect(await orders.reconcile(lost as OutcomeUnknownError)).toEqual([
      {
        reference: consignment,
        state: 'Unallocated',
        done: false,
        packageReference: pkg,
        itemReference: undefined,
      },
    ]);
  });

  it('settles added items from the stored form too, as another process would', async () => {
    const { consignment, pkg } = await packed();
    mock.failNext('addItems', { network: 'drop-after' });
    const lost = (await caught(
      orders.items.addMany(pkg, [mug('LINE-3'), mug('LINE-4')], consignment),
    )) as OutcomeUnknownError;
    const stored = JSON.parse(JSON.stringify(lost.toJSON()));
    expect(JSON.stringify(stored)).not.toContain('Red mug');
    expect(await orders.reconcile(stored)).toEqual([
      expect.objectContaining({ reference: consignment, done: true, packageReference: pkg }),
    ]);
    mock.failNext('addItems', { network: 'drop-before' });
    const notAdded = (await caught(
      orders.items.addMany(pkg, [mug('LINE-5'), mug('LINE-6')], consignment),
    )) as OutcomeUnknownError;
    const [settled] = await orders.reconcile(JSON.parse(JSON.stringify(notAdded.toJSON())));
    expect(settled).toMatchObject({ done: false });
  });

  it('cannot tell an added item without your reference, nor without its consignment, and says what to pass', async () => {
    const { consignment, pkg } = await packed();
    mock.failNext('addItem', { network: 'drop-after' });
    const anonymous = await caught(orders.items.add(pkg, mug(), consignment));
    await expect(orders.reconcile(anonymous as OutcomeUnknownError)).rejects.toThrow(
      /ItemReferenceProvidedByCustomer/,
    );
    mock.failNext('addItem', { network: 'drop-after' });
    const nowhere = await caught(orders.items.add(pkg, mug('LINE-9')));
    await expect(orders.reconcile(nowhere as OutcomeUnknownError)).rejects.toBeInstanceOf(ConfigurationError);
    await expect(orders.reconcile(nowhere as OutcomeUnknownError)).rejects.toThrow(/names no consignment/);
  });

  it('reads whether a moved item is on its target package', async () => {
    const { consignment, pkg, item } = await packed();
    const second = (await orders.packages.add(consignment, box('BOX-2'))).Reference as PackageReference;
    mock.failNext('moveItem', { network: 'drop-before' });
    const kept = await caught(orders.items.move(item, second, consignment));
    expect(await orders.reconcile(kept as OutcomeUnknownError)).toEqual([
      {
        reference: consignment,
        state: 'Unallocated',
        done: false,
        packageReference: second,
        itemReference: item,
      },
    ]);
    mock.failNext('moveItem', { network: 'drop-after' });
    const moved = (await caught(orders.items.move(item, second, consignment))) as OutcomeUnknownError;
    expect(await orders.reconcile(JSON.parse(JSON.stringify(moved.toJSON())))).toEqual([
      {
        reference: consignment,
        state: 'Unallocated',
        done: true,
        packageReference: second,
        itemReference: item,
      },
    ]);
    expect(mock.requests('moveItem')).toHaveLength(2);
    expect((await contents(consignment)).map((each) => each.reference)).toEqual([pkg, second]);
  });

  it('reads whether a removed item is gone from its package', async () => {
    const { consignment, pkg, item } = await packed();
    mock.failNext('removeItem', { network: 'drop-before' });
    const kept = await caught(orders.items.remove(pkg, item, consignment));
    expect(await orders.reconcile(kept as OutcomeUnknownError)).toEqual([
      {
        reference: consignment,
        state: 'Unallocated',
        done: false,
        packageReference: pkg,
        itemReference: item,
      },
    ]);
    mock.failNext('removeItem', { network: 'drop-after' });
    const gone = await caught(orders.items.remove(pkg, item, consignment));
    expect(await orders.reconcile(gone as OutcomeUnknownError)).toEqual([
      {
        reference: consignment,
        state: 'Unallocated',
        done: true,
        packageReference: pkg,
        itemReference: item,
      },
    ]);
  });
});

describe('orders.items under a ledger', () => {
  const ledgered = () =>
    new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger: createMemoryLedger() });

  it('sends two different item adds to one package, and the same one once', async () => {
    const { consignment, pkg } = await packed();
    const client = ledgered();
    await client.items.add(pkg, mug('LINE-3'), consignment);
    await client.items.add(pkg, mug('LINE-4'), consignment);
    expect(mock.requests('addItem')).toHaveLength(2);
    // The same item again: the ledger reads the package, finds it added, and sends nothing.
    await client.items.add(pkg, mug('LINE-3'), consignment);
    expect(mock.requests('addItem')).toHaveLength(2);
    await client.items.addMany(pkg, [mug('LINE-5')], consignment);
    await client.items.addMany(pkg, [mug('LINE-6')], consignment);
    await client.items.addMany(pkg, [mug('LINE-5')], consignment);
    expect(mock.requests('addItems')).toHaveLength(2);
    const yours = (await contents(consignment))[0]?.items.map(([, mine]) => mine);
    expect(yours).toEqual([null, 'LINE-3', 'LINE-4', 'LINE-5', 'LINE-6']);
  });

  it('sends a move to a second target, and the removal of a second item', async () => {
    const { consignment, pkg, item } = await packed();
    const second = (await orders.packages.add(consignment, box('BOX-2'))).Reference as PackageReference;
    await orders.items.add(pkg, mug('LINE-3'), consignment);
    const client = ledgered();
    await client.items.move(item, second, consignment);
    await client.items.move(item, pkg, consignment);
    expect(mock.requests('moveItem')).toHaveLength(2);
    const [first] = await contents(consignment);
    const added = first!.items.find(([, mine]) => mine === 'LINE-3')![0] as string;
    await client.items.remove(pkg, item, consignment);
    await client.items.remove(pkg, added, consignment);
    expect(mock.requests('removeItem')).toHaveLength(2);
    expect((await contents(consignment))[0]?.items).toEqual([]);
  });
});
