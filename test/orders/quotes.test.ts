import { describe, expect, it } from 'vitest';
import {
  AllocationError,
  BadRequestError,
  ConsignkitError,
  cheapestQuote,
  NotFoundError,
  OrdersClient,
  type Quote,
} from '../../src/index.js';
import { consignmentInput } from '../support/fixtures.js';
import { useMockService } from '../support/mock-service.js';

const { mock } = useMockService();
const orders = () => new OrdersClient({ apiKey: mock.apiKey });

describe('getQuotes', () => {
  it('prices a consignment not created, and says why the other services cannot carry it', async () => {
    const result = await orders().quotes.get(consignmentInput());
    expect(cheapestQuote(result.Quotes)).toMatchObject({
      MpdCarrierServiceReference: 'RM-TRACKED48',
      ConsignmentReference: '',
      Price: { Net: 3.2, Currency: { IsoCode: 'GBP' } },
    });
    expect(result.UnqualifiedServices).toContainEqual(
      expect.objectContaining({
        MpdCarrierServiceReference: 'DHL-WORLDWIDE',
        ExclusionReason: expect.stringMatching(/disabled/),
      }),
    );
    expect(mock.store.orders.consignments.size).toBe(0);
  });

  it('reads a null Quotes list as an empty one', async () => {
    const client = orders().withOptions({
      fetch: async () =>
        new Response(
          JSON.stringify({
            QuoteRequestReference: 'q',
            Quotes: null,
            Message: 'none',
            UnqualifiedServices: null,
          }),
          {
            status: 201,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    await expect(client.quotes.get(consignmentInput())).resolves.toMatchObject({
      Quotes: [],
      UnqualifiedServices: [],
    });
  });
});

describe('cheapestQuote', () => {
  const quote = (reference: string, gross: number | null, currency = 'GBP'): Quote => ({
    QuoteReference: reference,
    Price: gross === null ? null : { Gross: gross, Currency: { IsoCode: currency } },
  });

  it('chooses by price, whatever order the service lists the quotes in', () => {
    const offered = [quote('q-dear', 58.8), quote('q-cheap', 3.84), quote('q-mid', 7.2)];
    expect(cheapestQuote(offered)?.QuoteReference).toBe('q-cheap');
    expect(cheapestQuote([...offered].reverse())?.QuoteReference).toBe('q-cheap');
  });

  it('answers undefined for no quote, never chooses one without a price, and breaks ties by list order', () => {
    expect(cheapestQuote([])).toBeUndefined();
    expect(cheapestQuote([quote('q-unpriced', null)])).toBeUndefined();
    expect(cheapestQuote([quote('q-unpriced', null), quote('q-priced', 9)])?.QuoteReference).toBe('q-priced');
    expect(cheapestQuote([quote('q-first', 4), quote('q-second', 4)])?.QuoteReference).toBe('q-first');
  });

  it('refuses to compare amounts in different currencies', () => {
    expect(() => cheapestQuote([quote('q-gbp', 5), quote('q-eur', 4, 'EUR')])).toThrow(ConsignkitError);
    expect(() => cheapestQuote([quote('q-gbp', 5), quote('q-eur', 4, 'EUR')])).toThrow(/GBP, EUR/);
  });

  it('finds the cheapest of the mock, which lists quotes by service reference and not by price', async () => {
    const { Quotes } = await orders().quotes.get(consignmentInput());
    const grossPrices = Quotes.map((listed) => listed.Price?.Gross as number);
    expect(grossPrices).not.toEqual([...grossPrices].sort((a, b) => a - b));
    expect(cheapestQuote(Quotes)?.Price?.Gross).toBe(Math.min(...grossPrices));
  });
});

describe('the Quotes flow: create, quote, allocate with a quote', () => {
  it('allocates a consignment to the service of the quote chosen, before it expires', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    const { Quotes } = await client.quotes.getForConsignment(reference);
    const chosen = Quotes.find((quote) => quote.MpdCarrierServiceReference === 'DPD-NEXTDAY');
    expect(chosen?.ExpiryDate).toBeTruthy();
    const summary = await client.allocation.allocateWithQuote(reference, chosen!.QuoteReference);
    expect(summary.CarrierServiceReference).toBe('DPD-NEXTDAY');
    await expect(client.consignments.getStatus(reference)).resolves.toMatchObject({ Status: 'Allocated' });
  });

  it('refuses a quote of Get Quotes, an expired quote and an unknown one', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    const [unbound] = (await client.quotes.get(consignmentInput())).Quotes;
    await expect(client.allocation.allocateWithQuote(reference, unbound!.QuoteReference)).rejects.toThrow(
      BadRequestError,
    );
    const [own] = (await client.quotes.getForConsignment(reference)).Quotes;
    mock.store.orders.quotes.get(own!.QuoteReference)!.ExpiryDate = '2026-01-01T00:00:00+00:00';
    await expect(client.allocation.allocateWithQuote(reference, own!.QuoteReference)).rejects.toThrow(
      /expired/,
    );
    await expect(client.allocation.allocateWithQuote(reference, 'no-such-quote')).rejects.toThrow(
      NotFoundError,
    );
  });
});

describe('service groups', () => {
  it('quotes each group with its cheapest service, and allocates to that group', async () => {
    const client = orders();
    const groups = await client.quotes.getForServiceGroups(consignmentInput());
    const valuable = groups.find((group) => group.Reference === 'valuableGoods');
    expect(valuable?.CheapestQuote?.MpdCarrierServiceReference).toBe('DPD-NEXTDAY');
    const reference = await client.consignments.create(consignmentInput());
    const summary = await client.allocation.allocateWithServiceGroup(reference, 'valuableGoods');
    expect(summary.CarrierServiceReference).toBe('DPD-NEXTDAY');
  });

  it('fails visibly when no service of the group can take the consignment', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    await expect(client.allocation.allocateWithServiceGroup(reference, 'international')).rejects.toThrow(
      BadRequestError,
    );
    await expect(client.consignments.get(reference)).resolves.toMatchObject({
      ConsignmentState: 'AllocationFailed',
      FailedAllocation: { Message: expect.stringMatching(/international|ship/) },
    });
  });
});

describe('allocateWithCarrierService and allocateWithServiceFilters', () => {
  it('allocates every consignment to the service named, in the order passed', async () => {
    const client = orders();
    const first = await client.consignments.create(consignmentInput());
    const second = await client.consignments.create(consignmentInput());
    const summaries = await client.allocation.allocateWithCarrierService([second, first], 'RM-TRACKED24');
    expect(summaries.map((summary) => summary.ApiLinks?.[0]?.Href?.split('/').pop())).toEqual([
      second,
      first,
    ]);
    expect(summaries.every((summary) => summary.CarrierServiceReference === 'RM-TRACKED24')).toBe(true);
  });

  it('throws an AllocationError naming what the service could not take, with the allocated ones', async () => {
    const client = orders();
    const domestic = await client.consignments.create(consignmentInput());
    const [origin, destination] = consignmentInput().Addresses;
    const abroad = await client.consignments.create(
      consignmentInput({
        Addresses: [
          origin!,
          {
            ...destination!,
            Town: 'Paris',
            Postcode: '75001',
            Country: { IsoCode: { TwoLetterCode: 'FR' } },
          },
        ],
      }),
    );
    const error = await client.allocation
      .allocateWithCarrierService([domestic, abroad], 'RM-TRACKED24')
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(AllocationError);
    expect(
      error.allocated.map((entry: { consignmentReference: string }) => entry.consignmentReference),
    ).toEqual([domestic]);
    expect(error.unallocated).toEqual([
      { consignmentReference: abroad, reason: expect.stringMatching(/FR/) },
    ]);
  });

  it('allocates to the cheapest service passing the filters, and refuses a filter it does not know', async () => {
    const client = orders();
    const reference = await client.consignments.create(consignmentInput());
    const [summary] = await client.allocation.allocateWithServiceFilters([reference], {
      ServiceDirection: 'Outbound',
      IsDropOff: true,
    });
    expect(summary?.CarrierServiceReference).toBe('RM-TRACKED24');
    await expect(
      client.allocation.allocateWithServiceFilters([reference], {
        ServiceDirection: 'Outbound',
        IsPickUp: true,
      } as never),
    ).rejects.toThrow(/IsPickUp/);
  });
});
