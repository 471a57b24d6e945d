import { ErrorCode, type ErrorDetail, fail, invalid } from '../errors.js';
import type { AllocationRule, CarrierService, JsonObject, OrdersStore, StoredConsignment } from '../state.js';
import {
  addressOfType,
  countryOf,
  dayOf,
  dayOfEpoch,
  epochDay,
  isObject,
  isoWithOffset,
  packageWeightKg,
  sameState,
} from '../util.js';
import { checkOrderAddresses, withLocationAddress } from '../validate.js';

/**
 * The allocation engine: which services may take a consignment and why the others may not (the
 * shortlist), and allocating to the first of them. Allocation, quotes and delivery options all use it.
 */

/** The states allocation starts from; any other is a 400 `InvalidConsignmentState` (area A documents no 409). */
export const ALLOCATABLE_STATES = ['Unallocated', 'AllocationFailed'];

export const canAllocate = (consignment: StoredConsignment) =>
  ALLOCATABLE_STATES.some((state) => sameState(state, consignment.State));

/**
 * What an allocation with a choice (a carrier service, a quote, a service group, service filters) allows:
 * `undefined` for a service it allows, else the code and words of why not.
 */
export type ServiceChoice = (service: CarrierService) => { code: string; message: string } | undefined;

export interface Shortlist {
  /** Eligible services, cheapest first (ties by service reference). */
  eligible: CarrierService[];
  /** Why each other service was left out. */
  rejected: ErrorDetail[];
}

/** The request as the consignment it would become, for the allocation shortlist. */
export function prospectiveConsignment(store: OrdersStore, body: JsonObject): StoredConsignment {
  const addresses = checkOrderAddresses(store, body.Addresses);
  if (!Array.isArray(body.Packages) || body.Packages.length === 0)
    invalid('Packages', 'needs at least one package');
  return {
    Reference: 'EC-PROSPECTIVE',
    State: 'Unallocated',
    OrderReference: 'EO-PROSPECTIVE',
    ShippingLocationReference: '',
    Addresses: addresses.map((address) => withLocationAddress(store, address)),
    Packages: body.Packages.filter(isObject),
    IsReturn: false,
    DateCreated: store.now().toISOString(),
    TrackingReferences: [],
    LabelsPrinted: false,
    ...(typeof body.ShippingDate === 'string' ? { ShippingDate: body.ShippingDate } : {}),
    ...(body.RequiredDeliveryDate !== undefined && body.RequiredDeliveryDate !== null
      ? { RequiredDeliveryDate: body.RequiredDeliveryDate as string }
      : {}),
    ...(Array.isArray(body.Tags) ? { Tags: body.Tags as string[] } : {}),
  };
}

/**
 * The spec's three allocation steps.
 *
 * 1. Enabled services that ship to the destination country and can meet the delivery promise: with a
 *    `RequiredDeliveryDate`, the shipping date (the consignment's `ShippingDate`, else today by the
 *    store's clock) plus the service's `TransitDays` calendar days must not be after it. A consignment
 *    packed from a delivery option's order may only go to the option's service
 *    (`RequestedCarrierServiceReference`), delivering between `EarliestDeliveryDate` and
 *    `LatestDeliveryDate` (each day included).
 * 2. Remove services that break an organisation rule (excluded carrier or service, weight cap) and
 *    services that do not carry every one of the consignment's `Tags`.
 * 3. Cheapest first; equal prices by `ServiceReference`, so the choice is stable.
 */
