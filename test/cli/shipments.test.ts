import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asShipmentReference, type ShipmentReference, ShipmentsClient } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { newShipment } from '../shipments/stub.js';
import { cli, lines } from '../support/cli.js';

// `consignkit shipments …` in process, against the mock's real HTTP server, reached through --base-url;
// the shipments are created and moved on through the SDK over the same server, as an integration would.
const mock = createMockService();
let server: MockServer;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });
const client = () => new ShipmentsClient({ apiKey: mock.apiKey, baseUrl: server.shipmentsUrl });
const onShipments = () => ['--base-url', server.shipmentsUrl];

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
afterEach(() => mock.reset());

async function created(): Promise<ShipmentReference> {
  return asShipmentReference((await client().create(newShipment())).reference);
}

async function allocated(): Promise<ShipmentReference> {
  const reference = await created();
  await client().allocation.allocateWithCarrierService(reference, 'MOCK-24');
  return reference;
}

async function manifested(): Promise<ShipmentReference> {
  const reference = await allocated();
  await client().manifests.manifest(reference);
  return reference;
}

const stateOf = async (reference: ShipmentReference) => (await client().get(reference)).state;

describe('consignkit shipments get', () => {
  it("prints an unallocated shipment's state and custom reference", async () => {
    const reference = await created();
    const { code, stdout, stderr } = await cli(['shipments', 'get', reference, ...onShipments()], env());
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(lines(stdout)).toEqual([
      `${reference}: unallocated`,
      '  custom reference: ORDER-1001',
      '  service: - (not allocated)',
      '  labels fetched: 0 time(s)',
      expect.stringMatching(/^ {2}created: \d{4}-\d\d-\d\d \d\d:\d\d$/),
    ]);
  });

  it('prints the carrier service and tracking numbers once allocated, and all of it with --json', async () => {
    const reference = await allocated();
    const shipment = await client().get(reference);
    const numbers = shipment.allocation?.tracking_details?.shipment.tracking_references ?? [];
    expect(numbers.length).toBeGreaterThan(0);

    const human = await cli(['shipments', 'get', reference, ...onShipments()], env());
    expect(human.code).toBe(0);
    expect(lines(human.stdout)[0]).toBe(`${reference}: allocated`);
    expect(human.stdout).toMatch(/^ {2}service: .+ \(MOCK-24\)$/m);
    expect(human.stdout).toContain(`  tracking: ${numbers.join(', ')}`);

    const json = await cli(['shipments', 'get', reference, '--json', ...onShipments()], env());
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(shipment);
  });

  it('exits 1 with the NotFoundError of an unknown shipment', async () => {
    const unknown = `sp_${'9'.repeat(32)}`;
    const { code, stdout, stderr } = await cli(['shipments', 'get', unknown, ...onShipments()], env());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^consignkit: NotFoundError \(404[^)]*\): .+\n$/);
  });
});

