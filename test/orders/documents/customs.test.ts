import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, OrdersClient, ResponseValidationError } from '../../../src/index.js';
import { consignmentInput } from '../../support/fixtures.js';
import { useMockService } from '../../support/mock-service.js';

const { mock } = useMockService();
const orders = () => new OrdersClient({ apiKey: mock.apiKey });
const PDF = [0x25, 0x50, 0x44, 0x46];

/** An allocated consignment to Paris declaring `amount` GBP: its reference and its package's. */
async function toParis(client: OrdersClient, amount: number) {
  const [origin, destination] = consignmentInput().Addresses;
  const [pkg] = consignmentInput().Packages;
  const reference = await client.consignments.create(
    consignmentInput({
      Packages: [{ ...pkg, Value: { Amount: amount, Currency: { IsoCode: 'GBP' } } }],
      Addresses: [
        origin!,
        { ...destination!, Town: 'Paris', Postcode: '75001', Country: { IsoCode: { TwoLetterCode: 'FR' } } },
      ],
    }),
  );
  await client.allocation.allocateWithCheapestQuote(reference);
  const packageReference = (await client.consignments.get(reference)).Packages?.[0]
    ?.Reference as `EP-${string}`;
  return { reference, packageReference };
}

describe('customs documents', () => {
  it('returns the invoice and the CN22s of a low-value international consignment, each a checked PDF', async () => {
    const client = orders();
    const { reference, packageReference } = await toParis(client, 24);
    const documents = await client.documents.getAll(reference);
    expect(documents.commercialInvoices.map((document) => document.name)).toEqual([`INV_${reference}`]);
    expect(documents.cn22.map((document) => document.name)).toEqual([`CN22_${packageReference}`]);
    expect(documents.cn23).toEqual([]);
    expect([...documents.cn22[0]!.pdf.slice(0, 4)]).toEqual(PDF);
    expect([...(await client.documents.getCn22(reference, packageReference)).slice(0, 4)]).toEqual(PDF);
    await expect(client.documents.getCn23(reference, packageReference)).rejects.toThrow(NotFoundError);
  });

  it('returns CN23s above the CN22 limit', async () => {
    const client = orders();
    const { reference, packageReference } = await toParis(client, 400);
    expect((await client.documents.getAll(reference)).cn23).toHaveLength(1);
    expect([...(await client.documents.getCn23(reference, packageReference)).slice(0, 4)]).toEqual(PDF);
  });

  it('is refused for a domestic consignment', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    await client.allocation.allocateWithCheapestQuote(reference);
    await expect(client.documents.getAll(reference)).rejects.toThrow(BadRequestError);
  });

  it('refuses a document that is not a PDF', async () => {
    const client = orders().withOptions({
      fetch: async () =>
        new Response(
          JSON.stringify({ CommercialInvoiceDocuments: [{ Key: 'INV', Value: btoa('not a pdf at all') }] }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    await expect(client.documents.getAll('EC-1')).rejects.toThrow(ResponseValidationError);
  });
});
