import { ConfigurationError, OutcomeUnknownError } from '../core/errors.js';
import { callOf } from '../core/operation.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../core/references.js';
import type { Consignment, ConsignmentFilter, Reconciliation } from './lifecycle.js';
import { type CreationReader, reconcileCreation } from './reconcile-creation.js';
import type { ConsignmentState, ManifestQuery, ShippingDateRange } from './schemas.js';

/** Where a consignment operation starts from, and where it leads (with the states on the way there). */
interface Outcome {
  from: readonly string[];
  to: readonly string[];
}

/**
 * The operations that create a consignment, settled by your own reference (their outcome rule starts from
 * nothing: `from: []`). Listed by name only until reconcile reads each operation's rule (issue 26).
 */
const CREATIONS = new Set(['createConsignment', 'selectDeliveryOptionAsConsignment']);

const MANIFEST: Outcome = {
  from: ['Allocated', 'ReadyToShip', 'ManifestFailed'],
  to: ['Manifesting', 'Manifested'],
};
const ALLOCATE: Outcome = { from: ['Unallocated', 'AllocationFailed'], to: ['Allocating', 'Allocated'] };

/**
 * Every operation whose outcome a consignment's state tells. A consignment that is still in a `from` state
 * was not changed; one in a `to` state was. `ManifestFailed` and `AllocationFailed` count as not changed:
 * the carrier or the rules refused, and asking again is what is left to do.
 */
const OUTCOMES: Record<string, Outcome> = {
  manifestConsignments: MANIFEST,
  manifestConsignmentsFromQuery: MANIFEST,
  allocateConsignments: ALLOCATE,
  allocateWithCheapestQuote: ALLOCATE,
  allocateWithCarrierService: ALLOCATE,
  allocateWithQuote: ALLOCATE,
  allocateWithServiceGroup: ALLOCATE,
  allocateWithServiceFilters: ALLOCATE,
  setReadyToShip: { from: ['Allocated'], to: ['ReadyToShip'] },
  setNotReadyToShip: { from: ['ReadyToShip'], to: ['Allocated'] },
  deallocateConsignment: { from: ['Allocated', 'Manifested', 'ManifestFailed'], to: ['Unallocated'] },
  deallocateConsignments: { from: ['Allocated', 'Manifested', 'ManifestFailed'], to: ['Unallocated'] },
  cancelConsignment: {
    from: ['Unallocated', 'AllocationFailed', 'Allocated', 'ManifestFailed'],
    to: ['Cancelling', 'Cancelled'],
  },
  cancelConsignments: {
    from: ['Unallocated', 'AllocationFailed', 'Allocated', 'ManifestFailed'],
    to: ['Cancelling', 'Cancelled'],
  },
};

/** Why the outcome of the other operations cannot be read from a consignment. */
const UNSETTLED: Record<string, string> = {
  createOrder:
    'the order it may have created has no reference the caller knows: look for it by your OrderReferenceProvidedByCustomer in the service before creating it again',
  packOrder:
    'the consignments a pack may have made have no reference the caller knows: read the order (getOrder) and its consignments before packing it again',
  selectDeliveryOption:
    'the order it may have made has no reference the caller knows; an option is selected once, so selecting it again is refused if the first one reached the service',
  addAddressToOrder: 'an address added twice shows in the order: read it with getOrder',
  selectDeliveryOptionsAsOrders:
    'the orders it may have made have no reference the caller knows, and the service has no order search; the vendor says a second select makes duplicate orders. Look for them by your OrderReferenceProvidedByCustomer in the portal before selecting again',
  reservePickupOption:
    'a reservation is not a consignment and nothing documented reads it back: select the option and let the service refuse it if the reservation is missing',
};

const comparable = (state: string) => state.replace(/\s+/g, '').toLowerCase();
const isIn = (states: readonly string[], state: string) =>
  states.some((known) => comparable(known) === comparable(state));

function doneIn(outcome: Outcome, state: string): boolean | undefined {
  if (isIn(outcome.to, state)) return true;
  if (isIn(outcome.from, state)) return false;
  return undefined;
}

/** What reconciling reads: one consignment, and the references matching a filter. */
export interface ConsignmentReader {
  read(reference: ConsignmentReference): Promise<Consignment>;
  find(filter: ConsignmentFilter): Promise<ConsignmentReference[]>;
}

