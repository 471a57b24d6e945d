import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { ResponseValidationError } from '../core/errors.js';
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
import { decodePdf } from '../documents/decode.js';
import { consignmentPath } from './consignments/consignment.js';
import { CustomerManifestResponseSchema, pdfOf } from './wire-shapes.js';

// A consignment's documents: its commercial invoice, and the customs documents of an international one.

/** One customs document: its file name and the PDF's bytes. */
export interface CustomsDocument {
  /** The file name the service gives it (`INV_EC-…`, `CN22_EP-…`). */
  name: string;
  /** The PDF, decoded from Base64 and checked to be one. */
  pdf: Uint8Array;
}

/**
 * What Get Customs Documents holds for a consignment. The guide says the invoices plus either the CN22s
 * or the CN23s; the C# contract declares all three lists. Each list is read as optional: a list the
 * service leaves out or sends as `null` is empty here.
 */
export interface CustomsDocuments {
  /** The commercial invoices. */
  commercialInvoices: CustomsDocument[];
  /** The CN22 declarations, one per package (lower-value consignments). */
  cn22: CustomsDocument[];
  /** The CN23 declarations, one per package (higher-value consignments). */
  cn23: CustomsDocument[];
}

const entryList = lazySchema(() =>
  z.nullish(z.array(z.looseObject({ Key: z.nullish(z.string()), Value: z.nullish(z.string()) }))),
);
const CustomsDocumentsWireSchema = lazySchema(() =>
  z.looseObject({
    CommercialInvoiceDocuments: entryList,
    CN22Documents: entryList,
    CN23Documents: entryList,
  }),
);
type CustomsDocumentsWire = z.infer<typeof CustomsDocumentsWireSchema>;

/** Decodes a Base64 PDF, or says which document of which answer is not one. */
function pdfOrError(operation: OperationName, what: string, encoded: unknown, body: unknown): Uint8Array {
  try {
    return decodePdf(String(encoded ?? ''));
  } catch (error) {
    const problem = `${what}: ${error instanceof Error ? error.message : String(error)}`;
    throw new ResponseValidationError(`${operation}: ${problem}`, {
      issues: [{ path: [], message: problem }],
      body,
      operation,
    });
  }
}

function documentsOf(body: CustomsDocumentsWire): CustomsDocuments {
  const read = (key: 'CommercialInvoiceDocuments' | 'CN22Documents' | 'CN23Documents') =>
    (Array.isArray(body?.[key]) ? body[key] : []).map((entry, index) => {
      const name = entry?.Key ?? `${key}[${index}]`;
      return { name, pdf: pdfOrError('getCustomsDocuments', `${key} ${name}`, entry?.Value, body) };
    });
  return {
    commercialInvoices: read('CommercialInvoiceDocuments'),
    cn22: read('CN22Documents'),
    cn23: read('CN23Documents'),
  };
}

/** One document as the service may send it: a JSON string of Base64, or `{ File, ContentType }`. */
const SingleDocumentSchema = lazySchema(() =>
  z.union([z.string(), z.looseObject({ File: z.string() }), z.looseObject({ file: z.string() })]),
);

function singleDocument(name: OperationName, type: 'CN22' | 'CN23') {
  return defineOperation({
    name,
    method: 'GET',
    path: `consignments/docs/${type}/{consignmentReference}/{packageReference}`,
    params: { consignmentReference: ConsignmentReferenceSchema, packageReference: PackageReferenceSchema },
    response: SingleDocumentSchema,
    result: (body: z.infer<typeof SingleDocumentSchema>) => {
      // Read defensively: with `validation: 'off'` the answer arrives unchecked.
      const document = body as { File?: unknown; file?: unknown } | string | null;
      const encoded =
        typeof document === 'string'
          ? document
          : typeof document === 'object'
            ? (document?.File ?? document?.file)
            : undefined;
      return pdfOrError(name, type, encoded, body);
    },
    retry: 'repeatable',
    // Base64 sent bare, not as a JSON string.
    acceptsText: true,
  });
}

