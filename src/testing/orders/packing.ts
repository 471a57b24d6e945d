import { json } from '../router.js';
import { ErrorCode, fail, invalid } from './errors.js';
import type { JsonObject, OrdersContext, StoredConsignment, StoredOrder } from './state.js';
import { addressOfType, clone, countryOf, isObject, isoWithOffset, sameText } from './util.js';
import {
  checkOrderAddresses,
  metaDataOf,
  optionalDate,
  optionalObject,
  optionalString,
  optionalTags,
  requireBodyObject,
  requireOrder,
  shippingLocationOf,
  withLocationAddress,
} from './validate.js';

/** Properties of a consignment that Pack Order takes from the request, else from the order. */
const FROM_ORDER = [
  'Addresses',
  'ShippingDate',
  'RequiredDeliveryDate',
  'CustomsDocumentation',
  'Tags',
  'Direction',
];

/**
 * POST /orders/:orderReference/pack. `OrderReference` in the body must equal the path; at least one
 * package with at least one item; each item a positive integer `Quantity` and at least one of
 * `Reference`, `ItemReferenceProvidedByCustomer`, `Sku`, all of those given matching one item of the
 * order (else 400 `ItemNotFoundOnOrder` naming it). Earlier packs are not checked. Properties the request
 * leaves out come from the order; the custom reference is the request's, else the order's, else none.
 * An international order's `ShippersEORI` MetaData entry is copied to every consignment. An order made
 * from a delivery option gives its outbound consignment the option's reference, carrier service and
 * delivery window, which allocation honours. With `GenerateReturn`, a second consignment with Origin
 * and Destination swapped (and no delivery option). New consignments are
 * `Unallocated`. Answers 201 `{ Results: [{ Result: 'ConsignmentCreated', ApiLinks }, …] }`.
 */
export function packOrder(context: OrdersContext): Response {
  const { store } = context;
  const order = requireOrder(store, context.params.orderReference);
  const body = requireBodyObject(context.body);
  if (body.OrderReference === undefined || body.OrderReference === null)
    invalid('OrderReference', 'is required');
  if (body.OrderReference !== order.OrderReference) {
    fail(
      400,
      ErrorCode.ReferenceMismatch,
      `OrderReference '${String(body.OrderReference)}' in the body does not match ${order.OrderReference} in the path`,
    );
  }
  if (
    body.GenerateReturn !== undefined &&
    body.GenerateReturn !== null &&
    typeof body.GenerateReturn !== 'boolean'
  ) {
    invalid('GenerateReturn', 'must be a boolean');
  }
  optionalString(body, 'OrderReferenceProvidedByCustomer');
  optionalString(body, 'Direction');
  optionalDate(body, 'ShippingDate');
  optionalDate(body, 'RequiredDeliveryDate');
  optionalObject(body, 'CustomsDocumentation');
  optionalTags(body);
  const requestMetaData = metaDataOf(body);
  const requestAddresses =
    Array.isArray(body.Addresses) && body.Addresses.length > 0
      ? checkOrderAddresses(store, body.Addresses)
      : undefined;
  const packages = packPackages(order, body.Packages);

  const base: JsonObject = {};
  for (const key of FROM_ORDER) {
    const value = key === 'Addresses' ? requestAddresses : body[key];
    const chosen = value !== undefined && value !== null ? value : order[key];
    if (chosen !== undefined && chosen !== null) base[key] = clone(chosen);
  }
  // The consignment's addresses are whole: one given by its shipping location alone takes the location's.
  const addresses = (base.Addresses as JsonObject[]).map((address) => withLocationAddress(store, address));
  base.Addresses = addresses;
  const metaData = clone(requestMetaData ?? (order.MetaData as JsonObject[] | undefined));
  const international =
    countryOf(addressOfType(addresses, 'Origin')) !== countryOf(addressOfType(addresses, 'Destination'));
  const eori = (order.MetaData as JsonObject[] | undefined)?.find(
    (entry) => entry.KeyValue === 'ShippersEORI',
  );
  const withEori =
    international && eori && !(metaData ?? []).some((entry) => entry.KeyValue === 'ShippersEORI')
      ? [...(metaData ?? []), clone(eori)]
      : metaData;
  const customReference =
    typeof body.OrderReferenceProvidedByCustomer === 'string'
      ? body.OrderReferenceProvidedByCustomer
      : (order.OrderReferenceProvidedByCustomer as string | undefined);
  const option = deliveryOptionOf(order);

  const make = (isReturn: boolean): StoredConsignment => {
    const consignmentAddresses = isReturn ? swapOriginAndDestination(addresses) : clone(addresses);
    const consignment: StoredConsignment = {
      ...clone(base),
      Reference: store.nextReference('EC-'),
      State: 'Unallocated',
      OrderReference: order.OrderReference,
      ShippingLocationReference: shippingLocationOf(addresses) as string,
      Addresses: consignmentAddresses,
      Packages: packages.map((pkg) => ({ ...clone(pkg), Reference: store.nextReference('EP-') })),
      IsReturn: isReturn,
      DateCreated: isoWithOffset(store.now()),
      TrackingReferences: [],
      LabelsPrinted: false,
      // The option was chosen for the delivery; the return leg goes its own way.
      ...(isReturn ? {} : option),
    };
    if (customReference !== undefined) consignment.OrderReferenceProvidedByCustomer = customReference;
    if (withEori) consignment.MetaData = clone(withEori);
    store.orders.consignments.set(consignment.Reference, consignment);
    return consignment;
  };
  const link = (consignment: StoredConsignment) => [
    { Rel: 'Consignment', Href: `${context.baseUrl}/consignments/${consignment.Reference}` },
  ];
  const outbound = make(false);
  const results = [{ Result: 'ConsignmentCreated', ApiLinks: link(outbound) }];
  if (body.GenerateReturn === true) {
    const inbound = make(true);
    // Get Consignments For Orders pairs them.
    outbound.ReturnConsignmentReference = inbound.Reference;
    results.push({ Result: 'ReturnConsignmentCreated', ApiLinks: link(inbound) });
  }
  return json({ Results: results }, 201);
}

