// `consignkit mcp` with a ledger: the server's clients claim each confirmed call in it, so that a call
// another process holds, or one already done, is refused without sending; a lost answer is settled the
// ledger's way and recorded for the fleet; and the ledger's connection string never reaches an answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../../src/core/key-fingerprint.js';
import { createMemoryLedger, createPostgresLedger, type Ledger } from '../../../src/ledger/index.js';
import { createMockService, type MockServer } from '../../../src/testing/index.js';
import { connect, type Session } from '../../support/mcp.js';
import { allocatedConsignment } from '../../support/orders-mock.js';
import { freePort, type RunningPostgres, startPostgres } from '../../support/postgres.js';

const mock = createMockService();
let server: MockServer;
let session: Session | undefined;

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
afterEach(async () => {
  await session?.close();
  session = undefined;
  mock.reset();
});

/** How many times the mock received a manifest of `reference`. */
const manifestsOf = (reference: string) =>
  mock.transmissions('manifestConsignments').manifestConsignments?.[reference] ?? 0;

async function confirmed(opened: Session, tool: string, input: Record<string, unknown>) {
  const preview = await opened.call(tool, input);
  expect(preview.structured).toMatchObject({ status: 'confirmation_required', sent: false });
  return opened.call(tool, { ...input, confirmationToken: preview.structured.confirmationToken });
}

describe('with the memory ledger', () => {
  it('claims a confirmed manifest in the ledger, and refuses a second one, done already, without sending it', async () => {
    const ledger = createMemoryLedger();
    session = await connect(mock, server, { ledger });
    const consignment = await allocatedConsignment(session.orders);
    const input = { body: { ConsignmentReferences: [consignment] } };

    const first = await confirmed(session, 'manifestConsignments', input);
    expect(first.structured).toMatchObject({ tool: 'manifestConsignments', sent: true });
    expect(await ledger.list()).toMatchObject([
      { area: 'orders', operation: 'manifestConsignments', reference: consignment, state: 'done' },
    ]);

    const second = await confirmed(session, 'manifestConsignments', input);
    expect(second.isError).toBe(true);
    expect(second.structured.error).toMatchObject({
      name: 'OperationAlreadyDoneError',
      operation: 'manifestConsignments',
      settled: [{ reference: consignment, done: true }],
      advice: expect.stringContaining('Nothing was sent'),
    });
    expect(manifestsOf(consignment)).toBe(1);
  });

  it('refuses a confirmed manifest while another process holds its claim, and sends nothing', async () => {
    const ledger = createMemoryLedger();
    session = await connect(mock, server, { ledger });
    const consignment = await allocatedConsignment(session.orders);
    // Another worker sharing the ledger is manifesting it now.
    const held = await ledger.claim({
      environment: 'sandbox',
      account: await keyFingerprint(mock.apiKey),
      asks: '',
      area: 'orders',
      operation: 'manifestConsignments',
      references: [consignment],
      call: {
        name: 'OutcomeUnknownError',
        message: 'another worker',
        operation: 'manifestConsignments',
        references: [consignment],
        reason: 'unsettled',
      },
      leaseMs: 60_000,
    });
    expect(held.claim).toBeDefined();

    const answer = await confirmed(session, 'manifestConsignments', {
      body: { ConsignmentReferences: [consignment] },
    });
    expect(answer.isError).toBe(true);
    expect(answer.structured.error).toMatchObject({
      name: 'OperationInFlightError',
      references: [consignment],
      claimAgeMs: expect.any(Number),
      advice: expect.stringContaining('Nothing was sent'),
    });
    expect(manifestsOf(consignment)).toBe(0);
    expect(session.log).toContain('manifestConsignments: OperationInFlightError');
  });

  it('answers a cancel found done already as done and not sent, where the method returns nothing', async () => {
    const ledger = createMemoryLedger();
    session = await connect(mock, server, { ledger });
    const consignment = await allocatedConsignment(session.orders);
    const input = { consignmentReference: consignment };
    expect((await confirmed(session, 'cancelConsignment', input)).structured).toMatchObject({ sent: true });
    const again = await confirmed(session, 'cancelConsignment', input);
    expect(again.isError).toBe(false);
    expect(again.structured).toMatchObject({ tool: 'cancelConsignment', sent: false, alreadyDone: true });
    expect(mock.transmissions('cancelConsignment').cancelConsignment?.[consignment]).toBe(1);
  });

  it("settles a lost answer the ledger's way: read back, recorded done, and never sent again", async () => {
    const ledger = createMemoryLedger();
    session = await connect(mock, server, { ledger });
    const consignment = await allocatedConsignment(session.orders);
    const input = { body: { ConsignmentReferences: [consignment] } };
    mock.failNext('manifestConsignments', { network: 'drop-after' });

    const lost = await confirmed(session, 'manifestConsignments', input);
    expect(lost.structured).toMatchObject({
      outcome: 'unknown',
      sentAgain: false,
      verdict: 'done',
      reconciled: [{ reference: consignment, done: true, ledger: 'done' }],
    });
    // Recorded for every process sharing the ledger, not only answered.
    expect(await ledger.list()).toMatchObject([{ reference: consignment, state: 'done' }]);

    const again = await confirmed(session, 'manifestConsignments', input);
    expect(again.structured.error).toMatchObject({ name: 'OperationAlreadyDoneError' });
    expect(manifestsOf(consignment)).toBe(1);
  });
});

