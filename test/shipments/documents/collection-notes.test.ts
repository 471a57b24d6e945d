import { describe, expect, it } from 'vitest';
import { BadRequestError, decodeDocument, RequestValidationError } from '../../../src/index.js';
import { areaBError, json, SG, stubbedClient } from '../stub.js';

const note = {
  file: Buffer.from('%PDF-1.4\n%collection note\n%%EOF').toString('base64'),
  content_type: 'application/pdf',
  document_type: 'collection_note',
  dpi: null,
};

describe('getCollectionNote', () => {
  it('sends each selector to its route of the file: by reference, by version, and latest', async () => {
    const { client, requests } = stubbedClient(() => json(200, note));
    await client.documents.getCollectionNote({ reference: SG });
    await client.documents.getCollectionNote({ customReference: 'evening-run', version: 2 });
    await client.documents.getCollectionNote({ customReference: 'evening-run', version: 'latest' });
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET collection_notes/shipment_group/${SG}`,
      'GET collection_notes/shipment_group/custom_reference/evening-run/2',
      'GET collection_notes/shipment_group/custom_reference/evening-run/latest',
    ]);
  });

  it('reads a note whose dpi is null, which decodeDocument takes', async () => {
    const { client } = stubbedClient(() => json(200, note));
    const read = await client.documents.getCollectionNote({ reference: SG });
    expect(read.dpi).toBeNull();
    expect(decodeDocument(read).extension).toBe('.pdf');
  });

  it('refuses a malformed selector before sending', async () => {
    const { client, requests } = stubbedClient(() => json(200, note));
    await expect(
      client.documents.getCollectionNote({ customReference: 'evening-run', version: 0 }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
  });

  it("reads a 400 with the collection notes file's error (no reference) as BadRequestError", async () => {
    const { reference, ...error } = areaBError('invalid_state_for_operation');
    const { client } = stubbedClient(() => json(400, error));
    await expect(client.documents.getCollectionNote({ reference: SG })).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
});
