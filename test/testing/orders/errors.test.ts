import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { A, expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

describe('area A mock: authentication and errors', () => {
  it('answers 401 in area A shape without the subscription key', async () => {
    const response = await mock.fetch(`${A}/orders/EO-000-000-001`);
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body).toMatchObject({ Code: 'MissingSubscriptionKey' });
    expect(typeof body.CorrelationId).toBe('string');
  });

  it('answers 401 with a wrong subscription key', async () => {
    const answer = await api.call('GET', '/orders/EO-000-000-001', undefined, {
      'ocp-apim-subscription-key': 'not-the-key',
    });
    expectAreaAError(answer, 401, 'InvalidSubscriptionKey');
  });

  it('requires the key but not electio-api-version, as docs/testing.md says', async () => {
    const reference = await api.createOrder();
    const response = await mock.fetch(`${A}/orders/${reference}`, {
      headers: { 'ocp-apim-subscription-key': mock.apiKey },
    });
    expect(response.status).toBe(200);
  });

  it('answers an unknown order with 404 { Code, Message, CorrelationId }', async () => {
    const answer = await api.call('GET', '/orders/EO-999-999-999');
    expectAreaAError(answer, 404, 'OrderNotFound');
    expect(answer.body.Message).toContain('EO-999-999-999');
  });

  it('answers a malformed reference with 400', async () => {
    expectAreaAError(await api.call('GET', '/orders/EC-000-000-001'), 400, 'InvalidReferenceFormat');
    expectAreaAError(await api.call('GET', '/orders/not%20a%20ref'), 400, 'InvalidReferenceFormat');
  });
});
