import { empty } from '../../router.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import type { JsonObject, OrdersContext, StoredConsignment } from '../state.js';
import { clone, dayOf, isObject, sameState, sameText } from '../util.js';
import {
  checkAddress,
  checkOrderAddresses,
  requireBodyObject,
  requireConsignment,
  shippingLocationOf,
  withLocationAddress,
} from '../validate.js';
import { recordAudit } from './audit.js';

/**
 * Edits of one part of a consignment: an address (Update Consignment Address), the customer reference
 * and dates (Set Consignment Details), the customer reference alone (Set Customer Provided Reference).
 * The vendor's state table offers "edit consignment details" to `Unallocated` and `AllocationFailed`
 * consignments only: in any other state an edit that would change something is refused (400
 * `InvalidConsignmentState`), and one that changes nothing is answered 200, as a repeat of an edit that
 * was made before the consignment moved on would be. The customer reference alone may be set in every
 * state (the reference documents no 400 for it).
 */

const EDITABLE = ['Unallocated', 'AllocationFailed'];
const FINISHED = ['Cancelling', 'Cancelled'];

/** JSON with sorted keys: two values that say the same thing compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner) =>
    isObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
}

/** Refuses a change the consignment's state does not take (`what` changes, `action` is the edit). */
function requireEditable(consignment: StoredConsignment, what: string[], action: string): void {
  if (what.length === 0) return;
  const finished = FINISHED.some((state) => sameState(state, consignment.State));
  if (!finished && EDITABLE.some((state) => sameState(state, consignment.State))) return;
  fail(
    400,
    ErrorCode.InvalidConsignmentState,
    `Consignment ${consignment.Reference} is ${consignment.State}: its ${what.join(' and ')} cannot change; ${action} needs ${EDITABLE.join(' or ')}`,
    what.map((name) => ({ Code: 'InvalidConsignmentState', Target: name, Message: `${name} cannot change` })),
  );
}

/**
 * PUT /consignments/:consignmentReference with an address: replaces the consignment's address of the same
 * `AddressType` (which it must have: 400 `AddressTypeNotOnConsignment`), filled in from its shipping
 * location as at creation. The consignment must keep an `Origin` and a `Destination`, one of them at a
 * valid shipping location. Answers 200 with no body.
 */
export function updateConsignmentAddress(context: OrdersContext): Response {
  const { store } = context;
  const consignment = requireConsignment(store, context.params.consignmentReference);
  const address = withLocationAddress(store, clone(checkAddress(store, context.body, 'Address')));
  const index = consignment.Addresses.findIndex((existing) =>
    sameText(existing.AddressType, address.AddressType),
  );
  if (index === -1) {
    fail(
      400,
      ErrorCode.AddressTypeNotOnConsignment,
      `Consignment ${consignment.Reference} has no ${String(address.AddressType)} address`,
    );
  }
  const addresses = consignment.Addresses.map((existing, at) => (at === index ? address : existing));
  checkOrderAddresses(store, addresses);
  const changed = canonical(addresses[index]) !== canonical(consignment.Addresses[index]);
  requireEditable(consignment, changed ? ['Addresses'] : [], 'editing an address');
  if (changed) {
    consignment.Addresses = addresses;
    const location = shippingLocationOf(addresses);
    if (location) consignment.ShippingLocationReference = location;
    recordAudit(store, consignment.Reference, {
      Category: 'ConsignmentLifecycle',
      Severity: 'Low',
      Message: `${String(address.AddressType)} address updated`,
      Timestamp: store.now().toISOString(),
    });
  }
  return empty(200);
}

/** A date-time the details set, or undefined when left out or null (which keep the value). */
function optionalDateTime(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || dayOf(value) === undefined) invalid(key, 'must be an ISO 8601 date-time');
  return value as string;
}

/** The stored delivery date as `{ Date, IsToBeExactlyOnTheDateSpecified }`, whichever form it was stored in. */
function deliveryDateObject(stored: unknown): JsonObject {
  if (isObject(stored)) return clone(stored);
  return typeof stored === 'string' ? { Date: stored, IsToBeExactlyOnTheDateSpecified: false } : {};
}

