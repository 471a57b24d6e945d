import { json } from '../../router.js';
import { ErrorCode, type ErrorDetail, fail, invalid, wrongState } from '../errors.js';
import type { CarrierService, OrdersContext, StoredConsignment } from '../state.js';
import { isObject, sameText } from '../util.js';
import { requireBodyObject, requireConsignment, requireConsignments } from '../validate.js';
import {
  ALLOCATABLE_STATES,
  allocate,
  canAllocate,
  failedSummary,
  noQuotes,
  type ServiceChoice,
} from './shortlist.js';

/**
 * Every allocation route of the mock: each consignment to its cheapest eligible service (a list, or one),
 * or by choice: to one carrier service, to the service of a quote, to the cheapest service of a group,
 * or to the cheapest service passing filters. The allocation rules, the destination, the promise and
 * the tags still apply; a consignment nothing matches becomes `AllocationFailed`, visibly: its own
 * summary with `StatusCode` 400 and the reason in a list answer, a 400 `NoQuotesAvailable` for one
 * consignment.
 */

/**
 * PUT /allocation/allocate `{ ConsignmentReferences }`. All references are checked first (400 malformed,
 * 404 unknown, 400 when one is not `Unallocated` or `AllocationFailed`): then nothing has changed. Each
 * consignment is then allocated in turn; one with no eligible service becomes `AllocationFailed` and has
 * no summary. Answers 200 with one Allocation Summary per allocated consignment.
 */
export function allocateConsignments(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const consignments = requireConsignments(
    context.store,
    body.ConsignmentReferences,
    'ConsignmentReferences',
  );
  requireAllocatable(consignments, (consignment) =>
    wrongState(consignment, ALLOCATABLE_STATES, 'allocation'),
  );
  const summaries = consignments.flatMap((consignment) => {
    const { summary } = allocate(context.store, consignment, context.baseUrl);
    return summary ? [summary] : [];
  });
  return json(summaries);
}

/**
 * PUT /allocation/:consignmentReference/allocatewithcheapestquote. 400 unless `Unallocated` or
 * `AllocationFailed`; with no eligible service the consignment becomes `AllocationFailed` and the answer
 * is 400 `NoQuotesAvailable` whose `Details` say why each service was left out. Else one Allocation Summary.
 */
export function allocateWithCheapestQuote(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  if (!canAllocate(consignment)) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Consignment ${consignment.Reference} is ${consignment.State}: only ${ALLOCATABLE_STATES.join(' or ')} consignments can be allocated`,
      [wrongState(consignment, ALLOCATABLE_STATES, 'allocation')],
    );
  }
  const { summary, rejected } = allocate(context.store, consignment, context.baseUrl);
  return summary ? json(summary) : noQuotes(consignment, rejected);
}

/** 400 naming every consignment that is not `Unallocated` or `AllocationFailed`, each with `detail`. */
export function requireAllocatable(
  consignments: StoredConsignment[],
  detail: (consignment: StoredConsignment) => ErrorDetail = (consignment) => ({
    Code: 'InvalidConsignmentState',
    Target: consignment.Reference,
    Message: `Consignment ${consignment.Reference} is ${consignment.State}`,
  }),
): void {
  const blocked = consignments.filter((consignment) => !canAllocate(consignment));
  if (blocked.length > 0) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Only ${ALLOCATABLE_STATES.join(' or ')} consignments can be allocated: ${blocked.map((c) => c.Reference).join(', ')}`,
      blocked.map(detail),
    );
  }
}

/** Each consignment in turn: its summary, or the failed summary that says why it was not allocated. */
export function allocateEach(
  context: OrdersContext,
  consignments: StoredConsignment[],
  allows: ServiceChoice,
): Response {
  return json(
    consignments.map((consignment) => {
      const { summary } = allocate(context.store, consignment, context.baseUrl, allows);
      return summary ?? failedSummary(consignment, context.baseUrl);
    }),
  );
}

