import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { listOrEmpty } from '../core/lists.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { type ShippingLocationReference, ShippingLocationReferenceSchema } from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { type Contact, ContactSchema, type Country, CountrySchema, text } from './wire-shapes.js';

// Shipping locations: the organisation's warehouses and shops, which orders ship from.

/**
 * One of the organisation's shipping locations (a warehouse or shop): an address with its own
 * `Reference`, which an order's `Origin` names as `ShippingLocationReference`. Fields it does not name
 * (the location's settings…) are kept as sent.
 */
export interface ShippingLocation {
  /** The reference an order's address names as `ShippingLocationReference`. */
  Reference: string;
  /** The location's display name. */
  Name?: string | null | undefined;
  /** The person to contact there. */
  Contact?: Contact | null | undefined;
  /** The company at the location. */
  CompanyName?: string | null | undefined;
  /** First line of the street address. */
  AddressLine1?: string | null | undefined;
  /** Second line. */
  AddressLine2?: string | null | undefined;
  /** Third line. */
  AddressLine3?: string | null | undefined;
  /** Town or city. */
  Town?: string | null | undefined;
  /** County, state or region. */
  Region?: string | null | undefined;
  /** Postal code. */
  Postcode?: string | null | undefined;
  /** The country. */
  Country?: Country | null | undefined;
}
export const ShippingLocationSchema = schemaOf<ShippingLocation>()(() =>
  z.looseObject({
    Reference: z.string(),
    Name: text,
    Contact: z.nullish(ContactSchema),
    CompanyName: text,
    AddressLine1: text,
    AddressLine2: text,
    AddressLine3: text,
    Town: text,
    Region: text,
    Postcode: text,
    Country: z.nullish(CountrySchema),
  }),
);

/** The organisation's shipping locations (warehouses, shops), which orders ship from. */
export class ShippingLocations extends Resource {
  /** @vendor Get Shipping Locations @internal */
  static readonly list = defineOperation({
    name: 'getShippingLocations',
    method: 'GET',
    path: 'shippinglocations',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(ShippingLocationSchema))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Shipping Locations: the organisation's shipping locations (warehouses, shops), each an address
   * with the `Reference` an order's `Origin` names as `ShippingLocationReference`. Repeatable.
   *
   * @example
   * ```ts
   * const [location] = await orders.shippingLocations.list();
   * const origin = { AddressType: 'Origin', ShippingLocationReference: location.Reference };
   * ```
   */
  list(options?: RequestOptions): Promise<ShippingLocation[]> {
    return transportOf(this).send(ShippingLocations.list, {}, options);
  }

  /** @vendor Get Shipping Location @internal */
  static readonly get = defineOperation({
    name: 'getShippingLocation',
    method: 'GET',
    path: 'shippinglocations/{shippingLocationReference}',
    params: { shippingLocationReference: ShippingLocationReferenceSchema },
    response: ShippingLocationSchema,
    retry: 'repeatable',
  });

  /**
   * Get Shipping Location: one shipping location by its reference. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown location.
   */
  get(
    shippingLocationReference: ShippingLocationReference,
    options?: RequestOptions,
  ): Promise<ShippingLocation> {
    return transportOf(this).send(ShippingLocations.get, { params: { shippingLocationReference } }, options);
  }

  /** @vendor Get Assigned Shipping Locations @internal */
  static readonly listAssigned = defineOperation({
    name: 'getAssignedShippingLocations',
    method: 'GET',
    path: 'shippinglocations/assigned',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(ShippingLocationSchema))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Assigned Shipping Locations: the shipping locations linked to the caller's account (where
   * {@link ShippingLocations.list} lists all of the company's): pick an `Origin`'s
   * `ShippingLocationReference` from them. Repeatable.
   */
  listAssigned(options?: RequestOptions): Promise<ShippingLocation[]> {
    return transportOf(this).send(ShippingLocations.listAssigned, {}, options);
  }
}
