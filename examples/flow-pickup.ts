/**
 * The vendor's Consumer Options Pickup flow (docs/flows.md): offer pickup shops, reserve the chosen
 * shop's option when it needs a reservation, select it (a consignment to the shop, allocated), then
 * labels and the manifest. Runs against the embedded mock: `npx tsx examples/flow-pickup.ts`.
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

  // 1. Pickup Options: shops within 2 km of the customer.
  const shops = await orders.deliveryOptions.listPickup({
    Packages,
    Addresses,
    ConsignmentReferenceProvidedByCustomer: 'BASKET-32',
    Distance: { Value: 2, Unit: 'Km' },
    MaxResults: 3,
  });
  for (const shop of shops)
    log(`1. ${shop.Name}, ${shop.Distance} km, ${shop.DeliveryOptions?.length} option(s)`);
  const [shop] = shops;
  const option = shop?.DeliveryOptions?.[0]?.Reference;
  if (!option) throw new Error('no pickup option was offered');

  // 1b. Reserve Pickup Option, when the shop says a reservation is required (the mock's shops do not
  // say; reserving is shown anyway).
  const reservation = await orders.deliveryOptions.reservePickup(option);
  log(`1b. reserved ${option}: ${reservation.ReservationReference}`);

  // 2. Select Option: the consignment goes to the shop.
  const { consignmentReference, allocation } = await orders.deliveryOptions.selectAsConsignment(option);
  log(`2. ${consignmentReference} to ${shop?.Name}, allocated to ${allocation.CarrierServiceName}`);

  // 3. Get Labels in Format; 4. Manifest Consignments From Query.
  await orders.labels.get(consignmentReference, { format: 'PDF' });
  const manifested = await orders.manifests.manifestFromQuery({
    ShippingLocationReference: 'SL-LONDON',
    States: ['Allocated'],
  });
  log(`3. label ready; 4. ${manifested.Message}`);
  return { consignmentReference, shop: shop?.ShopReference };
}

if (isMain(import.meta.url)) await main();