export function shortlist(
  store: OrdersStore,
  consignment: StoredConsignment,
  allows?: ServiceChoice,
): Shortlist {
  const destination = countryOf(addressOfType(consignment.Addresses, 'Destination'));
  const required = dayOf(consignment.RequiredDeliveryDate);
  const shipping = dayOf(consignment.ShippingDate) ?? store.now().toISOString().slice(0, 10);
  const weight = consignment.Packages.reduce((sum, pkg) => sum + packageWeightKg(pkg), 0);
  const tags = consignment.Tags ?? [];
  const chosen = consignment.RequestedCarrierServiceReference;
  const earliest = dayOf(consignment.EarliestDeliveryDate);
  const latest = dayOf(consignment.LatestDeliveryDate);
  const option = `delivery option ${consignment.DeliveryOptionReference ?? ''}`;
  const rejected: ErrorDetail[] = [];
  const reject = (service: CarrierService, code: string, message: string) => {
    rejected.push({ Code: code, Target: service.ServiceReference, Message: message });
  };
  if (chosen !== undefined && !store.orders.carrierServices.has(chosen)) {
    rejected.push({
      Code: 'ServiceNotConfigured',
      Target: chosen,
      Message: `${chosen}, the service of ${option}, is not configured`,
    });
  }

  const eligible = [...store.orders.carrierServices.values()].filter((service) => {
    // Step 1: configured, enabled, ships there, meets the promise.
    if (chosen !== undefined && service.ServiceReference !== chosen) {
      return reject(service, 'NotTheChosenService', `${option} chose ${chosen}`);
    }
    const refused = allows?.(service);
    if (refused !== undefined) return reject(service, refused.code, refused.message);
    if (!service.Enabled) return reject(service, 'ServiceDisabled', `${service.ServiceName} is disabled`);
    if (!destination || !(service.Countries.includes('*') || service.Countries.includes(destination))) {
      return reject(
        service,
        'DestinationNotServed',
        `${service.ServiceName} does not ship to ${destination}`,
      );
    }
    const delivery = epochDay(shipping) + service.TransitDays;
    if (required !== undefined && delivery > epochDay(required)) {
      return reject(
        service,
        'DeliveryPromiseNotMet',
        `${service.ServiceName} cannot deliver by ${required} when shipping on ${shipping} (it delivers on ${dayOfEpoch(delivery)})`,
      );
    }
    const early = earliest !== undefined && delivery < epochDay(earliest);
    if (early || (latest !== undefined && delivery > epochDay(latest))) {
      return reject(
        service,
        'DeliveryWindowNotMet',
        `${service.ServiceName} delivers on ${dayOfEpoch(delivery)} when shipping on ${shipping}, outside the window of ${option} (${earliest ?? '…'} to ${latest ?? '…'})`,
      );
    }
    // Step 2: the organisation's rules, then the consignment's allocation tags.
    const broken = store.orders.allocationRules.find((rule) => breaks(rule, service, weight));
    if (broken) {
      return reject(service, 'OrganisationRule', `${service.ServiceName} breaks a rule: ${describe(broken)}`);
    }
    const missing = tags.filter((tag) => !(service.Tags ?? []).includes(tag));
    if (missing.length > 0) {
      return reject(
        service,
        'TagsNotCarried',
        `${service.ServiceName} does not carry tag(s) ${missing.join(', ')}`,
      );
    }
    return true;
  });
  // Step 3: cheapest wins.
  eligible.sort((a, b) => a.Price - b.Price || (a.ServiceReference < b.ServiceReference ? -1 : 1));
  return { eligible, rejected };
}

/**
 * The order the mock lists services in (quotes, delivery options, the services left out): by service
 * reference, never by price. The vendor promises no order for these lists, and a mock that listed them
 * cheapest first would let "take the first" pass every test and overpay in production.
 */
export const inListingOrder = <T extends { ServiceReference: string }>(services: readonly T[]): T[] =>
  [...services].sort((a, b) =>
    a.ServiceReference < b.ServiceReference ? -1 : a.ServiceReference > b.ServiceReference ? 1 : 0,
  );

function breaks(rule: AllocationRule, service: CarrierService, weightKg: number): boolean {
  switch (rule.Type) {
    case 'ExcludeCarrier':
      return rule.CarrierReference === service.CarrierReference;
    case 'ExcludeService':
      return rule.ServiceReference === service.ServiceReference;
    case 'MaxWeight':
      return (
        (rule.CarrierReference === undefined || rule.CarrierReference === service.CarrierReference) &&
        weightKg > rule.MaxWeightKg
      );
    default:
      return false;
  }
}

