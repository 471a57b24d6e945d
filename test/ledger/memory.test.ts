import { beforeEach, describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../src/core/key-fingerprint.js';
import type { OperationName } from '../../src/core/operation-names.js';
import {
  OperationAlreadyDoneError,
  OperationInFlightError,
  OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
  ShipmentsClient,
} from '../../src/index.js';
import { createMemoryLedger, type Ledger } from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let now: number;
let ledger: Ledger;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  now = Date.parse('2026-11-27T08:00:00Z');
  ledger = createMemoryLedger({ now: () => now });
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
});

const sent = (operation: OperationName) => mock.requests(operation).length;
/** A client without the ledger, for what a test starts from. */
const setup = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

describe('the memory ledger through OrdersClient', () => {
  it('records the intent before sending and done after, and reads never touch it', async () => {
    const consignment = await allocatedConsignment(setup());
    const before = await ledger.list();
    await orders.consignments.get(consignment);
    expect(await ledger.list()).toEqual(before);
    await orders.manifests.manifest([consignment]);
    const entries = await ledger.list({ states: ['done'] });
    expect(entries.filter((entry) => entry.operation === 'manifestConsignments')).toEqual([
      expect.objectContaining({
        environment: 'sandbox',
        area: 'orders',
        operation: 'manifestConsignments',
        reference: consignment,
        state: 'done',
      }),
    ]);
  });

  it('a second manifest of a done consignment reads the service and sends nothing', async () => {
    const consignment = await allocatedConsignment(setup());
    await orders.manifests.manifest([consignment]);
    const error = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OperationAlreadyDoneError);
    expect((error as OperationAlreadyDoneError).settled).toEqual([
      { reference: consignment, state: 'Manifested', done: true },
    ]);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('answers without waiting for its outcome to be recorded; the next call on it waits, and is answered done', async () => {
    const consignment = await allocatedConsignment(setup());
    let letRecord = () => {};
    const held = new Promise<void>((resolve) => {
      letRecord = resolve;
    });
    const slowToRecord: Ledger = {
      ...ledger,
      record: async (...outcome) => {
        await held;
        return ledger.record(...outcome);
      },
    };
    const client = new OrdersClient({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      maxRetries: 0,
      ledger: slowToRecord,
    });
    await client.manifests.manifest([consignment]);
    expect((await ledger.list({ states: ['pending'] })).map((entry) => entry.reference)).toEqual([
      consignment,
    ]);
    const second = client.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    // The second call reaches its claim while the first call's outcome is still held back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    letRecord();
    expect(await second).toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('a call in flight holds the claim: the same operation on the same reference sends nothing', async () => {
    const consignment = await allocatedConsignment(setup());
    mock.failNext('manifestConsignments', { delay: 200 });
    const first = orders.manifests.manifest([consignment]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(second).toBeInstanceOf(OperationInFlightError);
    expect(second).toMatchObject({ operation: 'manifestConsignments', references: [consignment] });
    await first;
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('an unknown outcome is settled by reading before the next call: done, nothing resent', async () => {
    const consignment = await packedConsignment(setup());
    mock.failNext('allocateConsignments', { network: 'drop-after' });
    await expect(orders.allocation.allocate([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    const allocations = () =>
      ledger.list().then((all) => all.filter((entry) => entry.operation === 'allocateConsignments'));
    expect(await allocations()).toEqual([
      expect.objectContaining({ state: 'unknown', reference: consignment }),
    ]);
    await expect(orders.allocation.allocate([consignment])).rejects.toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('allocateConsignments')).toBe(1);
    expect(await allocations()).toEqual([expect.objectContaining({ state: 'done', reference: consignment })]);
  });

  it('an unknown outcome that did not happen is sent after the read', async () => {
    const consignment = await allocatedConsignment(setup());
    mock.failNext('manifestConsignments', { network: 'drop-before' });
    await expect(orders.manifests.manifest([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    await orders.manifests.manifest([consignment]);
    expect(
      mock.store.orders.manifests.filter((m) => m.ConsignmentReferences.includes(consignment)),
    ).toHaveLength(1);
  });

  it("a crashed worker's claim holds until its lease passes; then the next call settles it by reading, and sends nothing", async () => {
    const consignment = await allocatedConsignment(setup());
    // A worker claims, sends, and dies before recording: its entry stays pending under its claim.
    const crashed = await ledger.claim({
      environment: 'sandbox',
      account: await keyFingerprint(mock.apiKey),
      asks: '',
      area: 'orders',
      operation: 'manifestConsignments',
      references: [consignment],
      call: {
        name: 'OutcomeUnknownError',
        message: 'sent under a ledger claim',
        operation: 'manifestConsignments',
        references: [consignment],
        reason: 'unsettled',
      },
      leaseMs: 300_000,
    });
    expect(crashed.claim).toBeDefined();
    await new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }).manifests.manifest([consignment]);
    now += 60_000;
    const inFlight = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(inFlight).toBeInstanceOf(OperationInFlightError);
    expect((inFlight as OperationInFlightError).claimAgeMs).toBe(60_000);
    now += 300_000;
    const settled = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(settled).toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('refuses a creation without its customer reference, unless told by name', async () => {
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, ledger });
    const input = {
      addresses: [],
    };
    const error = await shipments.create(input as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(sent('createShipment')).toBe(0);
  });
});

describe('the package operations through the ledger', () => {
  const box = {
    Weight: { Value: 0.5, Unit: 'Kg' as const },
    Dimensions: { Unit: 'Cm' as const, Width: 10, Length: 10, Height: 10 },
    Description: 'Spare parts',
    Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
    PackageReferenceProvidedByCustomer: 'BOX-2',
  };

  it('a lost Add Package answer is settled by reading the package back, and the package is not added twice', async () => {
    const consignment = await packedConsignment(setup());
    mock.failNext('addPackage', { network: 'drop-after' });
    await expect(orders.packages.add(consignment, box)).rejects.toBeInstanceOf(OutcomeUnknownError);
    const again = await orders.packages.add(consignment, box).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(OperationAlreadyDoneError);
    expect(sent('addPackage')).toBe(1);
    const packages = (await orders.consignments.get(consignment)).Packages ?? [];
    expect(packages.filter((pkg) => pkg.PackageReferenceProvidedByCustomer === 'BOX-2')).toHaveLength(1);
  });
});
