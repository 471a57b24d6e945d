import { RequestValidationError } from '../core/errors.js';
import type { RequestOptions } from '../core/options.js';
import { isShipmentReference, type ShipmentReference } from '../core/references.js';
import type { Transport } from '../core/transport.js';
import { classifierOf, type WaitOptions, type WaitPlan, type WaitResult, waitFor } from '../core/wait-for.js';
import { shipmentOperations } from './shipments/operations.js';
import { CARRIER_STATES, COLLECTION_BOOKING_STATES, type ShipmentState } from './wire-shapes.js';

/** One shipment's result from {@link ShipmentAllocator.wait} or {@link ShipmentManifests.wait}. */
export type ShipmentWaitResult = WaitResult<ShipmentReference, ShipmentState>;

const GONE = ['cancelling', 'cancelled'];

/**
 * Allocation is done once a shipment is `allocated` or anywhere allocation leads (booking, ready to ship,
 * manifested, with the carrier; `manifest_failed` was allocated first). `allocating` is queued: pending,
 * never to be sent again.
 */
const allocationStatus = classifierOf(
  [
    'allocated',
    'booking',
    'booking_failed',
    'booked',
    ...COLLECTION_BOOKING_STATES,
    'ready_to_ship',
    'manifesting',
    'manifest_failed',
    'manifested',
    ...CARRIER_STATES,
  ],
  ['allocation_failed', ...GONE],
);

/**
 * A manifest is done once the shipment is `manifested` or with the carrier. `manifesting` is queued:
 * pending. `manifest_failed`, a cancelled one, or one that is not allocated (it cannot be manifested) failed.
 */
const manifestStatus = classifierOf(
  ['manifested', ...CARRIER_STATES],
  ['manifest_failed', 'unallocated', 'allocation_failed', ...GONE],
);

function plan(
  transport: Transport,
  method: string,
  classify: (state: string | undefined) => ReturnType<typeof allocationStatus>,
): WaitPlan<ShipmentReference, ShipmentState> {
  return {
    method,
    operation: shipmentOperations.get.name,
    read: async (shipmentReference: ShipmentReference, options: RequestOptions) =>
      (await transport.send(shipmentOperations.get, { params: { shipmentReference } }, options)).state ??
      undefined,
    classify,
  };
}

function checked(method: string, references: readonly string[]): ShipmentReference[] {
  const wrong = Array.isArray(references)
    ? references.filter((reference) => !isShipmentReference(reference))
    : [references];
  if (wrong.length > 0) {
    const message = `${method} takes a list of shipment references (sp_…); got ${wrong.map((value) => JSON.stringify(value)).join(', ')}`;
    throw new RequestValidationError(message, [{ path: [], message }]);
  }
  return references as ShipmentReference[];
}

/** Polls Get Shipment until each shipment is allocated, failed, or the deadline passes: {@link ShipmentAllocator.wait}. */
export async function waitForAllocation(
  transport: Transport,
  references: readonly ShipmentReference[],
  options?: WaitOptions,
): Promise<ShipmentWaitResult[]> {
  const method = 'allocation.wait';
  return waitFor(plan(transport, method, allocationStatus), checked(method, references), options);
}

/** Polls Get Shipment until each shipment is manifested, failed, or the deadline passes: `manifests.wait`. */
export async function waitForManifest(
  transport: Transport,
  references: readonly ShipmentReference[],
  options?: WaitOptions,
): Promise<ShipmentWaitResult[]> {
  const method = 'manifests.wait';
  return waitFor(plan(transport, method, manifestStatus), checked(method, references), options);
}
