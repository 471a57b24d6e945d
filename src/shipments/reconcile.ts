import {
  ConfigurationError,
  NotFoundError,
  OutcomeUnknownError,
  type OutcomeUnknownErrorJSON,
} from '../core/errors.js';
import { callOf, type Operation } from '../core/operation.js';
import {
  isShipmentGroupReference,
  isShipmentReference,
  type ShipmentGroupReference,
  type ShipmentReference,
} from '../core/references.js';
import { outcomeToSettle } from '../core/stored-outcome.js';
import type { ShipmentState } from './wire-shapes.js';

/** What {@link ShipmentsClient.reconcile} finds for one shipment an {@link OutcomeUnknownError} names. */
export interface ShipmentReconciliation {
  /** The shipment. */
  reference: ShipmentReference;
  /** Its state as Get Shipment reads it now; `undefined` when the service no longer finds it. */
  state: ShipmentState | undefined;
  /**
   * `true`: it is in a state the operation leads to (or on its way there: `allocating`, `manifesting`,
   * `cancelling`), or, for a delete, it is gone: the operation happened; do not send it again. `false`:
   * it is still in a state the operation starts from: it did not happen, and sending it again is safe.
   * `undefined`: neither (moved on by something else, or failed): nothing is concluded.
   */
  done: boolean | undefined;
}

// Not exported by the package: what reconcile reads with, not a type of the service.
/** What reconciling reads: one shipment's state, and a group's members. */
export interface ShipmentReader {
  readState(reference: ShipmentReference): Promise<ShipmentState>;
  readMembers(group: ShipmentGroupReference): Promise<string[]>;
}

const comparable = (state: string) => state.replace(/\s+/g, '').toLowerCase();
const isIn = (states: readonly string[], state: string) =>
  states.some((known) => comparable(known) === comparable(state));

/** The operation's `{ from, to }` rule, or a {@link ConfigurationError} saying why there is none. */
function ruleOf(error: unknown, operations: readonly Operation[]) {
  if (!(error instanceof OutcomeUnknownError)) {
    throw new ConfigurationError(
      'reconcile takes the OutcomeUnknownError a shipment operation threw; other errors say what happened already',
    );
  }
  const operation = operations.find((candidate) => candidate.name === error.operation);
  const rule = operation?.outcome;
  if (!rule) {
    throw new ConfigurationError(
      `reconcile cannot settle ${error.operation}: it is not a ShipmentsClient operation that changes a shipment's state`,
    );
  }
  if ('unsettled' in rule) {
    throw new ConfigurationError(`reconcile cannot settle ${error.operation}: ${rule.unsettled}`);
  }
  if (!('from' in rule)) {
    throw new ConfigurationError(
      `reconcile cannot settle ${error.operation}: it is not a shipment operation`,
    );
  }
  // Change Shipment State leads to the state it asked for, which only the call knows.
  const asked = (callOf(error)?.body as { state?: unknown } | undefined)?.state;
  const to = typeof asked === 'string' ? [asked, ...rule.to] : rule.to;
  return { from: rule.from, to, error };
}

/**
 * For each shipment an {@link OutcomeUnknownError} names (a group's members, for a group's manifest), its
 * state now and whether the change asked for happened. Reads only: nothing is sent again.
 */
export async function reconcileShipments(
  error: unknown,
  operations: readonly Operation[],
  reader: ShipmentReader,
): Promise<ShipmentReconciliation[]> {
  const rule = ruleOf(error, operations);
  const shipments: ShipmentReference[] = [];
  for (const reference of rule.error.references) {
    if (isShipmentReference(reference)) shipments.push(reference);
    else if (isShipmentGroupReference(reference)) {
      shipments.push(...(await reader.readMembers(reference)).filter(isShipmentReference));
    }
  }
  const found: ShipmentReconciliation[] = [];
  // One at a time: a reconcile follows a failure, often an overloaded service.
  for (const reference of [...new Set(shipments)]) {
    let state: ShipmentState | undefined;
    try {
      state = await reader.readState(reference);
    } catch (readError) {
      // Gone: what a delete leads to. For any other operation a missing shipment concludes nothing.
      if (readError instanceof NotFoundError) {
        found.push({ reference, state: undefined, done: rule.to.length === 0 ? true : undefined });
        continue;
      }
      throw readError;
    }
    const done = isIn(rule.to, state) ? true : isIn(rule.from, state) ? false : undefined;
    found.push({ reference, state, done });
  }
  return found;
}

/**
 * {@link reconcileShipments} for an error or its JSON (a stored one is read back first), with the
 * client's operations and reads: {@link ShipmentsClient.reconcile}.
 */
export function reconcile(
  outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
  operations: readonly Operation[],
  reader: ShipmentReader,
): Promise<ShipmentReconciliation[]> {
  return reconcileShipments(outcomeToSettle(outcome), operations, reader);
}
