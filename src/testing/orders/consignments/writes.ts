import { json } from '../../router.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import type { JsonObject, OrdersContext, OrdersStore, StoredConsignment } from '../state.js';
import { clone, hex32, isObject, isoWithOffset, sameState } from '../util.js';
import {
  checkOrderAddresses,
  metaDataOf,
  optionalDate,
  optionalObject,
  optionalString,
  optionalTags,
  requireBodyObject,
  requireConsignment,
  shippingLocationOf,
  withLocationAddress,
} from '../validate.js';
import { link } from './consignment.js';

/**
 * Consignments made without an order (Create Consignment) and corrected by a full replace (Update
 * Consignment). A created consignment is stored as a packed one is: every other operation (allocate,
 * labels, search, cancel, deallocate, manifest) works on it unchanged.
 */

/** The delivery date under either of the vendor's names: `RequiredDeliveryDate` (create), `RequestedDeliveryDate` (update). */
function deliveryDateOf(body: JsonObject): unknown {
  return body.RequiredDeliveryDate ?? body.RequestedDeliveryDate ?? undefined;
}

/** Packages of a consignment: at least one object; items are optional, each an object when given. */
function checkConsignmentPackages(value: unknown, target = 'Packages'): JsonObject[] {
  if (!Array.isArray(value) || value.length === 0) return invalid(target, 'must hold at least one package');
  value.forEach((pkg, index) => {
    if (!isObject(pkg)) invalid(`${target}[${index}]`, 'must be a package object');
    const items = (pkg as JsonObject).Items;
    if (items !== undefined && items !== null) {
      if (!Array.isArray(items)) invalid(`${target}[${index}].Items`, 'must be an array of items');
      (items as unknown[]).forEach((item, itemIndex) => {
        if (!isObject(item)) invalid(`${target}[${index}].Items[${itemIndex}]`, 'must be an item object');
      });
    }
  });
  return value as JsonObject[];
}

/** The optional properties both bodies share. */
function checkConsignmentProperties(body: JsonObject): void {
  optionalString(body, 'ConsignmentReferenceProvidedByCustomer');
  optionalString(body, 'Direction');
  optionalDate(body, 'ShippingDate');
  optionalDate(body, 'RequiredDeliveryDate');
  optionalDate(body, 'RequestedDeliveryDate');
  optionalObject(body, 'CustomsDocumentation');
  optionalTags(body);
  metaDataOf(body);
}

/** Packages as stored: each keeps the reference it was sent with (one of `existing`), or gets a new one. */
function storedPackages(
  store: OrdersStore,
  packages: JsonObject[],
  existing: JsonObject[] = [],
): JsonObject[] {
  const known = new Set(existing.map((pkg) => pkg.Reference));
  return packages.map((pkg, index) => {
    if (pkg.Reference !== undefined && pkg.Reference !== null && !known.has(pkg.Reference)) {
      fail(
        400,
        ErrorCode.PackageNotFound,
        `Packages[${index}].Reference '${String(pkg.Reference)}' is not a package of this consignment: leave it out to add a package`,
      );
    }
    const items = Array.isArray(pkg.Items) ? (pkg.Items as JsonObject[]) : undefined;
    return {
      ...clone(pkg),
      Reference: typeof pkg.Reference === 'string' ? pkg.Reference : store.nextReference('EP-'),
      ...(items
        ? {
            Items: items.map((item) => ({
              ...clone(item),
              Reference:
                typeof item.Reference === 'string' ? item.Reference : hex32(store.nextReference('EI-')),
            })),
          }
        : {}),
    };
  });
}

/**
 * A consignment from a Create Consignment body (or an options request, for Select Option), checked,
 * not stored: `store.orders.consignments.set` stores it.
 */
export function consignmentFromBody(store: OrdersStore, body: JsonObject): StoredConsignment {
  const packages = checkConsignmentPackages(body.Packages);
  const addresses = checkOrderAddresses(store, body.Addresses).map((address) =>
    withLocationAddress(store, clone(address)),
  );
  checkConsignmentProperties(body);
  optionalString(body, 'Source');
  const consignment: StoredConsignment = {
    Reference: store.nextReference('EC-'),
    State: 'Unallocated',
    ShippingLocationReference: shippingLocationOf(addresses) as string,
    Addresses: addresses,
    Packages: storedPackages(store, packages),
    IsReturn: body.Direction === 'Inbound',
    DateCreated: isoWithOffset(store.now()),
    TrackingReferences: [],
    LabelsPrinted: false,
  };
  const customer = body.ConsignmentReferenceProvidedByCustomer;
  // The store keeps your reference where packed consignments keep theirs: search and Get Consignment read it there.
  if (typeof customer === 'string' && customer !== '')
    consignment.OrderReferenceProvidedByCustomer = customer;
  const date = deliveryDateOf(body);
  if (date !== undefined && date !== null) consignment.RequiredDeliveryDate = clone(date) as string;
  for (const key of ['ShippingDate', 'Direction', 'CustomsDocumentation'] as const) {
    if (body[key] !== undefined && body[key] !== null) consignment[key] = clone(body[key]) as never;
  }
  const metaData = metaDataOf(body);
  if (metaData) consignment.MetaData = clone(metaData);
  if (Array.isArray(body.Tags) && body.Tags.length > 0) consignment.Tags = clone(body.Tags) as string[];
  return consignment;
}

