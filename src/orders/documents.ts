import { Resource } from '../core/resource.js';
import * as z from 'zod/mini';
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
import type { Transport } from '../core/transport.js';
import { decodePdf } from '../documents/decode.js';
import { consignmentPath } from './consignments/consignment.js';
import { CustomerManifestResponseSchema, pdfOf } from './wire-shapes.js';

// A consignment's documents: its commercial invoice, and the customs documents of an international one.

const getCommercialInvoiceOperation = defineOperation({
  name: 'getCommercialInvoice',
  vendor: 'Get Commercial Invoice',
  method: 'GET',
  path: 'consignments/docs/commercialinvoice/{consignmentReference}',
  params: consignmentPath,
  response: CustomerManifestResponseSchema,
  result: pdfOf('getCommercialInvoice'),
  retry: 'repeatable',
  acceptsText: true,
});

/** Get Commercial Invoice: the PDF's bytes. */
export function getCommercialInvoice(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options?: RequestOptions,
): Promise<Uint8Array> {
  return transport.send(getCommercialInvoiceOperation, { params: { consignmentReference } }, options);
}

/**
 * Customs documents of an allocated international consignment: all of them at once (commercial
 * invoices, CN22s, CN23s), or one package's CN22 or CN23. Every document is decoded from Base64 and
 * checked to be a PDF before it is returned.
 */

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
function pdfOrError(operation: string, what: string, encoded: unknown, body: unknown): Uint8Array {
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

const getCustomsDocumentsOperation = defineOperation({
  name: 'getCustomsDocuments',
  vendor: 'Get Customs Documents',
  method: 'GET',
  path: 'consignments/docs/{consignmentReference}',
  params: { consignmentReference: ConsignmentReferenceSchema },
  response: CustomsDocumentsWireSchema,
  result: documentsOf,
  retry: 'repeatable',
});

/** Get Customs Documents. */
export function getCustomsDocuments(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options?: RequestOptions,
): Promise<CustomsDocuments> {
  return transport.send(getCustomsDocumentsOperation, { params: { consignmentReference } }, options);
}

/** One document as the service may send it: a JSON string of Base64, or `{ File, ContentType }`. */
const SingleDocumentSchema = lazySchema(() =>
  z.union([z.string(), z.looseObject({ File: z.string() }), z.looseObject({ file: z.string() })]),
);

function singleDocument(name: OperationName, type: 'CN22' | 'CN23') {
  return defineOperation({
    name,
    vendor: 'Get Customs Document',
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

const getCn22Operation = singleDocument('getCn22', 'CN22');
const getCn23Operation = singleDocument('getCn23', 'CN23');

/** Get Customs Document, CN22. */
export function getCn22(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  packageReference: PackageReference,
  options?: RequestOptions,
): Promise<Uint8Array> {
  return transport.send(getCn22Operation, { params: { consignmentReference, packageReference } }, options);
}

/** Get Customs Document, CN23. */
export function getCn23(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  packageReference: PackageReference,
  options?: RequestOptions,
): Promise<Uint8Array> {
  return transport.send(getCn23Operation, { params: { consignmentReference, packageReference } }, options);
}

/** The operations of documents, for the area's list. */
export const documentOperations = [
  getCommercialInvoiceOperation,
  getCustomsDocumentsOperation,
  getCn22Operation,
  getCn23Operation,
];

/** A consignment's customs documents. */
export class ConsignmentDocuments extends Resource {}
