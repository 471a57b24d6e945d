import { beforeEach, describe, expect, it } from 'vitest';
import {
  type AddPackageInput,
  BadRequestError,
  ConfigurationError,
  NotFoundError,
  OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
} from '../../src/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

const box = (extra: Partial<AddPackageInput> = {}): AddPackageInput => ({
  Weight: { Value: 0.5, Unit: 'Kg' },
  Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
  Description: 'Spare parts',
  Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
  ...extra,
});
const packagesOf = async (reference: `EC-${string}`) =>
  ((await orders.consignments.get(reference)).Packages ?? []).map((pkg) => pkg.Reference);

describe('addPackage and deletePackage', () => {
  it('adds a package to an unallocated consignment and deletes it again', async () => {
    const consignment = await packedConsignment(orders);
    const added = await orders.packages.add(
      consignment,
      box({ PackageReferenceProvidedByCustomer: 'BOX-2' }),
    );
    expect(added.Reference).toMatch(/^EP-/);
    expect(await packagesOf(consignment)).toContain(added.Reference);
    await orders.packages.delete(added.Reference as `EP-${string}`, consignment);
    expect(await packagesOf(consignment)).not.toContain(added.Reference);
  });

  it('takes a package size for the weight and dimensions', async () => {
    const consignment = await packedConsignment(orders);
    const [size] = await orders.packageSizes.list();
    const added = await orders.packages.add(consignment, {
      Description: 'Boxed',
      Value: { Amount: 1, Currency: { IsoCode: 'GBP' } },
      PackageSizeReference: size?.Reference,
    });
    expect(added.Dimensions).toMatchObject({
      Length: size?.Length,
      Width: size?.Width,
      Height: size?.Height,
    });
  });

  it('refuses, before sending, a package the guide says is incomplete', async () => {
    const consignment = await packedConsignment(orders);
    await expect(orders.packages.add(consignment, box({ Description: null }))).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.packages.add(consignment, box({ Weight: null }))).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(
      orders.packages.add(consignment, { ...box(), Reference: 'EP-1' } as AddPackageInput),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('addPackage')).toHaveLength(0);
  });

  it("surfaces the service's refusals: allocated consignment, last package, unknown references", async () => {
    const allocated = await allocatedConsignment(orders);
    await expect(orders.packages.add(allocated, box())).rejects.toBeInstanceOf(BadRequestError);
    const consignment = await packedConsignment(orders);
    const [only] = await packagesOf(consignment);
    await expect(orders.packages.delete(only as `EP-${string}`)).rejects.toBeInstanceOf(BadRequestError);
    await expect(orders.packages.delete('EP-999-999-999')).rejects.toBeInstanceOf(NotFoundError);
    await expect(orders.packages.add('EC-999-999-999', box())).rejects.toBeInstanceOf(NotFoundError);
  });

  it('is never resent after a lost answer: the package is added once', async () => {
    const consignment = await packedConsignment(orders);
    const before = (await packagesOf(consignment)).length;
    mock.failNext('addPackage', { network: 'drop-after' });
    await expect(orders.packages.add(consignment, box())).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(await packagesOf(consignment)).toHaveLength(before + 1);
    expect(mock.requests('addPackage')).toHaveLength(1);
  });
});

