import { empty, json } from '../router.js';
import { ErrorCode, fail, invalid, wrongState } from './errors.js';
import { packageSizesOf } from './package-sizes.js';
import type { JsonObject, OrdersContext, StoredConsignment } from './state.js';
import { clone, hex32, isObject, sameState } from './util.js';
import { requireBodyObject, requireConsignment } from './validate.js';

/**
 * Add Package and Delete Package: one package at a time, before allocation. The consignment keeps its
 * state; what changes is its `Packages`, which Get Consignment shows.
 */

/** The states in which packages can be added and deleted (the states page's "Add / Edit Package"). */
const EDITABLE = ['Unallocated', 'AllocationFailed'];

function requireEditable(consignment: StoredConsignment, action: string): void {
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

/** The package to add, checked: a package size stands for its weight and dimensions. */
function packageFromBody(context: OrdersContext, body: JsonObject): JsonObject {
  if (given(body.Reference))
    invalid('Reference', 'must be left out: the service issues a new package its reference');
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
  const items = Array.isArray(pkg.Items) ? (pkg.Items as JsonObject[]) : [];
  return {
    ConsignmentLegs: [],
    Charges: [],
    ...pkg,
    Items: items.map((item) => ({ ...item, Reference: hex32(context.store.nextReference('EI-')) })),
    Reference: context.store.nextReference('EP-'),
    PackageReferenceProvidedByCustomer: given(pkg.PackageReferenceProvidedByCustomer)
      ? pkg.PackageReferenceProvidedByCustomer
      : '',
    PackageSizeReference: pkg.PackageSizeReference ?? null,
    Barcode: pkg.Barcode ?? null,
    MetaData: pkg.MetaData ?? [],
  };
}

/** POST /consignments/:consignmentReference/addpackage: 201 with the package and its new `EP-` reference. */
export function addPackage(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const pkg = packageFromBody(context, requireBodyObject(context.body));
  requireEditable(consignment, 'adding a package');
  consignment.Packages.push(pkg);
  return json(pkg, 201);
}

/** DELETE /packages/:packageReference: 200 with no body; never a consignment's last package. */
export function deletePackage(context: OrdersContext): Response {
  const reference = context.params.packageReference ?? '';
  if (!reference.startsWith('EP-')) {
    fail(400, ErrorCode.InvalidReferenceFormat, `packageReference '${reference}' is not a package reference`);
  }
  const consignment = [...context.store.orders.consignments.values()].find((candidate) =>
    candidate.Packages.some((pkg) => pkg.Reference === reference),
  );
  if (!consignment) return fail(404, ErrorCode.PackageNotFound, `Package ${reference} not found`);
  requireEditable(consignment, 'deleting a package');
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
