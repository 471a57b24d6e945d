import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type PackageReference,
  PackageReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import type { Transport } from '../core/transport.js';
import { consignmentPath } from './consignments/consignment.js';
import { type Package, PackageSchema } from './wire-shapes.js';

// Packages of a consignment added and deleted one at a time, before allocation (`Unallocated` or
// `AllocationFailed`). The consignment's state does not change, so a lost answer is settled by reading
// its packages (the `package` outcome rule).

/**
 * A package to add, shaped as a package of Create Consignment. The vendor's guide makes `Weight` (kg),
 * `Dimensions` (cm), `Description` and `Value` mandatory; a `PackageSizeReference` (one of
 * {@link OrdersClient.getPackageSizes}) stands for the weight and the dimensions. Set
 * `PackageReferenceProvidedByCustomer`: it is how {@link OrdersClient.reconcile} finds the package when
 * the answer is lost.
 */
export type AddPackageInput = Omit<Package, 'Reference'>;

const has = (value: unknown) => value !== undefined && value !== null && value !== '';

const AddPackageInputSchema = lazySchema(() =>
  PackageSchema.check(
    z.refine((pkg: Package) => has(pkg.PackageSizeReference) || has(pkg.Weight), {
      error: 'a package needs a Weight, or a PackageSizeReference',
      path: ['Weight'],
    }),
    z.refine((pkg: Package) => has(pkg.PackageSizeReference) || has(pkg.Dimensions), {
      error: 'a package needs Dimensions, or a PackageSizeReference',
      path: ['Dimensions'],
    }),
    z.refine((pkg: Package) => has(pkg.Description), {
      error: 'a package needs a Description',
      path: ['Description'],
    }),
    z.refine((pkg: Package) => has(pkg.Value), { error: 'a package needs a Value', path: ['Value'] }),
    z.refine((pkg: Package) => !has(pkg.Reference), {
      error: 'a new package has no Reference: the service issues it',
      path: ['Reference'],
    }),
  ),
);

const addPackageOperation = defineOperation({
  name: 'addPackage',
  vendor: 'Add Package',
  method: 'POST',
  path: 'consignments/{consignmentReference}/addpackage',
  params: consignmentPath,
  body: AddPackageInputSchema,
  response: PackageSchema,
  retry: 'non-repeatable',
  outcome: { package: 'added' },
  // Reconcile finds the package by the reference you gave it; the stored form (and the ledger) keep that alone.
  settleWith: (call) => ({
    body: {
      PackageReferenceProvidedByCustomer: (call.body as { PackageReferenceProvidedByCustomer?: unknown })
        .PackageReferenceProvidedByCustomer,
    },
  }),
});

/** Add Package. */
export function addPackage(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  pkg: AddPackageInput,
  options?: RequestOptions,
): Promise<Package> {
  return transport.send(addPackageOperation, { params: { consignmentReference }, body: pkg }, options);
}

const deletePackageOperation = defineOperation<void>({
  name: 'deletePackage',
  vendor: 'Delete Package',
  method: 'DELETE',
  path: 'packages/{packageReference}',
  // The consignment is not sent: it is what reconcile reads when the answer is lost.
  params: {
    packageReference: PackageReferenceSchema,
    consignmentReference: lazySchema(() => z.optional(ConsignmentReferenceSchema)),
  },
  retry: 'non-repeatable',
  outcome: { package: 'deleted' },
});

/** Delete Package. */
export function deletePackage(
  transport: Transport,
  packageReference: PackageReference,
  consignmentReference?: ConsignmentReference,
  options?: RequestOptions,
): Promise<void> {
  const params =
    consignmentReference === undefined ? { packageReference } : { packageReference, consignmentReference };
  return transport.send(deletePackageOperation, { params }, options);
}

/** The operations of packages, for the area's list. */
export const packageOperations = [addPackageOperation, deletePackageOperation];

/** A consignment's packages: add and delete. */
export class Packages extends Resource {}
