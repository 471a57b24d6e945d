import { json, type RouteContext } from '../../router.js';
import type { MockStore } from '../../store.js';
import { ErrorCode, fail } from '../errors.js';
import type { JsonObject, StoredConsignment } from '../state.js';
import { addressOfType, countryOf, dayOf, isObject, packageWeightKg, sameState, sameText } from '../util.js';
import { requireConsignment, requireConsignments } from '../validate.js';

/** States a consignment may be deallocated from (the vendor's guide). */
export const DEALLOCATABLE_STATES = ['Allocated', 'Manifested', 'ManifestFailed'];
/**
 * States a consignment may be cancelled from: only before it is manifested. The vendor's guide also offers
 * cancelling a `Manifested` one, which is the carrier's business by then: the mock refuses it (deallocate
 * first). A `ReadyToShip` one is set not ready to ship first, as the spec says.
 */
export const CANCELLABLE_STATES = ['Unallocated', 'AllocationFailed', 'Allocated', 'ManifestFailed'];

const isIn = (states: string[], consignment: StoredConsignment) =>
  states.some((state) => sameState(state, consignment.State));

const isAllocated = (consignment: StoredConsignment) => consignment.CarrierServiceReference !== undefined;

/** Takes the consignment off its carrier: no carrier fields, no tracking, and area B's shipment unlabelled. */
function dropAllocation(store: MockStore, consignment: StoredConsignment): void {
  delete consignment.CarrierReference;
  delete consignment.CarrierName;
  delete consignment.CarrierServiceReference;
  delete consignment.CarrierServiceName;
  delete consignment.AllocationDate;
  delete consignment.AllocatedPrice;
  consignment.TrackingReferences = [];
  consignment.LabelsPrinted = false;
  const shipment = store.shipments.shipmentForConsignment(consignment.Reference);
  if (shipment) shipment.allocated = false;
}

interface Change {
  action: string;
  allowed: string[];
  apply(store: MockStore, consignment: StoredConsignment): void;
}

const DEALLOCATE: Change = {
  action: 'deallocation',
  allowed: DEALLOCATABLE_STATES,
  apply(store, consignment) {
    dropAllocation(store, consignment);
    consignment.State = 'Unallocated';
    consignment.FailedAllocation = null;
  },
};

const CANCEL: Change = {
  action: 'cancellation',
  allowed: CANCELLABLE_STATES,
  apply(store, consignment) {
    if (isAllocated(consignment)) dropAllocation(store, consignment);
    consignment.State = 'Cancelled';
  },
};

function refusal(consignment: StoredConsignment, change: Change): string {
  return `Consignment ${consignment.Reference} is ${consignment.State}: ${change.action} needs ${change.allowed.join(', ')}`;
}

function changeOne(context: RouteContext, change: Change): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  if (!isIn(change.allowed, consignment)) {
    fail(400, ErrorCode.InvalidConsignmentState, refusal(consignment, change), [
      {
        Code: 'InvalidConsignmentState',
        Target: consignment.Reference,
        Message: refusal(consignment, change),
      },
    ]);
  }
  change.apply(context.store, consignment);
  // 200 with no body, as the vendor's guide documents.
  return new Response(null, { status: 200 });
}

function changeList(context: RouteContext, change: Change): Response {
  const consignments = requireConsignments(context.store, context.body, 'body');
  return json(
    consignments.map((consignment) => {
      const ok = isIn(change.allowed, consignment);
      const message = ok
        ? `Consignment ${change.action} completed successfully`
        : refusal(consignment, change);
      if (ok) change.apply(context.store, consignment);
      return { IsSuccess: ok, Message: message, Data: consignment.Reference, ApiLinks: null };
    }),
  );
}

/** PUT /consignments/:consignmentReference/deallocate: from Allocated, Manifested or ManifestFailed to Unallocated. */
export const deallocateConsignment = (context: RouteContext) => changeOne(context, DEALLOCATE);
/** PUT /consignments/deallocatelist (a bare array): one result each. */
export const deallocateConsignments = (context: RouteContext) => changeList(context, DEALLOCATE);
/** PUT /consignments/:consignmentReference/cancel: before manifesting, to Cancelled. */
export const cancelConsignment = (context: RouteContext) => changeOne(context, CANCEL);
/** PUT /consignments/cancellist (a bare array): one result each. */
export const cancelConsignments = (context: RouteContext) => changeList(context, CANCEL);

