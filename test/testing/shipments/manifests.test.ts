import { describe, expect, it } from 'vitest';
import {
  allocatedShipment,
  call,
  createShipment,
  useLifecycleMock,
} from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

describe('manifesting', () => {
  it('queues one shipment (202, manifesting), which is manifested on the next read; Get Manifest lists it', async () => {
    const reference = await allocatedShipment(mock);
    const answer = await call(mock, 'PUT', `/shipments/${reference}/manifest`);
    expect(answer.status).toBe(202);
    const [result] = answer.body.manifest_results;
    expect(result).toMatchObject({
      state: 'manifesting',
      shipment_count: 1,
      carrier: { reference: 'MOCKPOST' },
    });
    expect(result.reference).toMatch(/^ma_[0-9]{32}$/);
    expect((await call(mock, 'GET', `/shipments/${reference}`)).body.state).toBe('manifested');
    const manifest = await call(mock, 'GET', `/shipments/manifests/${result.reference}`);
    expect(manifest.body).toEqual({
      reference: result.reference,
      shipments: [reference],
      created: expect.any(String),
    });
    // Labels stay available after manifesting.
    expect((await call(mock, 'GET', `/labels/${reference}/zpl/203`)).status).toBe(200);
  });

  it('makes one manifest per carrier for a list, and refuses the whole list when one cannot be manifested', async () => {
    const post = await allocatedShipment(mock, 'MOCK-24');
    const express = await allocatedShipment(mock, 'MOCK-EXPRESS');
    const unallocated = await createShipment(mock);
    const refused = await call(mock, 'PUT', '/shipments/manifest', { shipments: [post, unallocated] });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toMatchObject({
      property: '$.shipments[1]',
      code: 'invalid_state_for_operation',
    });
    expect((await call(mock, 'GET', `/shipments/${post}`)).body.state).toBe('allocated');
    const unknown = await call(mock, 'PUT', '/shipments/manifest', {
      shipments: ['sp_99999999999999999999999999999999'],
    });
    expect(unknown.status).toBe(404);

    const answer = await call(mock, 'PUT', '/shipments/manifest', { shipments: [post, express] });
    expect(answer.status).toBe(202);
    expect(
      answer.body.manifest_results.map(
        (result: { carrier: { reference: string } }) => result.carrier.reference,
      ),
    ).toEqual(['MOCKPOST', 'MOCKEXP']);
    const again = await call(mock, 'PUT', `/shipments/${post}/manifest`);
    expect(again.status).toBe(400);
  });

  it('manifests a group (older file): its members not manifested yet, and the group keeps its members and rules', async () => {
    const first = await allocatedShipment(mock);
    const second = await allocatedShipment(mock);
    const group = (
      await call(mock, 'POST', '/shipment_groups', {
        custom_reference: 'evening-run',
        shipments: [first, second],
      })
    ).body.reference;
    await call(mock, 'PUT', `/shipments/${first}/manifest`);
    const answer = await call(mock, 'POST', `/shipment_groups/${group}/manifest`);
    expect(answer.status).toBe(202);
    expect(answer.body.manifest_results[0].shipment_count).toBe(1);
    const manifest = await call(
      mock,
      'GET',
      `/shipments/manifests/${answer.body.manifest_results[0].reference}`,
    );
    expect(manifest.body.shipments).toEqual([second]);

    const read = await call(mock, 'GET', `/shipment_groups/${group}`);
    expect(read.body.shipments).toEqual([first, second]);
    // A manifested shipment is still in its open group: it cannot join a second one.
    const other = await call(mock, 'POST', '/shipment_groups', {
      custom_reference: 'morning-run',
      shipments: [first],
    });
    expect(other.body.errors[0].code).toBe('shipment_in_open_group');
    // Manifest Shipment Group is only in the older file, which documents its errors with no body.
    const again = await call(mock, 'POST', `/shipment_groups/${group}/manifest`);
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: undefined });
    const unknown = await call(mock, 'POST', '/shipment_groups/sg_00000000000000000000000000000404/manifest');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: undefined });
    expect((await call(mock, 'POST', `/shipment_groups/${group}/lock`)).status).toBe(200);
    expect((await call(mock, 'POST', `/shipment_groups/${group}/close`)).status).toBe(200);
  });
});
