import { RequestValidationError } from '../core/errors.js';
import type { RequestOptions } from '../core/options.js';
import { type ConsignmentReference, isConsignmentReference } from '../core/references.js';
import type { Transport } from '../core/transport.js';
import { classifierOf, type WaitPlan, type WaitResult } from '../core/wait-for.js';
import { Consignments } from './consignments/consignments.js';
import { CONSIGNMENT_STATES, type ConsignmentState } from './wire-shapes.js';

/** One consignment's result from {@link ConsignmentAllocator.wait} or {@link ConsignmentManifests.wait}. */
export type ConsignmentWaitResult = WaitResult<ConsignmentReference, ConsignmentState>;

/** The states the carrier has the consignment in: what follows a manifest. */
const CARRIER_STATES = CONSIGNMENT_STATES.slice(CONSIGNMENT_STATES.indexOf('Dispatched')).filter(
  (state) => state !== 'Cancelling' && state !== 'Cancelled' && state !== 'ReadyToShip',
);
const GONE = ['Cancelling', 'Cancelled'];

/**
 * Allocation is done once a consignment is `Allocated` or anywhere allocation leads (ready to ship,
 * manifested, with the carrier, or even `ManifestFailed`: it was allocated first). `Allocating` is queued:
 * pending, never to be sent again.
 */
export const allocationStatus = classifierOf(
  [
    'Allocated',
    'ReadyToShip',
    'Manifesting',
    'Manifested',
    'ManifestFailed',
    'Manifest Failed',
    ...CARRIER_STATES,
  ],
  ['AllocationFailed', 'Allocation Failed', ...GONE],
);

/**
 * A manifest is done once the consignment is `Manifested` or with the carrier. `Manifesting` is queued:
 * pending. `ManifestFailed`, a cancelled one, or one that is not allocated (it cannot be manifested) failed.
 */
export const manifestStatus = classifierOf(
  ['Manifested', ...CARRIER_STATES],
  ['ManifestFailed', 'Manifest Failed', 'Unallocated', 'AllocationFailed', 'Allocation Failed', ...GONE],
);

/** How waiting for consignments reads them: each one's state, by Get Consignment Status. */
export function consignmentWaitPlan(
  transport: Transport,
  method: string,
  classify: (state: string | undefined) => ReturnType<typeof allocationStatus>,
): WaitPlan<ConsignmentReference, ConsignmentState> {
  return {
    method,
    operation: Consignments.getStatus.name,
    read: async (reference: ConsignmentReference, options: RequestOptions) =>
      (await transport.send(Consignments.getStatus, { params: { consignmentReference: reference } }, options))
        .Status ?? undefined,
    classify,
  };
}

/** The references to wait for, or a {@link RequestValidationError} naming each that is not `EC-…`. */
export function checkedConsignments(method: string, references: readonly string[]): ConsignmentReference[] {
  const wrong = Array.isArray(references)
    ? references.filter((reference) => !isConsignmentReference(reference))
    : [references];
  if (wrong.length > 0) {
    const message = `${method} takes a list of consignment references (EC-…); got ${wrong.map((value) => JSON.stringify(value)).join(', ')}`;
    throw new RequestValidationError(message, [{ path: [], message }]);
  }
  return references as ConsignmentReference[];
}
