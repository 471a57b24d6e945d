import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The Quotes flow example allocates with the quote a reader copies into production. The service promises
 * no order for its quotes, so the example must pay the cheapest however they are listed: here the mock's
 * list, by service reference, or the same put dearest first, before the example reads it.
 */
const order = vi.hoisted(() => ({ arrange: (quotes: unknown[]) => quotes }));

vi.mock('consignkit/testing', async (importOriginal) => {
  const testing = await importOriginal<typeof import('../../src/testing/index.js')>();
  const createMockService: typeof testing.createMockService = (...args) => {
    const mock = testing.createMockService(...args);
    // The example ships abroad, where the seeded services give one quote; a second (DHL, seeded
    // disabled) gives the example a choice to get wrong.
    const worldwide = mock.store.orders.carrierServices.get('DHL-WORLDWIDE');
    if (worldwide) worldwide.Enabled = true;
    const fetch: typeof mock.fetch = async (input, init) => {
      const answer = await mock.fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).includes('/quotes/consignment/'))
        return answer;
      const body = (await answer.json()) as { Quotes: unknown[] };
      return new Response(JSON.stringify({ ...body, Quotes: order.arrange(body.Quotes) }), {
        status: answer.status,
        headers: answer.headers,
      });
    };
    return new Proxy(mock, { get: (target, key) => (key === 'fetch' ? fetch : Reflect.get(target, key)) });
  };
  return { ...testing, createMockService };
});

const { main } = await import('../../examples/flow-quotes.js');

type Listed = { QuoteReference: string; Price: { Gross: number } };
const gross = (quote: unknown) => (quote as Listed).Price.Gross;

describe('flow-quotes example', () => {
  afterEach(() => {
    order.arrange = (quotes) => quotes;
  });

  it.each([
    ['as the mock lists them, by service reference', (quotes: unknown[]) => quotes],
    ['in reverse price order', (quotes: unknown[]) => [...quotes].sort((a, b) => gross(b) - gross(a))],
  ])('allocates with the cheapest quote when the list comes %s', async (_name, arrange) => {
    let offered: unknown[] = [];
    order.arrange = (quotes) => {
      offered = arrange(quotes);
      return offered;
    };
    const { quote, allocation } = await main(() => {});
    expect(offered.length).toBeGreaterThan(1);
    expect(gross(offered[0])).toBeGreaterThan(Math.min(...offered.map(gross)));
    expect(quote.Price?.Gross).toBe(Math.min(...offered.map(gross)));
    expect(allocation.CarrierServiceReference).toBe(quote.MpdCarrierServiceReference);
  });
});
