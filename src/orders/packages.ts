import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type Call, defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type PackageReference,
  PackageReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { consignmentPath } from './consignments/consignment.js';
import { bodyOf, checkAddressed, consignmentToRead, needs, pick, refuseReference } from './edit-rules.js';
import { setReference } from './items.js';
import { type Package, PackageSchema, packageObject } from './wire-shapes.js';

// Packages of a consignment added, updated, removed and deleted one at a time, before allocation
// (`Unallocated` or `AllocationFailed`), and given your own reference. The consignment's state does not
// change, so a lost answer is settled by reading its packages (the `package` outcome rule).

/**
 * A package to add, shaped as a package of Create Consignment. The vendor's guide makes `Weight` (kg),
 * `Dimensions` (cm), `Description` and `Value` mandatory; a `PackageSizeReference` (one of
 * {@link PackageSizes.list}) stands for the weight and the dimensions. Set
 * `PackageReferenceProvidedByCustomer`: it is how {@link OrdersClient.reconcile} finds the package when
 * the answer is lost.
 */
export type AddPackageInput = Omit<Package, 'Reference'>;

/** What a package needs, added or updated: the guide's mandatory fields, or a package size for two. */
const wholePackageChecks = () =>
  [
    ['Weight', 'PackageSizeReference'],
    ['Dimensions', 'PackageSizeReference'],
    ['Description'],
    ['Value'],
  ].map(([field, unless]) => needs('package', field as string, unless));

const AddPackageInputSchema = lazySchema(() =>
  PackageSchema.check(...wholePackageChecks(), refuseReference('package')),
);

const YOURS = 'PackageReferenceProvidedByCustomer';
/** The package is what Delete and Remove Package act on: another package of the consignment is another call. */
const packageKey = (call: Call) => ({ references: [String(call.params?.packageReference)], asks: '' });

/**
 * A package's new details, for Update Package (the vendor's `UpdatePackageRequest`): a {@link Package}
 * without what only the service writes (`ConsignmentLegs`, `Charges`). `Weight`, `Dimensions`,
 * `Description` and `Value` are required as for a new package (a `PackageSizeReference` stands for the
 * first two). `Reference`, when given, is the package addressed.
 */
export type UpdatePackageInput = Omit<Package, 'ConsignmentLegs' | 'Charges'>;

const UpdatePackageInputSchema = lazySchema(() =>
  z.omit(packageObject, { ConsignmentLegs: true, Charges: true }).check(...wholePackageChecks()),
);

