import { empty, json } from '../router.js';
import { ErrorCode, fail, invalid } from './errors.js';
import type { JsonObject, OrdersContext, OrdersStore, StoredOrder } from './state.js';
import { addressOfType, clone, hex32, isoWithOffset, sameText } from './util.js';
import {
  checkAddress,
  checkOrderAddresses,
  checkOrderPackages,
  metaDataOf,
  optionalDate,
  optionalObject,
  optionalString,
  optionalTags,
  requireBodyObject,
  requireOrder,
} from './validate.js';

/** Properties Update Order replaces entirely, deleting them when omitted (or null). */
const REPLACED = [
  'OrderReferenceProvidedByCustomer',
  'RequiredDeliveryDate',
  'ShippingDate',
  'CustomsDocumentation',
];

/** Checks the optional properties Create Order and Update Order share (Update Order ignores `Source`). */
function checkOrderProperties(body: JsonObject): void {
  optionalString(body, 'OrderReferenceProvidedByCustomer');
  optionalString(body, 'Direction');
  optionalDate(body, 'RequiredDeliveryDate');
  optionalDate(body, 'ShippingDate');
  optionalObject(body, 'CustomsDocumentation');
  optionalTags(body);
  metaDataOf(body);
}

/**
 * Checks a Create Order body and copies what the order keeps from it, with no effect on the store: a
 * body refused here leaves no trace (no reference taken). `commit` stores it.
 */
export function prepareOrder(store: OrdersStore, body: JsonObject, extras: JsonObject = {}) {
  const packages = clone(checkOrderPackages(body.Packages));
  const addresses = clone(checkOrderAddresses(store, body.Addresses));
  checkOrderProperties(body);
  optionalString(body, 'Source');
  const fields: JsonObject = { ...clone(extras) };
  for (const key of [...REPLACED, 'Direction']) {
    if (body[key] !== undefined && body[key] !== null) fields[key] = clone(body[key]);
  }
  if (Array.isArray(body.Tags) && body.Tags.length > 0) fields.Tags = clone(body.Tags);
  const metaData = metaDataOf(body);
  if (metaData) fields.MetaData = clone(metaData);
  const source = typeof body.Source === 'string' ? body.Source : 'Api';
  return {
    /** Stores the order, giving it, its packages and their items references. */
    commit(): StoredOrder {
      const reference = store.nextReference('EO-');
      const order: StoredOrder = {
        OrderReference: reference,
        DateCreated: isoWithOffset(store.now()),
        Source: source,
        Packages: packages.map((pkg) => ({
          ...pkg,
          Reference: store.nextReference('EP-'),
          Items: (pkg.Items as JsonObject[]).map((item) => ({
            ...item,
            Reference: hex32(store.nextReference('EI-')),
          })),
        })),
        Addresses: addresses,
        ...fields,
      };
      store.orders.orders.set(reference, order);
      return order;
    },
  };
}

export const orderLinks = (context: OrdersContext, reference: string) => [
  { Rel: 'Order', Href: `${context.baseUrl}/orders/${reference}` },
];

/** POST /orders: `[{ Rel: 'Order', Href: '…/orders/EO-…' }]`, 201. */
export function createOrder(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const order = prepareOrder(context.store, body).commit();
  return json(orderLinks(context, order.OrderReference), 201);
}

/** GET /orders/:orderReference: the stored order with the service's extras. */
export function getOrder(context: OrdersContext): Response {
  return json(requireOrder(context.store, context.params.orderReference));
}

/**
 * PUT /orders/:orderReference, the per-property table of the spec:
 * `OrderReference` required and equal to the path; `OrderReferenceProvidedByCustomer`,
 * `RequiredDeliveryDate`, `ShippingDate`, `CustomsDocumentation`, `MetaData` replaced, deleted when
 * omitted or null; `Source` and `Packages` ignored, whatever they hold; `Addresses`, `Direction`, `Tags`
 * replaced when a value is given (absent, null, or an empty array: no change), checked like any other
 * property (`Addresses: "x"` or `{}` is a 400). New addresses must still make a valid order.
 * Answers 200 `{ Message, OrderReference }`.
 */
export function updateOrder(context: OrdersContext): Response {
  const order = requireOrder(context.store, context.params.orderReference);
  const body = requireBodyObject(context.body);
  if (body.OrderReference === undefined || body.OrderReference === null)
    invalid('OrderReference', 'is required');
  if (body.OrderReference !== order.OrderReference) {
    fail(
      400,
      ErrorCode.ReferenceMismatch,
      `OrderReference '${String(body.OrderReference)}' does not match ${order.OrderReference}: it cannot be updated`,
    );
  }
  checkOrderProperties(body);
  const noAddresses =
    body.Addresses === undefined ||
    body.Addresses === null ||
    (Array.isArray(body.Addresses) && body.Addresses.length === 0);
  const addresses = noAddresses ? undefined : checkOrderAddresses(context.store, body.Addresses);

  // The whole new state is checked and copied before the stored order is touched: a refused or failed
  // update never leaves it half applied.
  const replacements: JsonObject = {};
  for (const key of REPLACED) {
    if (body[key] !== undefined && body[key] !== null) replacements[key] = clone(body[key]);
  }
  const metaData = metaDataOf(body);
  if (metaData) replacements.MetaData = clone(metaData);
  if (addresses) replacements.Addresses = clone(addresses);
  if (typeof body.Direction === 'string') replacements.Direction = body.Direction;
  if (Array.isArray(body.Tags) && body.Tags.length > 0) replacements.Tags = clone(body.Tags);
  for (const key of [...REPLACED, 'MetaData']) delete order[key];
  Object.assign(order, replacements);
  return json({ Message: `Order ${order.OrderReference} updated`, OrderReference: order.OrderReference });
}

/** POST /orders/:orderReference/address: only when the order has no address of that type. Empty 200. */
export function addAddressToOrder(context: OrdersContext): Response {
  const order = requireOrder(context.store, context.params.orderReference);
  const address = checkAddress(context.store, context.body, 'Address');
  if (addressOfType(order.Addresses, address.AddressType as string)) {
    fail(
      400,
      ErrorCode.AddressTypeAlreadyExists,
      `Order ${order.OrderReference} already has an ${String(address.AddressType)} address: update it instead`,
    );
  }
  order.Addresses.push(clone(address));
  return empty(200);
}

/** PUT /orders/:orderReference/address: only when the order has an address of that type. Empty 200. */
export function updateAddressOnOrder(context: OrdersContext): Response {
  const order = requireOrder(context.store, context.params.orderReference);
  const address = checkAddress(context.store, context.body, 'Address');
  const index = order.Addresses.findIndex((existing) => sameText(existing.AddressType, address.AddressType));
  if (index === -1) {
    fail(
      400,
      ErrorCode.AddressTypeNotOnOrder,
      `Order ${order.OrderReference} has no ${String(address.AddressType)} address: add it instead`,
    );
  }
  const addresses = order.Addresses.map((existing, at) => (at === index ? clone(address) : existing));
  // The order must stay valid: an Origin and a Destination, one of them at a valid shipping location.
  checkOrderAddresses(context.store, addresses);
  order.Addresses = addresses;
  return empty(200);
}
