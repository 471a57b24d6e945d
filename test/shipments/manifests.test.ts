import { describe, expect, it } from 'vitest';
import { NotFoundError, OutcomeUnknownError, RequestValidationError } from '../../src/index.js';
import { areaBError, carrier, json, ref, reset, SG, SP, SP2, shipmentAnswer, stubbedClient } from './stub.js';

const MA = ref('ma', 20);
const manifestResponse = {
  manifest_results: [
    { reference: MA, carrier, message: 'queued', state: 'manifesting', shipment_count: 2, _links: [] },
  ],
};

describe('manifests', () => {
  it('sends one shipment, a list, and a group (older file) to their routes and reads the 202', async () => {
    const { client, requests } = stubbedClient(() => json(202, manifestResponse));
    await client.manifests.manifest(SP);
    await client.manifests.manifestMany([SP, SP2]);
    const response = await client.groups.manifest(SG);
    expect(response.manifest_results[0]?.state).toBe('manifesting');
    expect(requests.map(({ method, path, body }) => `${method} ${path} ${body}`)).toEqual([
      `PUT shipments/${SP}/manifest `,
      `PUT shipments/manifest ${JSON.stringify({ shipments: [SP, SP2] })}`,
      `POST shipment_groups/${SG}/manifest `,
    ]);
  });

  it('refuses an empty list, and an answer with no manifest result', async () => {
    const { client } = stubbedClient(() => json(202, { manifest_results: [] }));
    await expect(client.manifests.manifestMany([])).rejects.toBeInstanceOf(RequestValidationError);
    await expect(client.manifests.manifest(SP)).rejects.toThrow(/manifest_results/);
  });

  it('reads a manifest by its ma_ reference', async () => {
    const manifest = { reference: MA, shipments: [SP, SP2], created: '2026-01-06T17:00:00.1234567+00:00' };
    const { client, requests } = stubbedClient(() => json(200, manifest));
    expect(await client.manifests.get(MA)).toEqual(manifest);
    expect(requests[0]).toMatchObject({ method: 'GET', path: `shipments/manifests/${MA}` });
    await expect(client.manifests.get('EC-1' as never)).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('reads an unknown manifest as NotFoundError', async () => {
    const { client } = stubbedClient(() => json(404, areaBError('resource_not_found')));
    await expect(client.manifests.get(MA)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reconciles a lost group manifest through the group's members", async () => {
    const { client } = stubbedClient((request) => {
      if (request.method === 'POST') return reset();
      if (request.url.includes('shipment_groups')) {
        return json(200, {
          reference: SG,
          shipments: [SP, SP2],
          state: 'locked',
          created: '2026-01-06T10:00:00Z',
        });
      }
      const reference = request.url.split('/').pop()!;
      return json(200, shipmentAnswer(reference === SP ? 'manifesting' : 'allocated', reference));
    });
    const error = await client.groups.manifest(SG).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'manifesting', done: true },
      { reference: SP2, state: 'allocated', done: false },
    ]);
  });
});
