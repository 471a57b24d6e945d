/**
 * Edit a packed consignment before allocating it: the picker found one more mug for the order, so it is
 * added to the package, moved into a second box of its own, the first box is re-measured, and each box
 * and item gets the reference your warehouse system knows it by. Every edit is made before allocation,
 * as the service requires, and a lost answer would be settled by reading, never by sending again.
 * `npx tsx examples/edit-a-packed-consignment.ts`
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { asPackageReference, type ConsignmentReference, OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });

  const order = await orders.create(sampleOrder('WEB-3001'));
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  if (!consignment) throw new Error(`packing ${order} created no consignment`);
  const boxes = async (reference: ConsignmentReference) =>
    (await orders.consignments.get(reference)).Packages ?? [];
  const [firstBox] = await boxes(consignment);
  const first = asPackageReference(firstBox?.Reference);
  log(`packed ${consignment}: box ${first}`);

  // One more mug. Your own item reference (and the consignment, which is not sent) is what lets
  // orders.reconcile find the item if the answer is lost.
  await orders.items.add(
    first,
    {
      ItemReferenceProvidedByCustomer: 'WEB-3001-LINE-2',
      Sku: 'MUG-RED',
      Description: 'Red mug',
      Quantity: 1,
      Weight: { Value: 0.4, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 12 },
      Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
    },
    consignment,
  );
  const added = (await boxes(consignment))[0]?.Items?.find(
    (item) => item.ItemReferenceProvidedByCustomer === 'WEB-3001-LINE-2',
  );
  if (!added?.Reference) throw new Error('the added mug is not in the box');
  log(`added item ${added.Reference} (WEB-3001-LINE-2) to ${first}`);

  // It does not fit: a second box, and the mug moves into it.
  const secondBox = await orders.packages.add(consignment, {
    PackageReferenceProvidedByCustomer: 'BOX-2',
    PackageSizeReference: 'SMALL-PARCEL',
    Description: 'Red mug',
    Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
  });
  const second = asPackageReference(secondBox.Reference);
  await orders.items.move(added.Reference, second, consignment);
  log(`moved item ${added.Reference} to ${second}`);

  // The first box holds one mug now: re-measured (a full replace; its items are kept when left out).
  await orders.packages.update(first, {
    PackageSizeReference: 'SMALL-PARCEL',
    Description: 'Blue mug',
    Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
  });
  await orders.packages.setCustomerReference(first, 'BOX-1');

  for (const pkg of await boxes(consignment)) {
    const items = (pkg.Items ?? []).map((item) => item.Sku).join(', ');
    log(`  ${pkg.Reference} ${pkg.PackageReferenceProvidedByCustomer}: ${pkg.Description} [${items}]`);
  }

  // Allocated, the boxes have labels: scanning one sets your reference on its first item.
  const [allocation] = await orders.allocation.allocate([consignment]);
  const [barcode] = allocation?.ConsignmentLegs?.[0]?.TrackingReferences ?? [];
  if (barcode === undefined) throw new Error('allocation gave no tracking reference');
  await orders.items.setCustomerReferenceByLabelBarcode(barcode, 'PICKED-BY-ANA');
  const labelled = (await boxes(consignment))[0]?.Items?.[0]?.ItemReferenceProvidedByCustomer;
  log(`allocated to ${allocation?.CarrierServiceName}; label ${barcode}: first item is ${labelled}`);

  const packages = (await boxes(consignment)).map((pkg) => ({
    reference: pkg.PackageReferenceProvidedByCustomer,
    items: (pkg.Items ?? []).map((item) => item.Sku),
  }));
  return { consignment, packages, labelled };
}

if (isMain(import.meta.url)) await main();
