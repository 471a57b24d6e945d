import { describe, expect, it } from 'vitest';
import { allocatedShipment, call, useLifecycleMock } from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

const text = (base64: string) => atob(base64);

describe('Get Collection Note', () => {
  it('is refused for an open group, and is a PDF listing the members once the group is locked', async () => {
    const first = await allocatedShipment(mock);
    const second = await allocatedShipment(mock);
    const group = (
      await call(mock, 'POST', '/shipment_groups', {
        custom_reference: 'evening-run',
        shipments: [first, second],
      })
    ).body.reference;

    const open = await call(mock, 'GET', `/collection_notes/shipment_group/${group}`);
    expect(open.status).toBe(400);
    expect(open.body.code).toBe('shipment_group_not_locked');
    // The collection notes file's error has no reference.
    expect(open.body).not.toHaveProperty('reference');

    await call(mock, 'POST', `/shipment_groups/${group}/lock`);
    const note = await call(mock, 'GET', `/collection_notes/shipment_group/${group}`);
    expect(note.status).toBe(200);
    expect(note.body).toEqual({
      content_type: 'application/pdf',
      document_type: 'collection_note',
      dpi: null,
      file: expect.any(String),
    });
    const pdf = text(note.body.file);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(first);
    expect(pdf).toContain(second);
  });

  it('is found by custom reference, latest or a given version; unknown ones are 404', async () => {
    const reference = await allocatedShipment(mock);
    const group = (
      await call(mock, 'POST', '/shipment_groups', {
        custom_reference: 'evening-run',
        shipments: [reference],
      })
    ).body;
    await call(mock, 'POST', `/shipment_groups/${group.reference}/lock`);
    const latest = await call(
      mock,
      'GET',
      '/collection_notes/shipment_group/custom_reference/evening-run/latest',
    );
    expect(latest.status).toBe(200);
    const versioned = await call(
      mock,
      'GET',
      `/collection_notes/shipment_group/custom_reference/evening-run/${group.version}`,
    );
    expect(versioned.body.file).toBe(latest.body.file);
    expect(
      (await call(mock, 'GET', '/collection_notes/shipment_group/custom_reference/evening-run/99')).status,
    ).toBe(404);
    expect(
      (await call(mock, 'GET', '/collection_notes/shipment_group/custom_reference/morning-run/latest'))
        .status,
    ).toBe(404);
    expect(
      (await call(mock, 'GET', '/collection_notes/shipment_group/custom_reference/evening-run/first')).status,
    ).toBe(400);
  });
});