/**
 * A consignment's documents: its commercial invoice, and the customs documents of an allocated
 * international consignment (all at once, or one package's CN22 or CN23), each decoded from Base64 and
 * checked to be a PDF before it is returned.
 */
export class ConsignmentDocuments extends Resource {
  /** @vendor Get Customs Documents @internal */
  static readonly getAll = defineOperation({
    name: 'getCustomsDocuments',
    method: 'GET',
    path: 'consignments/docs/{consignmentReference}',
    params: { consignmentReference: ConsignmentReferenceSchema },
    response: CustomsDocumentsWireSchema,
    result: documentsOf,
    retry: 'repeatable',
  });

  /**
   * Get Customs Documents (step "b" of every flow): the customs documents of an allocated international
   * consignment: its commercial invoices, and the CN22s or CN23s of its packages, each decoded from
   * Base64 and checked to be a PDF. A list the service leaves out is empty. Repeatable.
   *
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no customs documents.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @throws {@link ResponseValidationError} when a document is not Base64 of a PDF.
   *
   * @example
   * ```ts
   * const { commercialInvoices, cn22, cn23 } = await orders.documents.getAll(consignment);
   * for (const { name, pdf } of [...commercialInvoices, ...cn22, ...cn23]) {
   *   await saveDocument(pdf, './customs/', { name }); // consignkit/node: ./customs/INV_EC-….pdf
   * }
   * ```
   */
  getAll(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<CustomsDocuments> {
    return transportOf(this).send(ConsignmentDocuments.getAll, { params: { consignmentReference } }, options);
  }

  /** @vendor Get Commercial Invoice @internal */
  static readonly getCommercialInvoice = defineOperation({
    name: 'getCommercialInvoice',
    method: 'GET',
    path: 'consignments/docs/commercialinvoice/{consignmentReference}',
    params: consignmentPath,
    response: CustomerManifestResponseSchema,
    result: pdfOf('getCommercialInvoice'),
    retry: 'repeatable',
    acceptsText: true,
  });

  /**
   * Get Commercial Invoice: the commercial invoice of an allocated international consignment, as the
   * PDF's bytes, decoded from Base64 and checked to be a PDF (with the shipper's EORI number when the
   * order's `MetaData` has `ShippersEORI`). Save it with `saveDocument` from `consignkit/node`.
   * Repeatable.
   *
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no invoice.
   * @throws {@link NotFoundError} for an unknown consignment.
   * @throws {@link ResponseValidationError} when the answer is not Base64 of a PDF.
   */
  getCommercialInvoice(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return transportOf(this).send(
      ConsignmentDocuments.getCommercialInvoice,
      { params: { consignmentReference } },
      options,
    );
  }

  /** @vendor Get Customs Document @internal */
  static readonly getCn22 = singleDocument('getCn22', 'CN22');

  /**
   * Get Customs Document, CN22: one package's CN22 declaration (lower-value international consignments),
   * as the PDF's bytes, checked. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment or package, or when the service made CN23s.
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no customs documents.
   */
  getCn22(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return transportOf(this).send(
      ConsignmentDocuments.getCn22,
      { params: { consignmentReference, packageReference } },
      options,
    );
  }

  /** @vendor Get Customs Document @internal */
  static readonly getCn23 = singleDocument('getCn23', 'CN23');

  /**
   * Get Customs Document, CN23: one package's CN23 declaration (higher-value international
   * consignments), as the PDF's bytes, checked. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment or package, or when the service made CN22s.
   * @throws {@link BadRequestError} for a consignment not allocated, or one that needs no customs documents.
   */
  getCn23(
    consignmentReference: ConsignmentReference,
    packageReference: PackageReference,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return transportOf(this).send(
      ConsignmentDocuments.getCn23,
      { params: { consignmentReference, packageReference } },
      options,
    );
  }
}
