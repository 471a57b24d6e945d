import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  InternalServerError,
  OutcomeUnknownError,
  RequestValidationError,
  ShipmentsClient,
} from '../../src/index.js';
import { useMockService } from '../helpers.js';
import { answerWith, B, captureRequests, seedShipment } from '../shipments-support.js';

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
  it('sends Update Shipment Group as PUT shipment_groups/ with the body as written', async () => {
    answerWith(server, resourceResult());
    const captured = captureRequests(server);
    const body = { reference: 'sg_abc', add_shipments: ['sp_one'], remove_shipments: [] } as const;
    const result = await client().updateShipmentGroup({
      reference: 'sg_abc',
      add_shipments: ['sp_one'],
      remove_shipments: [],
    });
    expect(result.reference).toBe('sg_abc');
    expect(captured[0]!.method).toBe('PUT');
    expect(captured[0]!.url.pathname).toBe('/prosandbox/shipment_groups/');
    expect(JSON.parse(captured[0]!.body)).toEqual(body);
    expect(captured[0]!.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('addresses groups by reference and by custom reference with a number or latest', async () => {
    answerWith(server, resourceResult());
    const captured = captureRequests(server);
    const shipments = client();
    await shipments.addShipmentToGroup({ reference: 'sg_abc' }, 'sp_one');
    await shipments.addShipmentToGroup({ customReference: 'evening-run', version: 3 }, 'sp_one');
    await shipments.removeShipmentFromGroup({ customReference: 'evening-run', version: 'latest' }, 'sp_one');
    await shipments.removeShipmentFromGroup({ reference: 'sg_abc' }, 'sp_one');
    await shipments.lockShipmentGroup('sg_abc');
    await shipments.unlockShipmentGroup('sg_abc');
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
    await expect(client().addShipmentToGroup({ reference: 'sg_abc' }, 'sp_one')).resolves.toEqual(body);
  });

  it('returns a group result whose _links is null or missing as sent (a 207 may send either)', async () => {
    const { _links, ...withoutLinks } = resourceResult();
    for (const body of [{ ...withoutLinks, _links: null, errors: ['sp_bad'] }, withoutLinks]) {
      server.use(http.all(`${B}/*`, () => HttpResponse.json(body, { status: 207 })));
      await expect(
        client().updateShipmentGroup({ reference: 'sg_abc', add_shipments: ['sp_one', 'sp_bad'] }),
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

  it('refuses bad group selectors', async () => {
    await refused((shipments) =>
      shipments.addShipmentToGroup({ reference: 'evening-run' as `sg_${string}` }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.addShipmentToGroup({ customReference: 'run', version: 1 }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.addShipmentToGroup({ customReference: 'evening/run', version: 1 }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.removeShipmentFromGroup({ customReference: 'evening-run', version: 0 }, 'sp_one'),
    );
    await refused((shipments) =>
      shipments.removeShipmentFromGroup(
        { customReference: 'evening-run', version: 'newest' as 'latest' },
        'sp_one',
      ),
    );
    await refused((shipments) => shipments.lockShipmentGroup('sp_one' as `sg_${string}`));
  });

  it('refuses an Update Shipment Group body without a group reference, shipments or with bad entries', async () => {
    await refused((shipments) =>
      shipments.updateShipmentGroup({ add_shipments: ['sp_one'] } as unknown as {
        reference: `sg_${string}`;
      }),
    );
    await refused((shipments) => shipments.updateShipmentGroup({ reference: 'sg_abc' }));
    const error = await refused((shipments) =>
      shipments.updateShipmentGroup({
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
    const result = await client().lockShipmentGroup(group.reference as `sg_${string}`, { maxRetries: 1 });
    expect(result.message).toBe(`Shipment group ${group.reference} locked successfully`);
    expect(mock.requests('lockShipmentGroup')).toHaveLength(2);

    const shipment = seedShipment(mock);
    mock.failNext('getLabels', { status: 500 });
    await client().getLabels(shipment.reference as `sp_${string}`, { format: 'ZPL' }, { maxRetries: 1 });
    expect(mock.requests('getLabels')).toHaveLength(2);
  });

  it('does not retry membership changes after a 500, nor after a dropped connection', async () => {
    const group = mock.store.shipments.addShipmentGroup();
    const shipment = seedShipment(mock);
    const selector = { reference: group.reference as `sg_${string}` };
    const ref = shipment.reference as `sp_${string}`;
    mock.failNext('addShipmentToGroup', { status: 500 });
    await expect(client().addShipmentToGroup(selector, ref)).rejects.toBeInstanceOf(InternalServerError);
    expect(mock.requests('addShipmentToGroup')).toHaveLength(1);

    mock.failNext('addShipmentToGroup', { network: 'drop-after' });
    const error = await client()
      .addShipmentToGroup(selector, ref)
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
    const result = await client().addShipmentToGroup(
      { reference: group.reference as `sg_${string}` },
      shipment.reference as `sp_${string}`,
    );
    expect(result).toMatchObject({ reference: group.reference, message: expect.stringContaining('already') });
    expect(mock.store.shipments.groups.get(group.reference)!.version).toBe(1);
    const removed = await client().removeShipmentFromGroup(
      { customReference: group.custom_reference, version: 'latest' },
      seedShipment(mock).reference as `sp_${string}`,
    );
    expect(removed).toMatchObject({
      reference: group.custom_reference,
      custom_reference: group.custom_reference,
    });
  });

  it('does not retry a 429 conflict, which is a broken rule and not throttling', async () => {
    const shipment = seedShipment(mock);
    mock.store.shipments.addShipmentGroup({ shipments: [shipment.reference] });
    const group = mock.store.shipments.addShipmentGroup();
    const error = await client()
      .addShipmentToGroup(
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
    const error = await shipments.lockShipmentGroup('sg_abc').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('unauthorised');
    expect((error as AuthenticationError).details).toEqual([
      expect.objectContaining({ code: 'invalid_api_key' }),
    ]);
    expect(String(error)).not.toContain('not-the-key');
  });
});
