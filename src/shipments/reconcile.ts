import {
  ConfigurationError,
  NotFoundError,
  OutcomeUnknownError,
  type OutcomeUnknownErrorJSON,
} from '../core/errors.js';
import { callOf, type Operation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import {
  isShipmentGroupReference,
  isShipmentReference,
  type ShipmentGroupReference,
  type ShipmentReference,
} from '../core/references.js';
import { outcomeToSettle } from '../core/stored-outcome.js';
import type { ShipmentManifestQuery } from './manifests.js';
import type { Shipment } from './shipments/shipments.js';
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
/** What reconciling reads: one shipment, and a group's members. */
export interface ShipmentReader {
  readShipment(reference: ShipmentReference): Promise<Shipment>;
  readMembers(group: ShipmentGroupReference): Promise<string[]>;
}

/** What {@link ShipmentsClient.reconcile} takes besides the request options. */
export interface ShipmentReconcileOptions extends RequestOptions {
  /**
   * For a query (Manifest Shipments by Query), which names no shipment while area B has no search: the
   * shipments it may have matched, from your own records. Each is read, and those the query still matches
   * are returned; ignored for any other operation.
   */
  candidates?: readonly ShipmentReference[] | undefined;
}

const comparable = (state: string) => state.replace(/\s+/g, '').toLowerCase();
const isIn = (states: readonly string[], state: string) =>
  states.some((known) => comparable(known) === comparable(state));

/** The operation's `{ from, to }` rule, or a {@link ConfigurationError} saying why there is none. */
function ruleOf(error: unknown, operations: readonly Operation[]) {
  if (!(error instanceof OutcomeUnknownError)) {
    throw new ConfigurationError(
      'reconcile takes the OutcomeUnknownError of a shipment operation; other errors already say what happened',
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
  candidates?: readonly ShipmentReference[],
): Promise<ShipmentReconciliation[]> {
  const rule = ruleOf(error, operations);
  const named = rule.error.references.filter(
    (reference) => isShipmentReference(reference) || isShipmentGroupReference(reference),
  );
  // A query (Manifest Shipments by Query) names no shipment: what it has left is read instead.
  if (named.length === 0) return stillMatching(rule.error, rule.from, reader, candidates);
  const shipments: ShipmentReference[] = [];
  for (const reference of named) {
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
      state = (await reader.readShipment(reference)).state;
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
  candidates?: readonly ShipmentReference[],
): Promise<ShipmentReconciliation[]> {
  return reconcileShipments(outcomeToSettle(outcome), operations, reader, candidates);
}

/**
 * A query names no shipment, and area B has no search: the caller names the shipments it may have
 * matched. What it may have manifested cannot be told apart from what was manifested before; what can be
 * told is what it has left: the candidates that still match it, in a state it manifests from, each
 * `done: false` (none: nothing left for it to manifest). Where a criterion cannot be checked on a
 * shipment (no origin address, no allocation, no required shipping date), the shipment is left out, so
 * that manifesting what is returned never manifests one the query would not have.
 */
async function stillMatching(
  error: OutcomeUnknownError,
  from: readonly string[],
  reader: ShipmentReader,
  candidates: readonly ShipmentReference[] | undefined,
): Promise<ShipmentReconciliation[]> {
  const query = callOf(error)?.body as ShipmentManifestQuery | undefined;
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    throw new ConfigurationError(
      `reconcile cannot settle this ${error.operation} error: it names no shipment and holds no query (it was not thrown by this copy of consignkit)`,
    );
  }
  if (candidates === undefined) {
    throw new ConfigurationError(
      `reconcile cannot settle ${error.operation} alone (a query names no shipment, and area B has no search): pass the shipments it may have matched, reconcile(error, { candidates: ['sp_…'] })`,
    );
  }
  const refused = candidates.filter((candidate) => !isShipmentReference(candidate));
  if (refused.length > 0) {
    throw new ConfigurationError(
      `reconcile: candidates must be shipment references (sp_…); ${refused.length} is not`,
    );
  }
  const found: ShipmentReconciliation[] = [];
  // One at a time: a reconcile follows a failure, often an overloaded service.
  for (const reference of [...new Set(candidates)]) {
    let shipment: Shipment;
    try {
      shipment = await reader.readShipment(reference);
    } catch (readError) {
      if (readError instanceof NotFoundError) continue;
      throw readError;
    }
    if (matchesQuery(query, shipment, from)) found.push({ reference, state: shipment.state, done: false });
  }
  return found;
}

const same = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && comparable(a) === comparable(b);

/**
 * Whether the query would select the shipment as it reads now. References are compared exactly, never
 * loosely: a shipment returned here is one the query would have manifested.
 */
function matchesQuery(query: ShipmentManifestQuery, shipment: Shipment, from: readonly string[]): boolean {
  const state = String(shipment.state ?? '');
  if (!isIn(from, state) || !isIn(query.shipment_states ?? from, state)) return false;
  const origin = (shipment.addresses ?? []).find((address) => same(address?.address_type, 'origin'));
  const locations = query.shipping_locations;
  if (locations && !locations.includes(origin?.shipping_location_reference ?? '')) return false;
  const addressReference = query.address_custom_reference;
  if (addressReference !== undefined && origin?.custom_reference !== addressReference) return false;
  if (query.labels_retrieved !== undefined) {
    const labels = shipment.label_details;
    const retrieved = (labels?.retrieval_count ?? 0) > 0 || Boolean(labels?.date_first_retrieved);
    if (retrieved !== query.labels_retrieved) return false;
  }
  const carrier = shipment.allocation?.carrier;
  if (query.carrier_reference !== undefined && carrier?.reference !== query.carrier_reference) return false;
  if (
    query.carrier_service_reference !== undefined &&
    carrier?.service_reference !== query.carrier_service_reference
  )
    return false;
  return (
    query.required_shipping_date === undefined ||
    withinDates(query.required_shipping_date, shipment.required_shipping_date)
  );
}

/**
 * The shipment's required shipping date lies wholly within the range (the data contract), or on the day
 * given as a date-time (the guide's example). A shipment without one is not within.
 */
function withinDates(
  asked: NonNullable<ShipmentManifestQuery['required_shipping_date']>,
  range: Shipment['required_shipping_date'],
): boolean {
  const first = range?.start ?? range?.end;
  const last = range?.end ?? range?.start;
  if (!first || !last) return false;
  if (typeof asked === 'string') {
    const day = asked.slice(0, 10);
    return first.slice(0, 10) === day && last.slice(0, 10) === day;
  }
  const [from, to, start, end] = [asked.start, asked.end, first, last].map((value) =>
    value === undefined ? undefined : Date.parse(value),
  );
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return (from === undefined || (start as number) >= from) && (to === undefined || (end as number) <= to);
}