function describe(rule: AllocationRule): string {
  if (rule.Description) return rule.Description;
  switch (rule.Type) {
    case 'ExcludeCarrier':
      return `carrier ${rule.CarrierReference} excluded`;
    case 'ExcludeService':
      return `service ${rule.ServiceReference} excluded`;
    case 'MaxWeight':
      return `at most ${rule.MaxWeightKg} kg${rule.CarrierReference ? ` with ${rule.CarrierReference}` : ''}`;
    default:
      return 'organisation rule';
  }
}

/**
 * Allocates one consignment (already known to be in an allocatable state) and answers its Allocation
 * Summary. With no eligible service the consignment moves to `AllocationFailed` and this returns
 * undefined; `rejected` says why.
 */
export function allocate(
  store: OrdersStore,
  consignment: StoredConsignment,
  baseUrl: string,
  allows?: ServiceChoice,
): { summary?: Record<string, unknown>; rejected: ErrorDetail[] } {
  const { eligible, rejected } = shortlist(store, consignment, allows);
  const service = eligible[0];
  if (!service) {
    consignment.State = 'AllocationFailed';
    // As the real Get Consignment shows it: the attempt, and why it failed.
    consignment.FailedAllocation = {
      AttemptedAllocationDate: store.now().toISOString(),
      Message: `No carrier service is eligible: ${rejected.map((detail) => detail.Message).join('; ') || 'none is configured'}`,
      MpdCarrierServiceReference: null,
      MpdCarrierServiceName: null,
      CarrierServiceGroupReference: null,
      MpdCarrierServiceGroupName: null,
    };
    delete consignment.CarrierReference;
    delete consignment.CarrierName;
    delete consignment.CarrierServiceReference;
    delete consignment.CarrierServiceName;
    return { rejected };
  }
  consignment.State = 'Allocated';
  consignment.FailedAllocation = null;
  consignment.CarrierReference = service.CarrierReference;
  consignment.CarrierName = service.CarrierName;
  consignment.CarrierServiceReference = service.ServiceReference;
  consignment.CarrierServiceName = service.ServiceName;
  consignment.AllocationDate = isoWithOffset(store.now());
  consignment.AllocatedPrice = service.Price;
  consignment.TrackingReferences = consignment.Packages.map(
    (_pkg, index) =>
      `${service.CarrierReference.slice(0, 2)}${consignment.Reference.replace(/\W/g, '')}${index + 1}`,
  );
  const summary = {
    StatusCode: 'Allocated',
    Description: `Consignment ${consignment.Reference} allocated to ${service.ServiceName} (${service.CarrierName})`,
    ApiLinks: [
      { Rel: 'detail', Href: `${baseUrl}/consignments/${consignment.Reference}` },
      { Rel: 'label', Href: `${baseUrl}/labels/${consignment.Reference}` },
    ],
    ConsignmentLegs: [
      {
        Leg: 1,
        TrackingReferences: [...consignment.TrackingReferences],
        CarrierReference: service.CarrierReference,
        CarrierServiceReference: service.ServiceReference,
        CarrierName: service.CarrierName,
      },
    ],
    CarrierReference: service.CarrierReference,
    CarrierName: service.CarrierName,
    CarrierServiceReference: service.ServiceReference,
    CarrierServiceName: service.ServiceName,
  };
  store.emit('allocated', consignment.Reference);
  return { summary, rejected };
}

/**
 * The summary of a consignment allocation left `AllocationFailed`: `StatusCode` 400 and the reason in
 * `Description`, so that a list answer reports every consignment, the failed ones included.
 */
export function failedSummary(consignment: StoredConsignment, baseUrl: string): Record<string, unknown> {
  const failed = consignment.FailedAllocation as { Message?: string } | null | undefined;
  return {
    StatusCode: 400,
    Description: failed?.Message ?? `Consignment ${consignment.Reference} was not allocated`,
    ApiLinks: [{ Rel: 'detail', Href: `${baseUrl}/consignments/${consignment.Reference}` }],
    ConsignmentLegs: [],
  };
}

/** 400 `NoQuotesAvailable`, naming why every service was left out. */
export function noQuotes(consignment: StoredConsignment, rejected: ErrorDetail[]): never {
  return fail(
    400,
    ErrorCode.NoQuotesAvailable,
    `No carrier service is eligible for consignment ${consignment.Reference}: it is now AllocationFailed`,
    rejected,
  );
}
