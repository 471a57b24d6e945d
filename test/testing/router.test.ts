import { describe, expect, it } from 'vitest';
import { useMockService } from '../support/mock-service.js';
import { A, createOrderInput, expectAreaAError, wire } from '../support/orders-mock.js';
import { B, rawRequest } from '../support/shipments-mock.js';

// What the mock answers before any operation runs: bodies it cannot take, paths and methods it does
// not serve. Each area answers in its own shape and vocabulary, and nothing is stored.

const { mock } = useMockService();
const api = wire(mock);

/** `{ a: { a: … { a: {} } } }`, `levels` objects deep. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level++) value = { a: value };
  return value;
}

describe('bodies nested too deep', () => {
  it('Create Order: 400 InvalidRequest, no order stored and no reference used up', async () => {
    const answer = await api.call(
      'POST',
      '/orders',
      createOrderInput({ CustomsDocumentation: nested(3000) }),
    );
    expectAreaAError(answer, 400, 'InvalidRequest');
    expect(answer.body.Details).toEqual([expect.objectContaining({ Target: 'body' })]);
    expect(mock.store.orders.orders.size).toBe(0);
    expect(await api.createOrder()).toBe('EO-000-000-001');
  });

  it('takes a body 64 levels deep, and refuses one 65 deep', async () => {
    // The body is one level, CustomsDocumentation the second.
    const at = await api.call('POST', '/orders', createOrderInput({ CustomsDocumentation: nested(63) }));
    expect(at.status).toBe(201);
    const over = await api.call('POST', '/orders', createOrderInput({ CustomsDocumentation: nested(64) }));
    expectAreaAError(over, 400, 'InvalidRequest');
  });

  it('Update Order: 400, and the stored order is exactly as it was', async () => {
    const reference = await api.createOrder({ MetaData: [{ KeyValue: 'Channel', StringValue: 'Web' }] });
    const before = await api.getOrder(reference);
    const answer = await api.call('PUT', `/orders/${reference}`, {
      OrderReference: reference,
      OrderReferenceProvidedByCustomer: 'CHANGED',
      MetaData: [{ KeyValue: 'Deep', StringValue: 'x', Extra: nested(3000) }],
    });
    expectAreaAError(answer, 400, 'InvalidRequest');
    expect(await api.getOrder(reference)).toEqual(before);
  });

  it('area B: 400 validation_error in its own shape', async () => {
    const answer = await rawRequest(mock, 'PUT', '/shipment_groups', {
      body: { reference: 'sg_x', add_shipments: [nested(3000)] },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'validation_error', details: [{ property: 'body', code: 'invalid_format' }] },
    });
  });
});

describe('what no operation serves, in each area’s own words', () => {
  const areaA = (path: string, init: RequestInit = {}) =>
    mock.fetch(`${A}${path}`, {
      ...init,
      headers: { 'ocp-apim-subscription-key': mock.apiKey, 'content-type': 'application/json' },
    });

  it('area A: a body that is not JSON is 400 InvalidRequest', async () => {
    const response = await areaA('/orders', { method: 'POST', body: '{"Packages": [' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      Code: 'InvalidRequest',
      Message: 'The request body is not valid JSON',
      CorrelationId: expect.any(String),
      Details: [{ Code: 'InvalidValue', Target: 'body', Message: 'The request body is not valid JSON' }],
    });
  });

  it('area A: a path no operation has is 404 ResourceNotFound', async () => {
    expectAreaAError(await api.call('GET', '/orders/EO-000-000-001/history'), 404, 'ResourceNotFound');
  });

  it('area A: a reference that is not valid percent-encoding is 400, not "no route"', async () => {
    const answer = await api.call('GET', '/orders/%E0%A4%A');
    expectAreaAError(answer, 400, 'InvalidReferenceFormat');
    expect(answer.body.Details).toEqual([expect.objectContaining({ Target: 'orderReference' })]);
    const allocate = await api.call('PUT', '/allocation/EC-%ZZ/allocatewithcheapestquote');
    expectAreaAError(allocate, 400, 'InvalidReferenceFormat');
  });

  it('area B: the same three in snake_case', async () => {
    const notJson = await mock.fetch(`${B}/shipment_groups`, {
      method: 'PUT',
      headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
      body: 'not json',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      code: 'validation_error',
      details: [{ property: 'body', code: 'invalid_format' }],
    });
    expect(await rawRequest(mock, 'GET', '/shipments/sp_1')).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await rawRequest(mock, 'GET', '/labels/sp_%E0%A4%A/PDF')).toMatchObject({
      status: 400,
      body: {
        code: 'validation_error',
        details: [{ property: 'shipmentReference', code: 'invalid_format' }],
      },
    });
  });

  it("area B: a refusal before the operation runs is in the shape of the operation's own file", async () => {
    // The tracking file's error has `reference` and no `_links`; the collection notes and paperless
    // documents files' have no `reference`; the labels and groups files' carry `_links: null`.
    const keys = async (path: string) => Object.keys((await rawRequest(mock, 'GET', path)).body).sort();
    const fields = ['code', 'correlation_id', 'details', 'message'];
    expect(await keys('/tracking/sp_%E0%A4%A')).toEqual([...fields, 'reference']);
    expect(await keys('/collection_notes/shipment_group/sg_%E0%A4%A')).toEqual(fields);
    expect(await keys('/documents/paperless/pd_%E0%A4%A')).toEqual(fields);
    expect(await keys('/labels/sp_%E0%A4%A/PDF')).toEqual(['_links', ...fields, 'reference']);
    const notJson = await mock.fetch(`${B}/shipments`, {
      method: 'POST',
      headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
      body: 'not json',
    });
    expect(notJson.status).toBe(400);
    expect(Object.keys(await notJson.json()).sort()).toEqual([...fields, 'reference']);
  });

  it('a known path with another method is 405 with allow, in area A', async () => {
    for (const [method, path, allow] of [
      ['DELETE', '/orders/EO-000-000-001', 'GET, PUT'],
      ['GET', '/orders', 'POST'],
      // GET is Get Consignment: `manifest` is no consignment reference, but the path has that shape.
      ['POST', '/consignments/manifest', 'GET, PUT'],
    ] as const) {
      const response = await areaA(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(await response.json()).toMatchObject({ Code: 'MethodNotAllowed' });
    }
    expect(mock.requests().map((request) => request.operation)).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('and in area B', async () => {
    const response = await mock.fetch(`${B}/shipment_groups/sg_1/lock`, {
      headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed', _links: null });
  });

  it('checks the key first, as before: no 405 or 404 without it', async () => {
    const response = await mock.fetch(`${A}/orders`);
    expect(response.status).toBe(401);
  });
});