describe('consignkit shipments track', () => {
  it('prints the tracking numbers of an allocated shipment, which has no events yet', async () => {
    const reference = await allocated();
    const tracking = await client().tracking.get(reference);
    const { code, stdout } = await cli(['shipments', 'track', reference, ...onShipments()], env());
    expect(code).toBe(0);
    const printed = lines(stdout);
    expect(printed[0]).toMatch(new RegExp(`^${reference}: .+, .+ \\(MOCK-24\\)$`));
    expect(printed[1]).toBe(`  tracking: ${tracking.carrier_references.join(', ')}`);
    expect(printed[2]).toMatch(/^ {2}expected: \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(printed[3]).toBe('  no events yet');
  });

  it('prints each event once manifested, and the whole answer with --json', async () => {
    const reference = await manifested();
    const tracking = await client().tracking.get(reference);
    const events = tracking.events ?? [];
    expect(events.length).toBeGreaterThan(0);

    const human = await cli(['shipments', 'track', reference, ...onShipments()], env());
    expect(human.code).toBe(0);
    for (const event of events) {
      expect(human.stdout).toContain(`  ${event.event_code}  ${event.description}`);
    }

    const json = await cli(['shipments', 'track', reference, '--json', ...onShipments()], env());
    expect(JSON.parse(json.stdout)).toEqual(tracking);
  });

  it("exits 1 with the service's error for a shipment not allocated yet", async () => {
    const reference = await created();
    const { code, stderr } = await cli(['shipments', 'track', reference, ...onShipments()], env());
    expect(code).toBe(1);
    expect(stderr).toMatch(/^consignkit: NotFoundError \(404 [a-z_]+\): .*has no tracking yet\n$/);
  });
});

describe('consignkit shipments cancel', () => {
  it('cancels a shipment, sent once, and prints the answer (--json: as the service sent it)', async () => {
    const reference = await allocated();
    const { code, stdout } = await cli(['shipments', 'cancel', reference, ...onShipments()], env());
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual([expect.stringMatching(new RegExp(`^${reference}: .+`))]);
    expect(await stateOf(reference)).toBe('cancelled');
    expect(mock.requests('cancelShipment')).toHaveLength(1);

    const other = await created();
    const json = await cli(['shipments', 'cancel', other, '--json', ...onShipments()], env());
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ reference: other });
  });

  it("refuses to cancel a manifested shipment with the vendor's error, and exit 1", async () => {
    const reference = await manifested();
    const { code, stdout, stderr } = await cli(['shipments', 'cancel', reference, ...onShipments()], env());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      new RegExp(
        `^consignkit: ConflictError \\(409 [a-z_]+\\): .*${reference} is \\w+: it cannot be cancelled\\n$`,
      ),
    );
    expect(await stateOf(reference)).not.toBe('cancelled');

    const json = await cli(['shipments', 'cancel', reference, '--json', ...onShipments()], env());
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toEqual({
      error: expect.objectContaining({ name: 'ConflictError', status: 409 }),
    });
  });

  it('asks on a terminal and sends nothing when refused; --yes does not ask', async () => {
    const reference = await created();
    const questions: string[] = [];
    const refused = await cli(['shipments', 'cancel', reference, ...onShipments()], env(), {
      confirm: async (question) => {
        questions.push(question);
        return false;
      },
    });
    expect(refused.code).toBe(2);
    expect(questions).toEqual([`cancel ${reference}? [y/N] `]);
    expect(mock.requests('cancelShipment')).toHaveLength(0);

    const forced = await cli(['shipments', 'cancel', reference, '--yes', ...onShipments()], env(), {
      confirm: async () => {
        throw new Error('must not ask');
      },
    });
    expect(forced.code).toBe(0);
    expect(await stateOf(reference)).toBe('cancelled');
  });

  it('settles a lost answer by reading the shipment back, and does not send it again', async () => {
    const reference = await allocated();
    mock.failNext('cancelShipment', { network: 'drop-after' });
    const { code, stdout, stderr } = await cli(['shipments', 'cancel', reference, ...onShipments()], env());
    expect(mock.requests('cancelShipment')).toHaveLength(1);
    expect(stderr).toMatch(new RegExp(`^consignkit: ${reference}: OutcomeUnknownError: `));
    expect(lines(stdout)).toEqual([
      `${reference}: no answer came, but it reads cancelled: the cancel happened`,
      'nothing was sent again',
    ]);
    expect(code).toBe(0);
  });

  it('says so when a lost answer cannot be read back either, and exits 1 without sending again', async () => {
    const reference = await allocated();
    mock.failNext('cancelShipment', { network: 'drop-after' });
    // The read that would settle it is refused too (401 is never retried).
    mock.failNext('getShipment', { status: 401 });
    const { code, stdout, stderr } = await cli(['shipments', 'cancel', reference, ...onShipments()], env());
    expect(code).toBe(1);
    expect(mock.requests('cancelShipment')).toHaveLength(1);
    expect(lines(stderr)).toEqual([
      expect.stringMatching(new RegExp(`^consignkit: ${reference}: OutcomeUnknownError: `)),
      expect.stringMatching(new RegExp(`^consignkit: ${reference}: AuthenticationError \\(401`)),
    ]);
    expect(lines(stdout)).toEqual([
      `${reference}: no answer came and it could not be read back; nothing was sent again: check it with 'consignkit shipments get ${reference}' before sending it again`,
    ]);
  });
});

