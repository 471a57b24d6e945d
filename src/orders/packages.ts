import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
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
import { consignmentPath } from './consignments/consignment.js';
import { type Package, PackageSchema } from './wire-shapes.js';

// Packages of a consignment added and deleted one at a time, before allocation (`Unallocated` or
// `AllocationFailed`). The consignment's state does not change, so a lost answer is settled by reading
// its packages (the `package` outcome rule).

/**
 * A package to add, shaped as a package of Create Consignment. The vendor's guide makes `Weight` (kg),
 * `Dimensions` (cm), `Description` and `Value` mandatory; a `PackageSizeReference` (one of
 * {@link PackageSizes.list}) stands for the weight and the dimensions. Set
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

/** A consignment's packages: add and delete. */
export class Packages extends Resource {
  /** @internal */
  static readonly add = defineOperation({
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
    // Each package is a call of its own: BOX-3 after BOX-2 is sent, BOX-2 again is settled by reading.
    ledgerKey: (call) => ({
      asks: String(
        (call.body as { PackageReferenceProvidedByCustomer?: unknown }).PackageReferenceProvidedByCustomer ??
          '',
      ),
    }),
  });

  /**
   * Add Package: adds one package to an `Unallocated` or `AllocationFailed` consignment and answers the
   * package with its new `EP-` reference. Non-repeatable: a second send adds a second package. Set
   * `PackageReferenceProvidedByCustomer`, so that {@link OrdersClient.reconcile} can find the package on
   * the consignment when the answer is lost.
   *
   * @throws {@link RequestValidationError} before sending, for a package with no `Description` or
   *   `Value`, no `Weight` or `Dimensions` and no `PackageSizeReference`, or with a `Reference`.
   * @throws {@link BadRequestError} when the consignment is allocated (deallocate it first).
   * @throws {@link NotFoundError} for an unknown consignment.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, which looks for your `PackageReferenceProvidedByCustomer`.
   * @example
   * ```ts
   * const added = await orders.packages.add(consignment, {
   *   PackageReferenceProvidedByCustomer: 'BOX-2',
   *   PackageSizeReference: 'PS-SMALL',
   *   Description: 'Mugs',
   *   Value: { Amount: 12, Currency: { IsoCode: 'GBP' } },
   * });
   * ```
   */
  add(
    consignmentReference: ConsignmentReference,
    pkg: AddPackageInput,
    options?: RequestOptions,
  ): Promise<Package> {
    return transportOf(this).send(Packages.add, { params: { consignmentReference }, body: pkg }, options);
  }

  /** @internal */
  static readonly delete = defineOperation<void>({
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
    // The package is what it acts on: deleting another package of the same consignment is another call.
    ledgerKey: (call) => ({ references: [String(call.params?.packageReference)], asks: '' }),
  });

  /**
   * Delete Package: deletes a package from an `Unallocated` or `AllocationFailed` consignment; the last
   * package of a consignment cannot be deleted. Non-repeatable. Name the consignment too: it is not sent,
   * but it is what {@link OrdersClient.reconcile} reads to settle a lost answer (the package gone or not).
   *
   * @param consignmentReference - The package's consignment, for reconcile; optional.
   * @throws {@link BadRequestError} when the consignment is allocated or the package is its last.
   * @throws {@link NotFoundError} for an unknown package.
   * @throws {@link OutcomeUnknownError} when it may have been deleted but no answer came: settle it with
   *   {@link OrdersClient.reconcile} (it needs the consignment reference).
   */
  delete(
    packageReference: PackageReference,
    consignmentReference?: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<void> {
    const params =
      consignmentReference === undefined ? { packageReference } : { packageReference, consignmentReference };
    return transportOf(this).send(Packages.delete, { params }, options);
  }
}
