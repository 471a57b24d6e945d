import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrdersClient } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli, lines } from '../support/cli.js';
import { consignmentInput } from '../support/fixtures.js';

// In process, against the mock's real HTTP server, reached through --base-url.
const mock = createMockService();
let server: MockServer;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });
const orders = () => new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
afterEach(() => mock.reset());

describe('consignkit quotes', () => {
  it('prints a table of quotes, then the services that cannot quote with their reasons', async () => {
    const reference = await orders().consignments.create(consignmentInput());
    const { code, stdout } = await cli(['quotes', reference, '--base-url', server.ordersUrl], env());
    expect(code).toBe(0);
    const printed = lines(stdout);
    expect(printed[0]).toMatch(/^SERVICE\s+NAME\s+CARRIER\s+PRICE\s+DELIVERY\s+EXPIRES\s+QUOTE/);
    expect(printed[1]).toMatch(
      /^RM-TRACKED48\s+Royal Mail Tracked 48\s+ROYALMAIL\s+3\.84 GBP\s+2026-01-07\s+2026-01-06 00:00\s+[0-9a-f-]{36}$/,
    );
    expect(stdout).toContain(`5 quote(s) for ${reference}`);
    expect(stdout).toMatch(/UNQUALIFIED\s+CARRIER\s+REASON/);
    expect(stdout).toMatch(/DHL-WORLDWIDE\s+DHL\s+DHL Express Worldwide is disabled/);
  });

  it('prints the whole answer with --json, and refuses a reference that is not EC-', async () => {
    const reference = await orders().consignments.create(consignmentInput());
    const json = await cli(['quotes', reference, '--json', '--base-url', server.ordersUrl], env());
    expect(JSON.parse(json.stdout)).toMatchObject({
      Quotes: expect.any(Array),
      UnqualifiedServices: expect.any(Array),
    });
    const wrong = await cli(['quotes', 'EO-1', '--base-url', server.ordersUrl], env());
    expect(wrong.code).toBe(2);
  });
});
