import { describe, expect, it } from 'vitest';
import { decodePdf } from '../../../src/documents/decode.js';
import { useMockService } from '../../support/mock-service.js';
import { createOrderInput, expectAreaAError, france, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

/** An allocated consignment to France whose one package declares `amount` GBP. */
async function toFrance(amount: number): Promise<{ reference: string; pkg: string }> {
  const [first] = createOrderInput().Packages as Record<string, unknown>[];
  const body = {
    Packages: [{ ...first, Value: { Amount: amount, Currency: { IsoCode: 'GBP' } }, Description: 'Mugs' }],
    Addresses: [origin(), france()],
  };
  const created = await api.ok('POST', '/consignments', body);
  const reference = (created.body[0].Href as string).split('/').pop() as string;
  await api.ok('PUT', `/allocation/${reference}/allocatewithcheapestquote`);
  const pkg = mock.store.orders.getConsignment(reference)?.Packages[0]?.Reference as string;
  return { reference, pkg };
}

describe('area A mock: customs documents', () => {
  it('serves the invoice and a CN22 per package for a low-value international consignment', async () => {
    const { reference, pkg } = await toFrance(24);
    const { body } = await api.ok('GET', `/consignments/docs/${reference}`);
    expect(body.CommercialInvoiceDocuments).toEqual([{ Key: `INV_${reference}`, Value: expect.any(String) }]);
    expect(body.CN22Documents).toEqual([{ Key: `CN22_${pkg}`, Value: expect.any(String) }]);
    expect(body.CN23Documents).toBeNull();
    expect(decodePdf(body.CN22Documents[0].Value).length).toBeGreaterThan(100);
    const single = await api.ok('GET', `/consignments/docs/CN22/${reference}/${pkg}`);
    expect(typeof single.body).toBe('string');
    expectAreaAError(
      await api.call('GET', `/consignments/docs/CN23/${reference}/${pkg}`),
      404,
      'CustomsDocumentNotGenerated',
    );
  });

  it('serves CN23s above 270 GBP', async () => {
    const { reference, pkg } = await toFrance(400);
    const { body } = await api.ok('GET', `/consignments/docs/${reference}`);
    expect(body.CN22Documents).toBeNull();
    expect(body.CN23Documents).toHaveLength(1);
    expect((await api.call('GET', `/consignments/docs/CN23/${reference}/${pkg}`)).status).toBe(200);
    expectAreaAError(
      await api.call('GET', `/consignments/docs/CN23/${reference}/EP-999-999-999`),
      404,
      'PackageNotFound',
    );
  });

  it('serves nothing for a domestic consignment, or one not allocated', async () => {
    const domestic = await api.allocated();
    expectAreaAError(
      await api.call('GET', `/consignments/docs/${domestic}`),
      400,
      'NoCustomsDocumentsRequired',
    );
    const pkg = mock.store.orders.getConsignment(domestic)?.Packages[0]?.Reference;
    expectAreaAError(
      await api.call('GET', `/consignments/docs/CN22/${domestic}/${pkg}`),
      400,
      'NoCustomsDocumentsRequired',
    );
    const unallocated = await api.consignment({ Addresses: [origin(), france()] });
    expectAreaAError(
      await api.call('GET', `/consignments/docs/${unallocated}`),
      400,
      'ConsignmentNotAllocated',
    );
  });
});