/** The operation's outcome rule, or a {@link ConfigurationError} saying why it has none. */
function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof OutcomeUnknownError)) {
    throw new ConfigurationError(
      'reconcile takes the OutcomeUnknownError a consignment operation threw; other errors say what happened already',
    );
  }
  const outcome = OUTCOMES[error.operation];
  if (outcome) return outcome;
  const why =
    UNSETTLED[error.operation] ??
    (/shipment|group/i.test(error.operation)
      ? 'a shipment group is not a consignment: read it with ShipmentsClient.getShipmentGroup'
      : 'it does not move consignments from one state to another');
  throw new ConfigurationError(`reconcile cannot settle ${error.operation}: ${why}`);
}

/**
 * For each consignment an {@link OutcomeUnknownError} names, its state now and whether the change asked
 * for happened. Reads only: nothing is sent again.
 */
export async function reconcileOutcome(error: unknown, reader: CreationReader): Promise<Reconciliation[]> {
  if (error instanceof OutcomeUnknownError && CREATIONS.has(error.operation))
    return reconcileCreation(error, reader);
  const outcome = outcomeOf(error);
  const failed = error as OutcomeUnknownError;
  const references =
    failed.operation === 'manifestConsignmentsFromQuery'
      ? await stillMatching(failed, outcome, reader)
      : failed.references.filter(
          (value): value is ConsignmentReference => ConsignmentReferenceSchema.safeParse(value).success,
        );
  const found: Reconciliation[] = [];
  // One at a time: a reconcile follows a failure, often an overloaded service.
  for (const reference of [...new Set(references)]) {
    const consignment = await reader.read(reference);
    const state: ConsignmentState = consignment.ConsignmentState ?? 'Unknown';
    found.push({ reference, state, done: doneIn(outcome, state) });
  }
  return found;
}

/**
 * A query names no consignment: what it may have manifested cannot be told apart from what was
 * manifested before. What can be told is what it has left: the consignments that still match it, in a
 * state it manifests from. Each is `done: false`. Where a filter cannot be checked on a consignment (no
 * carrier, no shipping date), it is left out, so that sending its references never manifests one the
 * query would not have.
 */
async function stillMatching(
  error: OutcomeUnknownError,
  outcome: Outcome,
  reader: ConsignmentReader,
): Promise<ConsignmentReference[]> {
  const query = callOf(error)?.body as ManifestQuery | undefined;
  if (!query?.States) {
    throw new ConfigurationError(
      'reconcile cannot settle this manifestConsignmentsFromQuery error: it holds no query (it was not thrown by this copy of consignkit)',
    );
  }
  const locations = [...(query.ShippingLocationReferences ?? []), query.ShippingLocationReference].filter(
    (location): location is string => location !== undefined,
  );
  const states = query.States.filter((state) => isIn(outcome.from, state));
  const candidates: ConsignmentReference[] = [];
  for (const location of locations.length > 0 ? locations : [undefined]) {
    for (const state of states) {
      const filter: ConsignmentFilter = { State: state };
      if (location !== undefined) filter.ShippingLocationReference = location;
      if (query.LabelsPrinted !== undefined) filter.LabelsPrinted = query.LabelsPrinted;
      candidates.push(...(await reader.find(filter)));
    }
  }
  const matching: ConsignmentReference[] = [];
  for (const reference of new Set(candidates)) {
    if (matchesRest(query, await reader.read(reference))) matching.push(reference);
  }
  return matching;
}

const dayOf = (date: string | null | undefined) => (date ? date.slice(0, 10) : undefined);

/** The query's filters the search cannot apply: carriers and shipping dates. */
function matchesRest(query: ManifestQuery, consignment: Consignment): boolean {
  if (query.Carriers && query.Carriers.length > 0) {
    const carriers = (consignment.ConsignmentLegs ?? []).flatMap((leg) => [
      leg.CarrierReference,
      leg.CarrierName,
    ]);
    const wanted = query.Carriers.map(comparable);
    if (!carriers.some((carrier) => carrier && wanted.includes(comparable(carrier)))) return false;
  }
  const day = dayOf(consignment.ShippingDate);
  if (query.ShippingDate !== undefined && day !== dayOf(query.ShippingDate)) return false;
  if (query.ShippingDateRanges !== undefined) {
    const ranges: ShippingDateRange[] = [query.ShippingDateRanges].flat();
    const within = ({ StartDate, EndDate }: ShippingDateRange) =>
      day !== undefined && day >= (dayOf(StartDate) ?? '') && (!EndDate || day <= (dayOf(EndDate) ?? ''));
    if (!ranges.some(within)) return false;
  }
  return true;
}
