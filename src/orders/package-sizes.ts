import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { listOrEmpty } from '../core/lists.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { amount, flag, text } from './wire-shapes.js';

// Package sizes: the organisation's predefined boxes. A package that names one as `PackageSizeReference`
// needs no weight or dimensions of its own.

/**
 * One of the organisation's package sizes (the vendor's `PackageSize`). The data contract names only the
 * operation; the fields are those of the vendor's .NET SDK type.
 */
export interface PackageSize {
  /** What a package names as `PackageSizeReference`. */
  Reference: string;
  /** The size's name, in words. */
  Description?: string | null | undefined;
  /** Length, in centimetres. */
  Length?: number | null | undefined;
  /** Width, in centimetres. */
  Width?: number | null | undefined;
  /** Height, in centimetres. */
  Height?: number | null | undefined;
  /** Weight, in kilograms. */
  Weight?: number | null | undefined;
  /** Whether it is the organisation's default size. */
  IsDefault?: boolean | null | undefined;
  /** The organisation it belongs to (a GUID). */
  CustomerReference?: string | null | undefined;
}
/** Checks a {@link PackageSize}: its `Reference` is required. */
export const PackageSizeSchema = schemaOf<PackageSize>()(() =>
  z.looseObject({
    Reference: z.string(),
    Description: text,
    Length: amount,
    Width: amount,
    Height: amount,
    Weight: amount,
    IsDefault: flag,
    CustomerReference: text,
  }),
);

/** The organisation's predefined package sizes. */
export class PackageSizes extends Resource {
  /** @vendor Get Package Sizes @internal */
  static readonly list = defineOperation({
    name: 'getPackageSizes',
    method: 'GET',
    path: 'packagesizes',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(PackageSizeSchema))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Package Sizes: the organisation's predefined package sizes. A package that names one's
   * `Reference` as `PackageSizeReference` needs no weight or dimensions of its own. Repeatable.
   *
   * @throws {@link NotFoundError} when the service finds none.
   */
  list(options?: RequestOptions): Promise<PackageSize[]> {
    return transportOf(this).send(PackageSizes.list, {}, options);
  }

  /** @vendor Get Default Package Size @internal */
  static readonly getDefault = defineOperation({
    name: 'getDefaultPackageSize',
    method: 'GET',
    path: 'packagesizes/default',
    response: PackageSizeSchema,
    retry: 'repeatable',
  });

  /**
   * Get Default Package Size: the organisation's default package size (the one whose `IsDefault` is
   * true), what a package that names no size of its own and gives no dimensions is taken to be.
   * Repeatable.
   *
   * @throws {@link NotFoundError} when the organisation has no default size.
   *
   * @example
   * ```ts
   * const size = await orders.packageSizes.getDefault();
   * console.log(`${size.Reference}: ${size.Length} x ${size.Width} x ${size.Height} cm`);
   * ```
   */
  getDefault(options?: RequestOptions): Promise<PackageSize> {
    return transportOf(this).send(PackageSizes.getDefault, {}, options);
  }
}
