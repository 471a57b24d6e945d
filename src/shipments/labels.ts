/** Labels: Get Labels and Get Contents Label, their options and the document objects they answer. */
import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ContentsReference,
  ContentsReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation } from '../core/transport.js';
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
 * `pdf`. The SDK sends the lower case of the OpenAPI files' `ContentType` enum (see `labels.get`).
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
/** Checks {@link LabelOptions}; a misspelt option (`include_extension`, `DPI`) is an error, not ignored. */
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
 * Options of {@link ShipmentLabels.get}: the format, and optionally the resolution, the label
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

/** Checks {@link ContentsLabelOptions}; a misspelt option is an error, not silently ignored. */
export const ContentsLabelOptionsSchema: z.ZodMiniType<ContentsLabelOptions, ContentsLabelOptions> =
  lazySchema(() =>
    z.strictObject({
      format: anyCaseFormat(CONTENTS_LABEL_FORMATS),
      dpi: LabelDpiSchema,
      includeExtension: z.optional(z.boolean()),
    }),
  );

/** Options of {@link ShipmentLabels.getForContents}: its path always names a resolution, so `dpi` is required. */
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

/** A shipment's and its contents' labels. */
export class ShipmentLabels extends Resource {
  /**
   * @internal The labels file's only path names the resolution (`{dpi}`, "default 203"), and its format
   * enum is lower case (`pdf`, `zpl`): the SDK sends both so, whatever the case it was given.
   * @vendor Get Labels
   */
  static readonly get = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>({
    name: 'getLabels',
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

  /**
   * Get Labels: the shipment's labels, always as an array (the service answers one document object,
   * which is wrapped). The path always names the resolution, as the labels OpenAPI file's only path
   * does: without `dpi`, its default, 203. Which formats a shipment offers depends on its carrier; `includeExtension` (default
   * true on the service) controls whether the customer's label extension appears. Decode a result with
   * {@link decodeDocument}, or save it with `saveDocument` or `saveLabels` from `consignkit/node`.
   * Repeatable.
   *
   * @param shipmentReference - The shipment (`sp_…`); it must be allocated to a carrier.
   * @param labelOptions - The format, and optionally `dpi`, `includeExtension` and (BMP only) `rotation`. The
   *   format is taken in any case (the vendor's OpenAPI writes `pdf`, the spec `PDF`) and sent in lower
   *   case, as the OpenAPI files' format enum (`pdf`, `zpl`) has it. BMP and the query parameters
   *   (`include_extension`, `rotation`) come from the spec and are in none of the vendor's files.
   * @remarks BMP labels and `rotation` come from our service spec, not from any vendor file (the labels
   *   OpenAPI file lists `pdf` and `zpl` only): the mock serves them, but the real service may refuse them.
   * @throws {@link RequestValidationError} before sending, for example for `rotation` with a format other
   *   than BMP, a `dpi` other than 203, 300 or 600, or a misspelt option.
   * @throws {@link NotFoundError} for an unknown shipment, or one not allocated to a carrier.
   * @throws {@link ApiError} for a format the shipment's carrier does not offer.
   *
   * @example
   * ```ts
   * const [label] = await shipments.labels.get('sp_01hzy…', { format: 'PDF', dpi: 300 });
   * const { bytes, extension } = decodeDocument(label); // a checked PDF, '.pdf'
   * ```
   */
  async get(
    shipmentReference: ShipmentReference,
    labelOptions: LabelOptions,
    options?: RequestOptions,
  ): Promise<[LabelDocument, ...LabelDocument[]]> {
    // Async, so that a refused option rejects the promise, as every other refused input does.
    const { format, dpi, includeExtension, rotation } = checkInput(
      LabelOptionsSchema,
      labelOptions,
      'label options',
    );
    return transportOf(this).send(
      ShipmentLabels.get,
      {
        params: { shipmentReference, format: format.toLowerCase(), dpi: dpi ?? DEFAULT_LABEL_DPI },
        query: { include_extension: includeExtension, rotation },
      },
      options,
    );
  }

  /** @vendor Get Contents Label @internal */
  static readonly getForContents = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>({
    name: 'getContentsLabel',
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
  });

  /**
   * Get Contents Label: the label of one contents item of a shipment, in PDF or ZPL at the resolution
   * given, always as an array. Repeatable.
   *
   * @param shipmentReference - The shipment (`sp_…`); it must be allocated to a carrier.
   * @param contentsReference - The contents item (`sc_…`, from the shipment's `contents.reference`), not the
   *   shipment's `sp_…`.
   * @throws {@link RequestValidationError} before sending, for example for an `sp_` contents reference,
   *   BMP, or a missing `dpi`.
   * @throws {@link NotFoundError} when the shipment or the contents item is unknown, or the shipment is
   *   not allocated.
   */
  async getForContents(
    shipmentReference: ShipmentReference,
    contentsReference: ContentsReference,
    labelOptions: ContentsLabelOptions,
    options?: RequestOptions,
  ): Promise<[LabelDocument, ...LabelDocument[]]> {
    // Async, so that a refused option rejects the promise, as every other refused input does.
    const { format, dpi, includeExtension } = checkInput(
      ContentsLabelOptionsSchema,
      labelOptions,
      'contents label options',
    );
    return transportOf(this).send(
      ShipmentLabels.getForContents,
      {
        params: { shipmentReference, contentsReference, format: format.toLowerCase(), dpi },
        query: { include_extension: includeExtension },
      },
      options,
    );
  }
}
