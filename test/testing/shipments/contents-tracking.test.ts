import { describe, expect, it } from 'vitest';
import { call, createShipment, useLifecycleMock } from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

const item = (custom_reference: string, description = 'Trainers') => ({
  description,
  custom_reference,
  quantity: 1,
  weight: { value: 1.2, unit: 'kg' },
  value: { amount: 59, currency: 'GBP' },
});

async function allocated(overrides: Record<string, unknown> = {}) {
  const reference = await createShipment(mock, overrides);
  const answer = await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-24`);
  if (answer.status !== 200) throw new Error(`allocation answered ${answer.status}`);
  return reference;
}

describe('Get Contents-Level Tracking Events (GET /tracking/{ref}/shipment_contents)', () => {
  it("answers one entry per contents item, with the item's carrier number and the shipment's events", async () => {
    const reference = await allocated({ contents: [item('LINE-1'), item('LINE-2', 'Socks')] });
    await call(mock, 'PUT', `/shipments/${reference}/manifest`);
    const answer = await call(mock, 'GET', `/tracking/${reference}/shipment_contents`);
    expect(answer.status).toBe(200);
    const shipment = (await call(mock, 'GET', `/shipments/${reference}`)).body;
    const numbers = shipment.allocation.tracking_details.contents.map(
      (entry: { tracking_references: string[] }) => entry.tracking_references[0],
    );
    expect(answer.body).toMatchObject({
      shipment_reference: reference,
      custom_reference: 'ORDER-1001',
      carrier: { reference: 'MOCKPOST', service_reference: 'MOCK-24' },
    });
    expect(answer.body.shipment_contents).toHaveLength(2);
    expect(
      answer.body.shipment_contents.map((entry: { custom_reference: string }) => entry.custom_reference),
    ).toEqual(['LINE-1', 'LINE-2']);
    expect(
      answer.body.shipment_contents.map(
        (entry: { carrier_references: string[] }) => entry.carrier_references[0],
      ),
    ).toEqual(numbers);
    expect(answer.body.shipment_contents[0].reference).toMatch(/^sc_/);
    expect(answer.body.shipment_contents[0].events).toHaveLength(1);
  });

  it('has nothing before allocation: 404 tracking_not_found in the tracking error shape', async () => {
    const reference = await createShipment(mock);
    const answer = await call(mock, 'GET', `/tracking/${reference}/shipment_contents`);
    expect(answer.status).toBe(404);
    expect(answer.body.details[0].code).toBe('tracking_not_found');
    expect(answer.body.reference).toMatch(/^er_/);
  });
});

describe('the reads by custom reference', () => {
  it('GET /tracking/custom_reference/{cr}: every tracked shipment with it, paged by take and skip', async () => {
    const shipments = [];
    for (let index = 0; index < 3; index += 1)
      shipments.push(await allocated({ custom_reference: 'EVENING RUN' }));
    await allocated({ custom_reference: 'OTHER' });
    await createShipment(mock, { custom_reference: 'EVENING RUN' });
    const first = await call(mock, 'GET', '/tracking/custom_reference/EVENING%20RUN?take=2&skip=0');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_results: 3, take: 2, skip: 0 });
    const second = await call(mock, 'GET', '/tracking/custom_reference/EVENING%20RUN?take=2&skip=2');
    const read = [...first.body.tracking_responses, ...second.body.tracking_responses].map(
      (entry: { shipment_reference: string }) => entry.shipment_reference,
    );
    expect(read).toEqual(shipments);
    expect(first.body.tracking_responses[0]).toMatchObject({
      custom_reference: 'EVENING RUN',
      carrier: { reference: 'MOCKPOST' },
    });
  });

  it('defaults to take 10 and skip 0, refuses take over 10, and answers 404 when nothing is tracked', async () => {
    await allocated();
    const answer = await call(mock, 'GET', '/tracking/custom_reference/ORDER-1001');
    expect(answer.body).toMatchObject({ total_results: 1, take: 10, skip: 0 });
    const tooMany = await call(mock, 'GET', '/tracking/custom_reference/ORDER-1001?take=11');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0].property).toBe('take');
    const none = await call(mock, 'GET', '/tracking/custom_reference/NOBODY');
    expect(none.status).toBe(404);
    expect(none.body.details[0].code).toBe('tracking_not_found');
  });

  it("GET /tracking/custom_reference/{cr}/shipment_contents: by the items' custom reference, those items only", async () => {
    const reference = await allocated({ contents: [item('SKU-RED'), item('SKU-BLUE', 'Socks')] });
    const answer = await call(mock, 'GET', '/tracking/custom_reference/SKU-BLUE/shipment_contents');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total_results: 1, take: 10, skip: 0 });
    const [tracked] = answer.body.tracking_contents_responses;
    expect(tracked.shipment_reference).toBe(reference);
    expect(
      tracked.shipment_contents.map((entry: { custom_reference: string }) => entry.custom_reference),
    ).toEqual(['SKU-BLUE']);
    // The shipment's own custom reference is not the items'.
    expect((await call(mock, 'GET', '/tracking/custom_reference/ORDER-1001/shipment_contents')).status).toBe(
      404,
    );
  });
});