/**
 * What an order made from a delivery option keeps of it, as the outbound consignment carries it: the
 * option's reference, its carrier service (`RequestedCarrierServiceReference`, which allocation must
 * use) and its delivery window. Nothing for any other order.
 */
function deliveryOptionOf(order: StoredOrder): JsonObject {
  if (typeof order.DeliveryOptionReference !== 'string') return {};
  const fields: JsonObject = { DeliveryOptionReference: order.DeliveryOptionReference };
  if (typeof order.CarrierServiceReference === 'string')
    fields.RequestedCarrierServiceReference = order.CarrierServiceReference;
  for (const key of ['EarliestDeliveryDate', 'LatestDeliveryDate']) {
    if (typeof order[key] === 'string') fields[key] = order[key];
  }
  return fields;
}

const IDENTIFIERS = ['Reference', 'ItemReferenceProvidedByCustomer', 'Sku'] as const;

/** The request's packages, each item checked, matched on the order and completed from it. */
function packPackages(order: StoredOrder, value: unknown): JsonObject[] {
  if (!Array.isArray(value) || value.length === 0) {
    return invalid('Packages', 'must hold at least one package with at least one item');
  }
  const orderItems = order.Packages.flatMap((pkg) =>
    Array.isArray(pkg.Items) ? (pkg.Items as JsonObject[]) : [],
  );
  return value.map((pkg, index) => {
    const target = `Packages[${index}]`;
    if (!isObject(pkg)) return invalid(target, 'must be a package object');
    if (!Array.isArray(pkg.Items) || pkg.Items.length === 0)
      invalid(`${target}.Items`, 'must hold at least one item');
    const items = (pkg.Items as unknown[]).map((item, itemIndex) => {
      const itemTarget = `${target}.Items[${itemIndex}]`;
      if (!isObject(item)) return invalid(itemTarget, 'must be an item object');
      if (typeof item.Quantity !== 'number' || !Number.isInteger(item.Quantity) || item.Quantity < 1) {
        invalid(`${itemTarget}.Quantity`, 'must be a positive integer');
      }
      const given = IDENTIFIERS.filter(
        (key) => item[key] !== undefined && item[key] !== null && item[key] !== '',
      );
      if (given.length === 0) {
        invalid(itemTarget, 'must be identified by Reference, ItemReferenceProvidedByCustomer or Sku');
      }
      const match = orderItems.find((candidate) => given.every((key) => candidate[key] === item[key]));
      if (!match) {
        const named = given.map((key) => `${key} '${String(item[key])}'`).join(', ');
        fail(
          400,
          ErrorCode.ItemNotFoundOnOrder,
          `Item with ${named} does not exist on order ${order.OrderReference}`,
          [
            {
              Code: 'ItemNotFound',
              Target: `${itemTarget}.${given[0]}`,
              Message: `No item with ${named} on the order`,
            },
          ],
        );
      }
      return { ...clone(match), ...clone(item), Reference: (match as JsonObject).Reference };
    });
    const { Items: _items, ...rest } = pkg;
    return { ...clone(rest), Items: items };
  });
}

function swapOriginAndDestination(addresses: JsonObject[]): JsonObject[] {
  return addresses.map((address) => {
    const copy = clone(address);
    if (sameText(address.AddressType, 'Origin')) copy.AddressType = 'Destination';
    else if (sameText(address.AddressType, 'Destination')) copy.AddressType = 'Origin';
    return copy;
  });
}
