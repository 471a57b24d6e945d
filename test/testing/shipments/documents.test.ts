import { describe, expect, it } from 'vitest';
import { OrdersClient } from '../../../src/index.js';
import { orderInput } from '../../support/fixtures.js';
import { useMockService } from '../../support/mock-service.js';
import { B, rawRequest, seedShipment } from '../../support/shipments-mock.js';

const { mock } = useMockService();

const paris = {
  AddressType: 'Destination',
  AddressLine1: '11 Rue Pierre et Marie Curie',
  Town: 'Paris',
  Postcode: '75005',
  Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
};

/** The shipment area B makes for a consignment allocated through area A, going abroad or not. */
async function allocatedShipment(abroad: boolean): Promise<string> {
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  const input = orderInput();
  const reference = await orders.create(
    abroad ? orderInput({ Addresses: [input.Addresses[0]!, paris] }) : input,
  );
  const [consignment] = await orders.pack(reference, {
    OrderReference: reference,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocation.allocate([consignment!]);
  return mock.store.shipments.shipmentForConsignment(consignment!)!.reference;
}

const get = (path: string) =>
  mock.fetch(`${B}${path}`, { headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' } });

describe('customs documents in the mock', () => {
  it("carry exactly the fields of the customs files' Document, copies included", async () => {
    const shipment = await allocatedShipment(true);
    const { status, body } = await rawRequest(mock, 'GET', `/documents/${shipment}`);
    expect(status).toBe(200);
    for (const document of body as unknown as Record<string, unknown>[]) {
      expect(Object.keys(document).sort()).toEqual(['content_type', 'copies', 'document_type', 'file']);
      expect(document.copies).toBe(1);
    }
  });

  it('answer 204 with no body on a per-type route when the shipment has no such document', async () => {
    const domestic = await allocatedShipment(false);
    const abroad = await allocatedShipment(true);
    for (const path of [`/documents/${domestic}/cn22`, `/documents/${abroad}/cn23`]) {
      const response = await get(path);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    }
  });

  it('answer errors in the customs files’ shape: no reference, no _links, but links', async () => {
    const response = await get('/documents/sp_00000000000000000000000000000404');
    expect(response.status).toBe(404);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'correlation_id', 'details', 'links', 'message']);
  });

  it('while the other area B operations keep the shipments files’ shape, with a 35-character reference', async () => {
    const { status, body } = await rawRequest(mock, 'GET', '/labels/sp_00000000000000000000000000000404/PDF');
    expect(status).toBe(404);
    expect(Object.keys(body).sort()).toEqual([
      '_links',
      'code',
      'correlation_id',
      'details',
      'message',
      'reference',
    ]);
    expect(body.reference).toMatch(/^er_[0-9]{32}$/);
  });
});

describe('labels in the mock', () => {
  it("carry exactly the fields of the labels files' Document: no copies", async () => {
    const shipment = seedShipment(mock);
    const { body } = await rawRequest(mock, 'GET', `/labels/${shipment.reference}/PDF/300`);
    expect(Object.keys(body).sort()).toEqual(['content_type', 'document_type', 'dpi', 'file']);
  });
});