/**
 * PUT /allocation/allocatewithcarrierservice `{ MpdCarrierServiceReference, ConsignmentReferences }`: the
 * service must be configured (400 `CarrierServiceNotFound`); each consignment goes to it, or becomes
 * `AllocationFailed` when the service cannot take it. One summary per consignment, in order.
 */
export function allocateWithCarrierService(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const wanted = body.MpdCarrierServiceReference;
  if (typeof wanted !== 'string' || wanted === '') invalid('MpdCarrierServiceReference', 'is required');
  const consignments = requireConsignments(
    context.store,
    body.ConsignmentReferences,
    'ConsignmentReferences',
  );
  const choice = carrierServiceChoice(context, wanted as string);
  requireAllocatable(consignments);
  return allocateEach(context, consignments, choice);
}

/** Only the carrier service named, which must be configured (400 `CarrierServiceNotFound`). */
export function carrierServiceChoice(context: OrdersContext, wanted: string): ServiceChoice {
  if (!context.store.orders.carrierServices.has(wanted)) {
    fail(400, ErrorCode.CarrierServiceNotFound, `Carrier service ${wanted} is not configured`);
  }
  return (service) =>
    service.ServiceReference === wanted
      ? undefined
      : { code: 'NotTheChosenService', message: `${service.ServiceName} is not ${wanted}` };
}

/**
 * PUT /allocation/:consignmentReference/allocatewithquote/:quoteReference: the quote must exist (404
 * `QuoteNotFound`), be for this consignment (400 `QuoteNotForConsignment`: a quote of Get Quotes names
 * none) and be unexpired (400 `QuoteExpired`); the consignment `Unallocated` or `AllocationFailed`. Then
 * it is allocated to the quote's service, or, when that service no longer qualifies, left
 * `AllocationFailed` with 400 `NoQuotesAvailable`. Answers a list of one summary, as the vendor's example.
 */
