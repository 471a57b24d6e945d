import { ConfigurationError } from '../core/errors.js';
import type { Call } from '../core/operation.js';
import {
  isOrderReference,
  isPackageReference,
  type OrderReference,
  type PackageReference,
} from '../core/references.js';
import type { LostCall } from '../core/remembered-call.js';
import type { Order } from './orders.js';
import type { CreationReader, OrderReconciliation } from './settling.js';

// How a lost answer of `orders.orderPackages` is read back: an order has no state, so its packages tell.
// Each reads only what the operation's `settleWith` keeps (that is all an error read back from JSON has):
// the order, the package, your references of what was added, the service's of what was deleted.

type Body = Record<string, unknown>;
const bodyOf = (call: Call | undefined): Body => (call?.body ?? {}) as Body;
const list = (value: unknown): Body[] => (Array.isArray(value) ? (value as Body[]) : []);

/** The order a call names: its body's, else the first order reference the error names. */
export function orderOf(lost: LostCall): OrderReference {
  const named = bodyOf(lost.call).OrderReference;
  const order = isOrderReference(named) ? named : lost.references.find(isOrderReference);
  if (order === undefined) {
    throw new ConfigurationError(
      `reconcile cannot settle ${lost.operation}: the error names no order (it was not thrown by this copy of consignkit)`,
    );
  }
  return order;
}

/** `true` when every one was found, `false` when none was, `undefined` for some. */
function doneWhenFound(found: number, of: number): boolean | undefined {
  if (found === of) return true;
  return found === 0 ? false : undefined;
}

function yourReferences(lost: LostCall, entries: Body[], field: string, what: string): string[] {
  const references = entries.map((entry) => entry[field]);
  if (
    references.length === 0 ||
    references.some((value) => typeof value !== 'string' || value.trim() === '')
  ) {
    throw new ConfigurationError(
      `reconcile cannot settle ${lost.operation}: a ${what} was sent without a ${field} (or the error was not thrown by this copy of consignkit), so nothing tells it from the order's other ${what}s. Read the order with orders.get and compare; set ${field} on every ${what} you add so that reconcile can find it`,
    );
  }
  return references as string[];
}

function packageOn(order: Order, reference: unknown) {
  return (order.Packages ?? []).find((pkg) => pkg.Reference === reference);
}

/** Add Order Packages: each package sent is found on the order by your `PackageReferenceProvidedByCustomer`. */
export async function settleAddedPackages(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const yours = yourReferences(
    lost,
    list(bodyOf(lost.call).OrderPackages),
    'PackageReferenceProvidedByCustomer',
    'package',
  );
  const read = await reads.readOrder(order);
  const found = yours
    .map((mine) => (read.Packages ?? []).find((pkg) => pkg.PackageReferenceProvidedByCustomer === mine))
    .filter((pkg) => pkg !== undefined);
  const packageReferences = found
    .map((pkg) => pkg.Reference)
    .filter((reference): reference is PackageReference => isPackageReference(reference));
  return [entry(order, doneWhenFound(found.length, yours.length), { packageReferences })];
}

/** Delete Order Packages: each package named is gone from the order. */
export async function settleDeletedPackages(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const named = bodyOf(lost.call).OrderPackageReferences;
  const packageReferences = (Array.isArray(named) ? named : lost.references).filter(isPackageReference);
  if (packageReferences.length === 0) {
    throw new ConfigurationError(
      `reconcile cannot settle ${lost.operation}: the error names no package (it was not thrown by this copy of consignkit)`,
    );
  }
  const read = await reads.readOrder(order);
  const gone = packageReferences.filter((reference) => packageOn(read, reference) === undefined);
  return [entry(order, doneWhenFound(gone.length, packageReferences.length), { packageReferences })];
}

function packageOfCall(lost: LostCall): PackageReference {
  const named = bodyOf(lost.call).PackageReference;
  const reference = isPackageReference(named) ? named : lost.references.find(isPackageReference);
  if (reference === undefined) {
    throw new ConfigurationError(
      `reconcile cannot settle ${lost.operation}: the error names no package (it was not thrown by this copy of consignkit)`,
    );
  }
  return reference;
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
  const packageReference = packageOfCall(lost);
  const yours = yourReferences(
    lost,
    list(bodyOf(lost.call).OrderItems),
    'ItemReferenceProvidedByCustomer',
    'item',
  );
  const pkg = packageOn(await reads.readOrder(order), packageReference);
  if (pkg === undefined) return [entry(order, undefined, { packageReferences: [packageReference] })];
  const found = yours
    .map((mine) => (pkg.Items ?? []).find((item) => item.ItemReferenceProvidedByCustomer === mine))
    .filter((item) => item !== undefined);
  const itemReferences = found
    .map((item) => item.Reference)
    .filter((reference): reference is string => typeof reference === 'string');
  return [
    entry(order, doneWhenFound(found.length, yours.length), {
      packageReferences: [packageReference],
      itemReferences,
    }),
  ];
}

/** Delete Order Package Items: each item named is gone from the package (or the package is gone). */
export async function settleDeletedItems(
  lost: LostCall,
  reads: CreationReader,
): Promise<OrderReconciliation[]> {
  const order = orderOf(lost);
  const packageReference = packageOfCall(lost);
  const named = bodyOf(lost.call).OrderItemReferences;
  const itemReferences = (Array.isArray(named) ? (named as unknown[]) : []).filter(
    (reference): reference is string => typeof reference === 'string' && reference !== '',
  );
  if (itemReferences.length === 0) {
    throw new ConfigurationError(
      `reconcile cannot settle ${lost.operation}: the error keeps no item reference (it was not thrown by this copy of consignkit)`,
    );
  }
  const pkg = packageOn(await reads.readOrder(order), packageReference);
  const left = new Set((pkg?.Items ?? []).map((item) => item.Reference));
  const gone = itemReferences.filter((reference) => !left.has(reference));
  return [
    entry(order, doneWhenFound(gone.length, itemReferences.length), {
      packageReferences: [packageReference],
      itemReferences,
    }),
  ];
}

function entry(
  order: OrderReference,
  done: boolean | undefined,
  found: Pick<OrderReconciliation, 'packageReferences' | 'itemReferences'>,
): OrderReconciliation {
  return { reference: order, order, state: undefined, done, ...found };
}
