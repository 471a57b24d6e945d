import { isOrderReference, isPackageReference, type OrderReference } from '../core/references.js';
import type { LostCall } from '../core/remembered-call.js';
import { bodyOf, doneWhenFound, listOf, namesNo, stringsOf, yoursOf } from './edit-rules.js';
import type { Order } from './orders.js';
import type { CreationReader, OrderReconciliation } from './settling.js';

// How a lost answer of `orders.orderPackages` is read back: an order has no state, so its packages tell.
// Each reads only what the operation's `settleWith` keeps (that is all an error read back from JSON has):
// the order, the package, your references of what was added, the service's of what was deleted.

/** The order or the package a call names: its body's `field`, else the first the error names. */
function namedIn<T>(lost: LostCall, field: string, is: (value: unknown) => value is T, what: string): T {
  const value = bodyOf(lost.call)[field];
  const found = is(value) ? value : (lost.references as unknown[]).find(is);
  if (found === undefined) throw namesNo(lost, what);
  return found;
}

/** The order a call names: its body's, else the first order reference the error names. */
export const orderOf = (lost: LostCall) => namedIn(lost, 'OrderReference', isOrderReference, 'order');
const packageOfCall = (lost: LostCall) => namedIn(lost, 'PackageReference', isPackageReference, 'package');

/** Your references of what a lost add sent (its body's `list`), found among what the order holds now. */
function added(lost: LostCall, list: string, field: string, what: string, among: unknown) {
  const yours = yoursOf(
    lost,
    listOf(bodyOf(lost.call)[list]).map((sent) => sent[field]),
    field,
    what,
    'orders.get',
  );
  const found = yours
    .map((mine) => listOf(among).find((held) => held[field] === mine))
    .filter((held) => held !== undefined);
  return { done: doneWhenFound(found.length, yours.length), references: found.map((held) => held.Reference) };
}

/** Whether every reference named is gone from what the order holds now (none: not deleted). */
const deleted = (named: string[], held: { Reference?: unknown }[] | null | undefined) => {
  const left = new Set((held ?? []).map((each) => each.Reference));
  return doneWhenFound(named.filter((reference) => !left.has(reference)).length, named.length);
};

const packageOn = (order: Order, reference: unknown) =>
  (order.Packages ?? []).find((pkg) => pkg.Reference === reference);

/** Add Order Packages: each package sent is found on the order by your `PackageReferenceProvidedByCustomer`. */
export async function settleAddedPackages(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const { Packages } = await reads.readOrder(order);
  const { done, references } = added(
    lost,
    'OrderPackages',
    'PackageReferenceProvidedByCustomer',
    'package',
    Packages,
  );
  return [entry(order, done, { packageReferences: references.filter(isPackageReference) })];
}

/** Delete Order Packages: each package named is gone from the order. */
export async function settleDeletedPackages(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const named = bodyOf(lost.call).OrderPackageReferences;
  const packageReferences = (Array.isArray(named) ? named : lost.references).filter(isPackageReference);
  if (packageReferences.length === 0) throw namesNo(lost, 'package');
  const read = await reads.readOrder(order);
  return [entry(order, deleted(packageReferences, read.Packages), { packageReferences })];
}

/**
 * Add Order Package Items: each item sent is found in the package by your
 * `ItemReferenceProvidedByCustomer`. A package no longer on the order holds none of them: `undefined`.
 */
export async function settleAddedItems(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const packageReferences = [packageOfCall(lost)];
  const pkg = packageOn(await reads.readOrder(order), packageReferences[0]);
  const { done, references } = added(
    lost,
    'OrderItems',
    'ItemReferenceProvidedByCustomer',
    'item',
    pkg?.Items,
  );
  if (pkg === undefined) return [entry(order, undefined, { packageReferences })];
  return [entry(order, done, { packageReferences, itemReferences: stringsOf(references) })];
}

/** Delete Order Package Items: each item named is gone from the package (or the package is gone). */
export async function settleDeletedItems(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const packageReferences = [packageOfCall(lost)];
  const itemReferences = stringsOf(bodyOf(lost.call).OrderItemReferences).filter(Boolean);
  if (itemReferences.length === 0) throw namesNo(lost, 'item reference');
  const pkg = packageOn(await reads.readOrder(order), packageReferences[0]);
  return [entry(order, deleted(itemReferences, pkg?.Items), { packageReferences, itemReferences })];
}

function entry(
  order: OrderReference,
  done: boolean | undefined,
  found: Pick<OrderReconciliation, 'packageReferences' | 'itemReferences'>,
): OrderReconciliation {
  return { reference: order, order, state: undefined, done, ...found };
}