export function allocateWithQuote(context: OrdersContext): Response {
  const { store } = context;
  const consignment = requireConsignment(store, context.params.consignmentReference);
  const choice = quoteChoice(context, consignment, context.params.quoteReference ?? '');
  if (!canAllocate(consignment)) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Consignment ${consignment.Reference} is ${consignment.State}: only ${ALLOCATABLE_STATES.join(' or ')} consignments can be allocated`,
    );
  }
  const { summary, rejected } = allocate(store, consignment, context.baseUrl, choice);
  return summary ? json([summary]) : noQuotes(consignment, rejected);
}

/**
 * Only the service of a quote, which must exist (404 `QuoteNotFound`), be for this consignment (400
 * `QuoteNotForConsignment`: a quote of Get Quotes names none) and be unexpired (400 `QuoteExpired`).
 */
export function quoteChoice(
  context: OrdersContext,
  consignment: StoredConsignment,
  reference: string,
): ServiceChoice {
  const { store } = context;
  const quote = store.orders.quotes.get(reference);
  if (!quote) return fail(404, ErrorCode.QuoteNotFound, `Quote ${reference} not found`);
  if (quote.ConsignmentReference !== consignment.Reference) {
    fail(
      400,
      ErrorCode.QuoteNotForConsignment,
      quote.ConsignmentReference === ''
        ? `Quote ${reference} was made by Get Quotes for no stored consignment: get quotes for ${consignment.Reference} with Get Quotes By Consignment Reference`
        : `Quote ${reference} is for consignment ${quote.ConsignmentReference}, not ${consignment.Reference}`,
    );
  }
  if (Date.parse(quote.ExpiryDate) <= store.now().getTime()) {
    fail(400, ErrorCode.QuoteExpired, `Quote ${reference} expired at ${quote.ExpiryDate}: get new quotes`);
  }
  return (service) =>
    service.ServiceReference === quote.ServiceReference
      ? undefined
      : { code: 'NotTheQuotedService', message: `quote ${reference} is for ${quote.ServiceReference}` };
}

/**
 * PUT /allocation/:consignmentReference/allocatewithservicegroup/:serviceGroupReference: the group must
 * exist (404 `ServiceGroupNotFound`); the cheapest eligible service of the group wins, and with none the
 * consignment is `AllocationFailed` (400 `NoQuotesAvailable`). One summary object, as the guide says.
 */
export function allocateWithServiceGroup(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const choice = serviceGroupChoice(context, context.params.serviceGroupReference ?? '');
  requireAllocatable([consignment]);
  const { summary, rejected } = allocate(context.store, consignment, context.baseUrl, choice);
  return summary ? json(summary) : noQuotes(consignment, rejected);
}

/**
 * PUT /allocation/allocatewithservicegroup `{ MpdCarrierServiceGroupReference, ConsignmentReferences }`:
 * the list form; each consignment to the cheapest eligible service of the group (404 for an unknown
 * group), or `AllocationFailed`. One summary per consignment, in order.
 */
export function allocateConsignmentsWithServiceGroup(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const group = body.MpdCarrierServiceGroupReference;
  if (typeof group !== 'string' || group === '') invalid('MpdCarrierServiceGroupReference', 'is required');
  const consignments = requireConsignments(
    context.store,
    body.ConsignmentReferences,
    'ConsignmentReferences',
  );
  const choice = serviceGroupChoice(context, group as string);
  requireAllocatable(consignments);
  return allocateEach(context, consignments, choice);
}

/** Only the services of a group, which must exist (404 `ServiceGroupNotFound`). */
export function serviceGroupChoice(context: OrdersContext, reference: string): ServiceChoice {
  const group = context.store.orders.serviceGroups.get(reference);
  if (!group) return fail(404, ErrorCode.ServiceGroupNotFound, `Service group ${reference} not found`);
  return (service) =>
    group.ServiceReferences.includes(service.ServiceReference)
      ? undefined
      : { code: 'NotInServiceGroup', message: `${service.ServiceName} is not in service group ${reference}` };
}

const directionsOf = (service: CarrierService) =>
  (service.ServiceDirection ?? 'Inbound, Outbound').split(',').map((direction) => direction.trim());

/**
 * PUT /allocation/allocateConsignmentsWithServiceFilters `{ ConsignmentReferences, Filters: { ServiceDirection,
 * IsPickup?, IsDropOff? } }`: each consignment goes to the cheapest service that travels that way and, for
 * each flag given, is (or is not) a pickup or drop-off service. One summary per consignment, in order.
 */
export function allocateWithServiceFilters(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const filters = body.Filters;
  if (!isObject(filters)) return invalid('Filters', 'must be { ServiceDirection, IsPickup?, IsDropOff? }');
  const direction = filters.ServiceDirection;
  if (typeof direction !== 'string' || direction === '') invalid('Filters.ServiceDirection', 'is required');
  for (const flag of ['IsPickup', 'IsDropOff']) {
    const value = filters[flag];
    if (value !== undefined && value !== null && typeof value !== 'boolean')
      invalid(`Filters.${flag}`, 'must be a boolean');
  }
  const consignments = requireConsignments(
    context.store,
    body.ConsignmentReferences,
    'ConsignmentReferences',
  );
  requireAllocatable(consignments);
  return allocateEach(context, consignments, (service) => {
    if (!directionsOf(service).some((own) => sameText(own, direction))) {
      return { code: 'FilteredOut', message: `${service.ServiceName} does not travel ${String(direction)}` };
    }
    if (typeof filters.IsPickup === 'boolean' && (service.IsPickUp ?? false) !== filters.IsPickup) {
      return {
        code: 'FilteredOut',
        message: `${service.ServiceName} is${filters.IsPickup ? ' not' : ''} a pickup service`,
      };
    }
    if (typeof filters.IsDropOff === 'boolean' && (service.IsDropOff ?? false) !== filters.IsDropOff) {
      return {
        code: 'FilteredOut',
        message: `${service.ServiceName} is${filters.IsDropOff ? ' not' : ''} a drop-off service`,
      };
    }
    return undefined;
  });
}
