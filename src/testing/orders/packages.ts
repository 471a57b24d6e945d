import { empty, json } from '../router.js';
import { ErrorCode, fail, invalid, wrongState } from './errors.js';
import { packageSizesOf } from './package-sizes.js';
import type { JsonObject, OrdersContext, StoredConsignment } from './state.js';
import { clone, hex32, isObject, sameState } from './util.js';
import { requireBodyObject, requireConsignment } from './validate.js';

/**
 * Add Package, Update Package, Remove Package and Delete Package: one package at a time, before
 * allocation; Set Customer Reference in any state. The consignment keeps its state; what changes is its
 * `Packages`, which Get Consignment shows.
 */

/** The states in which packages can be added and deleted (the states page's "Add / Edit Package"). */
const EDITABLE = ['Unallocated', 'AllocationFailed'];

export function requireEditable(consignment: StoredConsignment, action: string): void {
  if (!EDITABLE.some((state) => sameState(state, consignment.State))) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Consignment ${consignment.Reference} is ${consignment.State}: packages can only be changed before allocation (deallocate it first)`,
      [wrongState(consignment, EDITABLE, action)],
    );
  }
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A package's details, checked as the guide requires them: a package size stands for its weight and dimensions. */
function checkedDetails(context: OrdersContext, body: JsonObject): JsonObject {
  const pkg = clone(body);
  if (given(body.PackageSizeReference)) {
    const size = packageSizesOf(context.store).get(String(body.PackageSizeReference));
    if (!size)
      invalid(
        'PackageSizeReference',
        `'${String(body.PackageSizeReference)}' is not one of the package sizes`,
      );
    pkg.Weight ??= { Value: size.Weight, Unit: 'Kg' };
    pkg.Dimensions ??= { Unit: 'Cm', Width: size.Width, Length: size.Length, Height: size.Height };
  }
  for (const key of ['Weight', 'Dimensions', 'Value']) {
    if (!isObject(pkg[key])) invalid(key, 'is required, as an object');
  }
  if (typeof pkg.Description !== 'string' || pkg.Description.trim() === '')
    invalid('Description', 'is required');
  if (pkg.Items !== undefined && pkg.Items !== null && !Array.isArray(pkg.Items))
    invalid('Items', 'must be an array');
  return pkg;
}

/** The optional fields the service fills in when a package is stored. */
const storedDefaults = (pkg: JsonObject): JsonObject => ({
  PackageReferenceProvidedByCustomer: given(pkg.PackageReferenceProvidedByCustomer)
    ? pkg.PackageReferenceProvidedByCustomer
    : '',
  PackageSizeReference: pkg.PackageSizeReference ?? null,
  Barcode: pkg.Barcode ?? null,
  MetaData: pkg.MetaData ?? [],
});

/** The package to add, checked. */
function packageFromBody(context: OrdersContext, body: JsonObject): JsonObject {
  if (given(body.Reference))
    invalid('Reference', 'must be left out: the service issues a new package its reference');
  const pkg = checkedDetails(context, body);
  const items = Array.isArray(pkg.Items) ? (pkg.Items as JsonObject[]) : [];
  return {
    ConsignmentLegs: [],
    Charges: [],
    ...pkg,
    Items: items.map((item) => ({ ...item, Reference: hex32(context.store.nextReference('EI-')) })),
    Reference: context.store.nextReference('EP-'),
    ...storedDefaults(pkg),
  };
}

/** A package reference from the path: 400 when it is not one. */
function packageReferenceIn(context: OrdersContext): string {
  const reference = context.params.packageReference ?? '';
  if (!reference.startsWith('EP-')) {
    fail(400, ErrorCode.InvalidReferenceFormat, `packageReference '${reference}' is not a package reference`);
  }
  return reference;
}

/** The package of that reference, and its consignment: 404 when no consignment holds it. */
export function findPackage(
  context: OrdersContext,
  reference: string,
): { consignment: StoredConsignment; pkg: JsonObject } {
  for (const consignment of context.store.orders.consignments.values()) {
    const pkg = consignment.Packages.find((each) => each.Reference === reference);
    if (pkg) return { consignment, pkg };
  }
  return fail(404, ErrorCode.PackageNotFound, `Package ${reference} not found`);
}

/** POST /consignments/:consignmentReference/addpackage: 201 with the package and its new `EP-` reference. */
export function addPackage(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const pkg = packageFromBody(context, requireBodyObject(context.body));
  requireEditable(consignment, 'adding a package');
  consignment.Packages.push(pkg);
  return json(pkg, 201);
}

/** Takes a package off its consignment: never the last one, and only before allocation. */
function takeOff(consignment: StoredConsignment, reference: string, action: string): Response {
  requireEditable(consignment, action);
  if (consignment.Packages.length === 1) {
    fail(
      400,
      ErrorCode.InvalidRequest,
      `Package ${reference} is the last of consignment ${consignment.Reference}: a consignment keeps at least one package`,
    );
  }
  consignment.Packages = consignment.Packages.filter((pkg) => pkg.Reference !== reference);
  return empty(200);
}

/** DELETE /packages/:packageReference: 200 with no body; never a consignment's last package. */
export function deletePackage(context: OrdersContext): Response {
  const reference = packageReferenceIn(context);
  return takeOff(findPackage(context, reference).consignment, reference, 'deleting a package');
}

/**
 * POST /consignments/:consignmentReference/removepackage/:packageReference: as Delete Package, for a
 * package of the consignment named (404 when it holds no such package).
 */
export function removePackage(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const reference = packageReferenceIn(context);
  if (!consignment.Packages.some((pkg) => pkg.Reference === reference)) {
    fail(
      404,
      ErrorCode.PackageNotFound,
      `Package ${reference} is not on consignment ${consignment.Reference}`,
    );
  }
  return takeOff(consignment, reference, 'removing a package');
}

/**
 * PUT /packages/:packageReference: 200 with no body. A full replace of the package's details, before
 * allocation; its `Items`, when given, replace its items (each keeps a `Reference` of this package's, or
 * gets a new one), and are kept when left out.
 */
export function updatePackage(context: OrdersContext): Response {
  const reference = packageReferenceIn(context);
  const body = requireBodyObject(context.body);
  if (given(body.Reference) && body.Reference !== reference) {
    fail(
      400,
      ErrorCode.ReferenceMismatch,
      `Reference '${String(body.Reference)}' in the body is not the package addressed (${reference})`,
    );
  }
  const { consignment, pkg } = findPackage(context, reference);
  const details = checkedDetails(context, body);
  requireEditable(consignment, 'updating a package');
  const own = new Set(((pkg.Items ?? []) as JsonObject[]).map((item) => item.Reference));
  const items = Array.isArray(details.Items)
    ? (details.Items as unknown[]).map((item, index) => {
        if (!isObject(item)) return invalid(`Items[${index}]`, 'must be an item object');
        if (given(item.Reference) && !own.has(item.Reference)) {
          fail(
            400,
            ErrorCode.ItemNotFound,
            `Items[${index}].Reference '${String(item.Reference)}' is not an item of package ${reference}: leave it out to add an item`,
          );
        }
        return {
          ...item,
          Reference: given(item.Reference) ? item.Reference : hex32(context.store.nextReference('EI-')),
        };
      })
    : pkg.Items;
  const updated: JsonObject = {
    ConsignmentLegs: pkg.ConsignmentLegs ?? [],
    Charges: pkg.Charges ?? [],
    ...details,
    Items: items ?? [],
    Reference: reference,
    ...storedDefaults(details),
  };
  consignment.Packages = consignment.Packages.map((each) => (each === pkg ? updated : each));
  return empty(200);
}

/** PUT /packages/:packageReference/setcustomerprovidedreference: 200 with no body, in any state. */
export function setPackageCustomerReference(context: OrdersContext): Response {
  const reference = packageReferenceIn(context);
  const value = customerReferenceIn(requireBodyObject(context.body));
  findPackage(context, reference).pkg.PackageReferenceProvidedByCustomer = value;
  return empty(200);
}

/** The `Reference` of a `ReferenceProvidedByCustomerRequest`: a string, or `null`/left out for none. */
export function customerReferenceIn(body: JsonObject): string {
  const value = body.Reference;
  if (value !== undefined && value !== null && typeof value !== 'string')
    invalid('Reference', 'must be a string');
  return typeof value === 'string' ? value : '';
}
