import { json } from '../router.js';
import { ErrorCode, fail } from './errors.js';
import type { OrdersContext, OrdersStore } from './state.js';

/**
 * The organisation's package sizes: two seeded in every store (`SMALL-PARCEL`, the default, and
 * `LARGE-PARCEL`). A package that names one as `PackageSizeReference` takes its weight and dimensions.
 */

/** A package size as the mock keeps it, in the vendor's `PackageSize` shape (cm and kg). */
export interface MockPackageSize {
  Reference: string;
  Description: string;
  Length: number;
  Width: number;
  Height: number;
  Weight: number;
  IsDefault: boolean;
}

const sizesOfStore = new WeakMap<OrdersStore, Map<string, MockPackageSize>>();

/** The store's package sizes, by `Reference`, seeded on first use. */
export function packageSizesOf(store: OrdersStore): Map<string, MockPackageSize> {
  let sizes = sizesOfStore.get(store);
  if (sizes === undefined) {
    sizes = new Map(
      [
        {
          Reference: 'SMALL-PARCEL',
          Description: 'Small parcel',
          Length: 30,
          Width: 20,
          Height: 10,
          Weight: 1,
          IsDefault: true,
        },
        {
          Reference: 'LARGE-PARCEL',
          Description: 'Large parcel',
          Length: 60,
          Width: 40,
          Height: 40,
          Weight: 10,
          IsDefault: false,
        },
      ].map((size) => [size.Reference, size]),
    );
    sizesOfStore.set(store, sizes);
  }
  return sizes;
}

/** GET /packagesizes. */
export function getPackageSizes(context: OrdersContext): Response {
  return json([...packageSizesOf(context.store).values()]);
}

/** GET /packagesizes/default: the size marked `IsDefault`; 404 when the organisation has none. */
export function getDefaultPackageSize(context: OrdersContext): Response {
  const size = [...packageSizesOf(context.store).values()].find((entry) => entry.IsDefault);
  if (!size) return fail(404, ErrorCode.PackageSizeNotFound, 'The organisation has no default package size');
  return json(size);
}
