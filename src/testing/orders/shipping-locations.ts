import { json } from '../router.js';
import { ErrorCode, fail } from './errors.js';
import type { OrdersContext } from './state.js';

/** The organisation's shipping locations (warehouses), as seeded or added with `store.orders.addShippingLocation`. */

export function getShippingLocations(context: OrdersContext): Response {
  return json([...context.store.orders.shippingLocations.values()]);
}

export function getShippingLocation(context: OrdersContext): Response {
  const reference = context.params.shippingLocationReference ?? '';
  const location = context.store.orders.shippingLocations.get(reference);
  return location
    ? json(location)
    : fail(404, ErrorCode.ShippingLocationNotFound, `Shipping location ${reference} not found`);
}
