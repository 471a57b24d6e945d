import { json } from '../router.js';
import { link, resourceResult, shipmentLink } from './answer-parts.js';
import { detail, fail, invalid, notFound } from './errors.js';
import { PaperlessDocumentUpload } from './request-schemas.js';
import {
  ALLOCATABLE,
  findRecord,
  requireRecord,
  type ShipmentsContext,
  touch,
  vendorReference,
} from './state.js';
import { checkedBody, requireReference } from './validate.js';

/**
 * Paperless documents: added to a shipment before it is allocated (409 afterwards), read back (200 with
 * the upload form; 410 `resource_removed` once removed), and removed (202; 409 once the shipment is
 * allocated; 404 for one already removed, as the file gives removal no 410). Errors take the paperless
 * documents file's shape: no `reference`.
 */

/** At most 5 MB once decoded. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const documentLink = (base: string, reference: string) =>
  link(`${base}/documents/paperless/${reference}`, 'self', reference, 'paperless_document');

function requireEditableShipment(state: string, reference: string): void {
  if (!ALLOCATABLE.has(state)) {
    const message = `Shipment ${reference} is ${state}: paperless documents change only before allocation`;
    fail(409, 'conflict', message, [detail('shipment_reference', 'invalid_state_for_operation', message)]);
  }
}

export function addPaperlessDocument(context: ShipmentsContext): Response {
  const { store, baseUrl } = context;
  const upload = checkedBody(context.body, PaperlessDocumentUpload);
  const content = String(upload.file_content).replace(/\s/g, '');
  if (content.length % 4 !== 0 || !BASE64.test(content))
    invalid([detail('$.file_content', 'invalid_format', '$.file_content must be Base64')]);
  if ((content.length / 4) * 3 > MAX_FILE_BYTES + 2)
    invalid([detail('$.file_content', 'file_too_large', 'A paperless document is at most 5 MB')]);
  const lifecycle = store.shipments.lifecycle;
  if (typeof upload.expiration === 'string' && Date.parse(upload.expiration) <= lifecycle.now().getTime())
    invalid([detail('$.expiration', 'invalid_format', '$.expiration must be in the future')]);
  const record = requireRecord(store, context.params.shipmentReference);
  requireEditableShipment(record.state, record.reference);
  const reference = vendorReference(store, 'pd_');
  lifecycle.paperless.set(reference, {
    reference,
    shipmentReference: record.reference,
    upload,
    removed: false,
  });
  record.paperless.push(reference);
  touch(store, record);
  const answer = resourceResult(
    reference,
    `Paperless document ${reference} added to shipment ${record.reference}`,
    [documentLink(baseUrl, reference), shipmentLink(baseUrl, record.reference)],
  );
  return json(answer, 202);
}

function storedDocument(context: ShipmentsContext) {
  const reference = requireReference(context.params.documentReference, 'pd_', 'document_reference');
  return (
    context.store.shipments.lifecycle.paperless.get(reference) ??
    notFound(
      'document_reference',
      'paperless_document_not_found',
      `Paperless document ${reference} was not found`,
    )
  );
}

export function getPaperlessDocument(context: ShipmentsContext): Response {
  const document = storedDocument(context);
  if (document.removed) {
    fail(410, 'resource_removed', `Paperless document ${document.reference} was removed`, [
      detail(
        'document_reference',
        'resource_removed',
        `Paperless document ${document.reference} was removed`,
      ),
    ]);
  }
  const { upload } = document;
  return json({
    file_content: upload.file_content,
    expiration: upload.expiration ?? null,
    file_format: upload.file_format,
    document_type: upload.document_type,
    usage: upload.usage,
  });
}

export function removePaperlessDocument(context: ShipmentsContext): Response {
  const { store, baseUrl } = context;
  const document = storedDocument(context);
  if (document.removed) {
    notFound(
      'document_reference',
      'paperless_document_not_found',
      `Paperless document ${document.reference} was already removed`,
    );
  }
  const record = findRecord(store, document.shipmentReference);
  if (record) requireEditableShipment(record.state, record.reference);
  document.removed = true;
  if (record) touch(store, record);
  const answer = resourceResult(document.reference, `Paperless document ${document.reference} removed`, [
    shipmentLink(baseUrl, document.shipmentReference),
  ]);
  return json(answer, 202);
}
