import { ConfigurationError, OutcomeUnknownError, type OutcomeUnknownErrorJSON } from '../core/errors.js';
import { callOf, type Operation, type OutcomeRule, operationOf } from '../core/operation.js';
import type { OperationName } from '../core/operation-names.js';
import {
  type ConsignmentReference,
  isConsignmentReference,
  isDeliveryOptionReference,
  isPackageReference,
} from '../core/references.js';
import { outcomeToSettle } from '../core/stored-outcome.js';
import {
  type Consignment,
  type ConsignmentFilter,
  CREATED_WITHOUT_CUSTOMER_REFERENCE,
} from './consignments/index.js';
import { bodyOf, cannotSettle, consignmentOf, namesNo, yoursOf } from './edit-rules.js';
import type { ManifestQuery, ShippingDateRange } from './manifests/query.js';
import type { ConsignmentReader, CreationReader, ReconciledEntry, Reconciliation } from './settling.js';
import type { ConsignmentState } from './wire-shapes.js';

export type {
  ConsignmentReader,
  CreationReader,
  OrderReconciliation,
  ReconciledEntry,
  Reconciliation,
} from './settling.js';

/** Where an operation starts its consignments from, and where it leads them (with the states on the way). */
type Outcome = Extract<OutcomeRule, { from: readonly string[] }>;
/** A package added to a consignment or deleted from it: its packages tell, its state does not. */
type PackageOutcome = Extract<OutcomeRule, { package: string }>;
/** Settled by the operation's own reads (`settledByReading`). */
type ReadOutcome = Extract<OutcomeRule, { settle: unknown }>;

const comparable = (state: string) => state.replace(/\s+/g, '').toLowerCase();
const isIn = (states: readonly string[], state: string) =>
  states.some((known) => comparable(known) === comparable(state));

function doneIn(outcome: Outcome, state: string): boolean | undefined {
  if (isIn(outcome.to, state)) return true;
  if (isIn(outcome.from, state)) return false;
  return undefined;
}

/**
 * The rule of the operation the error is about: its own, when this copy of the SDK threw it, else the one
 * of the area's operation of that name. A {@link ConfigurationError} says why there is none.
 */
function outcomeOf(error: unknown, operations: readonly Operation[]): Outcome | PackageOutcome | ReadOutcome {
  if (!(error instanceof OutcomeUnknownError)) {
    throw new ConfigurationError(
      'reconcile takes the OutcomeUnknownError of a consignment operation; other errors already say what happened',
    );
  }
  const areaA = operations.find((declared) => declared.name === error.operation);
  if (!areaA) {
    throw cannotSettle(
      error,
      'it is not an area A operation; a shipment or shipment group is settled by ShipmentsClient.reconcile',
    );
  }
  const rule = (operationOf(error) ?? areaA).outcome;
  if (rule && !('unsettled' in rule)) return rule;
  const why = rule?.unsettled ?? 'it does not move consignments from one state to another';
  throw cannotSettle(error, why);
}

/**
 * For each consignment an {@link OutcomeUnknownError} names, its state now and whether the change asked
 * for happened. Reads only: nothing is sent again.
 */
export async function reconcileOutcome(
  error: unknown,
  operations: readonly Operation[],
  reader: CreationReader,
): Promise<ReconciledEntry[]> {
  const outcome = outcomeOf(error, operations);
  if ('package' in outcome) return reconcilePackage(error as OutcomeUnknownError, outcome, reader);
  if ('settle' in outcome) {
    const lost = error as OutcomeUnknownError;
    const call = callOf(lost);
    return (await outcome.settle(
      { operation: lost.operation as OperationName, references: lost.references, call },
      reader as never,
    )) as ReconciledEntry[];
  }
  // A rule that starts from nothing creates the consignment: it is found by the caller's own reference.
  if (outcome.from.length === 0) return reconcileCreation(error as OutcomeUnknownError, reader);
  const failed = error as OutcomeUnknownError;
  const named = failed.references.filter(isConsignmentReference);
  // A query (Manifest Consignments From Query) names no consignment: what it has left is read instead.
  const references = named.length > 0 ? named : await stillMatching(failed, outcome, reader);
  return readEach(reader, references, (state) => doneIn(outcome, state));
}

