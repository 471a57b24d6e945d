import { json } from '../../router.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import type { OrdersContext, OrdersStore, StoredConsignment } from '../state.js';
import { sameState } from '../util.js';
import { requireConsignment, requireConsignments } from '../validate.js';
import { detailLink, isAllocated } from './consignment.js';

/**
 * What moves a consignment back or aside: deallocate and cancel (one, or a list with one result each),
 * and set (not) ready to ship.
 */

/** States a consignment may be deallocated from (the vendor's guide). */
export const DEALLOCATABLE_STATES = ['Allocated', 'Manifested', 'ManifestFailed'];
/**
 * States a consignment may be cancelled from: only before it is manifested. The vendor's guide also offers
 * cancelling a `Manifested` one, which is the carrier's business by then: the mock refuses it (deallocate
 * first). A `ReadyToShip` one is set not ready to ship first, as the spec says.
 */
export const CANCELLABLE_STATES = ['Unallocated', 'AllocationFailed', 'Allocated', 'ManifestFailed'];

const isIn = (states: string[], consignment: StoredConsignment) =>
  states.some((state) => sameState(state, consignment.State));

/** Takes the consignment off its carrier: no carrier fields, no tracking, and area B's shipment unlabelled. */
function dropAllocation(store: OrdersStore, consignment: StoredConsignment): void {
  delete consignment.CarrierReference;
  delete consignment.CarrierName;
  delete consignment.CarrierServiceReference;
  delete consignment.CarrierServiceName;
  delete consignment.AllocationDate;
  delete consignment.AllocatedPrice;
  consignment.TrackingReferences = [];
  consignment.LabelsPrinted = false;
  store.emit('deallocated', consignment.Reference);
}

interface Change {
  action: string;
  allowed: string[];
  apply(store: OrdersStore, consignment: StoredConsignment): void;
}

const DEALLOCATE: Change = {
  action: 'deallocation',
  allowed: DEALLOCATABLE_STATES,
  apply(store, consignment) {
    dropAllocation(store, consignment);
    consignment.State = 'Unallocated';
    consignment.FailedAllocation = null;
    store.emit('changed', consignment.Reference);
  },
};

const CANCEL: Change = {
  action: 'cancellation',
  allowed: CANCELLABLE_STATES,
  apply(store, consignment) {
    if (isAllocated(consignment)) dropAllocation(store, consignment);
    consignment.State = 'Cancelled';
    store.emit('changed', consignment.Reference);
  },
};

function refusal(consignment: StoredConsignment, change: Change): string {
  return `Consignment ${consignment.Reference} is ${consignment.State}: ${change.action} needs ${change.allowed.join(', ')}`;
}

function changeOne(context: OrdersContext, change: Change): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  if (!isIn(change.allowed, consignment)) {
    fail(400, ErrorCode.InvalidConsignmentState, refusal(consignment, change), [
      {
        Code: 'InvalidConsignmentState',
        Target: consignment.Reference,
        Message: refusal(consignment, change),
      },
    ]);
  }
  change.apply(context.store, consignment);
  // 200 with no body, as the vendor's guide documents.
  return new Response(null, { status: 200 });
}

function changeList(context: OrdersContext, change: Change): Response {
  const consignments = requireConsignments(context.store, context.body, 'body');
  return json(
    consignments.map((consignment) => {
      const ok = isIn(change.allowed, consignment);
      const message = ok
        ? `Consignment ${change.action} completed successfully`
        : refusal(consignment, change);
      if (ok) change.apply(context.store, consignment);
      return { IsSuccess: ok, Message: message, Data: consignment.Reference, ApiLinks: null };
    }),
  );
}

/** PUT /consignments/:consignmentReference/deallocate: from Allocated, Manifested or ManifestFailed to Unallocated. */
export const deallocateConsignment = (context: OrdersContext) => changeOne(context, DEALLOCATE);
/** PUT /consignments/deallocatelist (a bare array): one result each. */
export const deallocateConsignments = (context: OrdersContext) => changeList(context, DEALLOCATE);
/** PUT /consignments/:consignmentReference/cancel: before manifesting, to Cancelled. */
export const cancelConsignment = (context: OrdersContext) => changeOne(context, CANCEL);
/** PUT /consignments/cancellist (a bare array): one result each. */
export const cancelConsignments = (context: OrdersContext) => changeList(context, CANCEL);

/** The bare array of references Set (Not) Ready To Ship takes: 400 otherwise, 404 for unknown ones. */
function readyToShipBody(context: OrdersContext): StoredConsignment[] {
  if (!Array.isArray(context.body)) invalid('body', 'must be a bare array of consignment references');
  return requireConsignments(context.store, context.body, 'body');
}

function moveState(context: OrdersContext, from: string, to: string, action: string): Response {
  const consignments = readyToShipBody(context);
  return json(
    consignments.map((consignment) => {
      const ok = sameState(consignment.State, from);
      const previous = consignment.State;
      if (ok) consignment.State = to;
      return {
        IsSuccess: ok,
        Message: ok
          ? `Consignment ${consignment.Reference} set ${action}`
          : `Consignment ${consignment.Reference} is ${previous}: only ${from} consignments can be set ${action}`,
        Data: consignment.Reference,
        ApiLinks: detailLink(context, consignment.Reference),
      };
    }),
  );
}

/** PUT /consignments/setreadytoship (bare array): `Allocated` → `ReadyToShip`; others IsSuccess false. */
export const setReadyToShip = (context: OrdersContext) =>
  moveState(context, 'Allocated', 'ReadyToShip', 'ready to ship');

/** PUT /consignments/setnotreadytoship (bare array): `ReadyToShip` → `Allocated`; others IsSuccess false. */
export const setNotReadyToShip = (context: OrdersContext) =>
  moveState(context, 'ReadyToShip', 'Allocated', 'not ready to ship');
