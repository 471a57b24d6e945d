/**
 * The vendor's Classic flow, step by step (docs/flows.md): create a consignment, allocate it (by default
 * rules, by service group, or to a carrier service), get its labels and customs documents, manifest.
 * Runs against the embedded mock: `npx tsx examples/flow-classic.ts`.
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleConsignment } from './sample-consignment.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  // 0. Pick the origin among the locations assigned to this account.
  const [location] = await orders.shippingLocations.listAssigned();
  log(`0. shipping from ${location?.Reference}`);

  // 1. Create Consignment: three of them, one for each way to allocate.
  const [byRules, byGroup, byService] = [
    await orders.consignments.create(sampleConsignment('CLASSIC-1')),
    await orders.consignments.create(sampleConsignment('CLASSIC-2')),
    await orders.consignments.create(sampleConsignment('CLASSIC-3')),
  ];
  log(`1. created ${byRules}, ${byGroup}, ${byService}`);

  // 2a. Allocate Using Default Rules; 2b. with a service group; 2c. with a carrier service.
  const [ruled] = await orders.allocation.allocate([byRules]);
  const grouped = await orders.allocation.allocateWithServiceGroup(byGroup, 'international');
  const [chosen] = await orders.allocation.allocateWithCarrierService([byService], 'DPD-CLASSIC-EU');
  log(
    `2. allocated to ${ruled?.CarrierServiceName}, ${grouped.CarrierServiceName}, ${chosen?.CarrierServiceName}`,
  );

  // 3. Get Labels in Format; 3b. Get Customs Documents (an international consignment needs them).
  const label = await orders.labels.get(byRules, { format: 'PDF' });
  const customs = await orders.documents.getAll(byRules);
  log(
    `3. label ${label.ContentType}; customs: ${customs.commercialInvoices.length} invoice, ${customs.cn22.length} CN22`,
  );

  // 4. Manifest Consignments From Query (POST, whatever the flow page's include says).
  const manifested = await orders.manifests.manifestFromQuery({
    ShippingLocationReference: location?.Reference ?? 'SL-LONDON',
    States: ['Allocated'],
  });
  log(`4. ${manifested.Message}`);
  return { consignments: [byRules, byGroup, byService], manifested };
}

if (isMain(import.meta.url)) await main();
