import { describe, expect, it } from 'vitest';
import {
  AllocationError,
  ApiError,
  type CallErrorEvent,
  InternalServerError,
  ShipmentAllocationError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { useMockService } from '../support/mock-service.js';
import { areaBError, json, newShipment, SP, stubbedClient } from './stub.js';

// A refused area B allocation (the service's 521) is a business outcome, not an outage: an AllocationError
// that says what failed and what to try, which a generic 5xx handler does not catch, sent once.

const { mock } = useMockService();

async function shipmentOf(shipments: ShipmentsClient, weightKg = 1.2): Promise<ShipmentReference> {
  const request = newShipment();
  request.contents[0]!.weight.value = weightKg;
  return (await shipments.create(request)).reference as ShipmentReference;
}

/** What a "5xx: page someone" handler would do with the error. */
const pagesSomeone = (error: unknown) =>
  error instanceof InternalServerError || (error instanceof ApiError && error.status >= 500);

describe('a refused area B allocation', () => {
  it('is an AllocationError, not an InternalServerError, when the older route answers 521 with no body', async () => {
    const requests: string[] = [];
    const shipments = new ShipmentsClient({
      apiKey: mock.apiKey,
      fetch: (input, init) => {
        const request = new Request(input, init);
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return mock.fetch(request);
      },
    });
    const anvil = await shipmentOf(shipments, 2000);
    requests.length = 0;
    const error = await shipments.allocation.allocate(anvil).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShipmentAllocationError);
    expect(error).toBeInstanceOf(AllocationError);
    expect(AllocationError.is(error)).toBe(true);
    expect(pagesSomeone(error)).toBe(false);
    expect(error).toMatchObject({
      name: 'ShipmentAllocationError',
      operation: 'allocateShipment',
      shipments: [anvil],
      status: 521,
      code: undefined,
      reasons: [],
    });
    const { message } = error as ShipmentAllocationError;
    expect(message).toContain(`shipment ${anvil} could not be allocated`);
    expect(message).toContain('the service gave no reason');
    expect(message).toContain('quotes.getForShipment');
    expect(message).not.toMatch(/failed with HTTP 521/);
    // Never retried: a second attempt would meet the same refusal.
    expect(requests).toEqual([`PUT /prosandbox/shipments/${anvil}/allocate`]);
    expect((await shipments.get(anvil)).state).toBe('allocation_failed');
  });

  it("names the service's reasons from the newer routes' error body, and suggests another service", async () => {
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    const anvil = await shipmentOf(shipments, 2000);
    const error = (await shipments.allocation
      .allocateWithCarrierService(anvil, 'MOCK-24')
      .catch((caught: unknown) => caught)) as ShipmentAllocationError;
    expect(error).toBeInstanceOf(ShipmentAllocationError);
    expect(pagesSomeone(error)).toBe(false);
    expect(error.code).toBe('allocation_failed');
    expect(error.reasons.length).toBeGreaterThan(0);
    expect(error.reasons[0]).toMatch(/^MOCK-24: /);
    expect(error.message).toContain(error.reasons[0]);
    expect(error.message).toMatch(/another carrier service or service group/);
    expect(error.correlationId).toEqual(expect.any(String));
  });

  it('is what every allocate method throws on a 521, single and bulk, and what onError hears', async () => {
    const heard: unknown[] = [];
    const shipments = new ShipmentsClient({
      apiKey: mock.apiKey,
      hooks: { onError: (event: CallErrorEvent) => heard.push(event.error) },
    });
    const anvil = await shipmentOf(shipments, 2000);
    const refusals = [
      await shipments.allocation
        .allocateWithServiceGroup(anvil, 'domestic')
        .catch((caught: unknown) => caught),
    ];
    const inbound = await shipmentOf(shipments);
    refusals.push(
      await shipments.allocation
        .allocateManyWithFilters([inbound], { direction: 'inbound' })
        .catch((caught: unknown) => caught),
    );
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(ShipmentAllocationError);
    expect((refusals[1] as ShipmentAllocationError).shipments).toEqual([inbound]);
    expect((refusals[1] as ShipmentAllocationError).message).toMatch(/Widen the filters/);
    expect(heard).toEqual(refusals);
  });

  it('reads the excluded services a 521 body carries as reasons', async () => {
    const { client, requests } = stubbedClient(() =>
      json(521, {
        ...areaBError('allocation_failed', 'Shipment could not be allocated'),
        excluded_services: [
          {
            carrier: {
              reference: 'DPD',
              name: 'DPD',
              service_reference: 'DPD-NEXTDAY',
              service_name: 'Next Day',
            },
            exclusion: { reason: 'too heavy', code: 'ex_weight' },
          },
        ],
      }),
    );
    const error = (await client.allocation
      .allocateMany([SP])
      .catch((caught: unknown) => caught)) as ShipmentAllocationError;
    expect(error).toBeInstanceOf(ShipmentAllocationError);
    expect(error.reasons).toContain('DPD-NEXTDAY: too heavy');
    expect(error.excludedServices[0]?.exclusion.code).toBe('ex_weight');
    expect(error.message).toContain('DPD-NEXTDAY: too heavy');
    expect(requests).toHaveLength(1);
  });

  it('leaves other 5xx answers to an allocation as the InternalServerError they are', async () => {
    const { client } = stubbedClient(() => json(500, areaBError('internal_error')));
    const error = await client.allocation.allocate(SP).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).not.toBeInstanceOf(AllocationError);
  });
});
