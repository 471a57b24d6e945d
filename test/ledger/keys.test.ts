// Issue 45: a ledger key says what a call does (its account, its operation, what it acts on and asks
// for), and a claim's lease covers the reads that settle an earlier call. Each test is one of the five
// ways the ledger of 0.3.0 broke its promise, on the memory ledger and on a real PostgreSQL.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../src/core/key-fingerprint.js';
import type { OperationName } from '../../src/core/operation-names.js';
import {
  type ConsignmentReference,
  OperationAlreadyDoneError,
  OperationInFlightError,
  OrdersClient,
  OutcomeUnknownError,
  type PackageReference,
  ShipmentsClient,
} from '../../src/index.js';
import { createMemoryLedger, createPostgresLedger, type Ledger } from '../../src/ledger/index.js';
import { MIGRATIONS } from '../../src/ledger/postgres-schema.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { newShipment } from '../shipments/stub.js';
import { allocatedConsignment, packedConsignment } from '../support/orders-mock.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

/** A ledger engine: a ledger per worker, and a way to make every live claim's lease pass. */
interface Engine {
  /** A ledger of a worker; the workers of one test share what it records. */
  worker(): Ledger;
  /** Every lease now held passes, as it would once its time is up. */
  expireLeases(): Promise<void>;
}

let server: RunningPostgres | undefined;
let admin: pg.Pool | undefined;
const opened: Ledger[] = [];

beforeAll(async () => {
  server = await startPostgres();
  admin = new pg.Pool({ connectionString: server.connectionString, max: 2 });
  admin.on('error', () => {});
}, 120_000);

afterAll(async () => {
  for (const each of opened) await each.close().catch(() => {});
  await admin?.end();
  await server?.remove();
});

const engines: Record<string, () => Promise<Engine>> = {
  memory: async () => {
    let now = Date.now();
    const ledger = createMemoryLedger({ now: () => now });
    return {
      worker: () => ledger,
      expireLeases: async () => {
        now += 24 * 3_600_000;
      },
    };
  },
  postgres: async () => {
    await admin!.query('DROP TABLE IF EXISTS consignkit_ledger_entries, consignkit_ledger_version');
    const first = createPostgresLedger({ connectionString: server!.connectionString });
    opened.push(first);
    await first.migrate();
    let handed = false;
    return {
      worker: () => {
        if (!handed) {
          handed = true;
          return first;
        }
        const another = createPostgresLedger({ connectionString: server!.connectionString });
        opened.push(another);
        return another;
      },
      expireLeases: async () => {
        await admin!.query(
          "UPDATE consignkit_ledger_entries SET lease_until = now() - interval '1 second' WHERE state = 'pending'",
        );
      },
    };
  },
};

const box = (reference: string) => ({
  Weight: { Value: 0.5, Unit: 'Kg' as const },
  Dimensions: { Unit: 'Cm' as const, Width: 10, Length: 10, Height: 10 },
  Description: 'Spare parts',
  Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
  PackageReferenceProvidedByCustomer: reference,
});

