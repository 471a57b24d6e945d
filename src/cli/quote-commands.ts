import { asConsignmentReference } from '../core/references.js';
import type { Command } from './command.js';
import { cell, cheapestFirst, EXIT_OK, table } from './output.js';

/** `2026-01-06T00:00:00+00:00` as `2026-01-06 00:00`. */
const when = (value: string | null | undefined) => (value ? value.slice(0, 16).replace('T', ' ') : undefined);

/**
 * `consignkit quotes <EC-…>`: the quotes of a stored consignment (Get Quotes By Consignment Reference), as
 * a table cheapest first (service, carrier, price, delivery, expiry, the quote reference to allocate with), then the
 * services that could not quote, each with the service's reason. `--json` prints the whole answer.
 */
const quotes: Command = {
  name: 'quotes',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, orders }) {
    const reference = asConsignmentReference(args[0]);
    const result = await orders().quotes.getForConsignment(reference);
    if (out.json) {
      out.value(result);
      return EXIT_OK;
    }
    const rows = cheapestFirst(result.Quotes, (quote) => (quote.Price ?? quote.BasePrice)?.Gross).map(
      (quote) => {
        const price = quote.Price ?? quote.BasePrice;
        return [
          quote.MpdCarrierServiceReference,
          quote.MpdCarrierService,
          quote.CarrierReference,
          price?.Gross === undefined || price?.Gross === null
            ? undefined
            : `${price.Gross} ${price.Currency?.IsoCode ?? ''}`.trim(),
          when(quote.EarliestDeliveryDate)?.slice(0, 10),
          when(quote.ExpiryDate),
          quote.QuoteReference,
        ].map(cell);
      },
    );
    if (rows.length > 0) {
      const header = ['SERVICE', 'NAME', 'CARRIER', 'PRICE', 'DELIVERY', 'EXPIRES', 'QUOTE'];
      for (const row of table([header, ...rows])) out.line(row);
    }
    out.line(`${result.Quotes.length} quote(s) for ${reference}`);
    if (result.UnqualifiedServices.length > 0) {
      out.line('');
      const unqualified = result.UnqualifiedServices.map((service) =>
        [service.MpdCarrierServiceReference, service.CarrierReference, service.ExclusionReason].map(cell),
      );
      for (const row of table([['UNQUALIFIED', 'CARRIER', 'REASON'], ...unqualified])) out.line(row);
    }
    return EXIT_OK;
  },
};

/** The commands about quotes. */
export const quoteCommands: Command[] = [quotes];