describe('reconcile after a lost Add Package or Delete Package answer', () => {
  it('finds an added package by your reference (done: true), or not (done: false)', async () => {
    const consignment = await packedConsignment(orders);
    mock.failNext('addPackage', { network: 'drop-after' });
    const added = await orders.packages
      .add(consignment, box({ PackageReferenceProvidedByCustomer: 'BOX-2' }))
      .catch((caught: unknown) => caught);
    const [settled] = await orders.reconcile(added as OutcomeUnknownError);
    expect(settled).toEqual({
      reference: consignment,
      state: 'Unallocated',
      done: true,
      packageReference: expect.stringMatching(/^EP-/),
    });

    mock.failNext('addPackage', { network: 'drop-before' });
    const lost = await orders.packages
      .add(consignment, box({ PackageReferenceProvidedByCustomer: 'BOX-3' }))
      .catch((caught: unknown) => caught);
    expect(await orders.reconcile(lost as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Unallocated', done: false, packageReference: undefined },
    ]);
  });

  it('settles an added package from the stored form too, as another process would', async () => {
    const consignment = await packedConsignment(orders);
    mock.failNext('addPackage', { network: 'drop-after' });
    const lost = (await orders.packages
      .add(consignment, box({ PackageReferenceProvidedByCustomer: 'BOX-4' }))
      .catch((caught: unknown) => caught)) as OutcomeUnknownError;
    const stored = JSON.parse(JSON.stringify(lost.toJSON()));
    const [settled] = await orders.reconcile(stored);
    expect(settled).toMatchObject({ reference: consignment, done: true });
  });

  it('cannot tell an added package without your reference, and says how to make it tell', async () => {
    const consignment = await packedConsignment(orders);
    mock.failNext('addPackage', { network: 'drop-after' });
    const error = await orders.packages.add(consignment, box()).catch((caught: unknown) => caught);
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toThrow(
      /PackageReferenceProvidedByCustomer/,
    );
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('reads whether a deleted package is gone from its consignment', async () => {
    const consignment = await packedConsignment(orders);
    const added = (await orders.packages.add(consignment, box())).Reference as `EP-${string}`;
    mock.failNext('deletePackage', { network: 'drop-before' });
    const kept = await orders.packages.delete(added, consignment).catch((caught: unknown) => caught);
    expect(await orders.reconcile(kept as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Unallocated', done: false, packageReference: added },
    ]);
    mock.failNext('deletePackage', { network: 'drop-after' });
    const gone = await orders.packages.delete(added, consignment).catch((caught: unknown) => caught);
    expect(await orders.reconcile(gone as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Unallocated', done: true, packageReference: added },
    ]);
  });

  it('needs the consignment of a deleted package to read', async () => {
    const consignment = await packedConsignment(orders);
    const added = (await orders.packages.add(consignment, box())).Reference as `EP-${string}`;
    mock.failNext('deletePackage', { network: 'drop-after' });
    const error = await orders.packages.delete(added).catch((caught: unknown) => caught);
    await expect(orders.reconcile(error as OutcomeUnknownError)).rejects.toThrow(/names no consignment/);
  });
});

describe('updatePackage, setPackageCustomerReference and removePackage', () => {
  const packageOf = async (reference: `EC-${string}`, pkg: string) =>
    ((await orders.consignments.get(reference)).Packages ?? []).find((each) => each.Reference === pkg);

  it('replaces a package, keeping its items when they are left out and replacing them when given', async () => {
    const consignment = await packedConsignment(orders);
    const [pkg] = (await packagesOf(consignment)) as [`EP-${string}`];
    const [item] = (await packageOf(consignment, pkg))?.Items ?? [];
    await orders.packages.update(
      pkg,
      box({ Description: 'Re-boxed', PackageReferenceProvidedByCustomer: 'BOX-1' }),
    );
    expect(await packageOf(consignment, pkg)).toMatchObject({
      Reference: pkg,
      Description: 'Re-boxed',
      PackageReferenceProvidedByCustomer: 'BOX-1',
      Items: [item],
    });
    // A full replace: what is left out is cleared.
    await orders.packages.update(
      pkg,
      box({
        Items: [
          { ...item, Quantity: 2 },
          { Sku: 'NEW', Quantity: 1 },
        ],
      }),
    );
    const replaced = await packageOf(consignment, pkg);
    expect(replaced?.PackageReferenceProvidedByCustomer).toBe('');
    expect(replaced?.Items).toEqual([
      { ...item, Quantity: 2 },
      { Sku: 'NEW', Quantity: 1, Reference: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
  });

  it('refuses, before sending, an update without what a package needs, or addressed to another package', async () => {
    const consignment = await packedConsignment(orders);
    const [pkg] = (await packagesOf(consignment)) as [`EP-${string}`];
    await expect(orders.packages.update(pkg, box({ Value: null }))).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(orders.packages.update(pkg, { ...box(), Reference: 'EP-9' })).rejects.toThrow(
      /package addressed/,
    );
    expect(mock.requests('updatePackage')).toHaveLength(0);
  });

  it('sets your reference on a package in any state, and refuses edits once allocated', async () => {
    const allocated = await allocatedConsignment(orders);
    const [pkg] = (await packagesOf(allocated)) as [`EP-${string}`];
    await orders.packages.setCustomerReference(pkg, 'BOX-9');
    expect((await packageOf(allocated, pkg))?.PackageReferenceProvidedByCustomer).toBe('BOX-9');
    await orders.packages.setCustomerReference(pkg, null);
    expect((await packageOf(allocated, pkg))?.PackageReferenceProvidedByCustomer).toBe('');
    await expect(orders.packages.update(pkg, box())).rejects.toBeInstanceOf(BadRequestError);
    await expect(orders.packages.remove(allocated, pkg)).rejects.toBeInstanceOf(BadRequestError);
    await expect(orders.packages.setCustomerReference('EP-999-999-999', 'X')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('removes a package of the consignment named; never its last, nor one it does not hold', async () => {
    const consignment = await packedConsignment(orders);
    const other = await packedConsignment(orders);
    const [first] = (await packagesOf(consignment)) as [`EP-${string}`];
    const added = (await orders.packages.add(consignment, box())).Reference as `EP-${string}`;
    await expect(orders.packages.remove(other, added)).rejects.toBeInstanceOf(NotFoundError);
    await orders.packages.remove(consignment, added);
    expect(await packagesOf(consignment)).toEqual([first]);
    await expect(orders.packages.remove(consignment, first)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('settles a lost Remove Package by reading the consignment it names', async () => {
    const consignment = await packedConsignment(orders);
    const added = (await orders.packages.add(consignment, box())).Reference as `EP-${string}`;
    mock.failNext('removePackage', { network: 'drop-before' });
    const kept = await orders.packages.remove(consignment, added).catch((caught: unknown) => caught);
    expect(await orders.reconcile(kept as OutcomeUnknownError)).toEqual([
      { reference: consignment, state: 'Unallocated', done: false, packageReference: added },
    ]);
    mock.failNext('removePackage', { network: 'drop-after' });
    const gone = (await orders.packages
      .remove(consignment, added)
      .catch((caught: unknown) => caught)) as OutcomeUnknownError;
    expect(await orders.reconcile(JSON.parse(JSON.stringify(gone.toJSON())))).toEqual([
      { reference: consignment, state: 'Unallocated', done: true, packageReference: added },
    ]);
    expect(mock.requests('removePackage')).toHaveLength(2);
  });

  it('under a ledger, sends the removal of a second package, and the same removal once', async () => {
    const consignment = await packedConsignment(orders);
    const two = (await orders.packages.add(consignment, box())).Reference as `EP-${string}`;
    const three = (await orders.packages.add(consignment, box())).Reference as `EP-${string}`;
    const ledgered = new OrdersClient({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      maxRetries: 0,
      ledger: createMemoryLedger(),
    });
    await ledgered.packages.remove(consignment, two);
    await ledgered.packages.remove(consignment, three);
    await ledgered.packages.remove(consignment, three);
    expect(mock.requests('removePackage')).toHaveLength(2);
  });
});
