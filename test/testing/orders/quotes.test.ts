import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { createOrderInput, destination, expectAreaAError, origin, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const { Packages, Addresses } = createOrderInput();
const quoteBody = { Packages, Addresses };

describe('area A mock: Get Quotes', () => {
  it('quotes every eligible seeded service, by service reference and not by price, and lists the others with a reason', async () => {
    const answer = await api.call('POST', '/quotes/', quoteBody);
    expect(answer.status).toBe(201);
    const { QuoteRequestReference, Quotes, UnqualifiedServices } = answer.body;
    expect(QuoteRequestReference).toMatch(GUID);
    expect(
      Quotes.map((quote: { MpdCarrierServiceReference: string }) => quote.MpdCarrierServiceReference),
    ).toEqual(['DPD-NEXTDAY', 'PF-EXPRESS48', 'RM-TRACKED24', 'RM-TRACKED48', 'UNRELIABLE-STD']);
    // Nothing promises an order: a mock listing the cheapest first would hide "take the first" bugs.
    const net = Quotes.map((quote: { Price: { Net: number } }) => quote.Price.Net);
    expect(net).not.toEqual([...net].sort((a, b) => a - b));
    for (const quote of Quotes) {
      expect(quote.QuoteReference).toMatch(GUID);
      expect(quote.ConsignmentReference).toBe('');
      expect(Date.parse(quote.ExpiryDate)).toBeGreaterThan(Date.parse(quote.CreationDate));
      expect(quote.Price).toMatchObject({
        Net: expect.any(Number),
        Gross: expect.any(Number),
        Currency: { IsoCode: 'GBP' },
      });
    }
    const reasons = Object.fromEntries(
      UnqualifiedServices.map((service: { MpdCarrierServiceReference: string; ExclusionReason: string }) => [
        service.MpdCarrierServiceReference,
        service.ExclusionReason,
      ]),
    );
    expect(reasons['YODEL-XPECT48']).toMatch(/rule/);
    expect(reasons['DHL-WORLDWIDE']).toMatch(/disabled/);
    expect(reasons['DPD-CLASSIC-EU']).toMatch(/does not ship to GB/);
    expect(mock.store.orders.consignments.size).toBe(0);
  });

  it('answers an empty Quotes list, not an error, when nothing can carry it', async () => {
    const usa = destination({ Postcode: '10001', Country: { IsoCode: { TwoLetterCode: 'US' } } });
    const { body } = await api.ok('POST', '/quotes', { Packages, Addresses: [origin(), usa] });
    expect(body.Quotes).toEqual([]);
    expect(body.UnqualifiedServices.length).toBeGreaterThan(0);
  });
});

describe('area A mock: Get Quotes By Consignment Reference and Allocate With Quote', () => {
  it('quotes a stored consignment, and allocates it to the service of its own quote', async () => {
    const reference = await api.consignment();
    const { body } = await api.ok('GET', `/quotes/consignment/${reference}`);
    const dearer = body.Quotes.find(
      (quote: { MpdCarrierServiceReference: string }) => quote.MpdCarrierServiceReference === 'RM-TRACKED24',
    );
    expect(dearer.ConsignmentReference).toBe(reference);
    const answer = await api.call(
      'PUT',
      `/allocation/${reference}/allocatewithquote/${dearer.QuoteReference}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].CarrierServiceReference).toBe('RM-TRACKED24');
    expect(api.state(reference)).toBe('Allocated');
  });

  it('refuses another consignment’s quote, a quote of Get Quotes, an expired quote and an unknown one', async () => {
    const first = await api.consignment();
    const second = await api.consignment();
    const [ofFirst] = (await api.ok('GET', `/quotes/consignment/${first}`)).body.Quotes;
    expectAreaAError(
      await api.call('PUT', `/allocation/${second}/allocatewithquote/${ofFirst.QuoteReference}`),
      400,
      'QuoteNotForConsignment',
    );
    const [unbound] = (await api.ok('POST', '/quotes', quoteBody)).body.Quotes;
    expectAreaAError(
      await api.call('PUT', `/allocation/${first}/allocatewithquote/${unbound.QuoteReference}`),
      400,
      'QuoteNotForConsignment',
    );
    const stored = mock.store.orders.quotes.get(ofFirst.QuoteReference);
    if (stored) stored.ExpiryDate = '2026-01-05T00:00:00+00:00';
    expectAreaAError(
      await api.call('PUT', `/allocation/${first}/allocatewithquote/${ofFirst.QuoteReference}`),
      400,
      'QuoteExpired',
    );
    expectAreaAError(
      await api.call('PUT', `/allocation/${first}/allocatewithquote/not-a-quote`),
      404,
      'QuoteNotFound',
    );
    expect([api.state(first), api.state(second)]).toEqual(['Unallocated', 'Unallocated']);
  });
});

describe('area A mock: Get Service Group Quotes', () => {
  it('answers each group with an eligible service, with its cheapest quote; a group with none is left out', async () => {
    const { body } = await api.ok('POST', '/quotes/serviceGroups', quoteBody);
    expect(body.map((group: { Reference: string }) => group.Reference)).toEqual(['economy', 'valuableGoods']);
    expect(body[0]).toMatchObject({
      Name: 'Economy',
      CheapestQuote: { MpdCarrierServiceReference: 'RM-TRACKED48' },
    });
    const heavy = await api.ok('POST', '/quotes/serviceGroups', { ...quoteBody, Tags: ['Heavy'] });
    expect(
      heavy.body.map(
        (group: { Reference: string; CheapestQuote: { MpdCarrierServiceReference: string } }) => [
          group.Reference,
          group.CheapestQuote.MpdCarrierServiceReference,
        ],
      ),
    ).toEqual([['valuableGoods', 'DPD-NEXTDAY']]);
  });
});