describe('consignkit shipments manifest', () => {
  it("queues an allocated shipment for the carrier's manifest and prints the manifest", async () => {
    const reference = await allocated();
    const { code, stdout } = await cli(['shipments', 'manifest', reference, ...onShipments()], env());
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual([
      expect.stringMatching(
        new RegExp(`^${reference}: manifest ma_\\d{32} \\(.+, 1 shipment\\(s\\)\\): manifesting, .+`),
      ),
    ]);
    expect(['manifesting', 'manifested']).toContain(await stateOf(reference));
    expect(mock.requests('manifestShipment')).toHaveLength(1);
  });

  it('prints the answer as the service sent it with --json', async () => {
    const reference = await allocated();
    const { code, stdout } = await cli(
      ['shipments', 'manifest', reference, '--json', ...onShipments()],
      env(),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      manifest_results: [expect.objectContaining({ state: 'manifesting', shipment_count: 1 })],
    });
  });

  it("exits 1 with the service's error for a shipment that cannot be manifested", async () => {
    const reference = await created();
    const { code, stderr } = await cli(['shipments', 'manifest', reference, ...onShipments()], env());
    expect(code).toBe(1);
    expect(stderr).toMatch(/^consignkit: BadRequestError \(400 [a-z_]+\): .+\n$/);
    expect(await stateOf(reference)).toBe('unallocated');
  });

  it('says when a lost request did not happen, exits 1, and sends it once only', async () => {
    const reference = await allocated();
    mock.failNext('manifestShipment', { network: 'drop-before' });
    const json = await cli(['shipments', 'manifest', reference, '--json', ...onShipments()], env());
    expect(mock.requests('manifestShipment')).toHaveLength(1);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      reference,
      outcome: 'unknown',
      reconciled: [{ reference, state: 'allocated', done: false }],
    });
    expect(JSON.parse(json.stderr)).toEqual({
      error: expect.objectContaining({ name: 'OutcomeUnknownError', subject: reference }),
    });
    expect(await stateOf(reference)).toBe('allocated');
  });
});

describe('consignkit shipments: usage', () => {
  it.each([['get'], ['track'], ['cancel'], ['manifest']])(
    '%s refuses a reference that is not sp_ before sending anything (exit 2)',
    async (subcommand) => {
      const { code, stdout, stderr } = await cli(
        ['shipments', subcommand, 'sg_00000000000000000000000000000001', ...onShipments()],
        env(),
        { confirm: async () => true },
      );
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('expected a shipment reference (sp_…)');
      expect(mock.requests()).toHaveLength(0);
    },
  );

  it('takes one shipment, and names its subcommands', async () => {
    const two = await cli(['shipments', 'get', 'sp_1', 'sp_2', ...onShipments()], env());
    expect(two).toMatchObject({ code: 2, stdout: '' });
    expect(two.stderr).toContain('shipments get takes 1 argument, got 2');
    const none = await cli(['shipments'], env());
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'shipments needs a subcommand: shipments get, shipments cancel, shipments manifest, shipments track',
    );
    expect(mock.requests()).toHaveLength(0);
  });

  it('needs a key, and prints none', async () => {
    const reference = await created();
    const missing = await cli(['shipments', 'get', reference, ...onShipments()], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CONSIGNKIT_SHIPMENTS_API_KEY');
    // A change is not asked about when it could not be sent anyway.
    const unasked = await cli(
      ['shipments', 'cancel', reference, ...onShipments()],
      {},
      {
        confirm: async () => {
          throw new Error('must not ask');
        },
      },
    );
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('CONSIGNKIT_SHIPMENTS_API_KEY');

    const wrong = await cli(['shipments', 'get', reference, ...onShipments()], {
      CONSIGNKIT_SHIPMENTS_API_KEY: 'not-the-key-0123456789',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('AuthenticationError');
    expect(wrong.stderr + wrong.stdout).not.toContain('not-the-key-0123456789');
  });
});
