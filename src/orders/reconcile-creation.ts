import { ConfigurationError, type OutcomeUnknownError } from '../core/errors.js';
import { type ConsignmentReference, isDeliveryOptionReference } from '../core/references.js';
import { CREATED_WITHOUT_CUSTOMER_REFERENCE } from './consignments/create.js';
import type { ConsignmentReader, Reconciliation } from './reconcile.js';

/**
 * Settling an operation that creates a consignment (its outcome rule starts from nothing, `from: []`):
 * the service numbers the consignment, so it is found by your own reference instead. Create Consignment's
 * error names that reference; Select Option's names the option, whose details hold the reference of the
 * options request. Every consignment found was created (`done: true`, whatever its state now); none found
 * means nothing was, and creating again is safe, provided your reference is unique to that consignment.
 */
export interface CreationReader extends ConsignmentReader {
  /** The `ConsignmentReferenceProvidedByCustomer` of the options request an option was offered for. */
  customerReferenceOfOption(option: `EDO-${string}`): Promise<string | undefined>;
}

async function customerReferencesOf(error: OutcomeUnknownError, reader: CreationReader): Promise<string[]> {
  const options = error.references.filter(isDeliveryOptionReference);
  if (options.length === 0) return error.references.filter((reference) => reference.trim() !== '');
  const found: string[] = [];
  for (const option of options) {
    const reference = await reader.customerReferenceOfOption(option);
    if (!reference) {
      throw new ConfigurationError(
        `reconcile cannot settle ${error.operation}: the options request of ${option} had no ConsignmentReferenceProvidedByCustomer, so nothing can find the consignment selecting it may have made. Selecting it again is refused if the first select reached the service; set ConsignmentReferenceProvidedByCustomer on every options request so that reconcile can find it`,
      );
    }
    found.push(reference);
  }
  return found;
}

/** The consignments a lost creation made, found by your reference; an empty list when none was made. */
export async function reconcileCreation(
  error: OutcomeUnknownError,
  reader: CreationReader,
): Promise<Reconciliation[]> {
  const customerReferences = await customerReferencesOf(error, reader);
  if (customerReferences.length === 0) {
    throw new ConfigurationError(
      `reconcile cannot settle ${error.operation}: ${CREATED_WITHOUT_CUSTOMER_REFERENCE}`,
    );
  }
  const found: Reconciliation[] = [];
  const seen = new Set<ConsignmentReference>();
  // One at a time: a reconcile follows a failure, often an overloaded service.
  for (const customerReference of customerReferences) {
    for (const reference of await reader.find({ ReferenceProvidedByCustomer: customerReference })) {
      if (seen.has(reference)) continue;
      seen.add(reference);
      const consignment = await reader.read(reference);
      found.push({ reference, state: consignment.ConsignmentState ?? 'Unknown', done: true });
    }
  }
  return found;
}
