import { json } from '../../router.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import { consignmentLabelOf } from '../labels.js';
import type { JsonObject, OrdersContext, StoredConsignment } from '../state.js';
import { dayOf, sameState } from '../util.js';
import { requireBodyObject, requireConsignment } from '../validate.js';
import { allocateEach, carrierServiceChoice, quoteChoice, serviceGroupChoice } from './allocate.js';
import { ALLOCATABLE_STATES, allocate, canAllocate, noQuotes, type ServiceChoice } from './shortlist.js';

/**
 * The routes that allocate and answer at once: one consignment with its labels (the vendor's
 * AllocationService), and every consignment due to ship by a date.
 */

const LABEL_FORMATS = ['PDF', 'PNG', 'ZPL', 'ZPLII'];

/**
 * PUT /allocation/:consignmentReference[/carrierservice/:serviceReference | /servicegroup/:serviceGroupReference
 * | /quote/:quoteReference]/labels/:labelFormat. The format is checked first (400), then the choice as
 * its own route checks it (400 unknown service, 404 unknown group or quote…), then the state (400 unless
 * `Unallocated` or `AllocationFailed`). With no eligible service the consignment is `AllocationFailed`
 * (400 `NoQuotesAvailable`). Else 200 `{ Responses: [result] }`: the allocation, and the label in the
 * format asked for (Base64, with its media type), as the C# `AllocateAndGetLabelsResponse` is.
 */
export function allocateAndGetLabels(context: OrdersContext): Response {
  const { store, params } = context;
  const consignment = requireConsignment(store, params.consignmentReference);
  const format = params.labelFormat ?? '';
  if (!LABEL_FORMATS.includes(format.toUpperCase())) {
    invalid('labelFormat', `must be one of ${LABEL_FORMATS.join(', ')}`);
  }
  let choice: ServiceChoice | undefined;
  if (params.serviceReference !== undefined) choice = carrierServiceChoice(context, params.serviceReference);
  if (params.serviceGroupReference !== undefined)
    choice = serviceGroupChoice(context, params.serviceGroupReference);
  if (params.quoteReference !== undefined) choice = quoteChoice(context, consignment, params.quoteReference);
  if (!canAllocate(consignment)) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Consignment ${consignment.Reference} is ${consignment.State}: only ${ALLOCATABLE_STATES.join(' or ')} consignments can be allocated`,
    );
  }
  const { summary, rejected } = allocate(store, consignment, context.baseUrl, choice);
  if (!summary) return noQuotes(consignment, rejected);
  const label = consignmentLabelOf(store, consignment, format);
  return json({
    Responses: [
      {
        LabelType: 'Consignment',
        StatusCode: 200,
        LabelContent: label?.File ?? null,
        LabelFileType: label?.ContentType ?? null,
        Result: 'ConsignmentAllocated',
        ConsignmentLegs: summary.ConsignmentLegs,
        CarrierReference: summary.CarrierReference,
        CarrierName: summary.CarrierName,
        CarrierServiceReference: summary.CarrierServiceReference,
        CarrierServiceName: summary.CarrierServiceName,
        Message: summary.Description,
        ApiLinks: summary.ApiLinks,
      },
    ],
  });
}

/** The shipping day a consignment is due on: its `ShippingDate`, else the store's today. */
const shippingDayOf = (context: OrdersContext, consignment: StoredConsignment) =>
  dayOf(consignment.ShippingDate) ?? context.store.now().toISOString().slice(0, 10);

/**
 * PUT /allocation/allocate/:shipByDate `{ ShipByDate, ShippingLocationReference? }`: every `Unallocated`
 * consignment (of the location, when given) due to ship on or before the path's date (its
 * `ShippingDate`, else the store's today) is allocated in turn to its cheapest eligible service. 400 for a
 * date that is not ISO 8601. One summary each, in the store's order: its own, or the failed summary that
 * says why it was not allocated (it is then `AllocationFailed`). None due: an empty list.
 */
export function allocateAllUnallocated(context: OrdersContext): Response {
  return allocateAllDueBy(context, () => () => undefined);
}

/**
 * PUT /allocation/allocatewithcarrierservice/:shipByDate `{ …, MpdCarrierServiceReference }`: as
 * {@link allocateAllUnallocated}, each to that service (400 `CarrierServiceNotFound` when unknown).
 */
export function allocateAllWithCarrierService(context: OrdersContext): Response {
  return allocateAllDueBy(context, (body) => {
    const wanted = body.MpdCarrierServiceReference;
    if (typeof wanted !== 'string' || wanted === '') invalid('MpdCarrierServiceReference', 'is required');
    return carrierServiceChoice(context, wanted as string);
  });
}

/**
 * PUT /allocation/allocatewithservicegroup/:shipByDate `{ …, MpdCarrierServiceGroupReference }`: as
 * {@link allocateAllUnallocated}, each within the group (404 `ServiceGroupNotFound` when unknown).
 */
export function allocateAllWithServiceGroup(context: OrdersContext): Response {
  return allocateAllDueBy(context, (body) => {
    const group = body.MpdCarrierServiceGroupReference;
    if (typeof group !== 'string' || group === '') invalid('MpdCarrierServiceGroupReference', 'is required');
    return serviceGroupChoice(context, group as string);
  });
}

function allocateAllDueBy(context: OrdersContext, choose: (body: JsonObject) => ServiceChoice): Response {
  const shipBy = dayOf(context.params.shipByDate);
  if (shipBy === undefined) return invalid('shipByDate', 'must be an ISO 8601 date');
  const body = context.body === undefined ? {} : requireBodyObject(context.body);
  const location = body.ShippingLocationReference;
  if (location !== undefined && location !== null && typeof location !== 'string') {
    invalid('ShippingLocationReference', 'must be a string');
  }
  const choice = choose(body);
  const due = [...context.store.orders.consignments.values()].filter(
    (consignment) =>
      sameState(consignment.State, 'Unallocated') &&
      (typeof location !== 'string' || consignment.ShippingLocationReference === location) &&
      shippingDayOf(context, consignment) <= shipBy,
  );
  return allocateEach(context, due, choice);
}
