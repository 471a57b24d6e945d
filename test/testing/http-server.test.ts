import { expect, it } from 'vitest';
import {
  ConnectionError,
  OrdersClient,
  OutcomeUnknownError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { allocatedConsignment, orderInput } from '../support/fixtures.js';
import { createOrderInput } from '../support/orders-mock.js';
import { seedShipment } from '../support/shipments-mock.js';

// Real HTTP on loopback, so no MSW in this file.
it('over HTTP: a dropped connection after a manifest is OutcomeUnknownError, sent once', async () => {
  const local = createMockService();
  const server = await local.listen(0);
  try {
    const orders = new OrdersClient({ apiKey: local.apiKey, baseUrl: server.ordersUrl });
    const consignment = await allocatedConsignment(orders);
    local.failNext('manifestConsignments', { network: 'drop-after' });
    await expect(orders.manifests.manifest([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(local.requests('manifestConsignments')).toHaveLength(1);
  } finally {
    await server.close();
  }
});

it('over HTTP: a label whose answer is cut off (fetch says "terminated") is fetched again', async () => {
  const local = createMockService();
  const server = await local.listen(0);
  try {
    const shipment = seedShipment(local);
    const shipments = new ShipmentsClient({ apiKey: local.apiKey, baseUrl: server.shipmentsUrl });
    local.failNext('getLabels', { network: 'truncate' });
    const [label] = await shipments.labels.get(shipment.reference as ShipmentReference, { format: 'ZPL' });
    expect(label?.content_type).toBe('text/plain');
    expect(local.requests('getLabels')).toHaveLength(2);
  } finally {
    await server.close();
  }
});

it('over HTTP: a body nested too deep is answered 400, not a dropped connection', async () => {
  const local = createMockService();
  const server = await local.listen(0);
  let deep: Record<string, unknown> = {};
  for (let level = 0; level < 3000; level++) deep = { a: deep };
  try {
    const response = await fetch(`${server.ordersUrl}/orders`, {
      method: 'POST',
      headers: { 'ocp-apim-subscription-key': local.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(createOrderInput({ CustomsDocumentation: deep })),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ Code: 'InvalidRequest' });
    expect(local.store.orders.orders.size).toBe(0);
  } finally {
    await server.close();
  }
});

it("over HTTP, 'refused' is a reset after the request arrived, as documented; a closed port is a refusal", async () => {
  const local = createMockService();
  const server = await local.listen(0);
  const orders = new OrdersClient({ apiKey: local.apiKey, baseUrl: server.ordersUrl });
  try {
    // The request was sent before the mock knew it was for createOrder: the client cannot tell that it
    // was not handled, so the SDK does not send it again.
    local.failNext('createOrder', { network: 'refused' });
    await expect(orders.create(orderInput())).rejects.toMatchObject({
      name: OutcomeUnknownError.name,
      reason: 'connection',
    });
    expect(local.requests()).toEqual([]);
    expect(local.store.orders.orders.size).toBe(0);
    // A repeatable read is asked again, and answered.
    const order = await orders.create(orderInput());
    local.failNext('getOrder', { network: 'refused' });
    await expect(orders.get(order)).resolves.toMatchObject({ OrderReference: order });
    expect(local.requests('getOrder')).toHaveLength(1);
  } finally {
    await server.close();
  }
  // A real refusal: nothing listens there any more. The SDK knows nothing was sent.
  const error = await orders.create(orderInput(), { maxRetries: 1 }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ConnectionError);
  expect(String((error as Error).message)).toContain('ECONNREFUSED');
});
