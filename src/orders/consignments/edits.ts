import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { defineOperation } from '../../core/operation.js';
import { schemaOf } from '../../core/schema-of.js';
import { AddressSchema, flag, text } from '../wire-shapes.js';
import { consignmentPath } from './consignment.js';

// The edits of one part of a consignment: an address, its details (customer reference and dates), its
// customer reference alone. Each sets what it is given to the values given, so sending it twice leaves
// the consignment as sending it once: all three are repeatable. Declared here, pointed at by the
// statics of `Consignments` (consignments.ts), whose methods send them.

/** A date-time for {@link ConsignmentDetails}: ISO 8601 text, or a `Date`; sent as ISO 8601. */
export type DetailsDate = string | Date;

/**
 * What Set Consignment Details sets (the vendor's `SetConsignmentDetailsRequest`). A property left out
 * (or `null`) keeps its value; at least one must be given.
 */
export interface ConsignmentDetails {
  /** Your own reference for the consignment (what `reconcile` finds a created one by). */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** The delivery date wanted. */
  RequestedDeliveryDate?: DetailsDate | null | undefined;
  /** When it ships: the day, and the time when it matters. */
  ShippingDateTime?: DetailsDate | null | undefined;
  /** Whether it must arrive on `RequestedDeliveryDate` exactly (`true`) or by then. */
  IsExactRequestedDeliveryDate?: boolean | null | undefined;
}

const detailsDate = lazySchema(() =>
  z.nullish(
    z.union([
      z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO 8601 date-time')),
      z.date().check(z.refine((date) => !Number.isNaN(date.getTime()), 'must be a valid date')),
    ]),
  ),
);

const DETAILS = [
  'ConsignmentReferenceProvidedByCustomer',
  'RequestedDeliveryDate',
  'ShippingDateTime',
  'IsExactRequestedDeliveryDate',
] as const;

export const ConsignmentDetailsSchema = schemaOf<ConsignmentDetails>()(() =>
  z
    .looseObject({
      ConsignmentReferenceProvidedByCustomer: text,
      RequestedDeliveryDate: detailsDate,
      ShippingDateTime: detailsDate,
      IsExactRequestedDeliveryDate: flag,
    })
    .check(
      // Every property unset (`{ RequestedDeliveryDate: process.env.DATE }` with the variable unset)
      // would set nothing and still answer 200.
      z.refine((details) => DETAILS.some((key) => details[key] !== undefined && details[key] !== null), {
        error: `sets nothing: give at least one of ${DETAILS.join(', ')}`,
        path: [],
      }),
    ),
);

/** The details as sent: dates as ISO 8601 text. */
function detailsOnTheWire(details: ConsignmentDetails): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** Set Customer Provided Reference's body (the vendor's `ReferenceProvidedByCustomerRequest`). */
export interface ReferenceProvidedByCustomer {
  /** The consignment's new `ConsignmentReferenceProvidedByCustomer`. */
  Reference: string;
}
const ReferenceProvidedByCustomerSchema = lazySchema(() =>
  z.looseObject({
    Reference: z.string().check(z.refine((reference) => reference.trim() !== '', 'must not be blank')),
  }),
);

/** The declarations of the edits; `Consignments` points a static at each. */
export const consignmentEdits = {
  /** @vendor Update Consignment Address */
  updateAddress: defineOperation<void>({
    name: 'updateConsignmentAddress',
    method: 'PUT',
    path: 'consignments/{consignmentReference}',
    params: consignmentPath,
    body: AddressSchema,
    // Replaces the address of its `AddressType` with the one given.
    retry: 'repeatable',
  }),
  /** @vendor Set Consignment Details */
  setDetails: defineOperation<void>({
    name: 'setConsignmentDetails',
    method: 'PUT',
    path: 'consignments/{consignmentReference}/details',
    params: consignmentPath,
    body: ConsignmentDetailsSchema,
    wireBody: detailsOnTheWire,
    retry: 'repeatable',
  }),
  /** @vendor Set Customer Provided Reference */
  setCustomerReference: defineOperation<void>({
    name: 'setConsignmentCustomerReference',
    method: 'PUT',
    // The vendor's reference names the parameter `consignmentReferece`: the path is the same.
    path: 'consignments/{consignmentReference}/setcustomerprovidedreference',
    params: consignmentPath,
    body: ReferenceProvidedByCustomerSchema,
    retry: 'repeatable',
  }),
};
