import { describe, expect, it } from 'vitest';
import { InternalServerError, NotFoundError, RequestValidationError } from '../../src/index.js';
import { areaBError, carrier, json, link, newShipment, price, ref, SP, stubbedClient } from './stub.js';

const quoteResult = (shipment: string = SP) => ({
  reference: ref('qc', 9),
  message: '1 quote',
  shipment: {
    reference: shipment,
    addresses: newShipment().addresses,
    custom_reference: 'ORDER-1001',
    _links: [link('shipment', shipment)],
  },
  quotes: [
    {
      reference: ref('qu', 10),
      shipment_reference: shipment,
      carrier,
      collection_date: {
        start: '2026-01-06T00:00:00+00:00',
        end: '2026-01-06T18:00:00+00:00',
        has_value: true,
      },
      delivery_date: { start: '2026-01-07T08:00:00+00:00', end: null, has_value: true },
      price,
      surcharges: [
        {
          reference: 'fuel',
          currency: 'GBP',
          value: 0.3,
          application_type: 'standard',
          type: 'additive',
          base_application: { base: true, base_only: false },
          calculation_model: 'fixed',
          label: 'Fuel',
          description: 'Fuel surcharge',
        },
      ],
      created: '2026-01-05T10:00:00+00:00',
      expires: '2026-01-05T23:59:00+00:00',
      _links: [],
    },
  ],
  excluded_services: [{ carrier, exclusion: { reason: 'no rates', code: 'ex_rates' } }],
});

describe('quotes', () => {
  it('createQuote posts a shipment to /shipments/quote and reads the 201 quote result', async () => {
    const { client, requests } = stubbedClient(() => json(201, quoteResult()));
    const result = await client.quotes.create(newShipment());
    expect(requests[0]).toMatchObject({ method: 'POST', path: 'shipments/quote' });
    expect(JSON.parse(requests[0]!.body)).toEqual(newShipment());
    expect(result.quotes?.[0]?.reference).toMatch(/^qu_\d{32}$/);
    expect(result.excluded_services?.[0]?.exclusion.code).toBe('ex_rates');
  });

  it('getQuotesForShipment sends POST /shipments/{sp}/quote with no body', async () => {
    const { client, requests } = stubbedClient(() => json(201, quoteResult()));
    await client.quotes.getForShipment(SP);
    expect(requests[0]).toMatchObject({ method: 'POST', path: `shipments/${SP}/quote`, body: '' });
  });

  it("createQuoteForServiceGroup sends the older file's route with the carrier service group", async () => {
    const { client, requests } = stubbedClient(() => json(201, quoteResult()));
    await client.quotes.createForServiceGroup('valuableGoods', newShipment());
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: 'shipments/quote/service_group/valuableGoods',
    });
    await expect(client.quotes.createForServiceGroup('a/b', newShipment())).rejects.toBeInstanceOf(
      RequestValidationError,
    );
  });

  it('reads 531 no_quotes_available as an InternalServerError with its body, and does not ask again', async () => {
    const { client, requests } = stubbedClient(() => json(531, areaBError('no_quotes_available')));
    const error = await client.quotes.getForShipment(SP).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 531, code: 'no_quotes_available' });
    expect(requests).toHaveLength(1);
  });

  it('reads a 404 for an unknown shipment as NotFoundError', async () => {
    const { client } = stubbedClient(() => json(404, areaBError('resource_not_found')));
    await expect(client.quotes.getForShipment(SP)).rejects.toBeInstanceOf(NotFoundError);
  });
});
