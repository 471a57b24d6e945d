import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  InternalServerError,
  OutcomeUnknownError,
  RequestValidationError,
  ShipmentAllocationError,
} from '../../src/index.js';
import {
  allocateResult,
  areaBError,
  json,
  link,
  ref,
  reset,
  resourceResult,
  SP,
  SP2,
  shipmentAnswer,
  stubbedClient,
} from './stub.js';

const QU = ref('qu', 10);

describe('single allocations', () => {
  it('sends each variant to its path of the files, with no body, and reads the AllocateResult', async () => {
    const { client, requests } = stubbedClient(() => json(200, allocateResult()));
    await client.allocation.allocate(SP);
    await client.allocation.allocateWithQuote(SP, QU);
    await client.allocation.allocateWithCarrierService(SP, 'FF_LINET-00001');
    await client.allocation.allocateWithServiceGroup(SP, 'valuableGoods');
    const result = await client.allocation.allocateWithVirtualService(SP, 'DPD-NEXTDAY');
    expect(result.state).toBe('allocated');
    expect(result.tracking_details?.shipment.tracking_references).toEqual(['15501234567890']);
    expect(requests.map(({ method, path, body }) => `${method} ${path}${body}`)).toEqual([
      `PUT shipments/${SP}/allocate`,
      `PUT shipments/${SP}/allocate/quote/${QU}`,
      `PUT shipments/${SP}/allocate/service/FF_LINET-00001`,
      `PUT shipments/${SP}/allocate/service_group/valuableGoods`,
      `PUT shipments/${SP}/allocate/virtual_service/DPD-NEXTDAY`,
    ]);
  });

  it('returns a 2xx that says allocation_failed as it is (decide on state), and a 202 allocating', async () => {
    const { client } = stubbedClient((_, index) =>
      index === 0
        ? json(200, allocateResult(SP, 'allocation_failed'))
        : json(202, allocateResult(SP, 'allocating')),
    );
    expect((await client.allocation.allocateWithCarrierService(SP, 'DPD-NEXTDAY')).state).toBe(
      'allocation_failed',
    );
    expect((await client.allocation.allocateWithCarrierService(SP, 'DPD-NEXTDAY')).state).toBe('allocating');
  });

  it("refuses the quote result's qc_ reference before sending: only a qu_ allocates", async () => {
    const { client, requests } = stubbedClient(() => json(200, allocateResult()));
    await expect(client.allocation.allocateWithQuote(SP, ref('qc', 9) as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(requests).toHaveLength(0);
  });

  it('reads 521 as a ShipmentAllocationError carrying the body, not a 5xx, sent once', async () => {
    const { client, requests } = stubbedClient(() => json(521, areaBError('carrier_service_not_found')));
    const error = await client.allocation
      .allocateWithCarrierService(SP, 'NOPE')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShipmentAllocationError);
    expect(error).not.toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 521, code: 'carrier_service_not_found', shipments: [SP] });
    expect(requests).toHaveLength(1);
  });

  it("settles a lost allocation by the shipment's state", async () => {
    let state = 'unallocated';
    const { client, requests } = stubbedClient((request) =>
      request.method === 'PUT' ? reset() : json(200, shipmentAnswer(state)),
    );
    const error = await client.allocation
      .allocateWithServiceGroup(SP, 'valuableGoods')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(requests).toHaveLength(1);
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'unallocated', done: false },
    ]);
    state = 'allocating';
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'allocating', done: true },
    ]);
  });

  it('de-allocates with DELETE /shipments/{sp}/allocation (older file)', async () => {
    const { client, requests } = stubbedClient(() => json(200, resourceResult()));
    await client.allocation.deallocate(SP);
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: `shipments/${SP}/allocation` });
  });
});

