import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ShipmentsClient } from '../../src/index.js';
import { useMockService } from '../helpers.js';
import { B, seedShipment } from '../shipments-support.js';

const { mock, server } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 0 });

describe('getDocument', () => {
  it('answers null for the 204 with no body of a per-type route, not a ResponseValidationError', async () => {
    const shipment = seedShipment(mock);
    expect(await client().getDocument(shipment.reference as `sp_${string}`, 'cn22')).toBeNull();
    expect(await client().getDocument(shipment.reference as `sp_${string}`, 'commercial_invoice')).toBeNull();
  });

  it('is a NotFoundError for an unknown shipment', async () => {
    await expect(client().getDocument('sp_00000000000000000000000000000404', 'cn22')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('reads the copies the customs files require', async () => {
    const document = { file: 'JVBERi0=', content_type: 'application/pdf', document_type: 'cn22', copies: 2 };
    server.use(http.get(`${B}/documents/*`, () => HttpResponse.json(document)));
    expect(await client().getDocument('sp_1', 'cn22')).toEqual(document);
  });
});
