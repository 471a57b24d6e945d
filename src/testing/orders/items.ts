import { empty } from '../router.js';
import { ErrorCode, fail, invalid } from './errors.js';
import { customerReferenceIn, findPackage, requireEditable } from './packages.js';
import type { JsonObject, OrdersContext, StoredConsignment } from './state.js';
import { clone, hex32, isObject } from './util.js';
import { requireBodyObject } from './validate.js';

/**
 * Add Item, Add Items, Move Item and Remove Item: the items of a package, before allocation (as its
 * packages, "Add / Edit Package" on the states page); Set Customer Reference Via Label Bar Code on a
 * labelled package. Each answers 200 with no body (the C# reference gives none of them a response type):
 * Get Consignment shows the change.
 */

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A new item, checked: the C# contract's `BaseItem` requires its weight, dimensions and value. */
function newItem(context: OrdersContext, value: unknown, target?: string): JsonObject {
  const at = (key: string) => (target === undefined ? key : `${target}.${key}`);
  if (!isObject(value)) return invalid(target ?? 'body', 'must be an item object');
  if (given(value.Reference))
    invalid(at('Reference'), 'must be left out: the service issues a new item its reference');
  for (const key of ['Weight', 'Dimensions', 'Value']) {
    if (!isObject(value[key])) invalid(at(key), 'is required, as an object');
  }
  const { PackageReference: _package, ...item } = clone(value);
  return { ...item, Reference: hex32(context.store.nextReference('EI-')) };
}

/** A reference the body must carry: 400 when it is missing or not a string. */
function requiredText(body: JsonObject, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '') return invalid(key, 'is required');
  return value;
}

/** The package an item is in, with its consignment: 404 when no package holds it. */
function findItem(context: OrdersContext, reference: string) {
  for (const consignment of context.store.orders.consignments.values()) {
    for (const pkg of consignment.Packages) {
      const items = (pkg.Items ?? []) as JsonObject[];
      const item = items.find((each) => each.Reference === reference);
      if (item) return { consignment, pkg, item };
    }
  }
  return fail(404, ErrorCode.ItemNotFound, `Item ${reference} not found`);
}

const itemsOf = (pkg: JsonObject) => ((pkg.Items ?? []) as JsonObject[]).slice();

/** PUT /items/:packageReference: one item into the package (the body's `PackageReference` is the path's). */
export function addItem(context: OrdersContext): Response {
  const reference = context.params.packageReference ?? '';
  const body = requireBodyObject(context.body);
  if (given(body.PackageReference) && body.PackageReference !== reference) {
    fail(
      400,
      ErrorCode.ReferenceMismatch,
      `PackageReference '${String(body.PackageReference)}' in the body is not the package addressed (${reference})`,
    );
  }
  const { consignment, pkg } = findPackage(context, reference);
  const item = newItem(context, body);
  requireEditable(consignment, 'adding an item');
  pkg.Items = [...itemsOf(pkg), item];
  return empty(200);
}

/** PUT /items/additems: `{ PackageReference, Items }`, at least one item, all or none added. */
export function addItems(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const reference = requiredText(body, 'PackageReference');
  if (!Array.isArray(body.Items) || body.Items.length === 0) invalid('Items', 'must hold at least one item');
  const { consignment, pkg } = findPackage(context, reference);
  const items = (body.Items as unknown[]).map((item, index) => newItem(context, item, `Items[${index}]`));
  requireEditable(consignment, 'adding items');
  pkg.Items = [...itemsOf(pkg), ...items];
  return empty(200);
}

/**
 * PUT /items/move: `{ ItemReference, TargetPackageReference }`. Both consignments before allocation; an
 * item already in the target is refused (the vendor documents no answer for it: the mock says so rather
 * than pretend it moved).
 */
export function moveItem(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const itemReference = requiredText(body, 'ItemReference');
  const targetReference = requiredText(body, 'TargetPackageReference');
  const from = findItem(context, itemReference);
  const to = findPackage(context, targetReference);
  if (from.pkg === to.pkg) {
    fail(400, ErrorCode.InvalidRequest, `Item ${itemReference} is already in package ${targetReference}`);
  }
  requireEditable(from.consignment, 'moving an item');
  requireEditable(to.consignment, 'moving an item');
  from.pkg.Items = itemsOf(from.pkg).filter((item) => item !== from.item);
  to.pkg.Items = [...itemsOf(to.pkg), from.item];
  return empty(200);
}

/** DELETE /items/:packageReference/:itemReference: the package may be left with no items. */
export function removeItem(context: OrdersContext): Response {
  const itemReference = context.params.itemReference ?? '';
  const { consignment, pkg } = findPackage(context, context.params.packageReference ?? '');
  const items = itemsOf(pkg);
  if (!items.some((item) => item.Reference === itemReference)) {
    fail(404, ErrorCode.ItemNotFound, `Item ${itemReference} is not in package ${String(pkg.Reference)}`);
  }
  requireEditable(consignment, 'removing an item');
  pkg.Items = items.filter((item) => item.Reference !== itemReference);
  return empty(200);
}

/**
 * The package whose label carries `barcode`. In the mock a label's barcode is its package's tracking
 * reference, which allocation gives each package (in order): so only a labelled package has one.
 */
function packageOfLabel(context: OrdersContext, barcode: string): JsonObject {
  const labelled = (consignment: StoredConsignment) => consignment.TrackingReferences.indexOf(barcode);
  for (const consignment of context.store.orders.consignments.values()) {
    const index = labelled(consignment);
    const pkg = index >= 0 ? consignment.Packages[index] : undefined;
    if (pkg) return pkg;
  }
  return fail(404, ErrorCode.PackageNotFound, `No package's label has the barcode ${barcode}`);
}

/** PUT /items/:labelBarCode/setcustomerprovidedreference: the first item of the labelled package. */
export function setItemCustomerReferenceByLabelBarcode(context: OrdersContext): Response {
  const value = customerReferenceIn(requireBodyObject(context.body));
  const pkg = packageOfLabel(context, context.params.labelBarCode ?? '');
  const [first] = (pkg.Items ?? []) as JsonObject[];
  if (!first) return fail(404, ErrorCode.ItemNotFound, `Package ${String(pkg.Reference)} has no items`);
  first.ItemReferenceProvidedByCustomer = value;
  return empty(200);
}
