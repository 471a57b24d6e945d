import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/core/operation-names.js';
import {
  ConfigurationError,
  type NewOrderPackage,
  NotFoundError,
  OperationAlreadyDoneError,
  type OrderReference,
  OrdersClient,
  OutcomeUnknownError,
  type PackageReference,
  RequestValidationError,
} from '../../src/index.js';
import { createMemoryLedger, type Ledger } from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { createOrderInput } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const sent = (operation: OperationName) => mock.requests(operation).length;
const gbp = (Amount: number) => ({ Amount, Currency: { IsoCode: 'GBP' } });
const box = (yours: string, extra: Partial<NewOrderPackage> = {}): NewOrderPackage => ({
  PackageReferenceProvidedByCustomer: yours,
  Dimensions: { Unit: 'Cm', Width: 10, Length: 20, Height: 5 },
  Description: 'Mugs',
  Items: [{ Sku: 'MUG-RED', Quantity: 1, Weight: { Value: 0.4, Unit: 'Kg' }, Value: gbp(6) }],
  ...extra,
});
const newOrder = async () => (await orders.create(createOrderInput() as never)) as OrderReference;
const packagesOf = async (order: OrderReference) => (await orders.get(order)).Packages ?? [];
const firstPackage = async (order: OrderReference) => {
  const [pkg] = await packagesOf(order);
  return pkg as { Reference: PackageReference; Items: { Reference: string; Sku?: string }[] };
};

describe('orders.orderPackages: add, update, delete', () => {
  it('adds packages to an order, which Get Order then holds with new references', async () => {
    const order = await newOrder();
    expect(await orders.orderPackages.add(order, [box('BOX-2'), box('BOX-3')])).toBe(true);
    const packages = await packagesOf(order);
    expect(packages).toHaveLength(3);
    const added = packages.filter((pkg) => pkg.PackageReferenceProvidedByCustomer?.startsWith('BOX-'));
    expect(added.map((pkg) => pkg.Reference)).toEqual([
      expect.stringMatching(/^EP-/),
      expect.stringMatching(/^EP-/),
    ]);
    expect(added[0]?.Items?.[0]?.Reference).toMatch(/^[0-9a-f]{32}$/);
  });

  it('updates what is given on a package and its items, keeps the rest, and a repeat changes nothing more', async () => {
    const order = await newOrder();
    const pkg = await firstPackage(order);
    const [mug] = pkg.Items;
    const change = [
      {
        Reference: pkg.Reference,
        Description: 'Mugs, boxed',
        Items: [{ Reference: mug?.Reference as string, Quantity: 2, Value: gbp(7) }],
      },
    ];
    expect(await orders.orderPackages.update(order, change)).toBe(true);
    const once = await firstPackage(order);
    await orders.orderPackages.update(order, change);
    expect(await firstPackage(order)).toEqual(once);
    expect(once).toMatchObject({
      Description: 'Mugs, boxed',
      Dimensions: { Width: 20, Length: 30, Height: 15 },
    });
    expect(once.Items[0]).toMatchObject({ Sku: 'MUG-BLUE', Quantity: 2, Value: gbp(7) });
    expect(once.Items).toHaveLength(2);
  });

  it('deletes packages from an order', async () => {
    const order = await newOrder();
    await orders.orderPackages.add(order, [box('BOX-2')]);
    const added = (await packagesOf(order)).find((pkg) => pkg.PackageReferenceProvidedByCustomer === 'BOX-2');
    expect(await orders.orderPackages.delete(order, [added?.Reference as PackageReference])).toBe(true);
    expect((await packagesOf(order)).map((pkg) => pkg.Reference)).not.toContain(added?.Reference);
  });

  it('refuses, before sending, an add that would update and an update that would add', async () => {
    const order = await newOrder();
    const pkg = await firstPackage(order);
    const refused = [
      orders.orderPackages.add(order, [{ ...box('BOX-2'), Reference: pkg.Reference } as never]),
      orders.orderPackages.add(order, [box('BOX-2', { Dimensions: undefined })]),
      orders.orderPackages.add(order, [box('BOX-2', { Items: [{ Sku: 'NO-VALUE' } as never] })]),
      orders.orderPackages.add(order, []),
      orders.orderPackages.update(order, [{ Description: 'no reference' } as never]),
      orders.orderPackages.update(order, [
        { Reference: pkg.Reference, Items: [{ Sku: 'NEW', Value: gbp(1) } as never] },
      ]),
      orders.orderPackages.addItems(order, pkg.Reference, [
        { Reference: pkg.Items[0]?.Reference, Value: gbp(1) } as never,
      ]),
      orders.orderPackages.updateItems(order, pkg.Reference, [{ Quantity: 3, Value: gbp(1) } as never]),
      orders.orderPackages.deleteItems(order, pkg.Reference, []),
      orders.orderPackages.delete(order, ['EC-1' as never]),
    ];
    for (const call of refused) await expect(call).rejects.toBeInstanceOf(RequestValidationError);
    expect(
      mock
        .requests()
        .filter((request) => request.operation !== 'getOrder' && request.operation !== 'createOrder'),
    ).toEqual([]);
  });

  it('answers 404 for an unknown order, or a package not on it, and changes nothing', async () => {
    const order = await newOrder();
    await expect(orders.orderPackages.add('EO-404', [box('BOX-2')])).rejects.toBeInstanceOf(NotFoundError);
    const pkg = await firstPackage(order);
    const missing = orders.orderPackages.delete(order, [pkg.Reference, 'EP-404']);
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    expect((await packagesOf(order)).map((each) => each.Reference)).toEqual([pkg.Reference]);
  });
});