/** A consignment's packages: add, update, set your reference, remove and delete. */
export class Packages extends Resource {
  /** @vendor Add Package @internal */
  static readonly add = defineOperation({
    name: 'addPackage',
    method: 'POST',
    path: 'consignments/{consignmentReference}/addpackage',
    params: consignmentPath,
    body: AddPackageInputSchema,
    response: PackageSchema,
    retry: 'non-repeatable',
    outcome: { package: 'added' },
    // Reconcile finds the package by the reference you gave it; the stored form (and the ledger) keep that alone.
    settleWith: (call) => ({ body: pick(bodyOf(call), YOURS) }),
    // Each package is a call of its own: BOX-3 after BOX-2 is sent, BOX-2 again is settled by reading.
    ledgerKey: (call) => ({ asks: String(bodyOf(call)[YOURS] ?? '') }),
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

  /** @vendor Delete Package @internal */
  static readonly delete = defineOperation<void>({
    name: 'deletePackage',
    method: 'DELETE',
    path: 'packages/{packageReference}',
    // The consignment is not sent: it is what reconcile reads when the answer is lost.
    params: {
      packageReference: PackageReferenceSchema,
      consignmentReference: consignmentToRead,
    },
    retry: 'non-repeatable',
    outcome: { package: 'deleted' },
    // The package is what it acts on: deleting another package of the same consignment is another call.
    ledgerKey: packageKey,
  });

  /**
   * Delete Package: deletes a package from an `Unallocated` or `AllocationFailed` consignment; the last
   * package of a consignment cannot be deleted. Non-repeatable. Name the consignment too: it is not sent,
   * but it is what {@link OrdersClient.reconcile} reads to settle a lost answer (the package gone or not).
   * {@link Packages.remove} names the consignment in its path instead (how the two differ: see there).
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
    const params = { packageReference, consignmentReference };
    return transportOf(this).send(Packages.delete, { params }, options);
  }

  /** @vendor Remove Package @internal */
  static readonly remove = defineOperation<void>({
    name: 'removePackage',
    method: 'POST',
    path: 'consignments/{consignmentReference}/removepackage/{packageReference}',
    params: { consignmentReference: ConsignmentReferenceSchema, packageReference: PackageReferenceSchema },
    // A repeat meets a package already gone (404); reading the consignment's packages settles it instead.
    retry: 'non-repeatable',
    outcome: { package: 'deleted' },
    // The package is what it acts on, as Delete Package's: removing another package is another call.
    ledgerKey: packageKey,
  });

  /**
   * Remove Package: removes a package from the consignment named, under the same rules as
   * {@link Packages.delete} in the mock (before allocation, never the last package). How the two
   * differ, as the vendor's C# reference has them: Delete Package (`DELETE /packages/{ref}`, on its
   * packages service) is addressed by the package alone and lists no answers; Remove Package
   * (`POST /consignments/{ref}/removepackage/{packageRef}`, on its consignments service) names the
   * consignment too, and lists 200 and 404 (the mock's 404: the consignment does not hold it). The
   * reference does not say that either does more than take the package off its consignment; the guide
   * documents only Delete Package. Prefer this one when you know the consignment: a lost answer is then
   * settled by {@link OrdersClient.reconcile} with nothing more to pass. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the consignment is allocated or the package is its last.
   * @throws {@link NotFoundError} for an unknown consignment, or a package it does not hold.
   * @throws {@link OutcomeUnknownError} when it may have been removed but no answer came: settle it with
   *   {@link OrdersClient.reconcile} (the package gone from the consignment or not).
   * @example
   * ```ts
   * await orders.packages.remove(consignment, 'EP-000-05F-0CY');
   * ```
   */
  remove(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    options?: RequestOptions,
  ): Promise<void> {
    return transportOf(this).send(
      Packages.remove,
      { params: { consignmentReference, packageReference } },
      options,
    );
  }

  /** @vendor Update Package @internal */
  static readonly update = defineOperation<void>({
    name: 'updatePackage',
    method: 'PUT',
    path: 'packages/{packageReference}',
    params: { packageReference: PackageReferenceSchema },
    body: UpdatePackageInputSchema,
    // A full replace: the same body twice leaves the same package. It answers nothing, so no item
    // reference a first send gave is held anywhere (items sent without one get new ones each send).
    retry: 'repeatable',
  });

  /**
   * Update Package: replaces a package's details, before allocation (`Unallocated` or
   * `AllocationFailed`); sent as `{ ...pkg, Reference: packageReference }`. A full replace: the details
   * left out are cleared. `Items`, when given, are the package's items: send each kept item with its
   * `Reference` (one without is a new item); left out, the items are kept. The service answers no body.
   * Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a package with no `Description` or
   *   `Value`, no `Weight` or `Dimensions` and no `PackageSizeReference`, or a `Reference` in it that is
   *   not `packageReference`.
   * @throws {@link BadRequestError} when the consignment is allocated, or an item's `Reference` is not
   *   one of the package's.
   * @throws {@link NotFoundError} for an unknown package.
   * @example
   * ```ts
   * await orders.packages.update('EP-000-05F-0CY', {
   *   PackageSizeReference: 'SMALL-PARCEL',
   *   Description: 'Mugs, re-boxed',
   *   Value: { Amount: 24, Currency: { IsoCode: 'GBP' } },
   * });
   * ```
   */
  async update(
    packageReference: PackageReference,
    pkg: UpdatePackageInput,
    options?: RequestOptions,
  ): Promise<void> {
    checkAddressed('Reference', pkg?.Reference, packageReference);
    const body = { ...pkg, Reference: packageReference };
    return transportOf(this).send(Packages.update, { params: { packageReference }, body }, options);
  }

  /** @vendor Set Customer Reference @internal */
  static readonly setCustomerReference = setReference(
    'setPackageCustomerReference',
    'packages/{packageReference}',
    { packageReference: PackageReferenceSchema },
  );

  /**
   * Set Customer Reference: sets a package's `PackageReferenceProvidedByCustomer` (sent as
   * `{ Reference }`; `null` clears it). The vendor names no state it is refused in: the mock takes it in
   * any, as the label barcode variant ({@link Items.setCustomerReferenceByLabelBarcode}) works on
   * labelled packages. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown package.
   * @example
   * ```ts
   * await orders.packages.setCustomerReference('EP-000-05F-0CY', 'BOX-7');
   * ```
   */
  setCustomerReference(
    packageReference: PackageReference,
    reference: string | null,
    options?: RequestOptions,
  ): Promise<void> {
    return transportOf(this).send(
      Packages.setCustomerReference,
      { params: { packageReference }, body: { Reference: reference } },
      options,
    );
  }
}
