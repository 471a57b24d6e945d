import { json } from '../../router.js';
import { ErrorCode, fail } from '../errors.js';
import type { JsonObject, OrdersContext, OrdersStore, StoredConsignment } from '../state.js';
import { addressOfType, countryOf, dayOf, isObject, sameState, sameText } from '../util.js';
import { declaredValue, money, weightOf } from './consignment.js';
import { failedAllocationOf, milestonesOf } from './milestones.js';

/**
 * Finding consignments by the vendor's filter: Search Consignments (a page of summaries and how many
 * match) and Get Consignment References (every match's reference).
 */

export function summaryOf(context: OrdersContext, consignment: StoredConsignment): JsonObject {
  const destination = addressOfType(consignment.Addresses, 'Destination');
  const failed = failedAllocationOf(consignment);
  const dates = milestonesOf(context.store, consignment);
  const requested = consignment.RequiredDeliveryDate as unknown;
  const customs = consignment.CustomsDocumentation;
  // Every field of the vendor's ConsignmentSummary, `null` where the consignment has no value yet.
  return {
    Reference: consignment.Reference,
    State: consignment.State,
    ConsignmentReferenceProvidedByCustomer: consignment.OrderReferenceProvidedByCustomer ?? '',
    Source: 'Api',
    MpdCarrierReference: consignment.CarrierReference ?? null,
    MpdCarrierServiceReference: consignment.CarrierServiceReference ?? null,
    MpdCarrierServiceName: consignment.CarrierServiceName ?? null,
    MpdCarrierServiceGroupName: null,
    MpdCarrierServiceGroupReference: null,
    DestinationAddressLine1: destination?.AddressLine1 ?? null,
    DestinationAddressTown: destination?.Town ?? null,
    DestinationAddressPostcode: destination?.Postcode ?? null,
    DestinationAddressCountry: countryOf(destination) ?? null,
    DestinationShippingLocationReference: consignment.ShippingLocationReference,
    DateCreated: consignment.DateCreated,
    ShippingDate: consignment.ShippingDate ?? null,
    ShippedDate: dates.shipped,
    RequestedDeliveryDate: dayOf(requested) ?? null,
    RequestedDeliveryDateIsToBeExactlyOnTheDateSpecified:
      isObject(requested) && typeof requested.IsToBeExactlyOnTheDateSpecified === 'boolean'
        ? requested.IsToBeExactlyOnTheDateSpecified
        : null,
    EstimatedDeliveryDate: consignment.LatestDeliveryDate ?? null,
    AllocationDate: consignment.AllocationDate ?? null,
    CollectionDate: dates.collected,
    AttemptedDeliveryDate: dates.attempted,
    DeliveryDate: dates.delivered,
    LabelsPrinted: consignment.LabelsPrinted,
    DateLabelsWereFirstPrinted: null,
    IsLate: false,
    ShippingTerms: typeof customs?.ShippingTerms === 'string' ? customs.ShippingTerms : null,
    FailedAllocationAttemptedAllocationDate: failed?.AttemptedAllocationDate ?? null,
    FailedAllocationMessage: failed?.Message ?? null,
    FailedAllocationMpdCarrierServiceReference: failed?.MpdCarrierServiceReference ?? null,
    FailedAllocationMpdCarrierServiceName: failed?.MpdCarrierServiceName ?? null,
    FailedAllocationMpdCarrierServiceGroupReference: failed?.CarrierServiceGroupReference ?? null,
    FailedAllocationMpdCarrierServiceGroupName: failed?.MpdCarrierServiceGroupName ?? null,
    FailedManifestMessage: consignment.FailedManifestMessage ?? null,
    FailedManifestTimeStamp: consignment.FailedManifestTimeStamp ?? null,
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
 * are ignored, as by the real service. `ShippedDate…` matches the `Dispatched` event's day;
 * `ScheduledDeliveryDate…` matches nothing: the mock schedules nothing.
 */
function matches(store: OrdersStore, consignment: StoredConsignment, filter: Map<string, string>): boolean {
  const destination = addressOfType(consignment.Addresses, 'Destination');
  const direction = consignment.Direction ?? (consignment.IsReturn ? 'Inbound' : 'Outbound');
  const equal: Record<string, unknown> = {
    state: consignment.State,
    direction,
    shippinglocationreference: consignment.ShippingLocationReference,
    reference: consignment.Reference,
    referenceprovidedbycustomer: consignment.OrderReferenceProvidedByCustomer,
    carrierservice: consignment.CarrierServiceReference,
    carriers: consignment.CarrierReference,
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
  // The mock's carriers number a consignment and its packages by their tracking references.
  for (const key of ['trackingreference', 'consignmentnumber', 'packagenumber']) {
    const tracking = filter.get(key);
    if (tracking !== undefined && !consignment.TrackingReferences.includes(tracking)) return false;
  }
  const numbered: [string, (string | undefined)[]][] = [
    ['creference', [consignment.Reference]],
    ['preference', consignment.Packages.map((pkg) => pkg.Reference as string | undefined)],
  ];
  for (const [key, references] of numbered) {
    const wanted = filter.get(key);
    if (wanted !== undefined && !references.some((reference) => numberOf(reference) === Number(wanted))) {
      return false;
    }
  }
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
    // The older names of the creation window.
    ['start', dayOf(consignment.DateCreated)],
    ['shippingdate', dayOf(consignment.ShippingDate)],
    ['requesteddeliverydate', dayOf(consignment.RequiredDeliveryDate)],
    ['shippeddate', dayOf(milestonesOf(store, consignment).shipped)],
    ['scheduleddeliverydate', undefined],
    ['weightingrams', weightOf(consignment).Value * 1000],
    ['weightinkg', weightOf(consignment).Value],
    ['value', declaredValue(consignment)],
  ];
  const bounds = (name: string) =>
    name === 'start'
      ? [filter.get('startfrom'), filter.get('endat')]
      : [filter.get(`${name}from`), filter.get(`${name}to`)];
  return ranges.every(([name, value]) =>
    inRange(value, ...(bounds(name) as [string | undefined, string | undefined])),
  );
}

/**
 * The number a consignment's (`CReference`) or a package's (`PReference`) reference stands for. The
 * service keeps its own; the mock reads the reference's characters as Base36 digits, one number per reference.
 */
function numberOf(reference: string | undefined): number | undefined {
  const digits = reference?.replace(/^[A-Z]+-/, '').replaceAll('-', '');
  return digits ? Number.parseInt(digits, 36) : undefined;
}

export function matching(context: OrdersContext): StoredConsignment[] {
  const filter = filterOf(context.query);
  return [...context.store.orders.consignments.values()].filter((consignment) =>
    matches(context.store, consignment, filter),
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
export function searchConsignments(context: OrdersContext): Response {
  const take = count(context.params.take, 'take', 1);
  const skip = count(context.params.skip, 'skip', 0);
  const found = matching(context);
  const page = found.slice(skip, skip + take).map((consignment) => summaryOf(context, consignment));
  // As the real service writes a search that matches nothing: the list unset, `null`.
  return json({ Count: found.length, ConsignmentSummaries: page.length > 0 ? page : null });
}

/** GET /consignments/getConsignmentReferences?property=value…: the references of every match, oldest first. */
export function getConsignmentReferences(context: OrdersContext): Response {
  return json(matching(context).map((consignment) => consignment.Reference));
}
