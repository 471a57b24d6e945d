import { json } from '../router.js';
import { ErrorCode, fail } from './errors.js';
import type { OrdersContext } from './state.js';

/**
 * Collection calendars: every carrier of the configured services collects from every shipping location
 * on weekdays. The vendor documents no rule's or exception's fields: the mock's rules name a `Day` and a
 * `CollectionTime`, and it has no exceptions.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** GET /collectioncalendar/:shippingLocationReference/:mpdCarrierReference; 404 for an unknown either. */
export function getCollectionCalendar(context: OrdersContext): Response {
  const location = context.params.shippingLocationReference ?? '';
  const carrier = context.params.mpdCarrierReference ?? '';
  if (!context.store.orders.shippingLocations.has(location)) {
    fail(404, ErrorCode.ShippingLocationNotFound, `Shipping location ${location} not found`);
  }
  const services = [...context.store.orders.carrierServices.values()].filter(
    (service) => service.CarrierReference.toLowerCase() === carrier.toLowerCase(),
  );
  if (services.length === 0) {
    fail(404, ErrorCode.ResourceNotFound, `No collection calendar for carrier ${carrier} at ${location}`);
  }
  return json({
    MpdCarrierReference: services[0]?.CarrierReference,
    ShippingLocationReference: location,
    CalendarRules: WEEKDAYS.map((Day) => ({ Day, CollectionTime: '17:00' })),
    CalendarExceptions: [],
    ApplicableMpdCarrierServices: services.map((service) => service.ServiceReference),
  });
}
