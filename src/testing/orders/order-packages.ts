import { json } from '../router.js';
import { ErrorCode, fail, invalid } from './errors.js';
import { packageSizesOf } from './package-sizes.js';
import type { JsonObject, OrdersContext, StoredOrder } from './state.js';
import { clone, hex32, isObject, packageWeightKg } from './util.js';
import { requireBodyObject, requireOrder } from './validate.js';

/**
 * An order's packages and items (Add/Updates/Delete Order Packages, Add/Update/Delete Order Package
 * Items), on the orders the mock stores: what Get Order shows changes. The vendor's request types serve
 * adding and updating alike: a package or an item with a `Reference` is updated (the properties given
 * replace the stored ones, the rest are kept), one without is added with a new reference; both routes
 * of a kind do the same. Every request is checked whole before the order is touched, so a refused one
 * changes nothing and takes no reference. An order has no state: no vendor page limits these calls to
 * an order not yet packed, and a consignment packed earlier keeps its own copy of the packages. Nor does
 * any say an order keeps a package (Delete Package's rule is a consignment's): deleting the last is taken.
 */

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The body and the order it names by `OrderReference`: 400 when missing or malformed, 404 when unknown. */
function orderOfBody(context: OrdersContext): { body: JsonObject; order: StoredOrder } {
  const body = requireBodyObject(context.body);
  if (!given(body.OrderReference)) invalid('OrderReference', 'is required');
  return { body, order: requireOrder(context.store, body.OrderReference, 'OrderReference') };
}

function nonEmptyList(body: JsonObject, key: string): unknown[] {
  const value = body[key];
  if (!Array.isArray(value) || value.length === 0) return invalid(key, 'must hold at least one entry');
  return value;
}

const itemsOf = (pkg: JsonObject): JsonObject[] =>
  Array.isArray(pkg.Items) ? (pkg.Items as JsonObject[]) : [];

function packageOn(order: StoredOrder, reference: unknown, target: string): JsonObject {
  const found = order.Packages.find((pkg) => pkg.Reference === reference);
  return (
    found ??
    fail(
      404,
      ErrorCode.PackageNotFound,
      `Package ${String(reference)} not found on order ${order.OrderReference}`,
      [{ Code: 'PackageNotFound', Target: target, Message: `No package ${String(reference)} on the order` }],
    )
  );
}

function itemIn(pkg: JsonObject, reference: unknown, target: string): JsonObject {
  const found = itemsOf(pkg).find((item) => item.Reference === reference);
  return (
    found ??
    fail(
      404,
      ErrorCode.ItemNotFoundOnOrder,
      `Item ${String(reference)} not found in package ${String(pkg.Reference)}`,
      [{ Code: 'ItemNotFound', Target: target, Message: `No item ${String(reference)} in the package` }],
    )
  );
}

/**
 * The items of a request checked against the package's (`undefined` for a new package): each an object;
 * one with a `Reference` is an item of the package, one without has the `Value` the reference requires.
 * Returns how to write them, once everything is checked.
 */
function checkItems(value: unknown, existing: JsonObject | undefined, target: string) {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return invalid(target, 'must be an array');
  const steps = value.map((item, index) => {
    const at = `${target}[${index}]`;
    if (!isObject(item)) return invalid(at, 'must be an item object');
    if (item.Quantity !== undefined && item.Quantity !== null && typeof item.Quantity !== 'number')
      invalid(`${at}.Quantity`, 'must be a number');
    if (given(item.Reference)) {
      if (!existing) return invalid(`${at}.Reference`, 'must be left out in a new package');
      const stored = itemIn(existing, item.Reference, `${at}.Reference`);
      if (item.Value !== undefined && !isObject(item.Value)) invalid(`${at}.Value`, 'must be an object');
      return { stored, item };
    }
    if (!isObject(item.Value)) invalid(`${at}.Value`, 'is required, as an object');
    return { stored: undefined, item };
  });
  return (context: OrdersContext, current: JsonObject[]): JsonObject[] => {
    const items = current.map((item) => clone(item));
    for (const { stored, item } of steps) {
      if (stored) {
        const at = items.findIndex((candidate) => candidate.Reference === stored.Reference);
        items[at] = { ...items[at], ...clone(item), Reference: stored.Reference };
      } else {
        items.push({ ...clone(item), Reference: hex32(context.store.nextReference('EI-')) });
      }
    }
    return items;
  };
}

