// Type tests (checked by `tsc`, never run): a reference an answer carries is typed as the reference the
// methods take, so it is passed back without a cast (issue 38, item 4).
import type { OrdersClient, ShipmentReference, ShipmentsClient } from '../../src/index.js';

declare const orders: OrdersClient;
declare const shipments: ShipmentsClient;
declare const sp: ShipmentReference;

export async function passedBack() {
  const { quotes } = await shipments.quotes.getForShipment(sp);
  const [quote] = quotes ?? [];
  if (!quote) return;
  const allocated = await shipments.allocation.allocateWithQuote(sp, quote.reference);
  await shipments.labels.get(allocated.shipment_reference, { format: 'PDF' });

  const created = await shipments.create({} as Parameters<ShipmentsClient['create']>[0]);
  const read = await shipments.get(created.reference);
  await shipments.cancel(read.reference);

  const group = await shipments.groups.create({ shipments: [sp] });
  const members = (await shipments.groups.get(group.reference)).shipments ?? [];
  await shipments.manifests.manifestMany(members);
  const locked = await shipments.groups.lock(group.reference);
  const { manifest_results } = await shipments.groups.manifest(locked.reference);
  const [manifest] = manifest_results;
  if (manifest) await shipments.manifests.get(manifest.reference);

  const [option] = await orders.deliveryOptions.list(
    {} as Parameters<OrdersClient['deliveryOptions']['list']>[0],
  );
  if (option) await orders.deliveryOptions.selectAsOrder(option.Reference);

  // @ts-expect-error a quote reference is not a shipment reference
  await shipments.get(quote.reference);
  // @ts-expect-error a group's reference is not a shipment's
  await shipments.cancel(group.reference);
}
