import * as z from 'zod/mini';
import { transportOf } from '../../core/client-base.js';
import { once } from '../../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import type { RequestOptions } from '../../core/options.js';
import { prefixedReference, type ShipmentReference, ShipmentReferenceSchema } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { schemaOf } from '../../core/schema-of.js';
import { defineOperation } from '../../core/transport.js';
import type { ResourceResult } from '../wire-shapes.js';
import { DateTimeInputSchema, IssuedResourceResultSchema, resourceResultOf } from '../wire-shapes.js';

/** A paperless document's reference, `pd_…`, from {@link PaperlessDocuments.add}. */
export type PaperlessDocumentReference = `pd_${string}`;
const PaperlessDocumentReferenceSchema = prefixedReference<PaperlessDocumentReference>(
  'pd_',
  'a paperless document reference',
);
/** What the operations answer, its `reference` the document's `pd_`: pass it back as it is. */
type PaperlessResult = ResourceResult<PaperlessDocumentReference>;
const PaperlessResultSchema = resourceResultOf<PaperlessDocumentReference>(
  IssuedResourceResultSchema,
  'pd_',
  'a paperless document reference',
);

/** What a paperless document is. */
export type PaperlessDocumentType = OpenEnum<
  | 'commercial_invoice'
  | 'certificate_of_origin'
  | 'nafta_certificate_of_origin'
  | 'pro_forma_invoice'
  | 'authorisation_form'
  | 'export_document'
  | 'export_licence'
  | 'import_permit'
  | 'power_of_attorney'
  | 'packing_list'
  | 'sed_document'
  | 'letter_of_instruction'
  | 'customs_declaration'
  | 'air_waybill'
  | 'invoice'
  | 'other'
>;

/**
 * A document sent to the carrier with the shipment's data (paperless trade), as it is added and read
 * back. At most 5 MB.
 */
export interface PaperlessDocument {
  /** Base64 of the file's bytes. */
  file_content: string;
  /** `pdf`, `png`, `jpg` or `gif`: exactly 3 characters. */
  file_format: OpenEnum<'pdf' | 'png' | 'jpg' | 'gif'>;
  /** What it is. */
  document_type: PaperlessDocumentType;
  /** `electronic_trade`, `customer_information` or `pricing`. */
  usage: OpenEnum<'electronic_trade' | 'customer_information' | 'pricing'>;
  /** When it expires, in the future (honoured by FedEx only). */
  expiration?: string | null | undefined;
}
const paperlessShape = once(() => ({
  file_content: z.string(),
  file_format: openEnum<PaperlessDocument['file_format']>().check(z.length(3)),
  document_type: openEnum<PaperlessDocumentType>(),
  usage: openEnum<PaperlessDocument['usage']>(),
  expiration: z.nullish(z.string()),
}));
/**
 * Checks a {@link PaperlessDocument} as Add Paperless Document sends it; an unknown key is refused (the
 * file allows no other field).
 */
export const PaperlessDocumentInputSchema = schemaOf<PaperlessDocument>()(() =>
  z.strictObject({ ...paperlessShape(), expiration: z.nullish(DateTimeInputSchema) }),
);
/**
 * A paperless document as Get Paperless Document answers it: the fields sent, and whatever else the service
 * adds, kept at run time (its schema is loose, where the input's is strict) but not named here.
 */
export interface StoredPaperlessDocument extends PaperlessDocument {}
/** Checks a {@link StoredPaperlessDocument} as Get Paperless Document answers it. */
export const PaperlessDocumentSchema = schemaOf<StoredPaperlessDocument>()(() =>
  z.looseObject(paperlessShape()),
);

/** What {@link PaperlessDocuments.get} returns: the document, and whether it is still being processed. */
export interface PaperlessDocumentRead {
  /** The document as stored. */
  document: StoredPaperlessDocument;
  /** `true` when the service answered 221: the document is still being processed (a virus scan…). */
  processing: boolean;
}

