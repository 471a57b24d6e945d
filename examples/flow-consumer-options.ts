/**
 * The vendor's Consumer Options flow (docs/flows.md): offer delivery options at checkout, select the one
 * the customer chose (the service creates and allocates the consignment), then labels and the manifest.
 * Runs against the embedded mock: `npx tsx examples/flow-consumer-options.ts`.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  const { Packages, Addresses } = sampleOrder();
  // Your own reference, copied to the consignment: what reconcile finds it by if an answer is lost.
  const checkout = { Packages, Addresses, ConsignmentReferenceProvidedByCustomer: 'BASKET-31' };

  // 0 (optional). Delivery Option Summary: the days with options, for a calendar.
  const summary = await orders.deliveryOptions.getSummary(checkout);
  log(`0. options on ${summary.DeliveryOptions.map((day) => day.slice(0, 10)).join(', ')}`);

  // 1. Delivery Options.
  const offered = await orders.deliveryOptions.list(checkout);
  for (const option of offered)
    log(`1. ${option.Reference}: ${option.CarrierService}, ${option.Price?.Gross} GBP`);

  // 1a (optional). Get Existing Delivery Option: the checkout kept only the reference.
  const picked = offered[0]?.Reference;
  if (!picked) throw new Error('no delivery option was offered');
  const details = await orders.deliveryOptions.get(picked);
  log(`1a. ${picked} delivers ${details.DeliveryOption?.EstimatedDeliveryDate?.Date}`);

  // 2. Select Option: a consignment, created and allocated.
  const { consignmentReference, allocation } = await orders.deliveryOptions.selectAsConsignment(picked);
  log(`2. ${consignmentReference} allocated to ${allocation.CarrierServiceName}`);

  // 3. Get Labels in Format; 4. Manifest Consignments From Query.
  const label = await orders.labels.get(consignmentReference, { format: 'PDF' });
  const manifested = await orders.manifests.manifestFromQuery({
    ShippingLocationReference: 'SL-LONDON',
    States: ['Allocated'],
  });
  log(`3. label ${label.ContentType}; 4. ${manifested.Message}`);
  return { consignmentReference, allocation };
}

if (isMain(import.meta.url)) await main();