describe('orders.orderPackages: items', () => {
  it('adds, updates and deletes the items of a package of an order', async () => {
    const order = await newOrder();
    const { Reference: pkg } = await firstPackage(order);
    const plate = { ItemReferenceProvidedByCustomer: 'LINE-3', Sku: 'PLATE', Quantity: 1, Value: gbp(4) };
    expect(await orders.orderPackages.addItems(order, pkg, [plate])).toBe(true);
    const added = (await firstPackage(order)).Items.find((item) => item.Sku === 'PLATE');
    expect(added?.Reference).toMatch(/^[0-9a-f]{32}$/);
    const reference = added?.Reference as string;
    expect(
      await orders.orderPackages.updateItems(order, pkg, [
        { Reference: reference, Quantity: 4, Value: gbp(4) },
      ]),
    ).toBe(true);
    expect((await firstPackage(order)).Items.find((item) => item.Reference === reference)).toMatchObject({
      Sku: 'PLATE',
      Quantity: 4,
    });
    expect(await orders.orderPackages.deleteItems(order, pkg, [reference])).toBe(true);
    expect((await firstPackage(order)).Items.map((item) => item.Reference)).not.toContain(reference);
  });
});

describe('a lost answer is settled by reading the order', () => {
  it('Add Order Packages: found by your references, done, and not added twice', async () => {
    const order = await newOrder();
    mock.failNext('addOrderPackages', { network: 'drop-after' });
    const error = await orders.orderPackages.add(order, [box('BOX-2')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).references).toEqual([order]);
    const [settled] = await orders.reconcileOrder(error as OutcomeUnknownError);
    const added = (await packagesOf(order)).find((pkg) => pkg.PackageReferenceProvidedByCustomer === 'BOX-2');
    expect(settled).toEqual({
      reference: order,
      order,
      state: undefined,
      done: true,
      packageReferences: [added?.Reference],
    });
    expect(sent('addOrderPackages')).toBe(1);
  });

  it('Add Order Packages, from the JSON of an error whose request never arrived: not done', async () => {
    const order = await newOrder();
    mock.failNext('addOrderPackages', { network: 'drop-before' });
    const error = (await orders.orderPackages
      .add(order, [box('BOX-2')])
      .catch((caught: unknown) => caught)) as OutcomeUnknownError;
    const stored = JSON.parse(JSON.stringify(error.toJSON()));
    expect(JSON.stringify(stored)).not.toContain('MUG-RED');
    expect(await orders.reconcileOrder(stored)).toEqual([
      { reference: order, order, state: undefined, done: false, packageReferences: [] },
    ]);
  });

  it('orders.reconcile refuses the error of an order, naming reconcileOrder, and reconcileOrder refuses a consignment one', async () => {
    const order = await newOrder();
    mock.failNext('addOrderPackages', { network: 'drop-after' });
    const error = await orders.orderPackages.add(order, [box('BOX-9')]).catch((caught: unknown) => caught);
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toThrow(/orders\.reconcileOrder/);
    const stored = (error as OutcomeUnknownError).toJSON();
    await expect(
      orders.reconcileOrder({ ...stored, operation: 'manifestConsignments', references: ['EC-1'] }),
    ).rejects.toThrow(/orders\.reconcile\(error\)/);
  });

  it('Add Order Packages without your references cannot be told apart: reconcile says so', async () => {
    const order = await newOrder();
    mock.failNext('addOrderPackages', { network: 'drop-after' });
    const error = await orders.orderPackages
      .add(order, [box('', { PackageReferenceProvidedByCustomer: undefined })])
      .catch((caught: unknown) => caught);
    await expect(orders.reconcileOrder(error as OutcomeUnknownError)).rejects.toThrow(ConfigurationError);
  });

  it('Delete Order Packages: the packages gone is done', async () => {
    const order = await newOrder();
    await orders.orderPackages.add(order, [box('BOX-2')]);
    const added = (await packagesOf(order)).find((pkg) => pkg.PackageReferenceProvidedByCustomer === 'BOX-2');
    const reference = added?.Reference as PackageReference;
    mock.failNext('deleteOrderPackages', { network: 'drop-after' });
    const error = await orders.orderPackages.delete(order, [reference]).catch((caught: unknown) => caught);
    expect((error as OutcomeUnknownError).references).toEqual([order, reference]);
    const [settled] = await orders.reconcileOrder(error as OutcomeUnknownError);
    expect(settled).toMatchObject({ reference: order, done: true, packageReferences: [reference] });
    expect(sent('deleteOrderPackages')).toBe(1);
  });

  it('Add and Delete Order Package Items: found by your reference, then gone', async () => {
    const order = await newOrder();
    const { Reference: pkg } = await firstPackage(order);
    mock.failNext('addOrderPackageItems', { network: 'drop-after' });
    const item = { ItemReferenceProvidedByCustomer: 'LINE-3', Sku: 'PLATE', Value: gbp(4) };
    const lost = await orders.orderPackages.addItems(order, pkg, [item]).catch((caught: unknown) => caught);
    const [added] = await orders.reconcileOrder(lost as OutcomeUnknownError);
    expect(added).toMatchObject({ reference: order, done: true, packageReferences: [pkg] });
    const itemReference = added?.itemReferences?.[0] as string;
    expect(itemReference).toMatch(/^[0-9a-f]{32}$/);

    mock.failNext('deleteOrderPackageItems', { network: 'drop-before' });
    const notSent = await orders.orderPackages
      .deleteItems(order, pkg, [itemReference])
      .catch((caught: unknown) => caught);
    const [notDeleted] = await orders.reconcileOrder(notSent as OutcomeUnknownError);
    expect(notDeleted).toMatchObject({ done: false, itemReferences: [itemReference] });
  });
});