/** Documents sent to the carrier with a shipment's data (paperless trade): add, read, remove. */
export class PaperlessDocuments extends Resource {
  /** @vendor Add Paperless Document @internal */
  static readonly add = defineOperation<PaperlessResult>({
    name: 'addPaperlessDocument',
    method: 'POST',
    path: 'documents/paperless/{shipmentReference}',
    params: { shipmentReference: ShipmentReferenceSchema },
    body: PaperlessDocumentInputSchema,
    response: PaperlessResultSchema,
    // A document added twice is held twice.
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'a document added twice is held twice: read the paperless_documents of shipments.get before adding it again',
    },
    // Another document is another call; the ledger keeps the document's digest, never the document.
    ledgerKey: (call) => ({ asks: { digest: call.body } }),
  });

  /**
   * Add Paperless Document: stores a document (at most 5 MB, Base64) that goes to the carrier with the
   * shipment's data at allocation, if the carrier supports paperless trade. Only while the shipment is
   * `unallocated` or `allocation_failed`. Answers 202 with the document's `pd_…` as `reference`.
   * Non-repeatable: a document added twice is held twice.
   *
   * @throws {@link RequestValidationError} before sending, for a missing field or a format not 3 characters.
   * @throws {@link ConflictError} when the shipment is already allocated.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came: read
   *   {@link ShipmentsClient.get}'s `paperless_documents` before adding it again.
   *
   * @example
   * ```ts
   * const { reference } = await shipments.documents.paperless.add('sp_01hzy…', {
   *   file_content: invoiceBase64,
   *   file_format: 'pdf',
   *   document_type: 'commercial_invoice',
   *   usage: 'electronic_trade',
   * });
   * ```
   */
  add(
    shipmentReference: ShipmentReference,
    document: PaperlessDocument,
    options?: RequestOptions,
  ): Promise<ResourceResult<PaperlessDocumentReference>> {
    return transportOf(this).send(
      PaperlessDocuments.add,
      { params: { shipmentReference }, body: document },
      options,
    );
  }

  /** @vendor Get Paperless Document @internal */
  static readonly get = defineOperation<StoredPaperlessDocument>({
    name: 'getPaperlessDocument',
    method: 'GET',
    path: 'documents/paperless/{documentReference}',
    params: { documentReference: PaperlessDocumentReferenceSchema },
    response: PaperlessDocumentSchema,
    retry: 'repeatable',
  });

  /**
   * Get Paperless Document: the document as stored, and `processing: true` when the service answered
   * 221 (still being processed, a virus scan…). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown document.
   * @throws {@link ApiError} with `status` 410 when it was removed (`resource_removed`) or quarantined
   *   (`resource_quarantined`).
   */
  async get(
    documentReference: PaperlessDocumentReference,
    options?: RequestOptions,
  ): Promise<PaperlessDocumentRead> {
    // The status is the only thing that tells 221 from 200: read it from the call's own response hook.
    let status: number | undefined;
    const own = options?.hooks;
    const document = await transportOf(this).send(
      PaperlessDocuments.get,
      { params: { documentReference } },
      {
        ...options,
        hooks: {
          ...own,
          onResponse: (event) => {
            status = event.status;
            own?.onResponse?.(event);
          },
        },
      },
    );
    return { document, processing: status === 221 };
  }

  /** @vendor Remove Paperless Document @internal */
  static readonly remove = defineOperation<PaperlessResult>({
    name: 'removePaperlessDocument',
    method: 'DELETE',
    path: 'documents/paperless/{documentReference}',
    params: { documentReference: PaperlessDocumentReferenceSchema },
    response: PaperlessResultSchema,
    // Removing twice leaves it removed, as once: a retry that meets "not found" (404) or "removed" (410)
    // after an attempt whose answer was lost has removed it.
    retry: 'repeatable',
    doneWhenRetried: {
      statuses: [404, 410],
      result: (call) => ({ reference: String(call.params?.documentReference) as PaperlessDocumentReference }),
    },
  });

  /**
   * Remove Paperless Document: while the shipment is `unallocated` or `allocation_failed` (202).
   * Repeatable: a retry whose earlier attempt's answer was lost and that meets "not found" (404) or
   * "removed" (410) resolves as removed, with `{ reference }` only.
   *
   * @throws {@link ConflictError} when the shipment is no longer unallocated.
   * @throws {@link NotFoundError} for an unknown document, at the first attempt.
   */
  remove(
    documentReference: PaperlessDocumentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<PaperlessDocumentReference>> {
    return transportOf(this).send(PaperlessDocuments.remove, { params: { documentReference } }, options);
  }
}
