import type { Operation } from '../core/operation.js';
import { allocationOperations } from './allocation/allocation.js';
import { carrierServiceOperations } from './carrier-services.js';
import { collectionCalendarOperations } from './collection-calendar.js';
import {
  changeOperations,
  consignmentOperations,
  consignmentWriteOperations,
  metadataOperations,
  searchOperations,
} from './consignments/index.js';
import { deliveryOptionOperations, deliveryOptionSelectionOperations } from './delivery-options/index.js';
import { dispatchOperations } from './dispatch.js';
import { documentOperations } from './documents.js';
import { labelsOperations } from './labels.js';
import { manifestOperations } from './manifests.js';
import { orderOperations } from './orders.js';
import { packageSizeOperations } from './package-sizes.js';
import { packageOperations } from './packages.js';
import { packingOperations } from './packing.js';
import { quoteOperations } from './quotes.js';
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
  ...deliveryOptionSelectionOperations,
  ...carrierServiceOperations,
  ...collectionCalendarOperations,
  ...packageSizeOperations,
  ...packageOperations,
  ...dispatchOperations,
  ...metadataOperations,
];
