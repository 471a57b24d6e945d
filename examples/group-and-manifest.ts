/**
 * Gather the day's shipments into a shipment group, lock it for the collection, then manifest the
 * consignments in one call and keep the carrier's manifest PDF.
 * `npx tsx examples/group-and-manifest.ts` (the manifest goes to ./labels-out)
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { createClients } from 'consignkit';
import { saveDocument } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { shippedConsignment } from './shipped-consignment.js';

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const { orders, shipments } = createClients({ apiKey: mock.apiKey, fetch: mock.fetch });
  const first = await shippedConsignment(orders, mock, 'WEB-4001');
  const second = await shippedConsignment(orders, mock, 'WEB-4002');

  // Groups are set up in the service's portal; the mock starts this one empty and open.
  const group = mock.store.shipments.addShipmentGroup({ custom_reference: 'evening-collection' });

  const added = await shipments.groups.addShipment(
    { customReference: 'evening-collection', version: 'latest' },
    first.shipment,
  );
  log(added.message ?? `${first.shipment} added`);
  const updated = await shipments.groups.update({
    reference: group.reference,
    add_shipments: [second.shipment],
  });
  log(updated.message ?? `${second.shipment} added`);
  const locked = await shipments.groups.lock(group.reference);
  log(locked.message ?? `${locked.reference} locked`);

  // One manifest call for the whole collection: each successful call transmits to the carrier.
  const results = await orders.manifests.manifest([first.consignment, second.consignment]);
  for (const result of results) log(`${result.Data}: ${result.IsSuccess ? 'manifested' : result.Message}`);

  const [summary] = await orders.manifests.list();
  if (!summary) throw new Error('no customer manifest was recorded');
  const pdf = await orders.manifests.get(summary.ManifestReference);
  // Atomic, like a label: whoever watches the folder never sees half a manifest.
  const path = await saveDocument(pdf, `${directory}/manifest-${summary.ManifestReference}.pdf`, {
    createDirectories: true,
  });
  log(`saved ${path} (${summary.BookingsCount} bookings, ${summary.CarrierName})`);
  return { group: group.reference, path };
}

if (isMain(import.meta.url)) await main();
