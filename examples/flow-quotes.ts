/**
 * The vendor's Quotes flow (docs/flows.md): create a consignment, get its quotes, allocate it with the
 * quote chosen, then labels, customs documents and the manifest. Runs against the embedded mock:
 * `npx tsx examples/flow-quotes.ts`.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { cheapestQuote, OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleConsignment } from './sample-consignment.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  // 1. Create Consignment.
  const consignment = await orders.consignments.create(sampleConsignment('QUOTES-1'));
  log(`1. created ${consignment}`);

  // 2. Get Quotes By Consignment Reference: each quote names its service and price, with its expiry.
  const { Quotes, UnqualifiedServices } = await orders.quotes.getForConsignment(consignment);
  for (const quote of Quotes) {
    log(
      `2. ${quote.MpdCarrierService}: ${quote.Price?.Gross} ${quote.Price?.Currency?.IsoCode} until ${quote.ExpiryDate}`,
    );
  }
  log(`2. ${UnqualifiedServices.length} service(s) could not quote`);

  // 3. Allocate With Quote: here the cheapest. The service lists quotes in no promised order, so the
  // first is not the cheapest: choose by price.
  const cheapest = cheapestQuote(Quotes);
  if (!cheapest) throw new Error('no service can carry this consignment');
  const allocation = await orders.allocation.allocateWithQuote(consignment, cheapest.QuoteReference);
  log(`3. allocated to ${allocation.CarrierServiceName}`);

  // 4. Get Labels in Format; 4b. Get Customs Documents; 5. Manifest Consignments From Query.
  await orders.labels.get(consignment, { format: 'PDF' });
  const customs = await orders.documents.getAll(consignment);
  const manifested = await orders.manifests.manifestFromQuery({
    ShippingLocationReference: 'SL-LONDON',
    States: ['Allocated'],
  });
  log(
    `4. labels and ${customs.cn22.length + customs.cn23.length} customs declaration(s); 5. ${manifested.Message}`,
  );
  return { consignment, quote: cheapest, allocation };
}

if (isMain(import.meta.url)) await main();