/** Each consignment's state now (once each), and whether the change is in place by that state. */
async function readEach(
  reader: ConsignmentReader,
  references: Iterable<ConsignmentReference>,
  done: (state: ConsignmentState) => boolean | undefined,
): Promise<Reconciliation[]> {
  const found: Reconciliation[] = [];
  // One at a time: a reconcile follows a failure, often an overloaded service.
  for (const reference of new Set(references)) {
    const state = (await reader.read(reference)).ConsignmentState ?? 'Unknown';
    found.push({ reference, state, done: done(state) });
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
  const asked = callOf(error)?.body;
  if (typeof (asked as { ShipByDate?: unknown } | undefined)?.ShipByDate === 'string') {
    return stillDueBy(asked as { ShipByDate: string; ShippingLocationReference?: string }, reader);
  }
  const query = asked as ManifestQuery | undefined;
  if (!query?.States) {
    throw namesNo(error, 'consignment and holds no query');
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

/**
 * What a ship-by date allocation has left: the `Unallocated` consignments (of its location, when it named
 * one) whose `ShippingDate` is on or before its date. One without a `ShippingDate` cannot be checked and
 * is left out. Sending the query again allocates only what is still unallocated, never one twice.
 */
async function stillDueBy(
  query: { ShipByDate: string; ShippingLocationReference?: string },
  reader: ConsignmentReader,
): Promise<ConsignmentReference[]> {
  const filter: ConsignmentFilter = { State: 'Unallocated' };
  if (query.ShippingLocationReference !== undefined) {
    filter.ShippingLocationReference = query.ShippingLocationReference;
  }
  const due: ConsignmentReference[] = [];
  for (const reference of new Set(await reader.find(filter))) {
    const day = dayOf((await reader.read(reference)).ShippingDate);
    if (day !== undefined && day <= (dayOf(query.ShipByDate) ?? '')) due.push(reference);
  }
  return due;
}

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

async function customerReferencesOf(error: OutcomeUnknownError, reader: CreationReader): Promise<string[]> {
  const options = error.references.filter(isDeliveryOptionReference);
  if (options.length === 0) return error.references.filter((reference) => reference.trim() !== '');
  const found: string[] = [];
  for (const option of options) {
    const reference = await reader.customerReferenceOfOption(option);
    if (!reference) {
      throw cannotSettle(
        error,
        `the options request of ${option} had no ConsignmentReferenceProvidedByCustomer to find the consignment by, and a second select is refused if the first reached the service: set it on every options request`,
      );
    }
    found.push(reference);
  }
  return found;
}

/** The consignments a lost creation made, found by your reference; an empty list when none was made. */
async function reconcileCreation(
  error: OutcomeUnknownError,
  reader: CreationReader,
): Promise<Reconciliation[]> {
  const customerReferences = await customerReferencesOf(error, reader);
  if (customerReferences.length === 0) {
    throw cannotSettle(error, CREATED_WITHOUT_CUSTOMER_REFERENCE);
  }
  const found: ConsignmentReference[] = [];
  for (const customerReference of customerReferences) {
    found.push(...(await reader.find({ ReferenceProvidedByCustomer: customerReference })));
  }
  return readEach(reader, found, () => true);
}

/**
 * Settling Add Package or Delete Package: the consignment keeps its state either way, so its packages
 * tell. A deleted package is gone from it; an added one is found by the `PackageReferenceProvidedByCustomer`
 * it was sent with (the service numbers the package, so nothing else tells it from the others).
 */
async function reconcilePackage(
  error: OutcomeUnknownError,
  outcome: PackageOutcome,
  reader: ConsignmentReader,
): Promise<Reconciliation[]> {
  const reference = consignmentOf(error, 'packages.delete (its second argument)');
  const deleted = outcome.package === 'deleted';
  const target = deleted ? error.references.find(isPackageReference) : undefined;
  const [yours] = deleted
    ? []
    : yoursOf(
        error,
        [bodyOf(callOf(error)).PackageReferenceProvidedByCustomer],
        'PackageReferenceProvidedByCustomer',
        'package',
        'consignments.get',
      );
  const consignment = await reader.read(reference);
  const found = (consignment.Packages ?? []).find((pkg) =>
    deleted ? pkg.Reference === target : pkg.PackageReferenceProvidedByCustomer === yours,
  );
  const added = found?.Reference;
  return [
    {
      reference,
      state: consignment.ConsignmentState ?? 'Unknown',
      done: deleted === !found,
      packageReference: deleted ? target : isPackageReference(added) ? added : undefined,
    },
  ];
}

/**
 * {@link reconcileOutcome} for an error or its JSON (a stored one is read back first), with the client's
 * operations and reads: {@link OrdersClient.reconcile}.
 */
export function reconcile(
  outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
  operations: readonly Operation[],
  reader: CreationReader,
): Promise<ReconciledEntry[]> {
  return reconcileOutcome(outcomeToSettle(outcome), operations, reader);
}