/** A new package, checked: a package size stands for its dimensions (and, left out, its weight). */
function checkNewPackage(context: OrdersContext, pkg: JsonObject, target: string) {
  if (given(pkg.PackageSizeReference)) {
    if (!packageSizesOf(context.store).has(String(pkg.PackageSizeReference)))
      invalid(
        `${target}.PackageSizeReference`,
        `'${String(pkg.PackageSizeReference)}' is not one of the package sizes`,
      );
  } else if (!isObject(pkg.Dimensions)) {
    invalid(`${target}.Dimensions`, 'is required unless PackageSizeReference is set');
  }
  const writeItems = checkItems(pkg.Items, undefined, `${target}.Items`);
  return (): JsonObject => {
    const added: JsonObject = { ...clone(pkg), Reference: context.store.nextReference('EP-') };
    if (given(pkg.PackageSizeReference)) {
      const size = packageSizesOf(context.store).get(String(pkg.PackageSizeReference));
      added.Dimensions ??= { Unit: 'Cm', Width: size?.Width, Length: size?.Length, Height: size?.Height };
    }
    added.Items = writeItems ? writeItems(context, []) : [];
    // Left out, the weight is the items' weights added up, as the reference says.
    if (!isObject(added.Weight)) added.Weight = { Value: packageWeightKg(added), Unit: 'Kg' };
    return added;
  };
}

/** Add Order Packages and Updates Order Packages: the order's packages added or updated. */
function writePackages(context: OrdersContext, status: number): Response {
  const { body, order } = orderOfBody(context);
  const steps = nonEmptyList(body, 'OrderPackages').map((pkg, index) => {
    const target = `OrderPackages[${index}]`;
    if (!isObject(pkg)) return invalid(target, 'must be a package object');
    if (!given(pkg.Reference)) return { kind: 'add' as const, add: checkNewPackage(context, pkg, target) };
    const stored = packageOn(order, pkg.Reference, `${target}.Reference`);
    return {
      kind: 'update' as const,
      stored,
      pkg,
      writeItems: checkItems(pkg.Items, stored, `${target}.Items`),
    };
  });
  const packages = order.Packages.map((pkg) => clone(pkg));
  for (const step of steps) {
    if (step.kind === 'add') {
      packages.push(step.add());
      continue;
    }
    const at = packages.findIndex((pkg) => pkg.Reference === step.stored.Reference);
    const current = packages[at] as JsonObject;
    const { Items: _items, ...properties } = step.pkg;
    packages[at] = {
      ...current,
      ...clone(properties),
      Reference: current.Reference,
      Items: step.writeItems ? step.writeItems(context, itemsOf(current)) : itemsOf(current),
    };
  }
  order.Packages = packages;
  return json(true, status);
}

/** POST /orders/addorderpackages: 201 `true`. */
export function addOrderPackages(context: OrdersContext): Response {
  return writePackages(context, 201);
}

/** PUT /orders/updateorderpackages: 200 `true`. */
export function updateOrderPackages(context: OrdersContext): Response {
  return writePackages(context, 200);
}

/** POST /orders/deleteorderpackages: 200 `true`; a package not on the order is a 404 and nothing is deleted. */
export function deleteOrderPackages(context: OrdersContext): Response {
  const { body, order } = orderOfBody(context);
  const references = nonEmptyList(body, 'OrderPackageReferences').map((reference, index) => {
    const target = `OrderPackageReferences[${index}]`;
    if (typeof reference !== 'string' || reference === '')
      return invalid(target, 'must be a package reference');
    return packageOn(order, reference, target).Reference;
  });
  order.Packages = order.Packages.filter((pkg) => !references.includes(pkg.Reference));
  return json(true);
}

/** The body, its order and the package of it that `PackageReference` names. */
function packageOfBody(context: OrdersContext) {
  const { body, order } = orderOfBody(context);
  if (!given(body.PackageReference)) invalid('PackageReference', 'is required');
  return { body, order, pkg: packageOn(order, body.PackageReference, 'PackageReference') };
}

/** Add Order Package Items and Update Order Package Items: the package's items added or updated. */
function writeItems(context: OrdersContext, status: number): Response {
  const { body, pkg } = packageOfBody(context);
  nonEmptyList(body, 'OrderItems');
  const write = checkItems(body.OrderItems, pkg, 'OrderItems');
  pkg.Items = write ? write(context, itemsOf(pkg)) : itemsOf(pkg);
  return json(true, status);
}

/** POST /orders/addorderpackageitems: 201 `true`. */
export function addOrderPackageItems(context: OrdersContext): Response {
  return writeItems(context, 201);
}

/** PUT /orders/updateorderpackageitems: 200 `true`. */
export function updateOrderPackageItems(context: OrdersContext): Response {
  return writeItems(context, 200);
}

/** POST /orders/deleteorderpackageitems: 200 `true`; an item not in the package is a 404 and nothing is deleted. */
export function deleteOrderPackageItems(context: OrdersContext): Response {
  const { body, pkg } = packageOfBody(context);
  const references = nonEmptyList(body, 'OrderItemReferences').map((reference, index) => {
    const target = `OrderItemReferences[${index}]`;
    if (typeof reference !== 'string' || reference === '')
      return invalid(target, 'must be an item reference');
    return itemIn(pkg, reference, target).Reference;
  });
  pkg.Items = itemsOf(pkg).filter((item) => !references.includes(item.Reference));
  return json(true);
}
