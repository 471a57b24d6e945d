import { json } from '../../router.js';
import { allocate, noQuotes, prospectiveConsignment, shortlist } from '../allocation/shortlist.js';
import { consignmentFromBody } from '../consignments/writes.js';
import { ErrorCode, fail } from '../errors.js';
import type { DeliveryOption, JsonObject, OrdersContext, OrdersStore } from '../state.js';
import { dayOf, dayOfEpoch, epochDay, isDeliveryOptionReference, isObject } from '../util.js';
import { requireBodyObject } from '../validate.js';
import { optionAnswer } from './options.js';

/**
 * What follows Delivery Options in the mock: Select Option (a consignment made from the options request
 * and allocated to the option's service, once), Delivery Option Summary (the days options exist on), Get
 * Existing Delivery Option (an option read again) and Reserve Pickup Option (once).
 */

function requireOption(store: OrdersStore, reference: unknown): DeliveryOption {
  if (!isDeliveryOptionReference(reference)) {
    return fail(
      400,
      ErrorCode.InvalidReferenceFormat,
      `'${String(reference)}' is not a delivery option reference`,
    );
  }
  const option = store.orders.deliveryOptions.get(reference);
  return option ?? fail(404, ErrorCode.DeliveryOptionNotFound, `Delivery option ${reference} not found`);
}

/**
 * POST /deliveryoptions/select/:deliveryOptionReference, no body: creates a consignment from the options
 * request (with its `ConsignmentReferenceProvidedByCustomer`), bound to the option's service and window,
 * and allocates it. An option is selected once, by either select (400 `DeliveryOptionAlreadySelected`).
 * Answers 200 with one allocation summary whose `detail` link names the new consignment; when the
 * option's service no longer qualifies, the consignment is left `AllocationFailed` and the answer is 400
 * `NoQuotesAvailable`.
 */
export function selectDeliveryOptionAsConsignment(context: OrdersContext): Response {
  const { store } = context;
  const option = requireOption(store, context.params.deliveryOptionReference);
  const made = option.SelectedConsignmentReference ?? option.SelectedOrderReference;
  if (made) {
    fail(
      400,
      ErrorCode.DeliveryOptionAlreadySelected,
      `Delivery option ${option.Reference} was already selected: it made ${made}`,
    );
  }
  const consignment = consignmentFromBody(store, option.Order);
  consignment.DeliveryOptionReference = option.Reference;
  consignment.RequestedCarrierServiceReference = option.CarrierServiceReference;
  consignment.EarliestDeliveryDate = option.EarliestDeliveryDate;
  consignment.LatestDeliveryDate = option.LatestDeliveryDate;
  store.orders.consignments.set(consignment.Reference, consignment);
  option.SelectedConsignmentReference = consignment.Reference;
  const { summary, rejected } = allocate(store, consignment, context.baseUrl);
  return summary ? json(summary) : noQuotes(consignment, rejected);
}

/**
 * POST /deliveryoptions/summary (a Delivery Options request): 201 `{ Reference: 'EPC-…', DeliveryOptions:
 * [days], TimeSlots: null, PickUp: null, DropOff: null }`, the days without an offset, as the example.
 */
export function getDeliveryOptionSummary(context: OrdersContext): Response {
  const { store } = context;
  const consignment = prospectiveConsignment(store, requireBodyObject(context.body));
  const shipping = dayOf(consignment.ShippingDate) ?? store.now().toISOString().slice(0, 10);
  const days = new Set(
    shortlist(store, consignment).eligible.map(
      (service) => `${dayOfEpoch(epochDay(shipping) + service.TransitDays)}T00:00:00`,
    ),
  );
  return json(
    {
      Reference: store.nextReference('EPC-'),
      DeliveryOptions: [...days].sort(),
      TimeSlots: null,
      PickUp: null,
      DropOff: null,
    },
    201,
  );
}

/** GET /deliveryoptions/details/:deliveryOptionReference: the option and the consignment it was offered for. */
export function getDeliveryOption(context: OrdersContext): Response {
  const { store } = context;
  const option = requireOption(store, context.params.deliveryOptionReference);
  const request = option.Order;
  const service = store.orders.carrierServices.get(option.CarrierServiceReference);
  const day = dayOf(option.EarliestDeliveryDate) ?? store.now().toISOString().slice(0, 10);
  const answer =
    option.Answer ??
    (service
      ? optionAnswer(option.Reference, service, day, store.now().toISOString().slice(0, 10))
      : { Reference: option.Reference });
  const packages = Array.isArray(request.Packages) ? request.Packages.filter(isObject) : [];
  const kg = packages.reduce((sum, pkg) => {
    const weight = isObject(pkg.Weight) && typeof pkg.Weight.Value === 'number' ? pkg.Weight.Value : 0;
    return sum + weight;
  }, 0);
  const detail: JsonObject = {
    Reference: `EPC-${option.Reference.slice(4)}`,
    CustomerReference: '00000000-0000-0000-0000-000000000000',
    Weight: { Kg: kg },
    Value: { Amount: 0, Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' } },
    CustomsDocumentation: request.CustomsDocumentation ?? null,
    DateCreated: store.now().toISOString().replace('Z', '+00:00'),
    ShippingDate: request.ShippingDate ?? null,
    RequestedDeliveryDate: request.RequiredDeliveryDate ?? request.RequestedDeliveryDate ?? null,
    EarliestDeliveryDate: option.EarliestDeliveryDate,
    LatestDeliveryDate: option.LatestDeliveryDate,
    ConsignmentReferenceProvidedByCustomer: request.ConsignmentReferenceProvidedByCustomer ?? '',
    Addresses: request.Addresses ?? [],
  };
  return json({ Reference: null, ConsignmentDetail: detail, DeliveryOption: answer });
}

/**
 * POST /deliveryoptions/reserve/:pickupOptionReference: reserves the option, once (400
 * `DeliveryOptionAlreadyReserved`; 400 `DeliveryOptionAlreadySelected` once selected). The vendor documents
 * no answer: the mock answers 200 `{ ReservationReference, ExpiryDate }`.
 */
export function reservePickupOption(context: OrdersContext): Response {
  const { store } = context;
  const option = requireOption(store, context.params.pickupOptionReference);
  if (option.SelectedConsignmentReference ?? option.SelectedOrderReference) {
    fail(
      400,
      ErrorCode.DeliveryOptionAlreadySelected,
      `Delivery option ${option.Reference} was already selected`,
    );
  }
  if (option.Reserved) {
    fail(
      400,
      ErrorCode.DeliveryOptionAlreadyReserved,
      `Delivery option ${option.Reference} is already reserved`,
    );
  }
  option.Reserved = true;
  const today = store.now().toISOString().slice(0, 10);
  return json({
    ReservationReference: `RES-${option.Reference.slice(4)}`,
    ExpiryDate: `${dayOfEpoch(epochDay(today) + 1)}T00:00:00+00:00`,
  });
}
