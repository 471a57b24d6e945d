import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { defineOperation } from '../core/operation.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type PackageReference,
  PackageReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import type { Transport } from '../core/transport.js';
import { checkInput } from '../core/validation.js';
import { text } from './wire-shapes.js';

// Area A's labels: a consignment's, or one package's, as one file.

/** The label formats of area A's label operations (Get Consignment Labels, Get Package Label). */
export const CONSIGNMENT_LABEL_FORMATS = ['PDF', 'PNG', 'ZPL', 'ZPLII'] as const;
/**
 * A label format of area A: `PDF`, `PNG` (an image), `ZPL` or `ZPLII` (printer programs). The vendor's
 * examples write them in lower case; either case is accepted, and the SDK sends upper case.
 */
export type ConsignmentLabelFormat =
  | (typeof CONSIGNMENT_LABEL_FORMATS)[number]
  | Lowercase<(typeof CONSIGNMENT_LABEL_FORMATS)[number]>;

/** Options of {@link ConsignmentLabels.get} and {@link ConsignmentLabels.getForPackage}. */
export interface ConsignmentLabelOptions {
  /** The file format; left out, the service uses the carrier's default format. */
  format?: ConsignmentLabelFormat | undefined;
  /** The resolution in dots per inch (203, 300 or 600); it needs `format`, as it follows it in the path. */
  dpi?: 203 | 300 | 600 | undefined;
}
/**
 * Checks {@link ConsignmentLabelOptions}: a misspelt option is refused rather than ignored. Typed as the
 * interface, whose formats the check matches in either case.
 */
export const ConsignmentLabelOptionsSchema = lazySchema(
  () =>
    z
      .strictObject({
        format: z.optional(
          z.string().check(
            z.refine(
              (value) => (CONSIGNMENT_LABEL_FORMATS as readonly string[]).includes(value.toUpperCase()),
              {
                error: `format must be one of ${CONSIGNMENT_LABEL_FORMATS.join(', ')} (either case)`,
              },
            ),
          ),
        ),
        dpi: z.optional(z.literal([203, 300, 600], { error: 'dpi must be 203, 300 or 600' })),
      })
      .check(
        z.refine((options) => options.dpi === undefined || options.format !== undefined, {
          error: 'dpi needs a format: the resolution follows the format in the path',
          path: ['dpi'],
        }),
      ) as unknown as z.ZodMiniType<ConsignmentLabelOptions, ConsignmentLabelOptions>,
);

/**
 * A label as area A's label operations send it: the Base64 of the file and its media type. Every
 * package's labels of a consignment come as one file. Turn it into bytes with {@link decodeDocument}, or
 * write it with `saveDocument` from `consignkit/node`.
 */
export interface ConsignmentLabel {
  /** Base64 of the label file's bytes. */
  File: string;
  /** The file's media type: `application/pdf`, `image/png`, or a text type for ZPL. */
  ContentType?: string | null | undefined;
}
export const ConsignmentLabelSchema = schemaOf<ConsignmentLabel>()(() =>
  z.looseObject({ File: z.string(), ContentType: text }),
);

const labelParams = {
  consignmentReference: ConsignmentReferenceSchema,
  packageReference: PackageReferenceSchema,
  format: lazySchema(() => z.enum(CONSIGNMENT_LABEL_FORMATS)),
  dpi: lazySchema(() => z.literal([203, 300, 600])),
};

/** A label operation in its three paths, which grow with the options given (none, format, dpi). */
function labelOperations(name: OperationName, path: string) {
  const operation = (fullPath: string) => {
    const names = [...fullPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as keyof typeof labelParams);
    return defineOperation({
      name,
      method: 'GET',
      path: fullPath,
      params: Object.fromEntries(names.map((param) => [param, labelParams[param]])),
      response: ConsignmentLabelSchema,
      retry: 'repeatable',
    });
  };
  return {
    inDefaultFormat: operation(path),
    inFormat: operation(`${path}/{format}`),
    atDpi: operation(`${path}/{format}/{dpi}`),
  };
}

/**
 * The path that holds the options given, with the options checked first (`async`: a refused option
 * rejects the promise, as every other check does, rather than throwing).
 */
async function sendLabel(
  transport: Transport,
  paths: ReturnType<typeof labelOperations>,
  references: Record<string, string>,
  labelOptions: ConsignmentLabelOptions,
  options: RequestOptions | undefined,
): Promise<ConsignmentLabel> {
  const { format, dpi } = checkInput(ConsignmentLabelOptionsSchema, labelOptions, 'label options');
  const operation =
    format === undefined ? paths.inDefaultFormat : dpi === undefined ? paths.inFormat : paths.atDpi;
  const params = { ...references, format: format?.toUpperCase(), dpi };
  return transport.send(operation, { params }, options);
}

/** A consignment's and a package's labels, each as one file. */
export class ConsignmentLabels extends Resource {
  /** @vendor Get Labels @internal */
  static readonly get = labelOperations('getConsignmentLabels', 'labels/{consignmentReference}');

  /**
   * Get Consignment Labels (area A): the labels of every package of an allocated consignment, as one
   * file. This is how labels follow from allocation: pass the consignment that
   * {@link ConsignmentAllocator.allocate} or {@link OrdersClient.pack} named. Decode the result
   * with {@link decodeDocument}, or save it with `saveDocument` or `saveConsignmentLabels` from
   * `consignkit/node`. Repeatable.
   *
   * @param labelOptions - `format` (`PDF`, `PNG`, `ZPL` or `ZPLII`, either case; left out, the carrier's
   *   default) and `dpi` (203, 300 or 600; it needs `format`).
   * @throws {@link RequestValidationError} before sending, for an unknown format, a `dpi` without a
   *   format, or a reference that is not `EC-…`.
   * @throws {@link BadRequestError} when the consignment is not allocated (it has no labels yet).
   * @throws {@link NotFoundError} for an unknown consignment.
   *
   * @example
   * ```ts
   * const label = await orders.labels.get('EC-000-05B-MQ1', { format: 'ZPL', dpi: 300 });
   * const { bytes, extension } = decodeDocument(label);
   * ```
   */
  get(
    consignmentReference: ConsignmentReference,
    labelOptions: ConsignmentLabelOptions = {},
    options?: RequestOptions,
  ): Promise<ConsignmentLabel> {
    return sendLabel(
      transportOf(this),
      ConsignmentLabels.get,
      { consignmentReference },
      labelOptions,
      options,
    );
  }

  /** @vendor Get Package Labels @internal */
  static readonly getForPackage = labelOperations(
    'getPackageLabel',
    'labels/package/{consignmentReference}/{packageReference}',
  );

  /**
   * Get Package Label (area A): the label of one package of an allocated consignment. The package
   * references (`EP-…`) are the consignment's `Packages[].Reference` ({@link Consignments.get} shows
   * them). Repeatable.
   *
   * @param labelOptions - As {@link ConsignmentLabels.get}.
   * @throws {@link RequestValidationError} before sending, for an unknown format, a `dpi` without a
   *   format, or references that are not `EC-…` and `EP-…`.
   * @throws {@link BadRequestError} when the consignment is not allocated.
   * @throws {@link NotFoundError} for an unknown consignment or package.
   */
  getForPackage(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    labelOptions: ConsignmentLabelOptions = {},
    options?: RequestOptions,
  ): Promise<ConsignmentLabel> {
    const references = { consignmentReference, packageReference };
    return sendLabel(transportOf(this), ConsignmentLabels.getForPackage, references, labelOptions, options);
  }
}
