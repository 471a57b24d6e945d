import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  InternalServerError,
  type LabelOptions,
  OutcomeUnknownError,
  RequestValidationError,
  ResponseValidationError,
  ShipmentsClient,
} from '../src/index.js';
import { useMockService } from './helpers.js';
import { answerWith, B, captureRequests, seedShipment } from './shipments-support.js';

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
  it('sends the key and version headers of area B with every request', async () => {
    const shipment = seedShipment(mock);
    const captured = captureRequests(server);
    await client().getLabels(shipment.reference as `sp_${string}`, { format: 'ZPL' });
    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request!.headers.get('x-api-key')).toBe(mock.apiKey);
    expect(request!.headers.get('x-api-version')).toBe('1.1');
    expect(request!.headers.get('accept')).toBe('application/json');
  });

  it('leaves the dpi segment out of the Get Labels path when no dpi is given', async () => {
    const shipment = seedShipment(mock);
    const captured = captureRequests(server);
    await client().getLabels(shipment.reference as `sp_${string}`, { format: 'PDF' });
    await client().getLabels(shipment.reference as `sp_${string}`, { format: 'PDF', dpi: 300 });
    expect(captured.map(({ method, url }) => `${method} ${url.pathname}${url.search}`)).toEqual([
      `GET /prosandbox/labels/${shipment.reference}/PDF`,
      `GET /prosandbox/labels/${shipment.reference}/PDF/300`,
    ]);
  });

  it('sends include_extension and rotation as query parameters, only when given', async () => {
    const shipment = seedShipment(mock);
    const captured = captureRequests(server);
    await client().getLabels(shipment.reference as `sp_${string}`, {
      format: 'BMP',
      dpi: 203,
      includeExtension: false,
      rotation: 'left',
    });
    const url = captured[0]!.url;
    expect(url.pathname).toBe(`/prosandbox/labels/${shipment.reference}/BMP/203`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ include_extension: 'false', rotation: 'left' });
    expect(captured[0]!.body).toBe('');
  });

  it('builds the contents label path with the sc_ reference and the dpi', async () => {
    const shipment = seedShipment(mock);
    const contents = shipment.contents[0]!.reference as `sc_${string}`;
    const captured = captureRequests(server);
    const labels = await client().getContentsLabel(shipment.reference as `sp_${string}`, contents, {
      format: 'ZPL',
      dpi: 600,
      includeExtension: true,
    });
    expect(labels).toHaveLength(1);
    const url = captured[0]!.url;
    expect(`${captured[0]!.method} ${url.pathname}${url.search}`).toBe(
      `GET /prosandbox/labels/${shipment.reference}/contents/${contents}/ZPL/600?include_extension=true`,
    );
  });

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

  it('wraps one document object in an array and accepts an array as it is', async () => {
    const document = { file: 'JVBERi0=', content_type: 'application/pdf', document_type: 'label', dpi: 203 };
    answerWith(server, document);
    expect(await client().getLabels('sp_one', { format: 'PDF' })).toEqual([document]);
    answerWith(server, [document, { ...document, copies: 2, extra: 'kept' }]);
    expect(await client().getContentsLabel('sp_one', 'sc_one', { format: 'PDF', dpi: 203 })).toEqual([
      document,
      { ...document, copies: 2, extra: 'kept' },
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

  it('rejects a label body that is not a document object', async () => {
    answerWith(server, { url: 'https://example.com/label.pdf' });
    await expect(client().getLabels('sp_one', { format: 'PDF' })).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('rejects an answer that holds no label, whatever the validation mode', async () => {
    // An empty list would leave saveLabels saving nothing, and saying so with an empty list of paths.
    for (const validation of ['strict', 'off'] as const) {
      answerWith(server, []);
      const shipments = new ShipmentsClient({ apiKey: mock.apiKey, validation });
      await expect(shipments.getLabels('sp_one', { format: 'PDF' })).rejects.toBeInstanceOf(
        ResponseValidationError,
      );
      await expect(
        shipments.getContentsLabel('sp_one', 'sc_one', { format: 'ZPL', dpi: 203 }),
      ).rejects.toBeInstanceOf(ResponseValidationError);
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

  it('refuses rotation with PDF or ZPL', async () => {
    const error = await refused((shipments) =>
      // @ts-expect-error rotation exists only for BMP
      shipments.getLabels('sp_one', { format: 'PDF', rotation: 'left' }),
    );
    expect(error.issues[0]?.path).toEqual(['rotation']);
    await refused((shipments) =>
      shipments.getLabels('sp_one', { format: 'ZPL', rotation: 'right' } as unknown as LabelOptions),
    );
  });

  it('refuses resolutions other than 203, 300 and 600, unknown formats and misspelt options', async () => {
    await refused((shipments) => shipments.getLabels('sp_one', { format: 'PDF', dpi: 250 as 300 }));
    await refused((shipments) => shipments.getLabels('sp_one', { format: 'PNG' } as unknown as LabelOptions));
    await refused((shipments) =>
      shipments.getLabels('sp_one', { format: 'PDF', include_extension: false } as unknown as LabelOptions),
    );
  });

  it('refuses a shipment reference of another kind, or one that would change the path', async () => {
    await refused((shipments) => shipments.getLabels('EC-000-000-001' as `sp_${string}`, { format: 'PDF' }));
    await refused((shipments) => shipments.getLabels('sp_../../orders' as `sp_${string}`, { format: 'PDF' }));
  });

  it('refuses an sp_ reference as the contents reference, BMP contents labels and a missing dpi', async () => {
    await refused((shipments) =>
      shipments.getContentsLabel('sp_one', 'sp_one' as `sc_${string}`, { format: 'PDF', dpi: 203 }),
    );
    await refused((shipments) =>
      // @ts-expect-error contents labels are PDF or ZPL
      shipments.getContentsLabel('sp_one', 'sc_one', { format: 'BMP', dpi: 203 }),
    );
    await refused((shipments) =>
      // @ts-expect-error dpi is required: the path always names it
      shipments.getContentsLabel('sp_one', 'sc_one', { format: 'PDF' }),
    );
  });

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
