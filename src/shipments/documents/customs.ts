/** Customs documents: Get Customs Documents, and one of them by type. */
import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import type { RequestOptions } from '../../core/options.js';
import { type ShipmentReference, ShipmentReferenceSchema } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { defineOperation, type Transport } from '../../core/transport.js';

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
  /** How many copies to print (the customs files require it; read as sent, or missing). */
  copies?: number | null | undefined;
  /** Its resolution, when the service says. */
  dpi?: number | null | undefined;
}
export const ShipmentDocumentSchema = schemaOf<ShipmentDocument>()(() =>
  z.looseObject({
    file: z.string(),
    content_type: z.string(),
    document_type: openEnum<'commercial_invoice' | 'cn22' | 'cn23'>(),
    copies: z.nullish(z.number()),
    dpi: z.nullish(z.number()),
  }),
);

const PER_TYPE_ROUTES: readonly string[] = ['commercial_invoice', 'cn22', 'cn23'];

export const ShipmentDocumentTypeSchema = lazySchema(() =>
  z.string().check(
    z.regex(/^[a-z0-9_]{1,64}$/, {
      error: 'expected a document type such as commercial_invoice, cn22 or cn23',
    }),
    z.refine((type) => type !== 'label', {
      error: 'labels come only from getLabels and getContentsLabel, not from getDocument',
    }),
    // The customs documents file has a route for these three only (a collection note has its own API).
    z.refine((type) => type === 'label' || PER_TYPE_ROUTES.includes(type), {
      error: 'expected commercial_invoice, cn22 or cn23: the only types the vendor has a route for',
    }),
  ),
);

export const getDocumentsOperation = defineOperation<ShipmentDocument[]>({
  name: 'getDocuments',
  vendor: 'Get Customs Documents',
  method: 'GET',
  path: 'documents/{shipmentReference}',
  params: { shipmentReference: ShipmentReferenceSchema },
  response: lazySchema(() => z.array(ShipmentDocumentSchema)),
  // 204 when the shipment has none.
  whenEmpty: [],
  retry: 'repeatable',
});

/** Get Customs Documents: an empty list for a 204. */
export function getDocuments(
  transport: Transport,
  shipmentRef: ShipmentReference,
  requestOptions?: RequestOptions,
): Promise<ShipmentDocument[]> {
  return transport.send(
    getDocumentsOperation,
    { params: { shipmentReference: shipmentRef } },
    requestOptions,
  );
}

export const getDocumentOperation = defineOperation<ShipmentDocument | null>({
  name: 'getDocument',
  // The files have one route per type (Get CN22, Get CN23, Get Commercial Invoice); the SDK sends the type.
  vendor: 'Get CN22 / Get CN23 / Get Commercial Invoice',
  method: 'GET',
  path: 'documents/{shipmentReference}/{documentType}',
  params: { shipmentReference: ShipmentReferenceSchema, documentType: ShipmentDocumentTypeSchema },
  response: lazySchema(() => z.nullable(ShipmentDocumentSchema)),
  // The per-type routes answer 204, no body, when the shipment has no such document.
  whenEmpty: null,
  retry: 'repeatable',
});

/** One customs document by type; `null` for a 204 (the shipment has none of that type). */
export function getDocument(
  transport: Transport,
  shipmentRef: ShipmentReference,
  documentType: ShipmentDocumentType,
  requestOptions?: RequestOptions,
): Promise<ShipmentDocument | null> {
  return transport.send(
    getDocumentOperation,
    { params: { shipmentReference: shipmentRef, documentType } },
    requestOptions,
  );
}
