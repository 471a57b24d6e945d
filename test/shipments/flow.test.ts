import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  decodeDocument,
  NotFoundError,
  OutcomeUnknownError,
  RequestValidationError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { useMockService } from '../support/mock-service.js';
import { newShipment } from './stub.js';

// The area B lifecycle through the public API, against the mock (built from the same vendor files by
// another hand): create, quote, allocate, labels, group, collection note, manifest, track, cancel.

const { mock } = useMockService();
const client = () => new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 1 });

async function created(shipments = client()): Promise<ShipmentReference> {
  const { reference } = await shipments.create(newShipment());
  expect(reference).toMatch(/^sp_\d{32}$/);
  return reference as ShipmentReference;
}

describe('the area B lifecycle against the mock', () => {
  it('creates an unallocated shipment without labels, as sent', async () => {
    const shipments = client();
    const sp = await created(shipments);
    const shipment = await shipments.get(sp);
    expect(shipment.state).toBe('unallocated');
    expect(shipment.custom_reference).toBe('ORDER-1001');
    expect(shipment.contents[0]?.reference).toMatch(/^sc_/);
    expect(shipment.allocation ?? null).toBeNull();
    await expect(shipments.labels.get(sp, { format: 'PDF' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('quotes a shipment, allocates it with a quote, and then has labels and tracking numbers', async () => {
    const shipments = client();
    const sp = await created(shipments);
    const { quotes } = await shipments.quotes.getForShipment(sp);
    const quote = quotes?.[0];
    expect(quote?.reference).toMatch(/^qu_/);
    expect(quote?.shipment_reference).toBe(sp);
    const allocated = await shipments.allocation.allocateWithQuote(sp, quote!.reference as `qu_${string}`);
    expect(allocated.state).toBe('allocated');
    expect(allocated.carrier?.service_reference).toBe(quote!.carrier.service_reference);
    expect(allocated.tracking_details?.shipment.tracking_references?.length).toBeGreaterThan(0);
    expect((await shipments.get(sp)).state).toBe('allocated');
    const [label] = await shipments.labels.get(sp, { format: 'PDF' });
    expect(decodeDocument(label).extension).toBe('.pdf');
  });

  it('quotes a shipment that does not exist yet without creating one', async () => {
    const result = await client().quotes.create(newShipment());
    expect(result.quotes?.length).toBeGreaterThan(0);
  });

  it('allocates by carrier service, service group, virtual service and in bulk', async () => {
    const shipments = client();
    const [a, b, c, d, e] = [
      await created(),
      await created(),
      await created(),
      await created(),
      await created(),
    ];
    expect(
      (await shipments.allocation.allocateWithCarrierService(a, 'MOCK-24')).carrier?.service_reference,
    ).toBe('MOCK-24');
    expect((await shipments.allocation.allocateWithServiceGroup(b, 'domestic')).state).toBe('allocated');
    expect((await shipments.allocation.allocateWithVirtualService(c, 'MOCK-48')).state).toBe('allocated');
    const queued = await shipments.allocation.allocateMany([d, e]);
    expect(queued.map((result) => result.shipment_reference).sort()).toEqual([d, e].sort());
  });

  it('refuses to allocate an allocated shipment again', async () => {
    const shipments = client();
    const sp = await created(shipments);
    await shipments.allocation.allocateWithCarrierService(sp, 'MOCK-24');
    await expect(shipments.allocation.allocateWithCarrierService(sp, 'MOCK-24')).rejects.toMatchObject({
      status: expect.any(Number),
    });
  });

  it('groups allocated shipments, gives a locked group a collection note, manifests and tracks', async () => {
    const shipments = client();
    const sp = await created(shipments);
    await shipments.allocation.allocateWithCarrierService(sp, 'MOCK-24');
    const group = await shipments.groups.create({ custom_reference: 'evening-run', shipments: [sp] });
    const sg = group.reference as `sg_${string}`;
    await shipments.groups.lock(sg);
    const note = await shipments.documents.getCollectionNote({ reference: sg });
    expect(note.document_type).toBe('collection_note');
    expect(decodeDocument(note).bytes.length).toBeGreaterThan(0);
    const latest = await shipments.documents.getCollectionNote({
      customReference: 'evening-run',
      version: 'latest',
    });
    expect(latest.document_type).toBe('collection_note');
    const { manifest_results } = await shipments.manifests.manifest(sp);
    const manifest = manifest_results[0]!;
    expect(['manifesting', 'manifested']).toContain(manifest.state);
    const read = await shipments.manifests.get(manifest.reference as `ma_${string}`);
    expect(read.shipments).toContain(sp);
    const tracking = await shipments.tracking.get(sp);
    expect(tracking.shipment_reference).toBe(sp);
    expect(tracking.carrier_references.length).toBeGreaterThan(0);
  });

  it('cancels before manifesting, refuses to cancel after, and deletes only a cancelled shipment', async () => {
    const shipments = client();
    const sp = await created(shipments);
    await expect(shipments.delete(sp)).rejects.toMatchObject({ status: 400 });
    await shipments.cancel(sp);
    expect(['cancelling', 'cancelled']).toContain((await shipments.get(sp)).state);
    await shipments.delete(sp);
    await expect(shipments.get(sp)).rejects.toBeInstanceOf(NotFoundError);

    const manifested = await created(shipments);
    await shipments.allocation.allocateWithCarrierService(manifested, 'MOCK-24');
    await shipments.manifests.manifestMany([manifested]);
    await expect(shipments.cancel(manifested)).rejects.toBeInstanceOf(ConflictError);
  });

  it('stores paperless documents before allocation, reads and removes them', async () => {
    const shipments = client();
    const sp = await created(shipments);
    const document = {
      file_content: Buffer.from('%PDF-1.4 invoice').toString('base64'),
      file_format: 'pdf',
      document_type: 'commercial_invoice',
      usage: 'electronic_trade',
    };
    const added = await shipments.documents.paperless.add(sp, document);
    const pd = added.reference as `pd_${string}`;
    expect(pd).toMatch(/^pd_/);
    const read = await shipments.documents.paperless.get(pd);
    expect(read.document.file_content).toBe(document.file_content);
    await shipments.documents.paperless.remove(pd);
    await expect(shipments.documents.paperless.get(pd)).rejects.toMatchObject({ status: expect.any(Number) });
  });

  it('changes a state by hand with a reason, and reconciles a lost cancel by reading the state', async () => {
    const shipments = client();
    const sp = await created(shipments);
    await shipments.allocation.allocateWithCarrierService(sp, 'MOCK-24');
    await shipments.changeState({
      reference: sp,
      state: 'ready_to_ship',
      reason: 'packed and waiting',
    });
    expect((await shipments.get(sp)).state).toBe('ready_to_ship');

    mock.failNext('cancelShipment', { network: 'drop-after' });
    const error = await shipments.cancel(sp).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const [settled] = await shipments.reconcile(error as OutcomeUnknownError);
    expect(settled).toMatchObject({ reference: sp, done: true });
    expect(['cancelling', 'cancelled']).toContain(settled?.state);

    const untouched = await created(shipments);
    mock.failNext('allocateShipmentWithCarrierService', { network: 'drop-before' });
    const lost = await shipments.allocation
      .allocateWithCarrierService(untouched, 'MOCK-24')
      .catch((caught: unknown) => caught);
    expect(await shipments.reconcile(lost as OutcomeUnknownError)).toEqual([
      { reference: untouched, state: 'unallocated', done: false },
    ]);
  });

  it('refuses a state change without a reason before anything is sent', async () => {
    await expect(
      client().changeState({
        reference: 'sp_1' as ShipmentReference,
        state: 'delivered',
        reason: 'x',
      }),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });
});

describe("the older file's routes and the remaining variants against the mock", () => {
  it('updates an unallocated shipment as a whole, and counts shipments by state', async () => {
    const shipments = client();
    const sp = await created(shipments);
    await shipments.update({ ...newShipment(), reference: sp, custom_reference: 'ORDER-1002' });
    expect((await shipments.get(sp)).custom_reference).toBe('ORDER-1002');
    const { shipment_states } = await shipments.getStateCounts();
    expect(shipment_states?.find((line) => line.state === 'unallocated')?.count).toBeGreaterThanOrEqual(1);
  });

  it('quotes within a service group, allocates by default rules, and de-allocates', async () => {
    const shipments = client();
    const quoted = await shipments.quotes.createForServiceGroup('domestic', newShipment());
    const services = ['MOCK-48', 'MOCK-24', 'MOCK-EXPRESS'];
    for (const quote of quoted.quotes ?? []) expect(services).toContain(quote.carrier.service_reference);
    const sp = await created(shipments);
    expect((await shipments.allocation.allocate(sp)).state).toBe('allocated');
    await shipments.allocation.deallocate(sp);
    expect((await shipments.get(sp)).state).toBe('unallocated');
  });

  it('allocates lists by carrier service, by service group and with filters', async () => {
    const shipments = client();
    const [a, b, c] = [await created(), await created(), await created()];
    const byService = await shipments.allocation.allocateManyWithCarrierService([a], 'MOCK-24');
    expect(byService[0]?.shipment_reference).toBe(a);
    const byGroup = await shipments.allocation.allocateManyWithServiceGroup([b], 'domestic');
    expect(byGroup[0]?.shipment_reference).toBe(b);
    const filtered = await shipments.allocation.allocateManyWithFilters([c], { direction: 'outbound' });
    expect(filtered.message).toBeTruthy();
  });

  it("manifests a group's members and reads its collection note by version", async () => {
    const shipments = client();
    const sp = await created(shipments);
    await shipments.allocation.allocateWithCarrierService(sp, 'MOCK-24');
    const group = await shipments.groups.create({ custom_reference: 'night-run', shipments: [sp] });
    const sg = group.reference as `sg_${string}`;
    await shipments.groups.lock(sg);
    const version = (await shipments.groups.get(sg)).version ?? 1;
    const note = await shipments.documents.getCollectionNote({ customReference: 'night-run', version });
    expect(note.document_type).toBe('collection_note');
    const { manifest_results } = await shipments.groups.manifest(sg);
    expect(manifest_results.length).toBeGreaterThan(0);
    expect(['manifesting', 'manifested']).toContain((await shipments.get(sp)).state);
  });
});
