import { json, type RouteContext } from '../../router.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import type { CarrierService, StoredConsignment } from '../state.js';
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
 * Allocation by choice in the mock: to one carrier service, to the cheapest service of a group, or to the
 * cheapest service passing filters. The allocation rules, the destination, the promise and the tags
 * still apply; a consignment nothing matches becomes `AllocationFailed`, visibly: its own summary with
 * `StatusCode` 400 and the reason in a list answer, a 400 `NoQuotesAvailable` for one consignment.
 */

function requireAllocatable(consignments: StoredConsignment[]): void {
  const blocked = consignments.filter((consignment) => !canAllocate(consignment));
  if (blocked.length > 0) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Only ${ALLOCATABLE_STATES.join(' or ')} consignments can be allocated: ${blocked.map((c) => c.Reference).join(', ')}`,
      blocked.map((consignment) => ({
        Code: 'InvalidConsignmentState',
        Target: consignment.Reference,
        Message: `Consignment ${consignment.Reference} is ${consignment.State}`,
      })),
    );
  }
}

/** Each consignment in turn: its summary, or the failed summary that says why it was not allocated. */
function allocateEach(
  context: RouteContext,
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
export function allocateWithCarrierService(context: RouteContext): Response {
  const body = requireBodyObject(context.body);
  const wanted = body.MpdCarrierServiceReference;
  if (typeof wanted !== 'string' || wanted === '') invalid('MpdCarrierServiceReference', 'is required');
  const consignments = requireConsignments(
    context.store,
    body.ConsignmentReferences,
    'ConsignmentReferences',
  );
  if (!context.store.orders.carrierServices.has(wanted as string)) {
    fail(400, ErrorCode.CarrierServiceNotFound, `Carrier service ${String(wanted)} is not configured`);
  }
  requireAllocatable(consignments);
  return allocateEach(context, consignments, (service) =>
    service.ServiceReference === wanted
      ? undefined
      : { code: 'NotTheChosenService', message: `${service.ServiceName} is not ${String(wanted)}` },
  );
}

/**
 * PUT /allocation/:consignmentReference/allocatewithservicegroup/:serviceGroupReference: the group must
 * exist (404 `ServiceGroupNotFound`); the cheapest eligible service of the group wins, and with none the
 * consignment is `AllocationFailed` (400 `NoQuotesAvailable`). One summary object, as the guide says.
 */
export function allocateWithServiceGroup(context: RouteContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const reference = context.params.serviceGroupReference ?? '';
  const group = context.store.orders.serviceGroups.get(reference);
  if (!group) return fail(404, ErrorCode.ServiceGroupNotFound, `Service group ${reference} not found`);
  requireAllocatable([consignment]);
  const { summary, rejected } = allocate(context.store, consignment, context.baseUrl, (service) =>
    group.ServiceReferences.includes(service.ServiceReference)
      ? undefined
      : { code: 'NotInServiceGroup', message: `${service.ServiceName} is not in service group ${reference}` },
  );
  return summary ? json(summary) : noQuotes(consignment, rejected);
}

const directionsOf = (service: CarrierService) =>
  (service.ServiceDirection ?? 'Inbound, Outbound').split(',').map((direction) => direction.trim());

/**
 * PUT /allocation/allocateConsignmentsWithServiceFilters `{ ConsignmentReferences, Filters: { ServiceDirection,
 * IsPickup?, IsDropOff? } }`: each consignment goes to the cheapest service that travels that way and, for
 * each flag given, is (or is not) a pickup or drop-off service. One summary per consignment, in order.
 */
export function allocateWithServiceFilters(context: RouteContext): Response {
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
