import type { JsonObject, OrdersStore, StoredConsignment } from '../state.js';

/**
 * The dates of a consignment's milestones, as Get Consignment and Search Consignments write them: read
 * from its tracking events (Dispatch Consignments adds `Dispatched`; a test adds the carrier's with
 * `store.orders.addTrackingEvent`). `null` until the consignment has reached one, as the service writes.
 */
export interface Milestones {
  /** The first `Dispatched` event: when it left the shipping location. */
  shipped: string | null;
  /** The first `Collected` event. */
  collected: string | null;
  /** The first failed delivery (`DeliveryFailed`, `DeliveryFailedCardLeft`). */
  firstAttempted: string | null;
  /** The last failed delivery. */
  attempted: string | null;
  /** The first `Delivered` (or `DeliveredDamaged`, `PartiallyDelivered`) event. */
  delivered: string | null;
  /** The first `ReturnToSender` event. */
  returned: string | null;
}

const FAILED_DELIVERY = ['DeliveryFailed', 'DeliveryFailedCardLeft'];
const DELIVERED = ['Delivered', 'DeliveredDamaged', 'PartiallyDelivered'];

export function milestonesOf(store: OrdersStore, consignment: StoredConsignment): Milestones {
  const events = store.orders.trackingEvents.get(consignment.Reference) ?? [];
  const times = (codes: string[]) =>
    events.filter((event) => codes.includes(event.Code)).map((event) => event.TimeStamp);
  const first = (...codes: string[]) => times(codes)[0] ?? null;
  return {
    shipped: first('Dispatched'),
    collected: first('Collected'),
    firstAttempted: first(...FAILED_DELIVERY),
    attempted: times(FAILED_DELIVERY).at(-1) ?? null,
    delivered: first(...DELIVERED),
    returned: first('ReturnToSender'),
  };
}

/** A consignment's failed allocation, as Get Consignment shows it, or `null`. */
export function failedAllocationOf(consignment: StoredConsignment): JsonObject | null {
  const failed = consignment.FailedAllocation;
  return failed !== null && typeof failed === 'object' && !Array.isArray(failed)
    ? (failed as JsonObject)
    : null;
}