/** POST /consignments: a new `Unallocated` consignment; 201 `[{ Rel: 'Link', Href: '…/consignments/EC-…' }]`. */
export function createConsignment(context: OrdersContext): Response {
  const consignment = consignmentFromBody(context.store, requireBodyObject(context.body));
  context.store.orders.consignments.set(consignment.Reference, consignment);
  return json(link(context, consignment.Reference), 201);
}

/** The states after which addresses and packages are fixed: the carrier has been told them. */
const EDITABLE = ['Unallocated', 'AllocationFailed'];
const FINISHED = ['Cancelled', 'Cancelling'];

/** JSON with sorted keys: two bodies that say the same thing compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    isObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
}

/**
 * PUT /consignments/ (the consignment named by the body's `Reference`), the page's replace rules:
 * `ShippingDate`, `RequestedDeliveryDate` (or `RequiredDeliveryDate`), `ConsignmentReferenceProvidedByCustomer`,
 * `CustomsDocumentation` and `MetaData` replaced, deleted when left out; `Addresses` replaced, deleted
 * when left out (the consignment then cannot be allocated); `Packages` replaced when given (each keeps
 * the `Reference` it is sent with; one without gets a new one), unchanged when left out (the guide's
 * rule; the C# contract says deleted); `Tags` replaced when given, unchanged when left out; `Source`
 * ignored. Once allocated, a body that changes the addresses or the packages is refused (400
 * `InvalidConsignmentState`), and a cancelled consignment cannot be updated. Answers 200 `[{ Rel, Href }]`.
 */
export function updateConsignment(context: OrdersContext): Response {
  const { store } = context;
  const body = requireBodyObject(context.body);
  if (body.Reference === undefined || body.Reference === null) invalid('Reference', 'is required');
  const consignment = requireConsignment(store, body.Reference, 'Reference');
  if (FINISHED.some((state) => sameState(state, consignment.State))) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Consignment ${consignment.Reference} is ${consignment.State}: it cannot be updated`,
    );
  }
  checkConsignmentProperties(body);
  const addresses =
    body.Addresses === undefined || body.Addresses === null
      ? []
      : checkOrderAddresses(store, body.Addresses).map((address) =>
          withLocationAddress(store, clone(address)),
        );
  const packages =
    body.Packages === undefined || body.Packages === null
      ? consignment.Packages
      : storedPackages(store, checkConsignmentPackages(body.Packages), consignment.Packages);
  const editable = EDITABLE.some((state) => sameState(state, consignment.State));
  if (!editable) {
    const changed = [
      canonical(addresses) !== canonical(consignment.Addresses) ? 'Addresses' : undefined,
      canonical(packages) !== canonical(consignment.Packages) ? 'Packages' : undefined,
    ].filter((name) => name !== undefined);
    if (changed.length > 0) {
      fail(
        400,
        ErrorCode.InvalidConsignmentState,
        `Consignment ${consignment.Reference} is ${consignment.State}: its ${changed.join(' and ')} cannot change once it is allocated; deallocate it first`,
        changed.map((name) => ({
          Code: 'LockedAfterAllocation',
          Target: name,
          Message: `${name} cannot change`,
        })),
      );
    }
  }
  // Everything is checked: now the replace, all at once.
  for (const key of [
    'ShippingDate',
    'RequiredDeliveryDate',
    'CustomsDocumentation',
    'MetaData',
    'OrderReferenceProvidedByCustomer',
  ]) {
    delete consignment[key];
  }
  const customer = body.ConsignmentReferenceProvidedByCustomer;
  if (typeof customer === 'string' && customer !== '')
    consignment.OrderReferenceProvidedByCustomer = customer;
  const date = deliveryDateOf(body);
  if (date !== undefined && date !== null) consignment.RequiredDeliveryDate = clone(date) as string;
  if (body.ShippingDate !== undefined && body.ShippingDate !== null)
    consignment.ShippingDate = clone(body.ShippingDate) as string;
  if (isObject(body.CustomsDocumentation))
    consignment.CustomsDocumentation = clone(body.CustomsDocumentation);
  const metaData = metaDataOf(body);
  if (metaData) consignment.MetaData = clone(metaData);
  if (typeof body.Direction === 'string') consignment.Direction = body.Direction;
  if (Array.isArray(body.Tags)) consignment.Tags = clone(body.Tags) as string[];
  consignment.Addresses = addresses;
  const location = shippingLocationOf(addresses);
  if (location) consignment.ShippingLocationReference = location;
  consignment.Packages = packages;
  return json(link(context, consignment.Reference));
}
