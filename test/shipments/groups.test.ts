import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  OutcomeUnknownError,
  RequestValidationError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { useMockService } from '../support/mock-service.js';
import { answerWith, B, captureRequests, seedShipment } from '../support/shipments-mock.js';

const { mock, server } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 2 });

const resourceResult = (reference = 'sg_abc') => ({
  reference,
  custom_reference: 'evening-run',
  version: 2,
  message: `Shipment group ${reference} updated successfully`,
  _links: [{ href: `${B}/shipment_groups/${reference}`, rel: 'self', reference, type: 'shipment_group' }],
});

describe('ShipmentsClient on the wire', () => {
  it('sends Update Shipment Group as PUT shipment_groups (no trailing slash, as the OpenAPI files) with the body as written', async () => {
    answerWith(server, resourceResult());
    const captured = captureRequests(server);
    const body = { reference: 'sg_abc', add_shipments: ['sp_one'], remove_shipments: ['sp_two'] } as const;
    const result = await client().groups.update({
      reference: 'sg_abc',
      add_shipments: ['sp_one'],
      remove_shipments: ['sp_two'],
    });
    expect(result.reference).toBe('sg_abc');
    expect(captured[0]!.method).toBe('PUT');
    expect(captured[0]!.url.pathname).toBe('/prosandbox/shipment_groups');
    expect(JSON.parse(captured[0]!.body)).toEqual(body);
    expect(captured[0]!.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('addresses groups by reference and by custom reference with a number or latest', async () => {
    answerWith(server, resourceResult());
    const captured = captureRequests(server);
    const shipments = client();
    await shipments.groups.addShipment({ reference: 'sg_abc' }, 'sp_one');
    await shipments.groups.addShipment({ customReference: 'evening-run', version: 3 }, 'sp_one');
    await shipments.groups.removeShipment({ customReference: 'evening-run', version: 'latest' }, 'sp_one');
    await shipments.groups.removeShipment({ reference: 'sg_abc' }, 'sp_one');
    await shipments.groups.lock('sg_abc');
    await shipments.groups.unlock('sg_abc');
    expect(captured.map(({ method, url, body }) => `${method} ${url.pathname} ${body}`.trim())).toEqual([
      'PUT /prosandbox/shipment_groups/sg_abc/shipments/sp_one',
      'PUT /prosandbox/shipment_groups/custom_reference/evening-run/3/shipments/sp_one',
      'DELETE /prosandbox/shipment_groups/custom_reference/evening-run/latest/shipments/sp_one',
      'DELETE /prosandbox/shipment_groups/sg_abc/shipments/sp_one',
      'POST /prosandbox/shipment_groups/sg_abc/lock',
      'POST /prosandbox/shipment_groups/sg_abc/unlock',
    ]);
  });

  it('returns a group result whose links lack fields as sent: the change has been made', async () => {
    const body = {
      ...resourceResult(),
      _links: [{ href: `${B}/shipment_groups/sg_abc`, rel: 'self' }, { reference: null }],
    };
    server.use(http.all(`${B}/*`, () => HttpResponse.json(body)));
    await expect(client().groups.addShipment({ reference: 'sg_abc' }, 'sp_one')).resolves.toEqual(body);
  });

  it('returns a group result whose _links is null or missing as sent (a 207 may send either)', async () => {
    const { _links, ...withoutLinks } = resourceResult();
    for (const body of [{ ...withoutLinks, _links: null, errors: ['sp_bad'] }, withoutLinks]) {
      server.use(http.all(`${B}/*`, () => HttpResponse.json(body, { status: 207 })));
      await expect(
        client().groups.update({ reference: 'sg_abc', add_shipments: ['sp_one', 'sp_bad'] }),
      ).resolves.toEqual(body);
    }
  });
});

describe('ShipmentsClient input checks: nothing is sent', () => {
  const refused = async (call: (shipments: ShipmentsClient) => Promise<unknown>) => {
    const captured = captureRequests(server);
    const error = await call(client()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(captured).toHaveLength(0);
    return error as RequestValidationError;
  };

  it('refuses, before sending, an Update Shipment Group reference longer than the 35 characters the file allows', async () => {
    const captured = captureRequests(server);
    await expect(
      client().groups.update({ reference: `sg_${'1'.repeat(33)}`, add_shipments: ['sp_one'] }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(captured).toHaveLength(0);
  });

  it('refuses bad group selectors', async () => {
    await refused((shipments) =>
      shipments.groups.addShipment({ reference: 'evening-run' as `sg_${string}` }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.groups.addShipment({ customReference: 'run', version: 1 }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.groups.addShipment({ customReference: 'x'.repeat(51), version: 1 }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.groups.removeShipment({ customReference: 'evening-run', version: 0 }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.groups.removeShipment(
        { customReference: 'evening-run', version: 'newest' as 'latest' },
        'sp_one',
      ),
    );
    await refused((shipments) => shipments.groups.lock('sp_one' as `sg_${string}`));
  });

  it('refuses an Update Shipment Group body without a group reference, shipments or with bad entries', async () => {
    await refused((shipments) =>
      shipments.groups.update({ add_shipments: ['sp_one'] } as unknown as {
        reference: `sg_${string}`;
      }),
    );
    await refused((shipments) => shipments.groups.update({ reference: 'sg_abc' }));
    const error = await refused((shipments) =>
      shipments.groups.update({
        reference: 'sg_abc',
        add_shipments: ['EC-000-000-001' as `sp_${string}`],
      }),
    );
    expect(error.issues[0]?.path).toEqual(['add_shipments', 0]);
  });
});

describe('ShipmentsClient retries', () => {
  it('retries reads and lock/unlock after a 503', async () => {
    const group = mock.store.shipments.addShipmentGroup();
    mock.failNext('lockShipmentGroup', { status: 503 });
    const result = await client().groups.lock(group.reference as `sg_${string}`, { maxRetries: 1 });
    expect(result.message).toBe(`Shipment group ${group.reference} locked successfully`);
    expect(mock.requests('lockShipmentGroup')).toHaveLength(2);

    const shipment = seedShipment(mock);
    mock.failNext('getLabels', { status: 500 });
    await client().labels.get(shipment.reference as `sp_${string}`, { format: 'ZPL' }, { maxRetries: 1 });
    expect(mock.requests('getLabels')).toHaveLength(2);
  });

  it('does not retry membership changes after a 500, nor after a dropped connection', async () => {
    const group = mock.store.shipments.addShipmentGroup();
    const shipment = seedShipment(mock);
    const selector = { reference: group.reference as `sg_${string}` };
    const ref = shipment.reference as `sp_${string}`;
    mock.failNext('addShipmentToGroup', { status: 500 });
    await expect(client().groups.addShipment(selector, ref)).rejects.toBeInstanceOf(InternalServerError);
    expect(mock.requests('addShipmentToGroup')).toHaveLength(1);

    mock.failNext('addShipmentToGroup', { network: 'drop-after' });
    const error = await client()
      .groups.addShipment(selector, ref)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).references).toEqual([group.reference, ref]);
    // The add happened before the connection dropped: the group shows it.
    expect(mock.store.shipments.groups.get(group.reference)!.shipments).toEqual([ref]);
    expect(mock.requests('addShipmentToGroup')).toHaveLength(2);
  });

  it('reads 304, already a member (the data contracts), as the group as asked, without an error', async () => {
    const shipment = seedShipment(mock);
    const group = mock.store.shipments.addShipmentGroup({ shipments: [shipment.reference] });
    const result = await client().groups.addShipment(
      { reference: group.reference as `sg_${string}` },
      shipment.reference as `sp_${string}`,
    );
    expect(result).toMatchObject({ reference: group.reference, message: expect.stringContaining('already') });
    expect(mock.store.shipments.groups.get(group.reference)!.version).toBe(1);
    const removed = await client().groups.removeShipment(
      { customReference: group.custom_reference!, version: 'latest' },
      seedShipment(mock).reference as `sp_${string}`,
    );
    expect(removed).toMatchObject({
      reference: group.custom_reference,
      custom_reference: group.custom_reference,
    });
  });

  it('does not retry a 429 conflict, which is a broken rule and not throttling', async () => {
    const shipment = seedShipment(mock);
    const group = mock.store.shipments.addShipmentGroup();
    // The data contracts' answer to a broken membership rule (the mock answers 409, as the files do).
    mock.failNext('addShipmentToGroup', {
      status: 429,
      body: { code: 'conflict', message: 'In another group' },
    });
    const error = await client()
      .groups.addShipment(
        { reference: group.reference as `sg_${string}` },
        shipment.reference as `sp_${string}`,
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).status).toBe(429);
    expect(mock.requests('addShipmentToGroup')).toHaveLength(1);
  });
});

describe('authentication', () => {
  it('answers 401 unauthorised for a wrong key', async () => {
    const shipments = new ShipmentsClient({ apiKey: 'not-the-key' });
    const error = await shipments.groups.lock('sg_abc').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('unauthorised');
    expect((error as AuthenticationError).details).toEqual([
      expect.objectContaining({ code: 'invalid_api_key' }),
    ]);
    expect(String(error)).not.toContain('not-the-key');
  });
});

describe('shipment groups: create, get, close', () => {
  const shipments = () => new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
  const seeded = () => mock.store.shipments.addShipment().reference as ShipmentReference;

  it('creates an open group with the shipments given, and reads it back', async () => {
    const [first, second] = [seeded(), seeded()];
    const created = await shipments().groups.create({
      custom_reference: 'evening-run',
      shipments: [first, second],
    });
    expect(created.reference).toMatch(/^sg_[0-9]{32}$/);
    const group = await shipments().groups.get(created.reference as `sg_${string}`);
    expect(group).toMatchObject({
      reference: created.reference,
      custom_reference: 'evening-run',
      version: 1,
      state: 'open',
      shipments: [first, second],
      created: expect.any(String),
      locked: null,
      closed: null,
    });
  });

  it('sends the fields given and no other: custom_reference is optional', async () => {
    const bodies: unknown[] = [];
    const recording = new ShipmentsClient({
      apiKey: mock.apiKey,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        bodies.push(await request.clone().json());
        return mock.fetch(request);
      },
    });
    const shipment = seeded();
    const created = await recording.groups.create({ shipments: [shipment] });
    expect(bodies).toEqual([{ shipments: [shipment] }]);
    expect(await shipments().groups.get(created.reference as `sg_${string}`)).toMatchObject({
      custom_reference: null,
      shipments: [shipment],
    });
  });

  it('refuses an empty or missing shipments list before sending: the files require at least one', async () => {
    const captured = captureRequests(server);
    for (const input of [
      { custom_reference: 'empty-group', shipments: [] },
      { custom_reference: 'no-list' },
    ]) {
      await expect(
        client().groups.create(input as { custom_reference: string; shipments: ShipmentReference[] }),
      ).rejects.toBeInstanceOf(RequestValidationError);
    }
    expect(captured).toHaveLength(0);
  });

  it('refuses a custom reference a group not closed has, and lists shipments it could not add (207)', async () => {
    await shipments().groups.create({ custom_reference: 'evening-run', shipments: [seeded()] });
    await expect(
      shipments().groups.create({ custom_reference: 'evening-run', shipments: [seeded()] }),
    ).rejects.toBeInstanceOf(BadRequestError);
    const unallocated = mock.store.shipments.addShipment({ allocated: false }).reference as ShipmentReference;
    const partial = await shipments().groups.create({
      custom_reference: 'morning-run',
      shipments: [seeded(), unallocated],
    });
    expect(partial.errors).toEqual([expect.objectContaining({ property: 'shipments[1]' })]);
  });

  it('takes any 5 to 50 characters as a custom reference ("EVENING RUN"), percent-encoded in a path', async () => {
    const paths: string[] = [];
    const watching = new ShipmentsClient({
      apiKey: mock.apiKey,
      maxRetries: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        paths.push(new URL(request.url).pathname);
        return mock.fetch(request);
      },
    });
    const group = await watching.groups.create({
      custom_reference: 'EVENING RUN/2',
      shipments: [seeded()],
    });
    await watching.groups.addShipment({ customReference: 'EVENING RUN/2', version: 'latest' }, seeded());
    expect(paths.at(-1)).toMatch(
      /\/shipment_groups\/custom_reference\/EVENING%20RUN%2F2\/latest\/shipments\/sp_/,
    );
    expect(mock.store.shipments.groups.get(group.reference)!.shipments).toHaveLength(2);
    await expect(
      watching.groups.create({ custom_reference: 'RUN', shipments: [seeded()] }),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('counts in version the groups that used the custom reference, not membership changes', async () => {
    const first = await shipments().groups.create({
      custom_reference: 'evening-run',
      shipments: [seeded()],
    });
    const ref = first.reference as `sg_${string}`;
    await shipments().groups.addShipment({ reference: ref }, seeded());
    expect((await shipments().groups.get(ref)).version).toBe(1);
    await shipments().groups.lock(ref);
    await shipments().groups.close(ref);
    const second = await shipments().groups.create({
      custom_reference: 'evening-run',
      shipments: [seeded()],
    });
    expect(second.version).toBe(2);
    const added = await shipments().groups.addShipment(
      { customReference: 'evening-run', version: 'latest' },
      seeded(),
    );
    expect(added).toMatchObject({ reference: second.reference, version: 2 });
    // Version 1 is the first group, closed by now.
    await expect(
      shipments().groups.addShipment({ customReference: 'evening-run', version: 1 }, seeded()),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('is non-repeatable: an answer lost after the group was made is OutcomeUnknownError', async () => {
    mock.failNext('createShipmentGroup', { network: 'drop-after' });
    const error = await shipments()
      .groups.create({ custom_reference: 'lost-answer', shipments: [seeded()] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.references).toContain('lost-answer');
    expect(mock.requests('createShipmentGroup')).toHaveLength(1);
  });

  it('reads locked as a state, closes only a locked group, and a closed group refuses every change', async () => {
    const shipment = seeded();
    const { reference } = await shipments().groups.create({
      custom_reference: 'to-close',
      shipments: [seeded()],
    });
    const group = reference as `sg_${string}`;
    await expect(shipments().groups.close(group)).rejects.toBeInstanceOf(ConflictError);
    await shipments().groups.lock(group);
    expect(await shipments().groups.get(group)).toMatchObject({
      state: 'locked',
      locked: expect.any(String),
    });
    expect((await shipments().groups.close(group)).reference).toBe(group);
    expect(await shipments().groups.get(group)).toMatchObject({
      state: 'closed',
      closed: expect.any(String),
    });
    await expect(shipments().groups.unlock(group)).rejects.toBeInstanceOf(ConflictError);
    await expect(shipments().groups.addShipment({ reference: group }, shipment)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});

describe('Update Shipment Group with an empty list', () => {
  it('leaves the empty list out and sends the other one: the files require at least one entry', async () => {
    const captured = captureRequests(server);
    const shipment = seedShipment(mock).reference as ShipmentReference;
    const group = mock.store.shipments.addShipmentGroup({ shipments: [shipment] });
    await client().groups.update({
      reference: group.reference as `sg_${string}`,
      add_shipments: [],
      remove_shipments: [shipment],
    });
    expect(captured.map((request) => JSON.parse(request.body))).toEqual([
      { reference: group.reference, remove_shipments: [shipment] },
    ]);
  });
});

describe('a first 304, and a 409 after a lost attempt, to lock, unlock or close', () => {
  it('reads a first 304 ("already locked") as the ConflictError a first 409 is', async () => {
    server.use(http.post(`${B}/shipment_groups/*`, () => new HttpResponse(null, { status: 304 })));
    const error = await client()
      .groups.lock('sg_00000000000000000000000000000001')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ name: 'ConflictError', status: 304, operation: 'lockShipmentGroup' });
    expect((error as ConflictError).message).not.toBe('');
  });

  it('does not report a close that never happened: a retried 409 "not locked" stays a ConflictError', async () => {
    const group = mock.store.shipments.addShipmentGroup({ shipments: [seedShipment(mock).reference] });
    // The first attempt is lost before the mock handles it; the retry meets 409 "must be locked first".
    mock.failNext('closeShipmentGroup', { status: 503 });
    const error = await client()
      .groups.close(group.reference as `sg_${string}`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(mock.store.shipments.groups.get(group.reference)!.state).toBe('open');
  });

  it('but resolves a retried lock that meets 409 when the group reads as locked', async () => {
    const group = mock.store.shipments.addShipmentGroup({ shipments: [seedShipment(mock).reference] });
    mock.failNext('lockShipmentGroup', { network: 'drop-after' });
    const result = await client().groups.lock(group.reference as `sg_${string}`);
    expect(result).toEqual({ reference: group.reference });
    expect(mock.store.shipments.groups.get(group.reference)!.state).toBe('locked');
  });
});

describe('reading groups by custom reference (the guides)', () => {
  const shipments = () => new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0 });
  const seeded = () => mock.store.shipments.addShipment().reference as ShipmentReference;

  it('lists every group made with a custom reference, and reads one by its version or the latest', async () => {
    const first = await shipments().groups.create({
      custom_reference: 'EVENING RUN/2',
      shipments: [seeded()],
    });
    await shipments().groups.lock(first.reference);
    await shipments().groups.close(first.reference);
    const second = await shipments().groups.create({
      custom_reference: 'EVENING RUN/2',
      shipments: [seeded()],
    });

    const summaries = await shipments().groups.listByCustomReference('EVENING RUN/2');
    expect(summaries.map(({ reference, version }) => ({ reference, version }))).toEqual([
      { reference: first.reference, version: 1 },
      { reference: second.reference, version: 2 },
    ]);
    expect(summaries[1]?._links?.map((link) => link.rel)).toEqual(['self', 'version']);
    expect(await shipments().groups.getByCustomReference('EVENING RUN/2', 'latest')).toEqual(
      await shipments().groups.get(second.reference),
    );
    expect(await shipments().groups.getByCustomReference('EVENING RUN/2', 1)).toMatchObject({
      reference: first.reference,
      state: 'closed',
    });
    expect(mock.requests('getShipmentGroupsByCustomReference')[0]?.url).toMatch(
      /\/shipment_groups\/custom_reference\/EVENING%20RUN%2F2$/,
    );
  });

  it("reads the guide's answers, whose group version is a string, as numbers", async () => {
    const guideGroup = {
      reference: 'sg_00013464648946915264789208891788',
      shipments: ['sp_00013473827456270532303387361927'],
      custom_reference: 'CarrierX-PM',
      version: '2',
      state: 'open',
      created: '2019-05-04T17:00:23+01:00',
    };
    answerWith(server, guideGroup);
    const client = new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 0, validation: 'strict' });
    expect(await client.groups.getByCustomReference('CarrierX-PM', 'latest')).toEqual({
      ...guideGroup,
      version: 2,
    });
    const summary = {
      reference: 'sg_00013464648946915264789208891778',
      custom_reference: 'CarrierX-PM',
      version: 1,
      _links: [{ rel: 'self', href: '/pro/shipment_groups/sg_00013464648946915264789208891778' }],
    };
    answerWith(server, [summary, { ...summary, version: '2' }]);
    expect((await client.groups.listByCustomReference('CarrierX-PM')).map((entry) => entry.version)).toEqual([
      1, 2,
    ]);
  });

  it('refuses a custom reference out of bounds or a bad version before sending; an unknown one is NotFoundError', async () => {
    const client = shipments();
    await expect(client.groups.listByCustomReference('RUN')).rejects.toBeInstanceOf(RequestValidationError);
    for (const version of [0, -1, 1.5, 'newest'] as never[]) {
      await expect(client.groups.getByCustomReference('evening-run', version)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(mock.requests('getShipmentGroupByCustomReference')).toHaveLength(0);
    await expect(client.groups.listByCustomReference('morning-run')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.groups.getByCustomReference('morning-run', 'latest')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
