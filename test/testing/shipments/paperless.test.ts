import { describe, expect, it } from 'vitest';
import { call, createShipment, useLifecycleMock } from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

const invoice = {
  file_content: btoa('%PDF-1.4 invoice'),
  file_format: 'pdf',
  document_type: 'commercial_invoice',
  usage: 'electronic_trade',
};

describe('paperless documents', () => {
  it('are stored before allocation, read back, listed on the shipment, and sent to the carrier at allocation', async () => {
    const reference = await createShipment(mock);
    const added = await call(mock, 'POST', `/documents/paperless/${reference}`, invoice);
    expect(added.status).toBe(202);
    const document = added.body.reference;
    expect(document).toMatch(/^pd_[0-9]{32}$/);
    const read = await call(mock, 'GET', `/documents/paperless/${document}`);
    expect(read.body).toEqual({ ...invoice, expiration: null });
    const shipment = (await call(mock, 'GET', `/shipments/${reference}`)).body;
    expect(shipment.paperless_documents).toEqual([
      {
        document_reference: document,
        document_state: 'ready',
        document_type: 'commercial_invoice',
        file_format: 'pdf',
        usage: 'electronic_trade',
      },
    ]);
    const allocated = await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-24`);
    expect(allocated.body.paperless_documents).toEqual({
      sent_to_carrier: true,
      usage_type: 'electronic_only',
    });
    const late = await call(mock, 'POST', `/documents/paperless/${reference}`, invoice);
    expect(late.status).toBe(409);
    // The paperless documents file's error has no reference.
    expect(late.body).not.toHaveProperty('reference');
    expect((await call(mock, 'DELETE', `/documents/paperless/${document}`)).status).toBe(409);
  });

  it('are removable: then 410 to read, 404 to remove again, and listed as removed', async () => {
    const reference = await createShipment(mock);
    const document = (await call(mock, 'POST', `/documents/paperless/${reference}`, invoice)).body.reference;
    expect((await call(mock, 'DELETE', `/documents/paperless/${document}`)).status).toBe(202);
    const gone = await call(mock, 'GET', `/documents/paperless/${document}`);
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('resource_removed');
    expect((await call(mock, 'DELETE', `/documents/paperless/${document}`)).status).toBe(404);
    const shipment = (await call(mock, 'GET', `/shipments/${reference}`)).body;
    expect(shipment.paperless_documents[0].document_state).toBe('removed');
  });

  it('refuses an upload that breaks the file: a bad format, not Base64, a past expiry', async () => {
    const reference = await createShipment(mock);
    const bad = await call(mock, 'POST', `/documents/paperless/${reference}`, {
      ...invoice,
      file_format: 'docx',
    });
    expect(bad.status).toBe(400);
    const notBase64 = await call(mock, 'POST', `/documents/paperless/${reference}`, {
      ...invoice,
      file_content: 'not base64!',
    });
    expect(notBase64.body.details[0].property).toBe('$.file_content');
    const past = await call(mock, 'POST', `/documents/paperless/${reference}`, {
      ...invoice,
      expiration: '2020-01-01T00:00:00Z',
    });
    expect(past.body.details[0].property).toBe('$.expiration');
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.paperless_documents).toEqual([]);
  });
});
