import { describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError, NotFoundError, ShipmentsClient } from '../../../src/index.js';
import { useMockService } from '../../support/mock-service.js';
import { B, rawRequest, seedShipment } from '../../support/shipments-mock.js';

const { mock } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey });
const sp = (reference: string) => reference as `sp_${string}`;
const sg = (reference: string) => reference as `sg_${string}`;

/** An open, unlocked group with a custom reference, and two allocated shipments outside any group. */
function setUp() {
  const state = mock.store.shipments;
  const group = state.addShipmentGroup({ custom_reference: 'evening-run' });
  const first = seedShipment(mock);
  const second = seedShipment(mock);
  return { state, group, first: sp(first.reference), second: sp(second.reference), ref: sg(group.reference) };
}

const failure = (promise: Promise<unknown>) => promise.catch((caught: unknown) => caught);

describe('adding and removing shipments', () => {
  it('adds by reference and answers the resource result; membership changes keep the version', async () => {
    const { group, first, second, ref } = setUp();
    const added = await client().groups.addShipment({ reference: ref }, first);
    expect(added).toEqual({
      reference: ref,
      custom_reference: 'evening-run',
      version: 1,
      message: `Shipment group ${ref} updated successfully`,
      _links: [{ href: `${B}/shipment_groups/${ref}`, rel: 'self', reference: ref, type: 'shipment_group' }],
    });
    await client().groups.addShipment({ customReference: 'evening-run', version: 1 }, second);
    const removed = await client().groups.removeShipment(
      { customReference: 'evening-run', version: 'latest' },
      first,
    );
    // The version counts the groups made with the custom reference, not their changes.
    expect(removed.version).toBe(1);
    expect(group.shipments).toEqual([second]);
  });

  it('refuses an earlier group of the custom reference, closed (409), and a version no group has (404)', async () => {
    const { state, group, first, second } = setUp();
    group.state = 'closed';
    const next = state.addShipmentGroup({ custom_reference: 'evening-run' });
    expect(next.version).toBe(2);
    await client().groups.addShipment({ customReference: 'evening-run', version: 2 }, first);
    expect(next.shipments).toEqual([first]);
    const stale = await failure(
      client().groups.addShipment({ customReference: 'evening-run', version: 1 }, second),
    );
    // The older file, the only one with the membership routes, documents their errors with no body.
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ status: 409, body: undefined });
    const future = await failure(
      client().groups.addShipment({ customReference: 'evening-run', version: 9 }, second),
    );
    expect(future).toBeInstanceOf(NotFoundError);
    const unknown = await failure(
      client().groups.addShipment({ customReference: 'morning-run', version: 'latest' }, second),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
  });

  it('answers 304 for a shipment already in the group, and 409 with no body for one in another open group (the older file documents no 429, nor any error body)', async () => {
    const { state, first, ref } = setUp();
    await client().groups.addShipment({ reference: ref }, first);
    const raw = await mock.fetch(`${B}/shipment_groups/${ref}/shipments/${first}`, {
      method: 'PUT',
      headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
    });
    expect({ status: raw.status, body: await raw.text() }).toEqual({ status: 304, body: '' });
    await expect(client().groups.addShipment({ reference: ref }, first)).resolves.toMatchObject({
      reference: ref,
    });
    const other = state.addShipmentGroup({ custom_reference: 'late-run' });
    const elsewhere = await failure(client().groups.addShipment({ reference: sg(other.reference) }, first));
    expect(elsewhere).toBeInstanceOf(ConflictError);
    expect(elsewhere).toMatchObject({ status: 409, body: undefined });
    const answer = await rawRequest(mock, 'PUT', `/shipment_groups/${other.reference}/shipments/${first}`);
    expect(answer.status).toBe(409);
    expect(answer.text).toBe('');
    // A closed group does not hold a shipment back.
    const closed = state.addShipmentGroup({
      custom_reference: 'old-run',
      state: 'closed',
      shipments: [first],
    });
    expect(closed.shipments).toEqual([first]);
  });

  it('refuses to add an unallocated shipment (409) or an unknown one (404); removing a non-member changes nothing', async () => {
    const { first, ref } = setUp();
    const unallocated = seedShipment(mock, { allocated: false });
    await expect(
      client().groups.addShipment({ reference: ref }, sp(unallocated.reference)),
    ).rejects.toMatchObject({ status: 409 });
    await expect(client().groups.addShipment({ reference: ref }, 'sp_nosuchshipment')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // Not a member: 304, the group as asked, read as success.
    await expect(client().groups.removeShipment({ reference: ref }, first)).resolves.toMatchObject({
      reference: ref,
    });
    expect(mock.requests('removeShipmentFromGroup')).toHaveLength(1);
  });

  it('needs an open and unlocked group: 409 otherwise', async () => {
    const { state, first, second } = setUp();
    const locked = state.addShipmentGroup({
      custom_reference: 'locked-run',
      locked: true,
      shipments: [second],
    });
    const closed = state.addShipmentGroup({ custom_reference: 'closed-run', state: 'closed' });
    for (const [group, code] of [
      [locked, 'shipment_group_locked'],
      [closed, 'shipment_group_closed'],
    ] as const) {
      const selector = { reference: sg(group.reference) };
      const add = await failure(client().groups.addShipment(selector, first));
      expect(add).toBeInstanceOf(ConflictError);
      expect(add).toMatchObject({ status: 409 });
      await expect(client().groups.removeShipment(selector, second)).rejects.toMatchObject({ status: 409 });
      // Update Shipment Group is in the newest file, whose 409 carries an ApiError.
      await expect(
        client().groups.update({ reference: sg(group.reference), add_shipments: [first] }),
      ).rejects.toMatchObject({ status: 409, details: [expect.objectContaining({ code })] });
    }
    expect(locked.shipments).toEqual([second]);
  });

  it('answers 404 with no body for an unknown group, as the older file documents it', async () => {
    const { first } = setUp();
    await expect(client().groups.addShipment({ reference: 'sg_nosuchgroup' }, first)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const answer = await rawRequest(mock, 'DELETE', `/shipment_groups/sg_nosuchgroup/shipments/${first}`);
    expect(answer).toMatchObject({ status: 404, text: '' });
  });
});

describe('Update Shipment Group', () => {
  it('adds and removes in one request, the version unchanged', async () => {
    const { state, first, second, ref } = setUp();
    state.groups.get(ref)!.shipments.push(first);
    const result = await client().groups.update({
      reference: ref,
      add_shipments: [second],
      remove_shipments: [first],
    });
    expect(result).toMatchObject({
      reference: ref,
      version: 1,
      message: `Shipment group ${ref} updated successfully`,
    });
    expect(state.groups.get(ref)!.shipments).toEqual([second]);
  });

  it('answers 200 for a well-formed reference to a shipment that does not exist, and changes nothing', async () => {
    const { state, ref } = setUp();
    const result = await client().groups.update({ reference: ref, add_shipments: ['sp_doesnotexist'] });
    expect(result.reference).toBe(ref);
    expect(state.groups.get(ref)!.shipments).toEqual([]);
  });

  it('adds the shipments it can and answers 207 with errors for one that breaks a membership rule, as the shipments file documents (it has no 429)', async () => {
    const { state, first, second, ref } = setUp();
    const other = state.addShipmentGroup({ custom_reference: 'late-run', shipments: [second] });
    const answer = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { reference: ref, add_shipments: [first, second] },
    });
    expect(answer.status).toBe(207);
    expect(answer.body.errors).toEqual([
      { property: 'add_shipments', code: 'shipment_in_open_group', message: expect.any(String) },
    ]);
    expect(state.groups.get(ref)).toMatchObject({ shipments: [first], version: 1 });
    expect(other.shipments).toEqual([second]);
  });

  it('answers 207 with errors for entries already as asked, and applies the rest', async () => {
    const { state, first, second, ref } = setUp();
    await client().groups.addShipment({ reference: ref }, first);
    const result = await client().groups.update({
      reference: ref,
      add_shipments: [first, second],
      remove_shipments: ['sp_notmember'],
    });
    expect(result.errors).toEqual([expect.objectContaining({ code: 'shipment_already_in_group' })]);
    expect(state.groups.get(ref)!.shipments).toEqual([first, second]);
  });

  it('answers 400 duplicate_references for a reference twice in one list: the service does not de-duplicate', async () => {
    const { first, ref } = setUp();
    const { status, body } = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { reference: ref, add_shipments: [first, first] },
    });
    expect(status).toBe(400);
    expect(body.details).toEqual([
      expect.objectContaining({ property: 'add_shipments[1]', code: 'duplicate_references' }),
    ]);
  });

  it('answers 400 validation_error naming each malformed property (the mock, called without the SDK)', async () => {
    const { ref } = setUp();
    const { status, body } = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { reference: ref, add_shipments: ['EC-000-000-001', 'sp_fine'], remove_shipments: 'sp_x' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'validation_error',
      correlation_id: expect.any(String),
      _links: null,
      details: [
        { property: 'add_shipments[0]', code: 'invalid_reference_format' },
        { property: 'remove_shipments', code: 'invalid_format' },
      ],
    });
    const missing = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { add_shipments: ['sp_fine'] },
    });
    expect(missing.body).toMatchObject({
      details: [{ property: 'reference', code: 'required_property_missing' }],
    });
    const byCustomReference = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { reference: 'evening-run', add_shipments: ['sp_fine'] },
    });
    expect(byCustomReference.body).toMatchObject({
      details: [{ property: 'reference', code: 'invalid_reference_format' }],
    });
  });

  it('turns a 400 into a BadRequestError with the details', async () => {
    const { ref, first } = setUp();
    const error = await failure(
      client().groups.update({ reference: ref, add_shipments: [first], remove_shipments: [first] }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).details).toEqual([
      expect.objectContaining({ property: 'remove_shipments', code: 'invalid_format' }),
    ]);
  });
});