const money = (amount: number) => ({ Amount: amount, Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' } });

function weightOf(consignment: StoredConsignment) {
  const kg = consignment.Packages.reduce((sum, pkg) => sum + packageWeightKg(pkg), 0);
  return { Value: Math.round(kg * 1000) / 1000, Unit: 'Kg' };
}

function declaredValue(consignment: StoredConsignment): number {
  return consignment.Packages.reduce((sum, pkg) => {
    const value = isObject(pkg.Value) ? pkg.Value.Amount : undefined;
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}

/** GET /consignments/:consignmentReference: the whole consignment, in the real field names. */
export function getConsignment(context: RouteContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  return json(consignmentBody(context.store, consignment));
}

function consignmentBody(store: MockStore, consignment: StoredConsignment): JsonObject {
  const allocated = isAllocated(consignment);
  const price = consignment.AllocatedPrice ?? 0;
  return {
    Reference: consignment.Reference,
    ConsignmentState: consignment.State,
    ConsignmentReferenceProvidedByCustomer: consignment.OrderReferenceProvidedByCustomer ?? '',
    Source: 'Api',
    Direction: consignment.Direction ?? (consignment.IsReturn ? 'Inbound' : 'Outbound'),
    DateCreated: consignment.DateCreated,
    ShippingDate: consignment.ShippingDate ?? null,
    RequestedDeliveryDate: dayOf(consignment.RequiredDeliveryDate) ?? null,
    EarliestDeliveryDate: consignment.EarliestDeliveryDate ?? null,
    LatestDeliveryDate: consignment.LatestDeliveryDate ?? null,
    CollectionDate: null,
    DateShipped: null,
    DateDelivered: null,
    IsLate: false,
    LateForCustomer: false,
    LabelCount: allocated ? consignment.Packages.length : 0,
    LabelsPrinted: consignment.LabelsPrinted,
    DateLabelsWereFirstPrinted: null,
    Weight: weightOf(consignment),
    Value: money(declaredValue(consignment)),
    Allocation: allocated
      ? {
          CarrierServiceGroupReference: '',
          MpdCarrierServiceGroupName: null,
          MpdCarrierServiceReference: consignment.CarrierServiceReference,
          MpdCarrierServiceName: consignment.CarrierServiceName ?? null,
          AllocationDate: consignment.AllocationDate ?? null,
          Price: { Net: price, Gross: price, VatAmount: 0, Currency: money(0).Currency },
        }
      : null,
    FailedAllocation: consignment.FailedAllocation ?? null,
    ConsignmentLegs: allocated
      ? [
          {
            Leg: 1,
            TrackingReferences: [...consignment.TrackingReferences],
            CarrierReference: consignment.CarrierReference ?? null,
            CarrierServiceReference: consignment.CarrierServiceReference,
            CarrierName: consignment.CarrierName ?? null,
          },
        ]
      : [],
    Addresses: consignment.Addresses,
    Packages: consignment.Packages,
    MetaData: consignment.MetaData ?? [],
    Tags: consignment.Tags ?? [],
    CustomsDocumentation: consignment.CustomsDocumentation ?? null,
    ShippingLocationReference: consignment.ShippingLocationReference,
    ...(consignment.OrderReference && store.orders.orders.has(consignment.OrderReference)
      ? { OrderReference: consignment.OrderReference }
      : {}),
  };
}

function summaryOf(context: RouteContext, consignment: StoredConsignment): JsonObject {
  const destination = addressOfType(consignment.Addresses, 'Destination');
  const failed = consignment.FailedAllocation as JsonObject | null | undefined;
  return {
    Reference: consignment.Reference,
    State: consignment.State,
    ConsignmentReferenceProvidedByCustomer: consignment.OrderReferenceProvidedByCustomer ?? '',
    Source: 'Api',
    MpdCarrierServiceReference: consignment.CarrierServiceReference ?? null,
    MpdCarrierServiceName: consignment.CarrierServiceName ?? null,
    DestinationAddressLine1: destination?.AddressLine1 ?? null,
    DestinationAddressTown: destination?.Town ?? null,
    DestinationAddressPostcode: destination?.Postcode ?? null,
    DestinationAddressCountry: countryOf(destination) ?? null,
    DestinationShippingLocationReference: consignment.ShippingLocationReference,
    DateCreated: consignment.DateCreated,
    ShippingDate: consignment.ShippingDate ?? null,
    RequestedDeliveryDate: dayOf(consignment.RequiredDeliveryDate) ?? null,
    AllocationDate: consignment.AllocationDate ?? null,
    LabelsPrinted: consignment.LabelsPrinted,
    IsLate: false,
    FailedAllocationMessage: failed?.Message ?? null,
    Value: money(declaredValue(consignment)),
    Weight: weightOf(consignment),
    ApiLink: { Rel: 'detail', Href: `${context.baseUrl}/consignments/${consignment.Reference}` },
  };
}

/** The query's properties by lower-case name: the guide writes `State=`, the data contracts `state=`. */
function filterOf(query: URLSearchParams): Map<string, string> {
  const filter = new Map<string, string>();
  for (const [key, value] of query) if (value !== '') filter.set(key.toLowerCase(), value);
  return filter;
}

function inRange(
  value: number | string | undefined,
  from: string | undefined,
  to: string | undefined,
): boolean {
  if (from === undefined && to === undefined) return true;
  if (value === undefined) return false;
  const read = (bound: string) => (typeof value === 'number' ? Number(bound) : (dayOf(bound) ?? bound));
  return (from === undefined || value >= read(from)) && (to === undefined || value <= read(to));
}

/**
 * Whether a consignment matches every property of the filter the mock knows. Properties it does not know
 * are ignored, as by the real service. `ShippedDate…` and `ScheduledDeliveryDate…` match nothing: the mock
 * ships and schedules nothing.
 */
function matches(consignment: StoredConsignment, filter: Map<string, string>): boolean {
  const destination = addressOfType(consignment.Addresses, 'Destination');
  const direction = consignment.Direction ?? (consignment.IsReturn ? 'Inbound' : 'Outbound');
  const equal: Record<string, unknown> = {
    state: consignment.State,
    direction,
    shippinglocationreference: consignment.ShippingLocationReference,
    reference: consignment.Reference,
    referenceprovidedbycustomer: consignment.OrderReferenceProvidedByCustomer,
    carrierservice: consignment.CarrierServiceReference,
    source: 'Api',
    postcode: destination?.Postcode,
    destinationcountrycode: countryOf(destination),
    destinationregion: destination?.Region,
    labelsprinted: String(consignment.LabelsPrinted),
  };
  for (const [key, actual] of Object.entries(equal)) {
    const wanted = filter.get(key);
    if (wanted === undefined) continue;
    const same = key === 'state' ? sameState(wanted, actual) : sameText(wanted, actual);
    if (!same) return false;
  }
  const tracking = filter.get('trackingreference');
  if (tracking !== undefined && !consignment.TrackingReferences.includes(tracking)) return false;
  const term = filter.get('searchterm')?.toLowerCase();
  if (term !== undefined) {
    const text = JSON.stringify([
      consignment.Reference,
      consignment.OrderReferenceProvidedByCustomer,
      consignment.Addresses,
    ]);
    if (!text.toLowerCase().includes(term)) return false;
  }
  const ranges: [string, number | string | undefined][] = [
    ['createddate', dayOf(consignment.DateCreated)],
    ['shippingdate', dayOf(consignment.ShippingDate)],
    ['requesteddeliverydate', dayOf(consignment.RequiredDeliveryDate)],
    ['shippeddate', undefined],
    ['scheduleddeliverydate', undefined],
    ['weightingrams', weightOf(consignment).Value * 1000],
    ['value', declaredValue(consignment)],
  ];
  return ranges.every(([name, value]) => inRange(value, filter.get(`${name}from`), filter.get(`${name}to`)));
}

function matching(context: RouteContext): StoredConsignment[] {
  const filter = filterOf(context.query);
  return [...context.store.orders.consignments.values()].filter((consignment) =>
    matches(consignment, filter),
  );
}

function count(value: string | undefined, name: string, least: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < least) {
    fail(
      400,
      ErrorCode.InvalidRequest,
      `The request is invalid: ${name} must be an integer of at least ${least}`,
      [{ Code: 'InvalidValue', Target: name, Message: `${name} must be an integer of at least ${least}` }],
    );
  }
  return parsed;
}

/** GET /consignments/:take/:skip?property=value…: one page of summaries, oldest first, and `Count`, all that match. */
export function searchConsignments(context: RouteContext): Response {
  const take = count(context.params.take, 'take', 1);
  const skip = count(context.params.skip, 'skip', 0);
  const found = matching(context);
  return json({
    Count: found.length,
    ConsignmentSummaries: found
      .slice(skip, skip + take)
      .map((consignment) => summaryOf(context, consignment)),
  });
}

/** GET /consignments/getConsignmentReferences?property=value…: the references of every match, oldest first. */
export function getConsignmentReferences(context: RouteContext): Response {
  return json(matching(context).map((consignment) => consignment.Reference));
}