describe('with a Postgres ledger', () => {
  it('never puts the connection string or its password in an answer or a log line when the database is unreachable', async () => {
    const password = 'Sup3r-secret-ledger-pass';
    const connectionString = `postgres://consignkit:${password}@127.0.0.1:${await freePort()}/postgres`;
    const ledger = createPostgresLedger({ connectionString }, { queryTimeoutMs: 2_000 });
    try {
      session = await connect(mock, server, { ledger });
      const consignment = await allocatedConsignment(session.orders);
      const answer = await confirmed(session, 'manifestConsignments', {
        body: { ConsignmentReferences: [consignment] },
      });
      expect(answer.isError).toBe(true);
      expect(answer.structured.error).toMatchObject({
        name: 'LedgerError',
        operation: 'manifestConsignments',
        advice: expect.stringContaining('Nothing was sent'),
      });
      expect(manifestsOf(consignment)).toBe(0);
      const everything = `${answer.text}\n${JSON.stringify(answer.structured)}\n${session.log.join('\n')}`;
      expect(everything).not.toContain(password);
      expect(everything).not.toContain(connectionString);
    } finally {
      await ledger.close();
    }
  });

  describe('a real PostgreSQL', () => {
    let postgres: RunningPostgres;
    let ledger: Ledger;
    beforeAll(async () => {
      postgres = await startPostgres();
      ledger = createPostgresLedger({ connectionString: postgres.connectionString });
      await ledger.migrate();
    }, 120_000);
    afterAll(async () => {
      await ledger?.close();
      await postgres?.remove();
    });

    it('claims a confirmed manifest in the shared tables and refuses it done again, without sending', async () => {
      session = await connect(mock, server, { ledger });
      const consignment = await allocatedConsignment(session.orders);
      const input = { body: { ConsignmentReferences: [consignment] } };
      expect((await confirmed(session, 'manifestConsignments', input)).structured).toMatchObject({
        sent: true,
      });
      expect(await ledger.list()).toMatchObject([{ reference: consignment, state: 'done' }]);
      const again = await confirmed(session, 'manifestConsignments', input);
      expect(again.structured.error).toMatchObject({ name: 'OperationAlreadyDoneError' });
      expect(manifestsOf(consignment)).toBe(1);
      expect(JSON.stringify(again.structured)).not.toContain(postgres.password);
    });
  });
});
