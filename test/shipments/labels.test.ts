import { describe, expect, it } from 'vitest';
import {
  type LabelOptions,
  RequestValidationError,
  ResponseValidationError,
  ShipmentsClient,
} from '../../src/index.js';
import { useMockService } from '../support/mock-service.js';
import { answerWith, B, captureRequests, seedShipment } from '../support/shipments-mock.js';

const { mock, server } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 2 });

const _resourceResult = (reference = 'sg_abc') => ({
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
    await client().labels.get(shipment.reference as `sp_${string}`, { format: 'ZPL' });
    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request!.headers.get('x-api-key')).toBe(mock.apiKey);
    expect(request!.headers.get('x-api-version')).toBe('1.1');
    expect(request!.headers.get('accept')).toBe('application/json');
  });

  it("sends the labels file's path: the format in lower case, and a dpi segment always (203 when none is given)", async () => {
    const shipment = seedShipment(mock);
    const captured = captureRequests(server);
    await client().labels.get(shipment.reference as `sp_${string}`, { format: 'PDF' });
    await client().labels.get(shipment.reference as `sp_${string}`, { format: 'zpl', dpi: 300 });
    const contents = shipment.contents[0]!.reference as `sc_${string}`;
    await client().labels.getForContents(shipment.reference as `sp_${string}`, contents, {
      format: 'PDF',
      dpi: 203,
    });
    expect(captured.map(({ method, url }) => `${method} ${url.pathname}${url.search}`)).toEqual([
      `GET /prosandbox/labels/${shipment.reference}/pdf/203`,
      `GET /prosandbox/labels/${shipment.reference}/zpl/300`,
      `GET /prosandbox/labels/${shipment.reference}/contents/${contents}/pdf/203`,
    ]);
  });

  it('sends include_extension and rotation as query parameters, only when given', async () => {
    const shipment = seedShipment(mock);
    const captured = captureRequests(server);
    await client().labels.get(shipment.reference as `sp_${string}`, {
      format: 'BMP',
      dpi: 203,
      includeExtension: false,
      rotation: 'left',
    });
    const url = captured[0]!.url;
    expect(url.pathname).toBe(`/prosandbox/labels/${shipment.reference}/bmp/203`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ include_extension: 'false', rotation: 'left' });
    expect(captured[0]!.body).toBe('');
  });

  it('builds the contents label path with the sc_ reference and the dpi', async () => {
    const shipment = seedShipment(mock);
    const contents = shipment.contents[0]!.reference as `sc_${string}`;
    const captured = captureRequests(server);
    const labels = await client().labels.getForContents(shipment.reference as `sp_${string}`, contents, {
      format: 'ZPL',
      dpi: 600,
      includeExtension: true,
    });
    expect(labels).toHaveLength(1);
    const url = captured[0]!.url;
    expect(`${captured[0]!.method} ${url.pathname}${url.search}`).toBe(
      `GET /prosandbox/labels/${shipment.reference}/contents/${contents}/zpl/600?include_extension=true`,
    );
  });

  it('wraps one document object in an array and accepts an array as it is', async () => {
    const document = { file: 'JVBERi0=', content_type: 'application/pdf', document_type: 'label', dpi: 203 };
    answerWith(server, document);
    expect(await client().labels.get('sp_one', { format: 'PDF' })).toEqual([document]);
    answerWith(server, [document, { ...document, copies: 2, extra: 'kept' }]);
    expect(await client().labels.getForContents('sp_one', 'sc_one', { format: 'PDF', dpi: 203 })).toEqual([
      document,
      { ...document, copies: 2, extra: 'kept' },
    ]);
  });

  it('rejects a label body that is not a document object', async () => {
    answerWith(server, { url: 'https://example.com/label.pdf' });
    await expect(client().labels.get('sp_one', { format: 'PDF' })).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('rejects an answer that holds no label, whatever the validation mode', async () => {
    // An empty list would leave saveLabels saving nothing, and saying so with an empty list of paths.
    for (const validation of ['strict', 'off'] as const) {
      answerWith(server, []);
      const shipments = new ShipmentsClient({ apiKey: mock.apiKey, validation });
      await expect(shipments.labels.get('sp_one', { format: 'PDF' })).rejects.toBeInstanceOf(
        ResponseValidationError,
      );
      await expect(
        shipments.labels.getForContents('sp_one', 'sc_one', { format: 'ZPL', dpi: 203 }),
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
      shipments.labels.get('sp_one', { format: 'PDF', rotation: 'left' }),
    );
    expect(error.issues[0]?.path).toEqual(['rotation']);
    await refused((shipments) =>
      shipments.labels.get('sp_one', { format: 'ZPL', rotation: 'right' } as unknown as LabelOptions),
    );
  });

  it('refuses resolutions other than 203, 300 and 600, unknown formats and misspelt options', async () => {
    await refused((shipments) => shipments.labels.get('sp_one', { format: 'PDF', dpi: 250 as 300 }));
    await refused((shipments) =>
      shipments.labels.get('sp_one', { format: 'PNG' } as unknown as LabelOptions),
    );
    await refused((shipments) =>
      shipments.labels.get('sp_one', { format: 'PDF', include_extension: false } as unknown as LabelOptions),
    );
  });

  it('refuses a shipment reference of another kind, or one that would change the path', async () => {
    await refused((shipments) => shipments.labels.get('EC-000-000-001' as `sp_${string}`, { format: 'PDF' }));
    await refused((shipments) =>
      shipments.labels.get('sp_../../orders' as `sp_${string}`, { format: 'PDF' }),
    );
  });

  it('refuses an sp_ reference as the contents reference, BMP contents labels and a missing dpi', async () => {
    await refused((shipments) =>
      shipments.labels.getForContents('sp_one', 'sp_one' as `sc_${string}`, { format: 'PDF', dpi: 203 }),
    );
    await refused((shipments) =>
      // @ts-expect-error contents labels are PDF or ZPL
      shipments.labels.getForContents('sp_one', 'sc_one', { format: 'BMP', dpi: 203 }),
    );
    await refused((shipments) =>
      // @ts-expect-error dpi is required: the path always names it
      shipments.labels.getForContents('sp_one', 'sc_one', { format: 'PDF' }),
    );
  });
});
