import * as z from 'zod/mini';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import {
  type ShipmentGroupReference,
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';

/** The label formats of Get Labels. Which ones a shipment offers depends on its carrier. */
export const LABEL_FORMATS = ['PDF', 'ZPL', 'BMP'] as const;
/** A label format of Get Labels: `PDF`, `ZPL` (a printer program) or `BMP` (an image). */
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** The formats of Get Contents Label: PDF and ZPL, no BMP. */
export const CONTENTS_LABEL_FORMATS = ['PDF', 'ZPL'] as const;
/** A format of Get Contents Label: `PDF` or `ZPL`. */
export type ContentsLabelFormat = (typeof CONTENTS_LABEL_FORMATS)[number];
/** The resolutions the service is documented to produce, in dots per inch; 203 is its default. */
export const LABEL_DPIS = [203, 300, 600] as const;
/** A label resolution in dots per inch: 203 (the service's default), 300 or 600. */
export type LabelDpi = (typeof LABEL_DPIS)[number];
/** The rotation of a BMP label, 90 degrees: `left` is counter-clockwise, `right` clockwise. */
export type LabelRotation = 'left' | 'right';

export const LabelFormatSchema = z.enum(LABEL_FORMATS);
export const ContentsLabelFormatSchema = z.enum(CONTENTS_LABEL_FORMATS);
/**
 * A label format in any case, as an input: the spec writes `PDF`, the vendor's OpenAPI enum and examples
 * `pdf`. The SDK sends the upper case of the spec and the newest pages (see `getLabels`).
 */
function anyCaseFormat<const Format extends string>(formats: readonly Format[]) {
  const names = formats.map((format) => `'${format}'`).join(', ');
  return z.string().check(
    z.refine((value) => (formats as readonly string[]).includes(value.toUpperCase()), {
      error: `expected one of ${names}`,
    }),
  ) as unknown as z.ZodMiniType<Format | Lowercase<Format>, Format | Lowercase<Format>>;
}
export const LabelDpiSchema = z.literal(LABEL_DPIS, { error: 'dpi must be 203, 300 or 600' });

/**
 * A label as Get Labels and Get Contents Label send it: a document object whose `file` is the Base64 of
 * the label file. Turn it into bytes with {@link decodeDocument}, or write it with `saveDocument` from
 * `consignkit/node`.
 */
export interface LabelDocument {
  /** Base64 of the label file's bytes: decode it with {@link decodeDocument}. */
  file: string;
  /** The declared MIME type: `application/pdf`, `text/plain` for ZPL, or an image type for BMP. */
  content_type: string;
  /** Always `label` for labels. */
  document_type: OpenEnum<'label'>;
  /** The label's resolution, in dots per inch. */
  dpi: number;
  /** How many copies to print, when the service says. */
  copies?: number | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const LabelDocumentSchema = schemaOf<LabelDocument>()(
  z.looseObject({
    file: z.string(),
    content_type: z.string(),
    document_type: openEnum<'label'>(),
    dpi: z.number(),
    copies: z.nullish(z.number()),
  }),
);

/** Get Labels answers one object and Get Contents Label an array: both are read as either. */
export const LabelDocumentsSchema = z.union([LabelDocumentSchema, z.array(LabelDocumentSchema)]);

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

const ROTATION_ONLY_FOR_BMP = 'rotation is permitted only with format BMP';

// Typed as the union its refinement makes it, which zod's inferred type cannot say.
export const LabelOptionsSchema = z
  .strictObject({
    format: anyCaseFormat(LABEL_FORMATS),
    dpi: z.optional(LabelDpiSchema),
    includeExtension: z.optional(z.boolean()),
    rotation: z.optional(z.enum(['left', 'right'])),
  })
  .check(
    z.refine((options) => options.rotation === undefined || options.format.toUpperCase() === 'BMP', {
      path: ['rotation'],
      error: ROTATION_ONLY_FOR_BMP,
    }),
  ) as z.ZodMiniType<LabelOptions, LabelOptions>;

/**
 * Options of {@link ShipmentsClient.getLabels}: the format, and optionally the resolution, the label
 * extension, and (BMP only) a rotation.
 */
export type LabelOptions =
  | {
      /** `PDF` or `ZPL`, in any case (sent upper case). Which formats a shipment offers depends on its carrier. */
      format: 'PDF' | 'ZPL' | 'pdf' | 'zpl';
      /** Dots per inch: 203, 300 or 600. Left out, the path names no resolution and the service uses 203. */
      dpi?: LabelDpi | undefined;
      /** Whether the customer's label extension (text, images, QR codes) appears. The service's default is true. */
      includeExtension?: boolean | undefined;
      /** Only BMP labels rotate. */
      rotation?: undefined | undefined;
    }
  | {
      /** `BMP`, an image, in any case (sent upper case). Which formats a shipment offers depends on its carrier. */
      format: 'BMP' | 'bmp';
      /** Dots per inch: 203, 300 or 600. Left out, the path names no resolution and the service uses 203. */
      dpi?: LabelDpi | undefined;
      /** Whether the customer's label extension (text, images, QR codes) appears. The service's default is true. */
      includeExtension?: boolean | undefined;
      /** Rotates the label 90 degrees: `left` counter-clockwise, `right` clockwise. Default: none. */
      rotation?: LabelRotation | undefined;
    };

export const ContentsLabelOptionsSchema: z.ZodMiniType<ContentsLabelOptions, ContentsLabelOptions> =
  z.strictObject({
    format: anyCaseFormat(CONTENTS_LABEL_FORMATS),
    dpi: LabelDpiSchema,
    includeExtension: z.optional(z.boolean()),
  });

/** Options of {@link ShipmentsClient.getContentsLabel}: its path always names a resolution, so `dpi` is required. */
export interface ContentsLabelOptions {
  /** `PDF` or `ZPL`, in any case (sent upper case). */
  format: ContentsLabelFormat | Lowercase<ContentsLabelFormat>;
  /** Dots per inch: 203, 300 or 600. */
  dpi: LabelDpi;
  /** Whether the customer's label extension appears. The service's default is true. */
  includeExtension?: boolean | undefined;
}

export const CustomReferenceSchema = z.string().check(
  z.regex(/^[A-Za-z0-9._~-]{5,50}$/, {
    error: 'expected 5 to 50 URL-safe characters (A-Z a-z 0-9 . _ ~ -)',
  }),
);

export const GroupVersionSchema = z.union([z.int().check(z.positive()), z.literal('latest')], {
  error: "version must be a positive integer or 'latest'",
});

export const ShipmentGroupSelectorSchema: z.ZodMiniType<ShipmentGroupSelector, ShipmentGroupSelector> =
  z.union(
    [
      z.strictObject({ reference: ShipmentGroupReferenceSchema }),
      z.strictObject({ customReference: CustomReferenceSchema, version: GroupVersionSchema }),
    ],
    { error: "expected { reference: 'sg_…' } or { customReference, version }" },
  );

/**
 * Which shipment group an add or remove addresses: `{ reference: 'sg_…' }`, its unique reference, or
 * `{ customReference, version }`, its custom reference (5 to 50 URL-safe characters, unique among open
 * groups) and a version (a positive integer, or `'latest'`).
 */
export type ShipmentGroupSelector =
  | {
      /** The group's unique `sg_` reference. */
      reference: ShipmentGroupReference;
    }
  | {
      /** The group's custom reference. */
      customReference: string;
      /** The version addressed: a positive integer, or `'latest'`. */
      version: number | 'latest';
    };

// A wire body: loose, so fields the service adds later can be sent as written.
export const UpdateShipmentGroupInputSchema: z.ZodMiniType<
  UpdateShipmentGroupInput,
  UpdateShipmentGroupInput
> = z
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

/**
 * The body of Update Shipment Group ({@link ShipmentsClient.updateShipmentGroup}): the group, and the
 * shipments to add and to remove, in one request.
 */
export interface UpdateShipmentGroupInput {
  /** The group's unique `sg_` reference (not its `custom_reference`); the group must be open and unlocked. */
  reference: ShipmentGroupReference;
  /** Shipments to add; none may already be in this group or in any other open group. */
  add_shipments?: ShipmentReference[] | undefined;
  /** Shipments to remove; each must be in this group. */
  remove_shipments?: ShipmentReference[] | undefined;
}

/** What {@link ShipmentsClient.createShipmentGroup} takes. */
export interface CreateShipmentGroupInput {
  /** Your name for the group: 5 to 50 URL-safe characters, unique among open groups. */
  custom_reference: string;
  /** Shipments to put in it at once (`sp_…`); none when left out (the SDK sends `[]`, as the service requires the list). */
  shipments?: ShipmentReference[] | undefined;
}
export const CreateShipmentGroupInputSchema = z.strictObject({
  custom_reference: CustomReferenceSchema,
  shipments: z.optional(z.array(ShipmentReferenceSchema)),
}) as unknown as z.ZodMiniType<CreateShipmentGroupInput, CreateShipmentGroupInput>;

/** A shipment group as Get Shipment Group answers it. */
export interface ShipmentGroup {
  /** The group's `sg_` reference. */
  reference: string;
  /** Your name for the group. */
  custom_reference?: string | null | undefined;
  /** Its version: every change adds one. */
  version?: number | null | undefined;
  /** `open` (shipments can still be added when unlocked) or `closed` (final). */
  state?: OpenEnum<'open' | 'closed'> | null | undefined;
  /** The shipments in it. */
  shipments?: unknown[] | null | undefined;
  /** When it was created (ISO 8601). */
  created?: string | null | undefined;
  /** When it was locked, or whether it is: the service's own value, kept as sent. */
  locked?: string | boolean | null | undefined;
  /** When it was closed: the service's own value, kept as sent. */
  closed?: string | boolean | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ShipmentGroupSchema = schemaOf<ShipmentGroup>()(
  z.looseObject({
    reference: z.string(),
    custom_reference: z.nullish(z.string()),
    version: z.nullish(z.number()),
    state: z.nullish(openEnum<'open' | 'closed'>()),
    shipments: z.nullish(z.array(z.unknown())),
    created: z.nullish(z.string()),
    locked: z.nullish(z.union([z.string(), z.boolean()])),
    closed: z.nullish(z.union([z.string(), z.boolean()])),
  }),
);

/** The types of document Get Documents serves; labels come only from the label operations. */
export type ShipmentDocumentType = OpenEnum<'commercial_invoice' | 'cn22' | 'cn23'>;

/**
 * A shipment's document other than its label (a commercial invoice, a CN22 or CN23 customs form), as a
 * document object: decode it with {@link decodeDocument} or save it with `saveDocument`.
 */
export interface ShipmentDocument {
  /** Base64 of the file's bytes. */
  file: string;
  /** The declared MIME type, `application/pdf`. */
  content_type: string;
  /** What it is: `commercial_invoice`, `cn22`, `cn23`… */
  document_type: ShipmentDocumentType;
  /** Its resolution, when the service says. */
  dpi?: number | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ShipmentDocumentSchema = schemaOf<ShipmentDocument>()(
  z.looseObject({
    file: z.string(),
    content_type: z.string(),
    document_type: openEnum<'commercial_invoice' | 'cn22' | 'cn23'>(),
    dpi: z.nullish(z.number()),
  }),
);

export const ShipmentDocumentTypeSchema = z.string().check(
  z.regex(/^[a-z0-9_]{1,64}$/, {
    error: 'expected a document type such as commercial_invoice, cn22 or cn23',
  }),
  z.refine((type) => type !== 'label', {
    error: 'labels come only from getLabels and getContentsLabel, not from getDocument',
  }),
);
