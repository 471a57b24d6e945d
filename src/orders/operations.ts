import type { Operation } from '../core/operation.js';
import { allocateWithOperations } from './allocate-with.js';
import { allocationOperations } from './allocation.js';
import { consignmentWriteOperations } from './consignments/create.js';
import { changeOperations, consignmentOperations, searchOperations } from './consignments/index.js';
import { customsDocumentOperations } from './customs-documents.js';
import { deliveryOptionSelectionOperations } from './delivery-option-selection.js';
import { deliveryOptionOperations } from './delivery-options.js';
import { documentOperations } from './documents.js';
import { labelsOperations } from './labels.js';
import { manifestOperations } from './manifests.js';
import { orderOperations } from './orders.js';
import { packingOperations } from './packing.js';
import { quoteOperations } from './quotes.js';
import { readOperations } from './reads.js';
import { shippingLocationOperations } from './shipping-locations.js';
import { trackingOperations } from './tracking.js';

/** What the list tells of each operation. */
export type DeclaredOperation = Pick<Operation, 'name' | 'vendor' | 'method' | 'path' | 'retry' | 'outcome'>;

/**
 * Every operation of area A, as each resource module declares it: for `docs/api.md` and for the test that
 * requires of each a reliability case, a mock route and, when it is non-repeatable, an outcome rule.
 * An operation can appear more than once (a label in each of its paths, Get Consignment read whole and
 * for an allocation's failure): each is one request the client can send.
 */
export const ordersOperations: readonly DeclaredOperation[] = [
  ...orderOperations,
  ...packingOperations,
  ...consignmentOperations,
  ...searchOperations,
  ...changeOperations,
  ...allocationOperations,
  ...manifestOperations,
  ...labelsOperations,
  ...documentOperations,
  ...shippingLocationOperations,
  ...deliveryOptionOperations,
  ...trackingOperations,
  ...consignmentWriteOperations,
  ...quoteOperations,
  ...allocateWithOperations,
  ...deliveryOptionSelectionOperations,
  ...customsDocumentOperations,
  ...readOperations,
];