/**
 * PUT /consignments/:consignmentReference/details `{ ConsignmentReferenceProvidedByCustomer,
 * RequestedDeliveryDate, ShippingDateTime, IsExactRequestedDeliveryDate }`: sets what is given; a property
 * left out or `null` keeps its value. Answers 200 with no body.
 */
export function setConsignmentDetails(context: OrdersContext): Response {
  const { store } = context;
  const consignment = requireConsignment(store, context.params.consignmentReference);
  const body = requireBodyObject(context.body);
  const customer = body.ConsignmentReferenceProvidedByCustomer;
  if (customer !== undefined && customer !== null && typeof customer !== 'string')
    invalid('ConsignmentReferenceProvidedByCustomer', 'must be a string');
  const requested = optionalDateTime(body, 'RequestedDeliveryDate');
  const shipping = optionalDateTime(body, 'ShippingDateTime');
  const exact = body.IsExactRequestedDeliveryDate;
  if (exact !== undefined && exact !== null && typeof exact !== 'boolean')
    invalid('IsExactRequestedDeliveryDate', 'must be a boolean');

  const delivery = deliveryDateObject(consignment.RequiredDeliveryDate);
  if (requested !== undefined) delivery.Date = requested;
  if (typeof exact === 'boolean') delivery.IsToBeExactlyOnTheDateSpecified = exact;
  const changes: [string, boolean][] = [
    [
      'ConsignmentReferenceProvidedByCustomer',
      typeof customer === 'string' && customer !== (consignment.OrderReferenceProvidedByCustomer ?? ''),
    ],
    [
      'RequestedDeliveryDate',
      (requested !== undefined || typeof exact === 'boolean') &&
        canonical(delivery) !== canonical(deliveryDateObject(consignment.RequiredDeliveryDate)),
    ],
    ['ShippingDateTime', shipping !== undefined && shipping !== consignment.ShippingDate],
  ];
  const changed = changes.filter(([, change]) => change).map(([name]) => name);
  requireEditable(consignment, changed, 'setting its details');
  if (changed.length === 0) return empty(200);
  if (changed.includes('ConsignmentReferenceProvidedByCustomer')) setCustomerReference(consignment, customer);
  if (changed.includes('RequestedDeliveryDate') && delivery.Date !== undefined)
    consignment.RequiredDeliveryDate = delivery as unknown as string;
  if (shipping !== undefined) consignment.ShippingDate = shipping;
  recordAudit(store, consignment.Reference, {
    Category: 'ConsignmentLifecycle',
    Severity: 'Low',
    Message: 'Details updated',
    Details: changed.join(', '),
    Timestamp: store.now().toISOString(),
  });
  return empty(200);
}

/** The store keeps the customer reference where packed consignments keep theirs: search reads it there. */
function setCustomerReference(consignment: StoredConsignment, reference: unknown): void {
  if (typeof reference === 'string' && reference !== '')
    consignment.OrderReferenceProvidedByCustomer = reference;
  else delete consignment.OrderReferenceProvidedByCustomer;
}

/**
 * PUT /consignments/:consignmentReference/setcustomerprovidedreference `{ Reference }`: the consignment's
 * `ConsignmentReferenceProvidedByCustomer` becomes `Reference`, in any state. Answers 200 with no body.
 */
export function setConsignmentCustomerReference(context: OrdersContext): Response {
  const { store } = context;
  const consignment = requireConsignment(store, context.params.consignmentReference);
  const body = requireBodyObject(context.body);
  const reference = body.Reference;
  if (reference !== undefined && reference !== null && typeof reference !== 'string')
    invalid('Reference', 'must be a string');
  if ((reference ?? '') === (consignment.OrderReferenceProvidedByCustomer ?? '')) return empty(200);
  setCustomerReference(consignment, reference);
  recordAudit(store, consignment.Reference, {
    Category: 'ConsignmentLifecycle',
    Severity: 'Low',
    Message: 'Customer reference set',
    Timestamp: store.now().toISOString(),
  });
  return empty(200);
}
