import { json } from '../router.js';
import type { OrdersContext, OrdersStore, StoredConsignment } from './state.js';
import { sameState } from './util.js';
import { requireConsignment } from './validate.js';

/**
 * Tracking in the mock: the allocation event, the manifest, and the carrier events a test adds with
 * `store.orders.addTrackingEvent`.
 */

/** States from Manifested on: the carrier has the consignment's data. */
const MANIFESTED_OR_LATER = (state: string) =>
  ![
    'Unallocated',
    'Allocating',
    'AllocationFailed',
    'Allocated',
    'ReadyToShip',
    'Cancelling',
    'Cancelled',
  ].some((early) => sameState(early, state)) && !sameState(state, 'ManifestFailed');

/**
 * GET /tracking/:ref: one tracked package per package, one leg with the consignment's carrier service,
 * its events: allocation, the manifest, then the carrier events `store.orders.addTrackingEvent` added.
 */
export function getTracking(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const events = eventsOf(context, consignment);
  return json({
    ConsignmentReferenceForAllLegsAssignedByMpd: consignment.Reference,
    TrackedPackages: consignment.Packages.map((pkg) => ({
      PackageReferenceForAllLegsAssignedByMpd: pkg.Reference ?? null,
      Legs: consignment.CarrierServiceName
        ? [{ CarrierServiceName: consignment.CarrierServiceName, Events: events }]
        : [],
    })),
  });
}

/**
 * GET /tracking/flattened/:ref: the same events with no legs, each naming the carrier service (none
 * before allocation).
 */
export function getFlattenedTracking(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const events = consignment.CarrierServiceName
    ? eventsOf(context, consignment).map((event) => ({
        ...event,
        CarrierServiceName: consignment.CarrierServiceName,
      }))
    : [];
  return json({
    ConsignmentReferenceForAllLegsAssignedByMpd: consignment.Reference,
    TrackedPackages: consignment.Packages.map((pkg) => ({
      PackageReferenceForAllLegsAssignedByMpd: pkg.Reference ?? null,
      Events: events,
    })),
  });
}

/** A consignment's events: allocation, the manifest, then what `store.orders.addTrackingEvent` added. */
function eventsOf(context: OrdersContext, consignment: StoredConsignment) {
  const recorded = context.store.orders.trackingEvents.get(consignment.Reference) ?? [];
  const manifested =
    MANIFESTED_OR_LATER(consignment.State) && !recorded.some((event) => event.Code === 'Manifested');
  const events = [
    ...recorded,
    ...(manifested
      ? [
          {
            TimeStamp: context.store.now().toISOString(),
            Code: 'Manifested',
            Description: 'Sent to the carrier',
            SignedBy: null,
            Location: null,
          },
        ]
      : []),
  ];
  return events;
}

/** The allocation event, recorded as allocation happens. */
export function recordAllocation(store: OrdersStore, consignmentReference: string): void {
  const consignment = store.orders.getConsignment(consignmentReference);
  store.orders.addTrackingEvent(consignmentReference, {
    Code: 'Allocated',
    Description: `Allocated to ${consignment?.CarrierServiceName ?? 'a carrier service'}`,
  });
}
