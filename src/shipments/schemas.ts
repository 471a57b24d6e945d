import * as z from 'zod/mini';
import { openEnum } from '../core/open-enum.js';
import {
  type ShipmentGroupReference,
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';

/** Label file formats of Get Labels. Which ones a shipment offers depends on its carrier. */
export const LABEL_FORMATS = ['PDF', 'ZPL', 'BMP'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** Get Contents Label has no BMP. */
export const CONTENTS_LABEL_FORMATS = ['PDF', 'ZPL'] as const;
export type ContentsLabelFormat = (typeof CONTENTS_LABEL_FORMATS)[number];
/** The resolutions the service is documented to produce; 203 is its default. */
export const LABEL_DPIS = [203, 300, 600] as const;
export type LabelDpi = (typeof LABEL_DPIS)[number];
export type LabelRotation = 'left' | 'right';

export const LabelFormatSchema = z.enum(LABEL_FORMATS);
export const ContentsLabelFormatSchema = z.enum(CONTENTS_LABEL_FORMATS);
export const LabelDpiSchema = z.literal(LABEL_DPIS, { error: 'dpi must be 203, 300 or 600' });

/** A document object as the service sends it: `file` is the Base64 of the file's bytes. */
export const LabelDocumentSchema = z.looseObject({
  file: z.string(),
  content_type: z.string(),
  document_type: openEnum<'label'>(),
  dpi: z.number(),
  copies: z.nullish(z.number()),
});
export type LabelDocument = z.infer<typeof LabelDocumentSchema>;

/** Get Labels answers one object and Get Contents Label an array: both are read as either. */
export const LabelDocumentsSchema = z.union([LabelDocumentSchema, z.array(LabelDocumentSchema)]);

export const ResourceLinkSchema = z.looseObject({
  href: z.string(),
  rel: openEnum<'self'>(),
  reference: z.string(),
  type: openEnum<'shipment_group'>(),
});
export type ResourceLink = z.infer<typeof ResourceLinkSchema>;

/** The answer of every shipment group operation. */
export const ResourceResultSchema = z.looseObject({
  reference: z.string(),
  message: z.string(),
  _links: z.array(ResourceLinkSchema),
  custom_reference: z.nullish(z.string()),
  version: z.nullish(z.number()),
  errors: z.nullish(z.array(z.unknown())),
});
export type ResourceResult = z.infer<typeof ResourceResultSchema>;

const ROTATION_ONLY_FOR_BMP = 'rotation is permitted only with format BMP';

// Options are strict objects: a misspelt option (`include_extension`, `DPI`) is an error, not silently ignored.
export const LabelOptionsSchema = z
  .strictObject({
    format: LabelFormatSchema,
    dpi: z.optional(LabelDpiSchema),
    includeExtension: z.optional(z.boolean()),
    rotation: z.optional(z.enum(['left', 'right'])),
  })
  .check(
    z.refine((options) => options.rotation === undefined || options.format === 'BMP', {
      path: ['rotation'],
      error: ROTATION_ONLY_FOR_BMP,
    }),
  );

interface LabelOptionsBase {
  /** Defaults to 203 on the service. */
  dpi?: LabelDpi;
  /** Whether the customer's label extension appears; the service defaults to true. */
  includeExtension?: boolean;
}

/** Options of `getLabels`. `rotation` (90°, `left` is counter-clockwise) exists only for BMP. */
export type LabelOptions =
  | (LabelOptionsBase & { format: 'PDF' | 'ZPL'; rotation?: undefined })
  | (LabelOptionsBase & { format: 'BMP'; rotation?: LabelRotation });

export const ContentsLabelOptionsSchema = z.strictObject({
  format: ContentsLabelFormatSchema,
  dpi: LabelDpiSchema,
  includeExtension: z.optional(z.boolean()),
});

/** Options of `getContentsLabel`: its path always names a resolution, so `dpi` is required. */
export interface ContentsLabelOptions {
  format: ContentsLabelFormat;
  dpi: LabelDpi;
  includeExtension?: boolean;
}

/** A group's `custom_reference`: URL-safe (RFC 3986 unreserved characters), 5 to 50 of them. */
export const CustomReferenceSchema = z.string().check(
  z.regex(/^[A-Za-z0-9._~-]{5,50}$/, {
    error: 'expected 5 to 50 URL-safe characters (A-Z a-z 0-9 . _ ~ -)',
  }),
);

export const GroupVersionSchema = z.union([z.int().check(z.positive()), z.literal('latest')], {
  error: "version must be a positive integer or 'latest'",
});

export const ShipmentGroupSelectorSchema = z.union(
  [
    z.strictObject({ reference: ShipmentGroupReferenceSchema }),
    z.strictObject({ customReference: CustomReferenceSchema, version: GroupVersionSchema }),
  ],
  { error: "expected { reference: 'sg_…' } or { customReference, version }" },
);

/** Which shipment group: by its unique reference, or by its custom reference and a version. */
export type ShipmentGroupSelector =
  | { reference: ShipmentGroupReference }
  | { customReference: string; version: number | 'latest' };

// A wire body: loose, so fields the service adds later can be sent as written.
export const UpdateShipmentGroupInputSchema = z
  .looseObject({
    reference: ShipmentGroupReferenceSchema,
    add_shipments: z.optional(z.array(ShipmentReferenceSchema)),
    remove_shipments: z.optional(z.array(ShipmentReferenceSchema)),
  })
  .check(
    z.refine((body) => (body.add_shipments?.length ?? 0) + (body.remove_shipments?.length ?? 0) > 0, {
      error: 'name at least one shipment in add_shipments or remove_shipments',
    }),
  );

/** The Update Shipment Group body: the group's `sg_` reference and the shipments to add and remove. */
export interface UpdateShipmentGroupInput {
  reference: ShipmentGroupReference;
  add_shipments?: ShipmentReference[];
  remove_shipments?: ShipmentReference[];
}