describe('locking', () => {
  it('locks an open group, refuses edits while locked, and unlocks it', async () => {
    const { first, ref, state } = setUp();
    const locked = await client().groups.lock(ref);
    expect(locked).toMatchObject({
      reference: ref,
      version: 1,
      message: `Shipment group ${ref} locked successfully`,
    });
    expect(state.groups.get(ref)!.state).toBe('locked');
    // Locking again is 409 "already locked" (the OpenAPI): a ConflictError on a first attempt.
    await expect(client().groups.lock(ref)).rejects.toMatchObject({
      status: 409,
      details: [expect.objectContaining({ code: 'shipment_group_already_locked' })],
    });
    await expect(client().groups.addShipment({ reference: ref }, first)).rejects.toMatchObject({
      status: 409,
    });
    const unlocked = await client().groups.unlock(ref);
    expect(unlocked.message).toBe(`Shipment group ${ref} unlocked successfully`);
    await client().groups.addShipment({ reference: ref }, first);
    await expect(client().groups.unlock(ref)).rejects.toMatchObject({ status: 409 });
  });

  it('a retried lock whose first answer was lost meets "already locked", and resolves as locked', async () => {
    const { ref, state } = setUp();
    mock.failNext('lockShipmentGroup', { network: 'drop-after' });
    await expect(client().groups.lock(ref)).resolves.toMatchObject({ reference: ref });
    expect(mock.requests('lockShipmentGroup')).toHaveLength(2);
    expect(state.groups.get(ref)!.state).toBe('locked');
    // The same for close: the retry meets "already closed".
    mock.failNext('closeShipmentGroup', { network: 'drop-after' });
    await expect(client().groups.close(ref)).resolves.toMatchObject({ reference: ref });
    expect(state.groups.get(ref)!.state).toBe('closed');
  });

  it('reads a 304 to a retried unlock (the data contracts) as unlocked', async () => {
    const { ref } = setUp();
    await client().groups.lock(ref);
    mock.failNext('unlockShipmentGroup', { status: 503 });
    mock.failNext('unlockShipmentGroup', { status: 304, body: '' });
    await expect(client().groups.unlock(ref)).resolves.toMatchObject({ reference: ref });
  });

  it('refuses to lock a group that is not open, and an unknown group', async () => {
    const { state } = setUp();
    const closed = state.addShipmentGroup({ custom_reference: 'closed-run', state: 'closed' });
    await expect(client().groups.lock(sg(closed.reference))).rejects.toMatchObject({
      status: 409,
      details: [expect.objectContaining({ code: 'shipment_group_closed' })],
    });
    await expect(client().groups.unlock('sg_nosuchgroup')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('the lists the files bound to 1 to 10,000 entries', () => {
  it('refuses an empty shipments list in Create Shipment Group, and an empty add or remove list in Update', async () => {
    const { ref, first } = setUp();
    const created = await rawRequest(mock, 'POST', '/shipment_groups', {
      body: { custom_reference: 'empty-run', shipments: [] },
    });
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([
      expect.objectContaining({ property: 'shipments', code: 'too_few_elements' }),
    ]);
    const updated = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { reference: ref, add_shipments: [first], remove_shipments: [] },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.details).toEqual([
      expect.objectContaining({ property: 'remove_shipments', code: 'too_few_elements' }),
    ]);
  });

  it('never answers a group with an empty shipments list: null when it has none', async () => {
    const { ref, first } = setUp();
    expect((await rawRequest(mock, 'GET', `/shipment_groups/${ref}`)).body.shipments).toBeNull();
    await client().groups.addShipment({ reference: ref }, first);
    await client().groups.removeShipment({ reference: ref }, first);
    expect((await rawRequest(mock, 'GET', `/shipment_groups/${ref}`)).body).toMatchObject({
      shipments: null,
      state: 'open',
    });
  });

  it('creates a group without a custom reference, and counts versions per custom reference', async () => {
    const { first, second } = setUp();
    const anonymous = await rawRequest(mock, 'POST', '/shipment_groups', { body: { shipments: [first] } });
    expect(anonymous.status).toBe(201);
    expect(anonymous.body).toMatchObject({ custom_reference: null, version: 1 });
    expect(anonymous.body.reference).toMatch(/^sg_[0-9]{32}$/);
    const clash = await rawRequest(mock, 'POST', '/shipment_groups', {
      body: { custom_reference: 'evening-run', shipments: [second] },
    });
    expect(clash.status).toBe(400);
  });
});

describe('reading groups by custom reference (the guides)', () => {
  /** Two groups made with `evening-run`: the first closed, the second open with one shipment. */
  function twoRuns() {
    const state = mock.store.shipments;
    const first = state.addShipmentGroup({ custom_reference: 'evening-run', state: 'closed' });
    const shipment = seedShipment(mock);
    const second = state.addShipmentGroup({
      custom_reference: 'evening-run',
      shipments: [shipment.reference],
    });
    return { first, second, shipment };
  }

  it('lists every version as a summary linked by its sg_ and by its version, the first first', async () => {
    const { first, second } = twoRuns();
    const answer = await rawRequest(mock, 'GET', '/shipment_groups/custom_reference/evening-run');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      [first, second].map((group, index) => ({
        reference: group.reference,
        custom_reference: 'evening-run',
        version: index + 1,
        _links: [
          { rel: 'self', href: `${B}/shipment_groups/${group.reference}` },
          { rel: 'version', href: `${B}/shipment_groups/custom_reference/evening-run/${index + 1}` },
        ],
      })),
    );
  });

  it('answers the whole group by version and by latest, as Get Shipment Group does', async () => {
    const { first, second, shipment } = twoRuns();
    const byReference = await rawRequest(mock, 'GET', `/shipment_groups/${second.reference}`);
    const latest = await rawRequest(mock, 'GET', '/shipment_groups/custom_reference/evening-run/latest');
    expect(latest).toEqual(byReference);
    expect(latest.body).toMatchObject({
      reference: second.reference,
      version: 2,
      shipments: [shipment.reference],
    });
    const one = await rawRequest(mock, 'GET', '/shipment_groups/custom_reference/evening-run/1');
    expect(one.body).toMatchObject({
      reference: first.reference,
      version: 1,
      state: 'closed',
      shipments: null,
    });
  });

  it('answers 404 for a custom reference no group has or a version it does not have, 400 for a malformed one', async () => {
    twoRuns();
    const codes = async (path: string) => {
      const answer = await rawRequest(mock, 'GET', path);
      return [answer.status, (answer.body.details as { code: string }[])[0]?.code];
    };
    expect(await codes('/shipment_groups/custom_reference/morning-run')).toEqual([
      404,
      'shipment_group_not_found',
    ]);
    expect(await codes('/shipment_groups/custom_reference/morning-run/latest')).toEqual([
      404,
      'shipment_group_not_found',
    ]);
    expect(await codes('/shipment_groups/custom_reference/evening-run/3')).toEqual([
      404,
      'version_not_found',
    ]);
    expect(await codes('/shipment_groups/custom_reference/evening-run/0')).toEqual([400, 'invalid_format']);
    expect(await codes('/shipment_groups/custom_reference/eve')).toEqual([400, 'invalid_format']);
  });
});
