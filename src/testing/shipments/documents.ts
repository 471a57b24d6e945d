/** Area B's customs documents: a shipment's commercial invoice and CN22, made from its consignment. */
import { encodeBase64 } from '../pdf.js';
import { json } from '../router.js';
import { detail, invalid, notFound } from './errors.js';
import type { ShipmentRecord, ShipmentsContext, ShipmentsStore } from './state.js';
import { requireReference } from './validate.js';

/** The documents the files give a route of their own. */
const PER_TYPE_ROUTES = ['cn22', 'cn23', 'commercial_invoice'];

const DOCUMENT_TITLES: Record<string, string> = {
  commercial_invoice: 'Commercial Invoice',
  cn22: 'CN22 Customs Declaration',
};

/**
 * A customs form (`title`, such as `Commercial Invoice`) for the shipment, made from its consignment by
 * area A; `undefined` when it has none to make: no consignment, not allocated, or not international.
 */
function shipmentCustomsPdf(store: ShipmentsStore, shipment: ShipmentRecord, title: string) {
  if (!shipment.consignmentReference || !shipment.allocated) return undefined;
  return store.ask.consignmentCustomsPdf(shipment.consignmentReference, title);
}

/** The documents of a shipment: a commercial invoice and a CN22 when its consignment is international. */
function documentsOf(store: ShipmentsStore, shipment: ShipmentRecord) {
  return Object.entries(DOCUMENT_TITLES).flatMap(([type, title]) => {
    const pdf = shipmentCustomsPdf(store, shipment, title);
    // The fields of the customs files' `Document`, all of them required, and no other.
    return pdf
      ? [{ file: encodeBase64(pdf), content_type: 'application/pdf', document_type: type, copies: 1 }]
      : [];
  });
}

function documentShipment(context: ShipmentsContext): ShipmentRecord {
  const reference = requireReference(context.params.shipmentReference, 'sp_', 'shipment_reference');
  const shipment = context.store.shipments.shipments.get(reference);
  return (
    shipment ?? notFound('shipment_reference', 'shipment_not_found', `Shipment ${reference} was not found`)
  );
}

/** GET /documents/:sp: the shipment's documents, or 204 when it has none. */
export function getDocuments(context: ShipmentsContext): Response {
  const documents = documentsOf(context.store, documentShipment(context));
  return documents.length > 0 ? json(documents) : new Response(null, { status: 204 });
}

/** GET /documents/:sp/:type: one document; `label` is refused (labels come from Get Labels). */
export function getDocument(context: ShipmentsContext): Response {
  const type = context.params.documentType ?? '';
  if (type.toLowerCase() === 'label') {
    invalid([detail('document_type', 'invalid_document_type', 'labels come only from the labels endpoints')]);
  }
  const shipment = documentShipment(context);
  const document = documentsOf(context.store, shipment).find((candidate) => candidate.document_type === type);
  if (document) return json(document);
  // The files' per-type routes answer 204, no body, when the shipment has no such document.
  if (PER_TYPE_ROUTES.includes(type)) return new Response(null, { status: 204 });
  return notFound(
    'document_type',
    'document_not_found',
    `Shipment ${shipment.reference} has no ${type} document`,
  );
}
