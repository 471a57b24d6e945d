import { Resource } from '../core/resource.js';
/** Labels: Get Labels and Get Contents Label, their options and the document objects they answer. */
import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ContentsReference,
  ContentsReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation, type Transport } from '../core/transport.js';
import { checkInput } from '../core/validation.js';

/** The label formats of Get Labels. Which ones a shipment offers depends on its carrier. */
export const LABEL_FORMATS = ['PDF', 'ZPL', 'BMP'] as const;
/**
 * A label format of Get Labels: `PDF`, `ZPL` (a printer program) or `BMP` (an image). `BMP` comes from
 * our service spec, not from any vendor file (the labels OpenAPI file lists `pdf` and `zpl`): the real
 * service may refuse it.
 */
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** The formats of Get Contents Label: PDF and ZPL, no BMP. */
export const CONTENTS_LABEL_FORMATS = ['PDF', 'ZPL'] as const;
/** A format of Get Contents Label: `PDF` or `ZPL`. */
export type ContentsLabelFormat = (typeof CONTENTS_LABEL_FORMATS)[number];
/** The resolutions the service is documented to produce, in dots per inch; 203 is its default. */
export const LABEL_DPIS = [203, 300, 600] as const;
/** A label resolution in dots per inch: 203 (the service's default), 300 or 600. */
export type LabelDpi = (typeof LABEL_DPIS)[number];
/**
 * The rotation of a BMP label, 90 degrees: `left` is counter-clockwise, `right` clockwise. It comes from
 * our service spec, not from any vendor file: the real service may refuse it.
 */
export type LabelRotation = 'left' | 'right';

export const LabelFormatSchema = lazySchema(() => z.enum(LABEL_FORMATS));
export const ContentsLabelFormatSchema = lazySchema(() => z.enum(CONTENTS_LABEL_FORMATS));
/**
 * A label format in any case, as an input: the spec writes `PDF`, the vendor's OpenAPI enum and examples
 * `pdf`. The SDK sends the lower case of the OpenAPI files' `ContentType` enum (see `getLabels`).
 */
function anyCaseFormat<const Format extends string>(formats: readonly Format[]) {
  const names = formats.map((format) => `'${format}'`).join(', ');
  return z.string().check(
    z.refine((value) => (formats as readonly string[]).includes(value.toUpperCase()), {
      error: `expected one of ${names}`,
    }),
  ) as unknown as z.ZodMiniType<Format | Lowercase<Format>, Format | Lowercase<Format>>;
}
export const LabelDpiSchema = lazySchema(() =>
  z.literal(LABEL_DPIS, { error: 'dpi must be 203, 300 or 600' }),
);
/** The resolution the labels file gives `{dpi}` by default, sent when the caller names none. */
const DEFAULT_LABEL_DPI: LabelDpi = 203;

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
}
export const LabelDocumentSchema = schemaOf<LabelDocument>()(() =>
  z.looseObject({
    file: z.string(),
    content_type: z.string(),
    document_type: openEnum<'label'>(),
    dpi: z.number(),
    copies: z.nullish(z.number()),
  }),
);

/** Get Labels answers one object and Get Contents Label an array: both are read as either. */
export const LabelDocumentsSchema = lazySchema(() =>
  z.union([LabelDocumentSchema, z.array(LabelDocumentSchema)]),
);

const ROTATION_ONLY_FOR_BMP = 'rotation is permitted only with format BMP';

// Typed as the union its refinement makes it, which zod's inferred type cannot say.
export const LabelOptionsSchema = lazySchema(
  () =>
    z
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
      ) as z.ZodMiniType<LabelOptions, LabelOptions>,
);

/**
 * Options of {@link ShipmentsClient.getLabels}: the format, and optionally the resolution, the label
 * extension, and (BMP only) a rotation.
 */
export type LabelOptions =
  | {
      /** `PDF` or `ZPL`, in any case (sent lower case). Which formats a shipment offers depends on its carrier. */
      format: 'PDF' | 'ZPL' | 'pdf' | 'zpl';
      /** Dots per inch: 203, 300 or 600. Default 203, the service's default, always named in the path. */
      dpi?: LabelDpi | undefined;
      /** Whether the customer's label extension (text, images, QR codes) appears. The service's default is true. */
      includeExtension?: boolean | undefined;
      /** Only BMP labels rotate. */
      rotation?: undefined | undefined;
    }
  | {
      /**
       * `BMP`, an image, in any case (sent lower case). Our service spec names it; the vendor's OpenAPI
       * files do not (their format enum is `pdf`, `zpl`), so the real service may refuse it. Which formats
       * a shipment offers depends on its carrier.
       */
      format: 'BMP' | 'bmp';
      /** Dots per inch: 203, 300 or 600. Default 203, the service's default, always named in the path. */
      dpi?: LabelDpi | undefined;
      /** Whether the customer's label extension (text, images, QR codes) appears. The service's default is true. */
      includeExtension?: boolean | undefined;
      /**
       * Rotates the label 90 degrees: `left` counter-clockwise, `right` clockwise. Default: none. From our
       * service spec, in no vendor file: the real service may refuse it.
       */
      rotation?: LabelRotation | undefined;
    };

