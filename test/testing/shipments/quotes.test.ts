import { describe, expect, it } from 'vitest';
import { QUOTE_LIFETIME_MS } from '../../../src/testing/shipments/state.js';
import { call, createShipment, shipmentRequest, useLifecycleMock } from '../../support/shipment-lifecycle.js';

const mock = useLifecycleMock();

const quotesFor = async (reference: string) =>
  (await call(mock, 'POST', `/shipments/${reference}/quote`)).body;

describe('Get Quote for a shipment', () => {
  it('answers 201 with a quote per service the shipment fits, by service reference and not by price, and the rest excluded with a reason', async () => {
    const reference = await createShipment(mock);
    const answer = await call(mock, 'POST', `/shipments/${reference}/quote`);
    expect(answer.status).toBe(201);
    expect(answer.body.reference).toMatch(/^qc_[0-9]{32}$/);
    expect(answer.body.shipment.reference).toBe(reference);
    const quotes = answer.body.quotes;
    expect(
      quotes.map((quote: { carrier: { service_reference: string } }) => quote.carrier.service_reference),
    ).toEqual(['MOCK-24', 'MOCK-48', 'MOCK-EXPRESS']);
    // The files promise no order: the first quote (4.10) is not the cheapest (3.20).
    const net = quotes.map((quote: { price: { net: number } }) => quote.price.net);
    expect(net).not.toEqual([...net].sort((a, b) => a - b));
    for (const quote of quotes) {
      expect(quote.reference).toMatch(/^qu_[0-9]{32}$/);
      expect(quote.shipment_reference).toBe(reference);
      expect(Date.parse(quote.expires) - Date.parse(quote.created)).toBe(QUOTE_LIFETIME_MS);
    }
    expect(
      answer.body.excluded_services.map((entry: { exclusion: { code: string } }) => entry.exclusion.code),
    ).toEqual(['ex_rules', 'ex_availability']);
  });

  it('allocates with a quote once, for its own shipment, before it expires', async () => {
    const reference = await createShipment(mock);
    const other = await createShipment(mock);
    const [first, second, third] = (await quotesFor(reference)).quotes;

    const elsewhere = await call(mock, 'PUT', `/shipments/${other}/allocate/quote/${first.reference}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details[0].code).toBe('quote_shipment_mismatch');

    mock.store.shipments.lifecycle.advance(QUOTE_LIFETIME_MS + 1000);
    const expired = await call(mock, 'PUT', `/shipments/${reference}/allocate/quote/${second.reference}`);
    expect(expired.status).toBe(400);
    expect(expired.body.details[0].code).toBe('quote_expired');

    const fresh = (await quotesFor(reference)).quotes.find(
      (quote: { carrier: { service_reference: string } }) => quote.carrier.service_reference === 'MOCK-24',
    );
    const allocated = await call(mock, 'PUT', `/shipments/${reference}/allocate/quote/${fresh.reference}`);
    expect(allocated.status).toBe(200);
    expect(allocated.body.price).toEqual(fresh.price);
    expect(allocated.body.carrier.service_reference).toBe('MOCK-24');
    expect(
      (await call(mock, 'GET', `/shipments/${reference}`)).body.allocation.carrier.service_reference,
    ).toBe('MOCK-24');
    expect(
      (await call(mock, 'PUT', `/shipments/${reference}/allocate/quote/${fresh.reference}`)).status,
    ).toBe(404);
    expect(third.reference).not.toBe(fresh.reference);
  });

  it('serves the older file spelling of the quote allocation path', async () => {
    const reference = await createShipment(mock);
    const [quote] = (await quotesFor(reference)).quotes;
    const allocated = await call(mock, 'PUT', `/shipments/allocate/${reference}/quote/${quote.reference}`);
    expect(allocated.status).toBe(200);
    expect(allocated.body).not.toHaveProperty('paperless_documents');
  });

  it('refuses to quote an allocated shipment', async () => {
    const reference = await createShipment(mock);
    await call(mock, 'PUT', `/shipments/${reference}/allocate/service/MOCK-48`);
    expect((await call(mock, 'POST', `/shipments/${reference}/quote`)).status).toBe(400);
  });
});

describe('Create Quote (no shipment yet)', () => {
  it('quotes a body without storing a shipment; its quotes fit no stored shipment', async () => {
    const answer = await call(mock, 'POST', '/shipments/quote', shipmentRequest());
    expect(answer.status).toBe(201);
    expect(mock.store.shipments.shipments.size).toBe(0);
    const placeholder = answer.body.shipment.reference;
    expect(placeholder).toMatch(/^sp_[0-9]{32}$/);
    expect((await call(mock, 'GET', `/shipments/${placeholder}`)).status).toBe(404);
    const reference = await createShipment(mock);
    const refused = await call(
      mock,
      'PUT',
      `/shipments/${reference}/allocate/quote/${answer.body.quotes[0].reference}`,
    );
    expect(refused.body.details[0].code).toBe('quote_shipment_mismatch');
  });

  it('answers 531 no_quotes_available when no service can carry it', async () => {
    const heavy = shipmentRequest({
      contents: [{ value: { amount: 5, currency: 'GBP' }, weight: { value: 99, unit: 'kg' } }],
    });
    const answer = await call(mock, 'POST', '/shipments/quote', heavy);
    expect(answer.status).toBe(531);
    expect(answer.body.code).toBe('no_quotes_available');
    expect(answer.body.details.map((entry: { code: string }) => entry.code)).toContain('ex_weight');
  });

  it('quotes within one carrier service group (older file)', async () => {
    const answer = await call(
      mock,
      'POST',
      '/shipments/quote/service_group/express',
      shipmentRequest({ shipment_type: 'on_demand' }),
    );
    expect(answer.status).toBe(201);
    expect(
      answer.body.quotes.map(
        (quote: { carrier: { service_reference: string } }) => quote.carrier.service_reference,
      ),
    ).toEqual(['MOCK-COURIER', 'MOCK-EXPRESS']);
    // The older file documents 201, 400, 403 and 531 for this route, each error with no body.
    const unknown = await call(mock, 'POST', '/shipments/quote/service_group/nope', shipmentRequest());
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 400, body: undefined });
    const anvil = shipmentRequest({
      contents: [
        {
          description: 'Anvil',
          quantity: 1,
          weight: { value: 2000, unit: 'kg' },
          value: { amount: 9, currency: 'GBP' },
        },
      ],
    });
    const none = await call(mock, 'POST', '/shipments/quote/service_group/express', anvil);
    expect({ status: none.status, body: none.body }).toEqual({ status: 531, body: undefined });
  });
});
