import { json } from '../router.js';
import type { CarrierService, OrdersContext } from './state.js';

/**
 * The subscription's carrier services and carriers, read from the services seeded or added with
 * `store.orders.addCarrierService`: their `ServiceReference` is the `Reference` allocation takes.
 */

/** A stored service in the vendor's `MpdCarrierService` shape. */
function mpdCarrierService(service: CarrierService) {
  return {
    Reference: service.ServiceReference,
    Name: service.ServiceName,
    Description: service.ServiceName,
    MpdCarrierReference: service.CarrierReference,
    CarrierName: service.CarrierName,
    CarrierAccountOwner: null,
    Status: 'Active',
    Source: 2,
    Type: service.IsPickUp ? 'Pickup' : 'Scheduled',
    Journey: [],
    IsConfigured: true,
  };
}

/**
 * GET /carrierservices and GET /carriers: the enabled services (a disabled one cannot be allocated to),
 * as `{ MpdCarrierServices, Success, ErrorMessage }`.
 */
export function getCarrierServices(context: OrdersContext): Response {
  const services = [...context.store.orders.carrierServices.values()].filter((service) => service.Enabled);
  return json({ MpdCarrierServices: services.map(mpdCarrierService), Success: true, ErrorMessage: null });
}

/** GET /carriers/getcarriers: each carrier of the configured services once, `{ Reference, Name }`. */
export function getCarriers(context: OrdersContext): Response {
  const carriers = new Map<string, string>();
  for (const service of context.store.orders.carrierServices.values()) {
    if (!carriers.has(service.CarrierReference)) carriers.set(service.CarrierReference, service.CarrierName);
  }
  return json([...carriers].map(([Reference, Name]) => ({ Reference, Name })));
}
