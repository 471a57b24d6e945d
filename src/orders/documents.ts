import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import type { ConsignmentReference } from '../core/references.js';
import type { Transport } from '../core/transport.js';
import { consignmentPath } from './consignments/consignment.js';
import { CustomerManifestResponseSchema, pdfOf } from './shared.js';

// A consignment's documents: its commercial invoice.

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

/** The operations of documents, for the area's list. */
export const documentOperations = [getCommercialInvoiceOperation];
