import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConfigurationError,
  ConflictError,
  NotFoundError,
  OutcomeUnknownError,
  RequestValidationError,
  ResponseValidationError,
} from '../../src/index.js';
import {
  areaBError,
  carrier,
  json,
  newShipment,
  price,
  reset,
  resourceResult,
  SP,
  SP2,
  shipmentAnswer,
  stubbedClient,
} from './stub.js';

describe('createShipment', () => {
  it('refuses, before sending, a date that is not the date-time the file requires (with a time and an offset)', async () => {
    const { client, requests } = stubbedClient(() => json(201, resourceResult(SP)));
    for (const fields of [
      { order_date: '2026-11-25' },
      { required_delivery_date: { start: '25/11/2026 09:00', end: null } },
      { customs_documentation: { category_type: 'sale_of_goods', invoice_date: '2026-11-25T09:00:00' } },
    ]) {
      await expect(client.create({ ...newShipment(), ...fields })).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(requests).toHaveLength(0);
    await client.create({ ...newShipment(), order_date: '2026-11-25T09:00:00.123+01:00' });
    await client.create({ ...newShipment(), order_date: '2026-11-25T09:00:00Z' });
    expect(requests).toHaveLength(2);
  });

  it('posts the shipment as written to /shipments and returns the 201 resource result with the new sp_', async () => {
    const { client, requests } = stubbedClient(() => json(201, resourceResult(SP)));
    const result = await client.create(newShipment());
    expect(result.reference).toBe(SP);
    expect(result._links?.[0]?.type).toBe('shipment');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: 'shipments' });
    expect(JSON.parse(requests[0]!.body)).toEqual(newShipment());
  });

  it('refuses before sending what the file forbids: a misspelt field, a long custom reference, one address', async () => {
    const { client, requests } = stubbedClient(() => json(201, resourceResult()));
    const misspelt = { ...newShipment(), custom_refrence: 'x' } as never;
    await expect(client.create(misspelt)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(client.create({ ...newShipment(), custom_reference: 'x'.repeat(51) })).rejects.toThrow(
      /custom_reference/,
    );
    await expect(
      client.create({ ...newShipment(), addresses: newShipment().addresses.slice(0, 1) }),
    ).rejects.toThrow(/addresses/);
    await expect(
      client.create({ ...newShipment(), tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }),
    ).rejects.toThrow(/tags/);
    expect(requests).toHaveLength(0);
  });

  it('reads a 400 as a BadRequestError carrying the area B error body', async () => {
    const { client } = stubbedClient(() => json(400, areaBError('validation_error')));
    const error = await client.create(newShipment()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error' });
    expect((error as BadRequestError).details).toHaveLength(1);
  });

  it('does not send it twice after a lost answer, and says that only custom_reference can find it', async () => {
    const { client, requests } = stubbedClient(() => reset());
    const error = await client.create(newShipment()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(requests).toHaveLength(1);
    expect((error as OutcomeUnknownError).references).toEqual(['ORDER-1001']);
    expect((error as Error).message).toMatch(/no search/);
    expect((error as Error).message).toMatch(/custom_reference/);
    const settling = client.reconcile(error as OutcomeUnknownError);
    await expect(settling).rejects.toBeInstanceOf(ConfigurationError);
    await expect(settling).rejects.toThrow(/createShipment.*custom_reference/);
  });

  it('reads a 201 whose reference is shorter than the 35 characters the file gives (an answer is what it is)', async () => {
    const { client } = stubbedClient(() => json(201, { reference: 'sp_short' }));
    await expect(client.create(newShipment())).resolves.toMatchObject({ reference: 'sp_short' });
  });

  it('rejects a 201 without a reference', async () => {
    const { client } = stubbedClient(() => json(201, { reference: '' }));
    await expect(client.create(newShipment())).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('getShipment', () => {
  it('reads the shipment with its state, an allocation still null, and fields it does not name', async () => {
    const { client, requests } = stubbedClient(() => json(200, { ...shipmentAnswer(), later_field: 1 }));
    const shipment = await client.get(SP);
    expect(requests[0]).toMatchObject({ method: 'GET', path: `shipments/${SP}` });
    expect(shipment.state).toBe('unallocated');
    expect(shipment.allocation).toBeNull();
    expect(shipment.contents[0]?.reference).toMatch(/^sc_/);
    // `later_field` is no field of `Shipment`: it is read as the unknown field it is, and is still there.
    expect('later_field' in shipment && shipment.later_field).toBe(1);
  });

  it('takes a state the 43 known ones do not name (an open enum)', async () => {
    const { client } = stubbedClient(() => json(200, shipmentAnswer('collection_booking_pending')));
    expect((await client.get(SP)).state).toBe('collection_booking_pending');
  });

  it('keeps the fields the service adds at every depth, though the types name none of them', async () => {
    const allocation = {
      carrier: { ...carrier, carrier_tier: 'gold' },
      allocation_date: '2026-01-05T09:30:00+00:00',
      price,
      allocated_by: 'rules',
    };
    const { client } = stubbedClient(() =>
      json(200, { ...shipmentAnswer('allocated'), allocation, eco_score: { grade: 'B' } }),
    );
    const shipment = await client.get(SP);
    // Each is read as a field the SDK does not name: after an `in` check, typed `unknown`.
    expect('eco_score' in shipment && shipment.eco_score).toEqual({ grade: 'B' });
    const read = shipment.allocation;
    expect(read && 'allocated_by' in read && read.allocated_by).toBe('rules');
    expect(read && 'carrier_tier' in read.carrier && read.carrier.carrier_tier).toBe('gold');
    expect(read?.carrier.name).toBe(carrier.name);
  });

  it('answers NotFoundError for an unknown shipment, and retries a 503 (repeatable)', async () => {
    const { client, requests } = stubbedClient((_, index) =>
      index === 0 ? json(503, areaBError('unavailable')) : json(404, areaBError('resource_not_found')),
    );
    await expect(client.get(SP)).rejects.toBeInstanceOf(NotFoundError);
    expect(requests).toHaveLength(2);
  });
});

describe('cancelShipment, deleteShipment, changeShipmentState, updateShipment', () => {
  it('cancels with PUT …/cancel, no body, and reads a 304 as already cancelled', async () => {
    const { client, requests } = stubbedClient((_, index) =>
      index === 0 ? json(200, resourceResult()) : new Response(null, { status: 304 }),
    );
    expect((await client.cancel(SP)).reference).toBe(SP);
    const again = await client.cancel(SP);
    expect(again.reference).toBe(SP);
    expect(again.message).toMatch(/already/);
    expect(requests.map(({ method, path, body }) => `${method} ${path} ${body}`)).toEqual([
      `PUT shipments/${SP}/cancel `,
      `PUT shipments/${SP}/cancel `,
    ]);
  });

  it('reads a 409 to cancel as a ConflictError (manifested already)', async () => {
    const { client } = stubbedClient(() => json(409, areaBError('invalid_state_for_operation')));
    await expect(client.cancel(SP)).rejects.toBeInstanceOf(ConflictError);
  });

  it('deletes with DELETE /shipments/{sp}, reading the 202 of a queued delete', async () => {
    const { client, requests } = stubbedClient(() => json(202, { reference: SP, _links: [] }));
    expect(await client.delete(SP)).toMatchObject({ reference: SP, _links: [] });
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: `shipments/${SP}` });
  });

  it('changes the state with PUT /shipments/state and reads a 304 as already there', async () => {
    const { client, requests } = stubbedClient((_, index) =>
      index === 0 ? json(200, resourceResult()) : new Response(null, { status: 304 }),
    );
    const input = { reference: SP, state: 'ready_to_ship', reason: 'collected by hand' };
    await client.changeState(input);
    expect((await client.changeState(input)).reference).toBe(SP);
    expect(requests[0]).toMatchObject({ method: 'PUT', path: 'shipments/state' });
    expect(JSON.parse(requests[0]!.body)).toEqual(input);
  });

  it('refuses a reason shorter than 5 characters before sending', async () => {
    const { client, requests } = stubbedClient(() => json(200, resourceResult()));
    await expect(client.changeState({ reference: SP, state: 'delivered', reason: 'ok' })).rejects.toThrow(
      /reason/,
    );
    expect(requests).toHaveLength(0);
  });

  it('replaces a shipment with PUT /shipments (older file), the reference in the body', async () => {
    const { client, requests } = stubbedClient(() => json(200, resourceResult()));
    await client.update({ ...newShipment(), reference: SP });
    expect(requests[0]).toMatchObject({ method: 'PUT', path: 'shipments' });
    expect(JSON.parse(requests[0]!.body).reference).toBe(SP);
  });

  it('reads the state counts of the older file', async () => {
    const counts = {
      shipment_states: [
        { state: 'allocated', category: 'active', exception: false, critical: false, count: 4 },
      ],
    };
    const { client, requests } = stubbedClient(() => json(200, counts));
    expect(await client.getStateCounts()).toEqual(counts);
    expect(requests[0]).toMatchObject({ method: 'GET', path: 'shipments/state_counts' });
  });
});

describe('reconcile', () => {
  it('settles a lost cancel by reading the state: cancelled is done, still allocated is not', async () => {
    let state = 'cancelled';
    const { client } = stubbedClient((request) =>
      request.method === 'PUT' ? reset() : json(200, shipmentAnswer(state)),
    );
    const error = await client.cancel(SP).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'cancelled', done: true },
    ]);
    state = 'allocated';
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'allocated', done: false },
    ]);
    state = 'delivered';
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'delivered', done: undefined },
    ]);
  });

  it('settles a lost state change by the state it asked for', async () => {
    let state = 'allocated';
    const { client } = stubbedClient((request) =>
      request.method === 'PUT' ? reset() : json(200, shipmentAnswer(state)),
    );
    const error = await client
      .changeState({ reference: SP, state: 'ready_to_ship', reason: 'packed early' })
      .catch((caught: unknown) => caught);
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'allocated', done: false },
    ]);
    state = 'ready_to_ship';
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP, state: 'ready_to_ship', done: true },
    ]);
  });

  it('settles a lost state change from its stored form: the state asked for travels, the reason does not', async () => {
    let state = 'allocated';
    const { client } = stubbedClient((request) =>
      request.method === 'PUT' ? reset() : json(200, shipmentAnswer(state)),
    );
    const error = await client
      .changeState({ reference: SP, state: 'ready_to_ship', reason: 'packed early' })
      .catch((caught: unknown) => caught);
    const stored = JSON.parse(JSON.stringify(error));
    expect(stored.settleWith).toEqual({ body: { state: 'ready_to_ship' } });
    expect(JSON.stringify(stored)).not.toContain('packed early');
    state = 'ready_to_ship';
    expect(await client.reconcile(stored)).toEqual([{ reference: SP, state: 'ready_to_ship', done: true }]);
  });

  it('reads a shipment no longer found after a lost delete as deleted', async () => {
    const { client } = stubbedClient((request) =>
      request.method === 'DELETE' ? reset() : json(404, areaBError('resource_not_found')),
    );
    const error = await client.delete(SP2).catch((caught: unknown) => caught);
    expect(await client.reconcile(error as OutcomeUnknownError)).toEqual([
      { reference: SP2, state: undefined, done: true },
    ]);
  });

  it('refuses an error that is not an OutcomeUnknownError', async () => {
    const { client } = stubbedClient(() => json(200, {}));
    await expect(client.reconcile(new Error('boom') as never)).rejects.toBeInstanceOf(ConfigurationError);
  });
});
