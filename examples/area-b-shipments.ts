/**
 * The area B flow, step by step (docs/flows.md, "Area B: shipments"): create shipments, quote one and
 * allocate it with its quote and the other straight to a carrier service, save their labels, gather them
 * in a shipment group and lock it for its collection note, manifest them in one call, and track one.
 * Runs against the embedded mock: `npx tsx examples/area-b-shipments.ts` (files go to ./labels-out).
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import {
  asShipmentGroupReference,
  asShipmentReference,
  type CreateShipmentRequest,
  cheapestShipmentQuote,
  type QuoteReference,
  ShipmentsClient,
} from 'consignkit';
import { saveDocument, saveLabels } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';

/** A shipment of one pair of trainers from a Leeds warehouse to York; `custom_reference` is yours. */
function sampleShipment(customReference: string): CreateShipmentRequest {
  return {
    shipment_type: 'scheduled',
    direction: 'outbound',
    // Area B has no search: your own reference is how a shipment whose answer was lost is found again.
    custom_reference: customReference,
    contents: [
      {
        description: 'Trainers',
        quantity: 1,
        weight: { value: 1.2, unit: 'kg' },
        value: { amount: 59, currency: 'GBP' },
        country_of_origin: 'GB',
      },
    ],
    addresses: [
      {
        address_type: 'origin',
        shipping_location_reference: 'SL-LEEDS-01',
        address_line1: '1 Mill Lane',
        country_iso_code: 'GB',
      },
      {
        address_type: 'destination',
        address_line1: '1 High Street',
        locality: 'York',
        postal_code: 'YO1 1AA',
        country_iso_code: 'GB',
        contact: { first_name: 'Ann', last_name: 'Lee', contact_details: { email: 'ann@example.com' } },
      },
    ],
  };
}

/** A quote's `reference` is a plain string in the answer: this checks it is one to allocate with. */
const isQuoteReference = (value: string): value is QuoteReference => value.startsWith('qu_');

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  // 1. Create Shipment: each is unallocated, with no labels yet.
  const quoted = asShipmentReference((await shipments.create(sampleShipment('AREA-B-1'))).reference);
  const direct = asShipmentReference((await shipments.create(sampleShipment('AREA-B-2'))).reference);
  log(`1. created ${quoted} and ${direct}: ${(await shipments.get(quoted)).state}`);

  // 2a. Get Quote for the first, then Allocate Shipment with Quote, before the quote expires.
  const { quotes } = await shipments.quotes.getForShipment(quoted);
  // Quotes come in no promised order: choose by price.
  const cheapest = cheapestShipmentQuote(quotes);
  if (!cheapest || !isQuoteReference(cheapest.reference)) throw new Error(`no quote for ${quoted}`);
  const byQuote = await shipments.allocation.allocateWithQuote(quoted, cheapest.reference);
  log(
    `2. ${quotes?.length} quote(s); ${quoted} ${byQuote.state} with ${cheapest.reference} (${cheapest.price.gross} ${cheapest.price.currency})`,
  );
  // 2b. Allocate Shipment with Carrier Service: the second straight to a service you know (here, the
  // one quoted for the first).
  const service = cheapest.carrier.service_reference;
  if (!service) throw new Error(`the quote ${cheapest.reference} names no carrier service`);
  const byService = await shipments.allocation.allocateWithCarrierService(direct, service);
  // A 2xx can still say allocation_failed: decide on the answer's state.
  if (byQuote.state !== 'allocated' || byService.state !== 'allocated') {
    throw new Error(`allocation: ${byQuote.state}, ${byService.state}`);
  }
  log(`   ${direct} ${byService.state} to ${service}`);

  // 3. Get Labels, saved atomically as <sp_…>.pdf.
  const files: string[] = [];
  for (const shipment of [quoted, direct]) {
    files.push(
      ...(await saveLabels(shipments, shipment, { format: 'PDF', directory, createDirectories: true })),
    );
  }
  log(`3. saved ${files.join(', ')}`);

  // 4. Create Shipment Group, Lock Shipment Group, then Get Collection Note for the driver.
  const created = await shipments.groups.create({
    custom_reference: 'area-b-evening',
    shipments: [quoted, direct],
  });
  const group = asShipmentGroupReference(created.reference);
  await shipments.groups.lock(group);
  const note = await shipments.documents.getCollectionNote({ reference: group });
  const notePath = await saveDocument(note, `${directory}/collection-note-${group}.pdf`);
  files.push(notePath);
  log(`4. group ${group} locked; collection note ${notePath}`);

  // 5. Manifest Shipments: both in one call, one manifest per carrier; then they read manifested.
  const { manifest_results } = await shipments.manifests.manifestMany([quoted, direct]);
  const manifests = manifest_results.map((manifest) => manifest.reference);
  log(`5. manifest ${manifests.join(', ')}: ${(await shipments.get(quoted)).state}`);

  // 6. Get Tracking Events.
  const tracking = await shipments.tracking.get(quoted);
  const [latest] = tracking.events ?? [];
  log(
    `6. ${tracking.carrier_references.join(', ')}: ${latest ? `${latest.event_code} (${latest.description})` : 'no events yet'}`,
  );
  return { shipments: [quoted, direct], group, manifests, files, tracking };
}

if (isMain(import.meta.url)) await main();
