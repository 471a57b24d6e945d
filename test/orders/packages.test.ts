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
