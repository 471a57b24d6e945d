// What settling a lost answer reads and finds, apart from reconcile.ts, so that an operation's module can
// declare how its own lost answer is settled (`settledByReading`) without importing reconcile, which
// imports the consignments' modules.

import type {
  ConsignmentReference,
  ItemReference,
  OrderReference,
  PackageReference,
} from '../core/references.js';
import type { LostCall, SettledByReading } from '../core/remembered-call.js';
import type { Consignment } from './consignments/consignment.js';
import type { ConsignmentFilter } from './consignments/search.js';
import type { Order } from './orders.js';
import type { ConsignmentState } from './wire-shapes.js';

/**
 * What {@link OrdersClient.reconcile} found for one consignment: its state now, and whether the change the
 * failed call asked for is in place.
 */
export interface Reconciliation {
  /** The consignment. */
  reference: ConsignmentReference;
  /** Its state as Get Consignment reads it now. */
  state: ConsignmentState;
  /**
   * `true`: it is in the state the operation leads to (or on its way there: `Allocating`, `Manifesting`,
   * `Cancelling`), so the operation happened; do not send it again. `false`: it is still in a state the
   * operation starts from, so it did not happen; sending it again is safe. `undefined`: it is in neither
   * (moved on by something else, or failed at the carrier): nothing is concluded.
   */
  done: boolean | undefined;
  /**
   * For Add Package and Delete Package: the package. Add Package's is the one found on the consignment by
   * your `PackageReferenceProvidedByCustomer` (none when it was not added).
   */
  packageReference?: PackageReference | undefined;
  /**
   * For the item edits (`orders.items`): the item. Add Item's is the one found on the package by your
   * `ItemReferenceProvidedByCustomer` (none when it was not added).
   */
  itemReference?: ItemReference | undefined;
}

/**
 * What {@link OrdersClient.reconcile} found for an order whose packages or items a lost call changed
 * (`orders.orderPackages`). An order has no state and is no consignment, so it is not a
 * {@link Reconciliation}: `reference` is the order, `state` is always `undefined`, and `done` says what
 * the order's packages show. Tell the two apart by `order`, which only this one has.
 */
export interface OrderReconciliation extends Omit<Reconciliation, 'reference' | 'state'> {
  /** The order read (Get Order). */
  reference: OrderReference;
  /** The order again: present on this kind of entry only, so that `'order' in entry` tells it apart. */
  order: OrderReference;
  /** Always `undefined`: an order has no state; what was read is its packages. */
  state: undefined;
  /**
   * `true`: what the call asked is on the order (every package or item added is found by your
   * reference, every one deleted is gone): do not send it again. `false`: none of it is, so sending it
   * again is safe. `undefined`: part of it is (another change was made meanwhile): check by hand.
   */
  done: boolean | undefined;
  /** The packages found: for Add Order Packages, the new references of yours found on the order. */
  packageReferences?: PackageReference[] | undefined;
  /** The items found: for Add Order Package Items, the new references of yours found in the package. */
  itemReferences?: string[] | undefined;
}

/** One entry of what {@link OrdersClient.reconcile} found: a consignment's, or an order's. */
export type ReconciledEntry = Reconciliation | OrderReconciliation;

// Not exported by the package: what reconcile reads with, not a type of the service.
/** What reconciling reads: one consignment, and the references matching a filter. */
export interface ConsignmentReader {
  read(reference: ConsignmentReference): Promise<Consignment>;
  find(filter: ConsignmentFilter): Promise<ConsignmentReference[]>;
}

// Not exported by the package: what reconcile reads with, not a type of the service.
/**
 * Settling an operation that creates a consignment (its outcome rule starts from nothing, `from: []`):
 * the service numbers the consignment, so it is found by your own reference instead. Create Consignment's
 * error names that reference; Select Option's names the option, whose details hold the reference of the
 * options request. Every consignment found was created (`done: true`, whatever its state now); none found
 * means nothing was, and creating again is safe, provided your reference is unique to that consignment.
 */
export interface CreationReader extends ConsignmentReader {
  /** The `ConsignmentReferenceProvidedByCustomer` of the options request an option was offered for. */
  customerReferenceOfOption(option: `EDO-${string}`): Promise<string | undefined>;
  /** One order (Get Order), for what changes an order's packages. */
  readOrder(reference: OrderReference): Promise<Order>;
}

/**
 * The outcome rule of an area A operation that changes what a consignment or an order holds (items,
 * packages' references), which no state tells: its own reads settle it. `settle` reads through the
 * client's reader and returns one {@link Reconciliation} per consignment it looked at (an
 * {@link OrderReconciliation} per order); it reads only what
 * `settleWith` keeps of the call, since that is all an error read back from JSON has.
 */
export function settledByReading(
  settle: (lost: LostCall, reads: CreationReader) => Promise<ReconciledEntry[]>,
): SettledByReading {
  return { settle: settle as SettledByReading['settle'] };
}