describe('bulk allocations', () => {
  it('sends each body of the files and reads the array of AllocateResult (202)', async () => {
    const { client, requests } = stubbedClient(() => json(202, [allocateResult(SP, 'allocating')]));
    await client.allocation.allocateMany([SP]);
    await client.allocation.allocateManyWithCarrierService([SP], 'DPD-NEXTDAY');
    const results = await client.allocation.allocateManyWithServiceGroup([SP], 'valuableGoods');
    expect(results[0]?.state).toBe('allocating');
    expect(requests.map(({ method, path, body }) => [method, path, JSON.parse(body)])).toEqual([
      ['PUT', 'shipments/allocate', { shipments: [SP] }],
      ['PUT', 'shipments/allocate/service', { shipments: [SP], carrier_service_reference: 'DPD-NEXTDAY' }],
      ['PUT', 'shipments/allocate/service_group', { shipments: [SP], service_group: 'valuableGoods' }],
    ]);
  });

  it('refuses no shipment or more than 100 before sending', async () => {
    const { client, requests } = stubbedClient(() => json(202, []));
    await expect(client.allocation.allocateMany([])).rejects.toBeInstanceOf(RequestValidationError);
    const many = Array.from({ length: 101 }, (_, i) => ref('sp', i + 1));
    await expect(client.allocation.allocateMany(many)).rejects.toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
  });

  it('reads a 207 of the carrier service route as its results', async () => {
    const body = [allocateResult(SP, 'allocating'), allocateResult(SP2, 'allocation_failed')];
    const { client } = stubbedClient(() => json(207, body));
    const results = await client.allocation.allocateManyWithCarrierService([SP, SP2], 'DPD-NEXTDAY');
    expect(results.map((result) => result.state)).toEqual(['allocating', 'allocation_failed']);
  });

  it("reads the service group route's 407 (results in the body) as the partial success it is", async () => {
    const body = [allocateResult(SP, 'allocating'), allocateResult(SP2, 'allocation_failed')];
    const { client } = stubbedClient(() => json(407, body));
    const results = await client.allocation.allocateManyWithServiceGroup([SP, SP2], 'valuableGoods');
    expect(results.map((result) => result.shipment_reference)).toEqual([SP, SP2]);
  });

  it("keeps the default-rules route's 407 (an error body) an ApiError with that body", async () => {
    const { client } = stubbedClient(() => json(407, areaBError('partial_allocation')));
    const error = await client.allocation.allocateMany([SP, SP2]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 407, code: 'partial_allocation' });
  });

  it('sends the filters and reads AllocateWithFiltersResult', async () => {
    const answer = { reference: ref('al', 5), message: 'queued', shipments: [link('shipment', SP)] };
    const { client, requests } = stubbedClient(() => json(202, answer));
    const filters = { direction: 'outbound', tags: ['fragile'], pickup: null, drop_off: true };
    expect(await client.allocation.allocateManyWithFilters([SP], filters)).toEqual(answer);
    expect(JSON.parse(requests[0]!.body)).toEqual({ shipments: [SP], filters });
    await expect(
      client.allocation.allocateManyWithFilters([SP], { direction: 'outbound', 'drop-off': true } as never),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('names every shipment of a lost bulk allocation, and reconciles each', async () => {
    const { client } = stubbedClient((request) =>
      request.method === 'PUT'
        ? reset()
        : json(
            200,
            shipmentAnswer(
              request.url.includes(SP) ? 'allocated' : 'unallocated',
              request.url.split('/').pop(),
            ),
          ),
    );
    const error = await client.allocation.allocateMany([SP, SP2]).catch((caught: unknown) => caught);
    expect((error as OutcomeUnknownError).references).toEqual([SP, SP2]);
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'allocated', done: true },
      { reference: SP2, state: 'unallocated', done: false },
    ]);
  });

  it('reads a 400 as BadRequestError', async () => {
    const { client } = stubbedClient(() => json(400, areaBError('invalid_state_for_operation')));
    await expect(client.allocation.allocate(SP)).rejects.toBeInstanceOf(BadRequestError);
  });
});