describe('orders.orderPackages through a ledger', () => {
  let ledger: Ledger;
  beforeEach(() => {
    ledger = createMemoryLedger();
  });
  const withLedger = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger });

  it('a lost Add Order Packages answer is settled by reading the order: the packages are added once', async () => {
    const order = await newOrder();
    const once = withLedger();
    mock.failNext('addOrderPackages', { network: 'drop-after' });
    await expect(once.orderPackages.add(order, [box('BOX-2')])).rejects.toBeInstanceOf(OutcomeUnknownError);
    const again = await once.orderPackages.add(order, [box('BOX-2')]).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('addOrderPackages')).toBe(1);
    const boxes = (await packagesOf(order)).filter(
      (pkg) => pkg.PackageReferenceProvidedByCustomer === 'BOX-2',
    );
    expect(boxes).toHaveLength(1);
  });

  it('another package, another item, or another deletion on the same order is another call, and is sent', async () => {
    const order = await newOrder();
    const client = withLedger();
    await client.orderPackages.add(order, [box('BOX-2')]);
    await client.orderPackages.add(order, [box('BOX-3')]);
    expect(sent('addOrderPackages')).toBe(2);
    const { Reference: pkg } = await firstPackage(order);
    await client.orderPackages.addItems(order, pkg, [
      { ItemReferenceProvidedByCustomer: 'LINE-3', Value: gbp(1) },
    ]);
    await client.orderPackages.addItems(order, pkg, [
      { ItemReferenceProvidedByCustomer: 'LINE-4', Value: gbp(1) },
    ]);
    expect(sent('addOrderPackageItems')).toBe(2);
    const boxes = (await packagesOf(order)).filter((each) =>
      each.PackageReferenceProvidedByCustomer?.startsWith('BOX-'),
    );
    for (const each of boxes) await client.orderPackages.delete(order, [each.Reference as PackageReference]);
    expect(sent('deleteOrderPackages')).toBe(2);
    expect(await packagesOf(order)).toHaveLength(1);
  });

  it('the same item reference added to two packages of one order is two calls, and both are sent', async () => {
    const order = await newOrder();
    const client = withLedger();
    await client.orderPackages.add(order, [box('BOX-2')]);
    const [first, second] = (await packagesOf(order)).map((pkg) => pkg.Reference as PackageReference);
    const line = { ItemReferenceProvidedByCustomer: 'LINE-9', Value: gbp(1) };
    await client.orderPackages.addItems(order, first as PackageReference, [line]);
    await client.orderPackages.addItems(order, second as PackageReference, [line]);
    expect(sent('addOrderPackageItems')).toBe(2);
    const lines = (await packagesOf(order)).map(
      (pkg) => (pkg.Items ?? []).filter((item) => item.ItemReferenceProvidedByCustomer === 'LINE-9').length,
    );
    expect(lines).toEqual([1, 1]);
  });
});
