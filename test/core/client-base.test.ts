import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ClientBase, OrdersClient, ShipmentsClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

const KEY = 'sk-live-0123456789abcdef';

describe('ClientBase: what both clients share', () => {
  it('is the base of both clients, so one function can take either', () => {
    const describeClient = (client: ClientBase) => `${client.environment} ${client.baseUrl}`;
    expect(describeClient(new OrdersClient({ apiKey: KEY }))).toBe(
      'sandbox https://apisandbox.electioapp.com',
    );
    expect(describeClient(new ShipmentsClient({ apiKey: KEY, environment: 'production' }))).toBe(
      'production https://api.sorted.com/pro',
    );
  });

  it('derives a client of the same kind with withOptions, which still sends with the key given first', async () => {
    const mock = createMockService();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, environment: 'production' });
    const derived = orders.withOptions({ timeout: 5_000 });
    expect(derived).toBeInstanceOf(OrdersClient);
    expect(derived.environment).toBe('production');
    await expect(derived.shippingLocations.list()).resolves.toEqual(expect.any(Array));
    const shipments = new ShipmentsClient({ apiKey: KEY }).withOptions({ environment: 'production' });
    expect(shipments).toBeInstanceOf(ShipmentsClient);
    expect(shipments.baseUrl).toBe('https://api.sorted.com/pro');
  });

  it('never shows the key when a client is printed or serialised, derived or not', () => {
    for (const client of [
      new OrdersClient({ apiKey: KEY }),
      new ShipmentsClient({ apiKey: KEY }),
      new OrdersClient({ apiKey: KEY }).withOptions({ timeout: 1_000 }),
    ]) {
      expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
      expect(JSON.stringify(client)).not.toContain(KEY);
    }
  });
});
