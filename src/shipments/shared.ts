/**
 * What several area B resources share: the resource result every shipment group operation answers, and
 * its links.
 */
import * as z from 'zod/mini';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { schemaOf } from '../core/schema-of.js';

/**
 * A link of a {@link ResourceResult}, to the shipment group it is about. Its fields are kept as sent,
 * `null` or missing included: a membership change has been made by the time the link is read, and an
 * incomplete link must not turn that into an error.
 */
export interface ResourceLink {
  /** The group's URL. */
  href?: string | null | undefined;
  /** `self`. */
  rel?: OpenEnum<'self'> | null | undefined;
  /** The group's `sg_` reference. */
  reference?: string | null | undefined;
  /** `shipment_group`. */
  type?: OpenEnum<'shipment_group'> | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ResourceLinkSchema = schemaOf<ResourceLink>()(
  z.looseObject({
    href: z.nullish(z.string()),
    rel: z.nullish(openEnum<'self'>()),
    reference: z.nullish(z.string()),
    type: z.nullish(openEnum<'shipment_group'>()),
  }),
);

/**
 * What every shipment group operation answers: the group's reference, a confirmation and links. Only
 * `reference` is required: the vendor's contracts let every other field be missing or `null`, and the
 * change has been made by the time this is read.
 */
export interface ResourceResult {
  /** The shipment group's `sg_` reference. */
  reference: string;
  /** A confirmation naming the group and saying it was updated, locked or unlocked; may be missing or `null`. */
  message?: string | null | undefined;
  /** Links to the group. Kept as the service sent them: `null` or missing in some answers (a 207). */
  _links?: ResourceLink[] | null | undefined;
  /** The group's custom reference, when the service sends it. */
  custom_reference?: string | null | undefined;
  /** The group's version after the change, when the service sends it. */
  version?: number | null | undefined;
  /** The references the service could not process (it may answer 207 for a partial success). */
  errors?: unknown[] | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ResourceResultSchema = schemaOf<ResourceResult>()(
  z.looseObject({
    reference: z.string(),
    message: z.nullish(z.string()),
    // A membership change has been made by the time this is read: a missing list must not hide that.
    _links: z.nullish(z.array(ResourceLinkSchema)),
    custom_reference: z.nullish(z.string()),
    version: z.nullish(z.number()),
    errors: z.nullish(z.array(z.unknown())),
  }),
);
