import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli, lines } from '../support/cli.js';

// The commands in process, against the mock's real HTTP server, reached through --base-url.
const mock = createMockService();
let server: MockServer;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
afterEach(() => {
  mock.reset();
});

const onShipments = () => ['--base-url', server.shipmentsUrl];

describe('groups', () => {
  it('create, get, lock and close a group, printing what the service says', async () => {
    const shipment = mock.store.shipments.addShipment().reference;
    const created = await cli(
      ['groups', 'create', 'evening-run', shipment, '--json', ...onShipments()],
      env(),
    );
    expect(created.code).toBe(0);
    const group = JSON.parse(created.stdout).reference as string;
    expect(group).toMatch(/^sg_/);

    const got = await cli(['groups', 'get', group, ...onShipments()], env());
    expect(lines(got.stdout)).toEqual([`${group} (evening-run): open, version 1`, `  ${shipment}`]);

    expect((await cli(['groups', 'close', group, ...onShipments()], env())).code).toBe(1);
    expect((await cli(['groups', 'lock', group, ...onShipments()], env())).stdout).toContain('locked');
    const closed = await cli(['groups', 'close', group, ...onShipments()], env());
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain('closed');
  });
});
