import type { RouteContext } from '../router.js';
import { empty, json } from '../router.js';
import type { MockStore } from '../store.js';
import { ErrorCode, fail, invalid } from './errors.js';
import type { JsonObject, StoredConsignment, StoredOrder } from './state.js';
import {
  addressOfType,
  clone,
  countryOf,
  hex32,
  isDeliveryOptionReference,
  isObject,
  isoWithOffset,
  sameText,
} from './util.js';
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
  shippingLocationOf,
  withLocationAddress,
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
function prepareOrder(store: MockStore, body: JsonObject, extras: JsonObject = {}) {
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

const orderLinks = (context: RouteContext, reference: string) => [
  { Rel: 'Order', Href: `${context.baseUrl}/orders/${reference}` },
];

/** POST /orders: `[{ Rel: 'Order', Href: '…/orders/EO-…' }]`, 201. */
export function createOrder(context: RouteContext): Response {
  const body = requireBodyObject(context.body);
  const order = prepareOrder(context.store, body).commit();
  return json(orderLinks(context, order.OrderReference), 201);
}

/** GET /orders/:orderReference: the stored order with the service's extras. */
export function getOrder(context: RouteContext): Response {
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
export function updateOrder(context: RouteContext): Response {
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
export function addAddressToOrder(context: RouteContext): Response {
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
export function updateAddressOnOrder(context: RouteContext): Response {
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

/**
 * POST /deliveryoptions/selectorder: `{ Reference }` (spec) or `{ DeliveryOptions: [{ Reference,
 * OrderReferenceProvidedByCustomer?, MetaData? }] }` (real service). Each selection creates an order from
 * the option's order template, with the selection's own reference and metadata; an option is selected
 * once (by either select). In the spec's form, an unknown or used option fails the request (404, 400). In
 * the real form, it fails only its own result (`Status` 404 or 400, `OrderReference: null`, a `Message`),
 * and the others still make their orders; a template that cannot make a valid order fails the whole
 * request, before any order is stored. Answers 200 `{ SelectOrderResults: [...] }`, one per selection, in order.
 */
export function selectDeliveryOption(context: RouteContext): Response {
  const body = requireBodyObject(context.body);
  let selections: JsonObject[];
  const listed = body.Reference === undefined;
  if (!listed) selections = [{ Reference: body.Reference }];
  else if (Array.isArray(body.DeliveryOptions) && body.DeliveryOptions.length > 0) {
    selections = body.DeliveryOptions.map((option) => (isObject(option) ? option : {}));
  } else return invalid('Reference', 'is required (or DeliveryOptions: [{ Reference }])');
  const seen = new Set<string>();
  const checked = selections.map((selection) => {
    const reference = selection.Reference;
    if (!isDeliveryOptionReference(reference)) {
      return fail(
        400,
        ErrorCode.InvalidReferenceFormat,
        `'${String(reference)}' is not a delivery option reference`,
      );
    }
    optionalString(selection, 'OrderReferenceProvidedByCustomer');
    metaDataOf(selection);
    const option = context.store.orders.deliveryOptions.get(reference);
    const made = option?.SelectedOrderReference ?? option?.SelectedConsignmentReference;
    const refusal = !option
      ? {
          Status: 404,
          Code: ErrorCode.DeliveryOptionNotFound,
          Message: `Delivery option ${reference} not found`,
        }
      : made || seen.has(reference)
        ? {
            Status: 400,
            Code: ErrorCode.DeliveryOptionAlreadySelected,
            Message: `Delivery option ${reference} was already selected${made ? `: it made ${made}` : ''}`,
          }
        : undefined;
    seen.add(reference);
    if (refusal && !listed) return fail(refusal.Status, refusal.Code, refusal.Message);
    return { reference, selection, option: refusal ? undefined : option, refusal };
  });
  // Every option's order is checked before any is stored: one bad template creates none of them.
  const prepared = checked.map((entry) => {
    if (!entry.option) return { ...entry, order: undefined };
    const { option, selection } = entry;
    const template: JsonObject = { ...option.Order };
    if (typeof selection.OrderReferenceProvidedByCustomer === 'string') {
      template.OrderReferenceProvidedByCustomer = selection.OrderReferenceProvidedByCustomer;
    }
    if (Array.isArray(selection.MetaData)) template.MetaData = selection.MetaData;
    const order = prepareOrder(context.store, template, {
      DeliveryOptionReference: option.Reference,
      EarliestDeliveryDate: option.EarliestDeliveryDate,
      LatestDeliveryDate: option.LatestDeliveryDate,
      CarrierServiceReference: option.CarrierServiceReference,
    });
    return { ...entry, order };
  });
  const results = prepared.map(({ reference, option, order, refusal }) => {
    if (!option || !order) {
      return {
        DeliveryOptionReference: reference,
        OrderReference: null,
        Status: refusal?.Status ?? 400,
        Message: refusal?.Message ?? null,
        Links: [],
      };
    }
    const { OrderReference } = order.commit();
    option.SelectedOrderReference = OrderReference;
    return {
      OrderReference,
      DeliveryOptionReference: option.Reference,
      Status: 201,
      Message: null,
      ApiLinks: orderLinks(context, OrderReference),
    };
  });
  return json({ SelectOrderResults: results });
}

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
export function packOrder(context: RouteContext): Response {
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
