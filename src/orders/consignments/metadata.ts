import { defineOperation } from '../../core/operation.js';
import type { RequestOptions } from '../../core/options.js';
import type { ConsignmentReference } from '../../core/references.js';
import type { Transport } from '../../core/transport.js';
import { type Consignment, ConsignmentSchema, consignmentPath } from './consignment.js';

// A consignment read with its metadata: the vendor's .NET SDK answers it as a `Consignment`, the same
// type Get Consignment answers, with every `MetaData` list filled in.

const getConsignmentWithMetadataOperation = defineOperation({
  name: 'getConsignmentWithMetadata',
  vendor: 'Get Consignment With Metadata',
  method: 'GET',
  path: 'consignments/getconsignmentwithmetadata/{consignmentReference}',
  params: consignmentPath,
  response: ConsignmentSchema,
  retry: 'repeatable',
});

/** Get Consignment With Metadata. */
export function getConsignmentWithMetadata(
  transport: Transport,
  consignmentReference: ConsignmentReference,
  options?: RequestOptions,
): Promise<Consignment> {
  return transport.send(getConsignmentWithMetadataOperation, { params: { consignmentReference } }, options);
}

/** The operations of the consignment with its metadata, for the area's list. */
export const metadataOperations = [getConsignmentWithMetadataOperation];
