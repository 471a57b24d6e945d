// Type tests (checked by `tsc`, never run): a reference an answer carries is typed as the reference the
// methods take, so it is passed back without a cast (issue 38, item 4).
import type { OrdersClient, ShipmentReference, ShipmentsClient } from '../../src/index.js';

declare const orders: OrdersClient;
declare const shipments: ShipmentsClient;
declare const sp: ShipmentReference;

export async function passedBack() {
  const { quotes } = await shipments.getQuotesForShipment(sp);
  const [quote] = quotes ?? [];
  if (!quote) return;
  const allocated = await shipments.allocateShipmentWithQuote(sp, quote.reference);
  await shipments.getLabels(allocated.shipment_reference, { format: 'PDF' });

  const created = await shipments.createShipment({} as Parameters<ShipmentsClient['createShipment']>[0]);
  const read = await shipments.getShipment(created.reference);
  await shipments.cancelShipment(read.reference);

  const group = await shipments.createShipmentGroup({ shipments: [sp] });
  const members = (await shipments.getShipmentGroup(group.reference)).shipments ?? [];
  await shipments.manifestShipments(members);
  const locked = await shipments.lockShipmentGroup(group.reference);
  const { manifest_results } = await shipments.manifestShipmentGroup(locked.reference);
  const [manifest] = manifest_results;
  if (manifest) await shipments.getManifest(manifest.reference);

  const [option] = await orders.getDeliveryOptions({} as Parameters<OrdersClient['getDeliveryOptions']>[0]);
  if (option) await orders.selectDeliveryOption(option.Reference);

  // @ts-expect-error a quote reference is not a shipment reference
  await shipments.getShipment(quote.reference);
  // @ts-expect-error a group's reference is not a shipment's
  await shipments.cancelShipment(group.reference);
}