describe.each(Object.keys(engines))('ledger keys and leases, on the %s ledger', (name) => {
  let engine: Engine;
  let mock: MockService;
  const sent = (operation: OperationName, on = mock) => on.requests(operation).length;
  const setup = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  const ordersOf = (ledger: Ledger) =>
    new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });

  beforeEach(async () => {
    engine = await engines[name]!();
    mock = createMockService();
  });

  it('a settling read slower than the lease: the worker whose claim was taken over sends nothing', async () => {
    const consignment = await allocatedConsignment(setup());
    const first = engine.worker();
    // An earlier call whose answer was lost, and which the service never acted on.
    const earlier = await first.claim({
      environment: 'sandbox',
      account: await keyFingerprint(mock.apiKey),
      area: 'orders',
      operation: 'manifestConsignments',
      references: [consignment],
      asks: '',
      call: {
        name: 'OutcomeUnknownError',
        message: 'lost',
        operation: 'manifestConsignments',
        references: [consignment],
        reason: 'unsettled',
      },
      leaseMs: 300_000,
    });
    await first.record(earlier.claim!, 'unknown', 'OutcomeUnknownError');
    // Worker A settles it with a read that outlasts its lease; worker B takes the claim over meanwhile.
    // Its read finds the consignment not manifested, and its answer comes after the lease has passed.
    mock.failNext('getConsignment', { hold: 1_500 });
    const workerA = ordersOf(first)
      .manifests.manifest([consignment])
      .catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await engine.expireLeases();
    await ordersOf(engine.worker()).manifests.manifest([consignment]);
    const outcomeA = await workerA;
    expect(outcomeA).toBeInstanceOf(OperationInFlightError);
    expect((outcomeA as Error).message).toMatch(/outlasted this call's lease.*nothing was sent/);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('a list meeting a live claim on one key takes none: the others are free at once', async () => {
    const [free, held] = [await allocatedConsignment(setup()), await allocatedConsignment(setup())];
    const ledger = engine.worker();
    const holding = await ledger.claim({
      environment: 'sandbox',
      account: await keyFingerprint(mock.apiKey),
      area: 'orders',
      operation: 'manifestConsignments',
      references: [held],
      asks: '',
      call: {
        name: 'OutcomeUnknownError',
        message: 'in flight elsewhere',
        operation: 'manifestConsignments',
        references: [held],
        reason: 'unsettled',
      },
      leaseMs: 300_000,
    });
    expect(holding.claim).toBeDefined();
    const orders = ordersOf(engine.worker());
    const both = await orders.manifests.manifest([free, held]).catch((caught: unknown) => caught);
    expect(both).toBeInstanceOf(OperationInFlightError);
    expect((both as OperationInFlightError).references).toEqual([held]);
    await orders.manifests.manifest([free]);
    expect(sent('manifestConsignments')).toBe(1);
  });

  it('a lost Dispatch whose consignment the carrier has moved on is settled done, not left unknown', async () => {
    const consignment = await allocatedConsignment(setup());
    await setup().manifests.manifest([consignment]);
    const orders = ordersOf(engine.worker());
    mock.failNext('dispatchConsignments', { network: 'drop-after' });
    await expect(orders.consignments.dispatch([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    // The carrier has it now.
    mock.store.orders.consignments.get(consignment)!.State = 'InTransit';
    const again = await orders.consignments.dispatch([consignment]).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(OperationAlreadyDoneError);
    expect((again as OperationAlreadyDoneError).settled).toEqual([
      expect.objectContaining({ reference: consignment, done: true }),
    ]);
    expect(sent('dispatchConsignments')).toBe(1);
  });

  it('orders.packages.add(c, BOX-3) after a done add(c, BOX-2) is sent', async () => {
    const consignment = await packedConsignment(setup());
    const orders = ordersOf(engine.worker());
    await orders.packages.add(consignment, box('BOX-2'));
    const third = await orders.packages.add(consignment, box('BOX-3'));
    expect(third.PackageReferenceProvidedByCustomer).toBe('BOX-3');
    expect(sent('addPackage')).toBe(2);
    const packages = (await setup().consignments.get(consignment)).Packages ?? [];
    expect(packages.map((pkg) => pkg.PackageReferenceProvidedByCustomer)).toEqual(
      expect.arrayContaining(['BOX-2', 'BOX-3']),
    );
  });

  it('orders.packages.delete of a second package of the same consignment is sent', async () => {
    const consignment: ConsignmentReference = await packedConsignment(setup());
    const two = await setup().packages.add(consignment, box('BOX-2'));
    const three = await setup().packages.add(consignment, box('BOX-3'));
    const orders = ordersOf(engine.worker());
    await orders.packages.delete(two.Reference as PackageReference, consignment);
    await orders.packages.delete(three.Reference as PackageReference, consignment);
    expect(sent('deletePackage')).toBe(2);
    const left = ((await setup().consignments.get(consignment)).Packages ?? []).map((pkg) => pkg.Reference);
    expect(left).not.toContain(two.Reference);
    expect(left).not.toContain(three.Reference);
  });

  it('shipments.changeState to a second state is sent', async () => {
    const shipments = new ShipmentsClient({
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      maxRetries: 0,
      ledger: engine.worker(),
    });
    const plain = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const { reference } = await plain.create({ ...newShipment(), custom_reference: 'STATE-1' } as never);
    const shipment = reference as `sp_${string}`;
    await plain.allocation.allocateWithCarrierService(shipment, 'MOCK-24');
    await plain.manifests.manifest(shipment);
    await shipments.changeState({ reference: shipment, state: 'in_transit', reason: 'handed over' });
    await shipments.changeState({ reference: shipment, state: 'out_for_delivery', reason: 'on the van' });
    expect(sent('changeShipmentState')).toBe(2);
    expect((await plain.get(shipment)).state).toBe('out_for_delivery');
  });

  it('two accounts on one ledger each get shipments.create with the same custom_reference sent', async () => {
    const ledger = engine.worker();
    const accountA = createMockService({ apiKey: 'account-a-key' });
    const accountB = createMockService({ apiKey: 'account-b-key' });
    const clientOf = (account: MockService) =>
      new ShipmentsClient({ apiKey: account.apiKey, fetch: account.fetch, maxRetries: 0, ledger });
    const input = { ...newShipment(), custom_reference: 'ORD-1001' } as never;
    await clientOf(accountA).create(input);
    await clientOf(accountB).create(input);
    expect(sent('createShipment', accountA)).toBe(1);
    expect(sent('createShipment', accountB)).toBe(1);
    // The ledger keeps the key's fingerprint, never the key.
    const entries = await ledger.list();
    expect(entries.map((entry) => entry.account).sort()).toEqual(
      [await keyFingerprint('account-a-key'), await keyFingerprint('account-b-key')].sort(),
    );
    expect(JSON.stringify(entries)).not.toMatch(/account-[ab]-key/);
  });
});

describe('entries written by consignkit 0.3.0, after ledger.migrate()', () => {
  it('keep settling: a call on their reference reads first, and ledger.settle reads each', async () => {
    const mock = createMockService();
    const setup = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const manifested = await allocatedConsignment(setup);
    const untouched = await allocatedConsignment(setup);
    await setup.manifests.manifest([manifested]);
    // The tables as 0.3.0 left them (version 2), with one call on a list whose answer was lost.
    await admin!.query('DROP TABLE IF EXISTS consignkit_ledger_entries, consignkit_ledger_version');
    await admin!.query(
      `CREATE TABLE consignkit_ledger_version (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
         version integer NOT NULL, written_by text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const step of MIGRATIONS.slice(0, 2)) for (const statement of step) await admin!.query(statement);
    await admin!.query(
      "INSERT INTO consignkit_ledger_version (version, written_by) VALUES (2, 'consignkit 0.3.0')",
    );
    const call = {
      name: 'OutcomeUnknownError',
      message: 'manifestConsignments: sent under a ledger claim, its outcome not recorded',
      operation: 'manifestConsignments',
      references: [manifested, untouched],
      reason: 'unsettled',
    };
    for (const reference of [manifested, untouched]) {
      await admin!.query(
        `INSERT INTO consignkit_ledger_entries
           (environment, area, operation, reference, state, claim, claimed_at, lease_until, updated_at, call)
         VALUES ('sandbox', 'orders', 'manifestConsignments', $1, 'unknown', gen_random_uuid(), now(), now(), now(), $2)`,
        [reference, JSON.stringify(call)],
      );
    }
    const ledger = createPostgresLedger({ connectionString: server!.connectionString });
    opened.push(ledger);
    await ledger.migrate();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
    // The call of this account meets the 0.3.0 entry of its reference, reads, and sends nothing.
    const again = await orders.manifests.manifest([manifested]).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(OperationAlreadyDoneError);
    expect(mock.requests('manifestConsignments')).toHaveLength(1);
    // ledger.settle reads the other one by its own reference: not manifested.
    const settled = await ledger.settle({ orders });
    expect(settled).toContainEqual(
      expect.objectContaining({ reference: untouched, account: '', found: 'not-done' }),
    );
    await orders.manifests.manifest([untouched]);
    expect(mock.requests('manifestConsignments')).toHaveLength(2);
  });
});