export const ContentsLabelOptionsSchema: z.ZodMiniType<ContentsLabelOptions, ContentsLabelOptions> =
  lazySchema(() =>
    z.strictObject({
      format: anyCaseFormat(CONTENTS_LABEL_FORMATS),
      dpi: LabelDpiSchema,
      includeExtension: z.optional(z.boolean()),
    }),
  );

/** Options of {@link ShipmentsClient.getContentsLabel}: its path always names a resolution, so `dpi` is required. */
export interface ContentsLabelOptions {
  /** `PDF` or `ZPL`, in any case (sent lower case, as the OpenAPI files' enum). */
  format: ContentsLabelFormat | Lowercase<ContentsLabelFormat>;
  /** Dots per inch: 203, 300 or 600. */
  dpi: LabelDpi;
  /** Whether the customer's label extension appears. The service's default is true. */
  includeExtension?: boolean | undefined;
}

type LabelDocuments = z.infer<typeof LabelDocumentsSchema>;

/** Never empty: an answer holding no label is no answer (a `ResponseValidationError`). */
function labelsOf(body: LabelDocuments): [LabelDocument, ...LabelDocument[]] | undefined {
  const labels = Array.isArray(body) ? body : [body];
  const [first, ...rest] = labels;
  return first === undefined ? undefined : [first, ...rest];
}

/**
 * Get Labels. The labels file's only path names the resolution (`{dpi}`, "default 203"), and its format
 * enum is lower case (`pdf`, `zpl`): the SDK sends both so, whatever the case it was given.
 */
export const getLabelsOperation = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>({
  name: 'getLabels',
  vendor: 'Get Labels',
  method: 'GET',
  path: 'labels/{shipmentReference}/{format}/{dpi}',
  params: {
    shipmentReference: ShipmentReferenceSchema,
    format: lazySchema(() => z.enum(['pdf', 'zpl', 'bmp'])),
    dpi: LabelDpiSchema,
  },
  response: LabelDocumentsSchema,
  result: labelsOf,
  retry: 'repeatable',
});

/** Get Labels: the resolution always goes in the path, 203 when none is given. */
export function getLabels(
  transport: Transport,
  shipmentRef: ShipmentReference,
  options: LabelOptions,
  requestOptions?: RequestOptions,
): Promise<[LabelDocument, ...LabelDocument[]]> {
  const { format, dpi, includeExtension, rotation } = checkInput(
    LabelOptionsSchema,
    options,
    'label options',
  );
  return transport.send(
    getLabelsOperation,
    {
      params: {
        shipmentReference: shipmentRef,
        format: format.toLowerCase(),
        dpi: dpi ?? DEFAULT_LABEL_DPI,
      },
      query: { include_extension: includeExtension, rotation },
    },
    requestOptions,
  );
}

export const getContentsLabelOperation = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>(
  {
    name: 'getContentsLabel',
    vendor: 'Get Contents Label',
    method: 'GET',
    path: 'labels/{shipmentReference}/contents/{contentsReference}/{format}/{dpi}',
    params: {
      shipmentReference: ShipmentReferenceSchema,
      contentsReference: ContentsReferenceSchema,
      format: lazySchema(() => z.enum(['pdf', 'zpl'])),
      dpi: LabelDpiSchema,
    },
    response: LabelDocumentsSchema,
    result: labelsOf,
    retry: 'repeatable',
  },
);

/** Get Contents Label: one contents item's label, in PDF or ZPL at the resolution given. */
export function getContentsLabel(
  transport: Transport,
  shipmentRef: ShipmentReference,
  contentsRef: ContentsReference,
  options: ContentsLabelOptions,
  requestOptions?: RequestOptions,
): Promise<[LabelDocument, ...LabelDocument[]]> {
  const { format, dpi, includeExtension } = checkInput(
    ContentsLabelOptionsSchema,
    options,
    'contents label options',
  );
  return transport.send(
    getContentsLabelOperation,
    {
      params: {
        shipmentReference: shipmentRef,
        contentsReference: contentsRef,
        format: format.toLowerCase(),
        dpi,
      },
      query: { include_extension: includeExtension },
    },
    requestOptions,
  );
}

/** A shipment's labels. */
export class ShipmentLabels extends Resource {}
