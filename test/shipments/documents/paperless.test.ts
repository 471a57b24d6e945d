import { describe, expect, it } from 'vitest';
import { ApiError, ConflictError, OutcomeUnknownError, RequestValidationError } from '../../../src/index.js';
import { areaBError, json, ref, reset, resourceResult, SP, stubbedClient } from '../stub.js';

const PD = ref('pd', 30);
const document = {
  file_content: Buffer.from('%PDF-1.4 invoice').toString('base64'),
  file_format: 'pdf',
  document_type: 'commercial_invoice',
  usage: 'electronic_trade',
};

describe('paperless documents', () => {
  it('adds one with POST /documents/paperless/{sp} and reads the 202 with its pd_', async () => {
    const { client, requests } = stubbedClient(() => json(202, resourceResult(PD)));
    expect((await client.documents.paperless.add(SP, document)).reference).toBe(PD);
    expect(requests[0]).toMatchObject({ method: 'POST', path: `documents/paperless/${SP}` });
    expect(JSON.parse(requests[0]!.body)).toEqual(document);
  });

  it('refuses an expiration that is not the date-time the file requires, before sending', async () => {
    const { client, requests } = stubbedClient(() => json(202, resourceResult(PD)));
    await expect(
      client.documents.paperless.add(SP, { ...document, expiration: 'tomorrow' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
    await client.documents.paperless.add(SP, { ...document, expiration: '2027-01-31T00:00:00+00:00' });
    expect(requests).toHaveLength(1);
  });

  it('refuses a format that is not 3 characters, or a missing usage, before sending', async () => {
    const { client, requests } = stubbedClient(() => json(202, resourceResult(PD)));
    await expect(
      client.documents.paperless.add(SP, { ...document, file_format: 'jpeg' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    const { usage, ...noUsage } = document;
    await expect(client.documents.paperless.add(SP, noUsage as never)).rejects.toThrow(/usage/);
    expect(requests).toHaveLength(0);
  });

  it("reads 409 (already allocated) as ConflictError, with the paperless file's error (no reference)", async () => {
    const { reference, ...error } = areaBError('invalid_state_for_operation');
    const { client } = stubbedClient(() => json(409, error));
    await expect(client.documents.paperless.add(SP, document)).rejects.toBeInstanceOf(ConflictError);
  });

  it('does not add twice after a lost answer, and says how to check instead', async () => {
    const { client, requests } = stubbedClient(() => reset());
    const error = await client.documents.paperless.add(SP, document).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(requests).toHaveLength(1);
    expect((error as Error).message).toMatch(/paperless_documents/);
    await expect(client.reconcile(error as OutcomeUnknownError)).rejects.toThrow(/paperless_documents/);
  });

  it('refuses a reference that is not a pd_, or could change the path, before sending', async () => {
    const { client, requests } = stubbedClient(() => json(200, document));
    for (const reference of [ref('sp', 30), 'pd_../x', 'pd_'])
      await expect(client.documents.paperless.get(reference as never)).rejects.toThrow(
        /expected a paperless document reference \(pd_…\)/,
      );
    await expect(client.documents.paperless.remove('pd_a/b' as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(requests).toHaveLength(0);
  });

  it('tells a document still being processed (221) from a ready one (200)', async () => {
    const { client, requests } = stubbedClient((_, index) => json(index === 0 ? 221 : 200, document));
    expect(await client.documents.paperless.get(PD)).toEqual({ document, processing: true });
    expect(await client.documents.paperless.get(PD)).toEqual({ document, processing: false });
    expect(requests[0]).toMatchObject({ method: 'GET', path: `documents/paperless/${PD}` });
  });

  it("still runs the caller's own onResponse hook", async () => {
    const { client } = stubbedClient(() => json(200, document));
    const statuses: number[] = [];
    await client.documents.paperless.get(PD, {
      hooks: { onResponse: (event) => statuses.push(event.status) },
    });
    expect(statuses).toEqual([200]);
  });

  it('reads 410 (removed) as an ApiError with its code', async () => {
    const { client } = stubbedClient(() => json(410, areaBError('resource_removed')));
    await expect(client.documents.paperless.get(PD)).rejects.toMatchObject({
      status: 410,
      code: 'resource_removed',
    });
    await expect(client.documents.paperless.get(PD)).rejects.toBeInstanceOf(ApiError);
  });

  it('removes with DELETE, and reads a retry that meets 410 after a lost answer as removed', async () => {
    const { client, requests } = stubbedClient((_, index) =>
      index === 0 ? reset() : json(410, areaBError('resource_removed')),
    );
    expect(await client.documents.paperless.remove(PD)).toEqual({ reference: PD });
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `DELETE documents/paperless/${PD}`,
      `DELETE documents/paperless/${PD}`,
    ]);
  });

  it('keeps a first 404 to remove an error: nothing was lost', async () => {
    const { client } = stubbedClient(() => json(404, areaBError('resource_not_found')));
    await expect(client.documents.paperless.remove(PD)).rejects.toMatchObject({ status: 404 });
  });
});
