import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  decodeDocument,
  NotFoundError,
  OrdersClient,
  RequestValidationError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';
import { useMockService } from '../support/mock-service.js';
import { B, seedShipment } from '../support/shipments-mock.js';

const { mock, server } = useMockService();

const client = () => new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 0 });

const paris = {
  AddressType: 'Destination',
  AddressLine1: '11 Rue Pierre et Marie Curie',
  Town: 'Paris',
  Postcode: '75005',
  Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
};

/** The shipment area B makes for a consignment allocated through OrdersClient, going abroad or not. */
async function allocated(abroad: boolean): Promise<ShipmentReference> {
  const orders = new OrdersClient({ apiKey: mock.apiKey });
  const input = orderInput();
  const order = await orders.create(abroad ? orderInput({ Addresses: [input.Addresses[0]!, paris] }) : input);
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocation.allocate([consignment!]);
  return mock.store.shipments.shipmentForConsignment(consignment!)!.reference as ShipmentReference;
}

describe('getDocument', () => {
  it('answers null for the 204 with no body of a per-type route, not a ResponseValidationError', async () => {
    const shipment = seedShipment(mock);
    expect(await client().documents.get(shipment.reference as `sp_${string}`, 'cn22')).toBeNull();
    expect(
      await client().documents.get(shipment.reference as `sp_${string}`, 'commercial_invoice'),
    ).toBeNull();
  });

  it('is a NotFoundError for an unknown shipment', async () => {
    await expect(
      client().documents.get('sp_00000000000000000000000000000404', 'cn22'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads the copies the customs files require', async () => {
    const document = { file: 'JVBERi0=', content_type: 'application/pdf', document_type: 'cn22', copies: 2 };
    server.use(http.get(`${B}/documents/*`, () => HttpResponse.json(document)));
    expect(await client().documents.get('sp_1', 'cn22')).toEqual(document);
  });
});

describe('customs documents of a shipment allocated through area A', () => {
  it('serves a commercial invoice and a CN22 for an international shipment, and [] for a domestic one', async () => {
    const international = await allocated(true);
    const shipment = international;
    const documents = await client().documents.getAll(shipment);
    expect(documents.map((document) => document.document_type)).toEqual(['commercial_invoice', 'cn22']);
    expect(decodeDocument(documents[0]!).format).toBe('pdf');
    expect((await client().documents.get(shipment, 'cn22'))?.document_type).toBe('cn22');

    const domestic = await allocated(false);
    const home = domestic;
    expect(await client().documents.getAll(home)).toEqual([]);
    expect(await client().documents.get(home, 'cn22')).toBeNull();
  });

  it('refuses, before sending, a type the customs documents file has no route for', async () => {
    const error = await client()
      .documents.get('sp_1', 'collection_note')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(/commercial_invoice, cn22 or cn23/);
    expect(mock.requests('getDocument')).toHaveLength(0);
  });

  it('refuses the label type before sending: labels come from the label operations', async () => {
    await expect(client().documents.get('sp_1', 'label')).rejects.toThrow(/getLabels/);
    expect(mock.requests('getDocument')).toHaveLength(0);
  });
});
