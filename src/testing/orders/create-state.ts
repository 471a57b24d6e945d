// Area A's state made and seeded: apart from state.ts, which only declares it, so that the handlers the
// seeds and tracking call can read the model's types without importing what builds it.

import { auditConsignmentEvents } from './consignments/audit.js';
import { seedAreaA } from './seeds.js';
import type {
  AreaAState,
  CarrierService,
  MockTrackingEvent,
  OrdersStore,
  ShippingLocation,
  StoredConsignment,
} from './state.js';
import { recordAllocation } from './tracking.js';

export function createAreaAState(_store: OrdersStore): AreaAState {
  const state: AreaAState = {
    shippingLocations: new Map(),
    carrierServices: new Map(),
    allocationRules: [],
    deliveryOptions: new Map(),
    orders: new Map(),
    consignments: new Map(),
    manifests: [],
    pickupShops: new Map(),
    trackingEvents: new Map(),
    serviceGroups: new Map(),
    quotes: new Map(),
    auditMessages: new Map(),
    addServiceGroup(group) {
      const stored = { ...group, ServiceReferences: [...group.ServiceReferences] };
      state.serviceGroups.set(stored.Reference, stored);
      return stored;
    },
    addPickupShop(shop) {
      const stored = structuredClone(shop);
      state.pickupShops.set(stored.ShopReference, stored);
      return stored;
    },
    addTrackingEvent(consignmentReference, event) {
      const events = state.trackingEvents.get(consignmentReference) ?? [];
      events.push({
        TimeStamp: event.TimeStamp ?? _store.now().toISOString(),
        Code: event.Code,
        Description: event.Description ?? event.Code,
        SignedBy: event.SignedBy ?? null,
        Location: event.Location ?? null,
      } as Required<MockTrackingEvent>);
      state.trackingEvents.set(consignmentReference, events);
    },
    addShippingLocation(location) {
      const { CountryCode, ...fields } = location;
      const stored: ShippingLocation = {
        ...fields,
        ...(CountryCode && !fields.Country ? { Country: { IsoCode: { TwoLetterCode: CountryCode } } } : {}),
      };
      state.shippingLocations.set(stored.Reference, stored);
      return stored;
    },
    addCarrierService(service) {
      const stored: CarrierService = {
        ...service,
        Countries: [...service.Countries],
        Enabled: service.Enabled ?? true,
      };
      if (service.Tags) stored.Tags = [...service.Tags];
      state.carrierServices.set(stored.ServiceReference, stored);
      return stored;
    },
    addAllocationRule(rule) {
      const stored = { ...rule };
      state.allocationRules.push(stored);
      return stored;
    },
    addDeliveryOption(option) {
      const stored = { ...option };
      state.deliveryOptions.set(stored.Reference, stored);
      return stored;
    },
    getOrder: (reference) => state.orders.get(reference),
    getConsignment: (reference) => state.consignments.get(reference),
    setConsignmentState(reference, next) {
      const consignment = requireConsignment(state, reference);
      // Stored, and answered, in the real spelling: the spec's `Manifest Failed` is `ManifestFailed`.
      consignment.State = next.replace(/\s+/g, '');
      return consignment;
    },
    markLabelsPrinted(reference, printed = true) {
      const consignment = requireConsignment(state, reference);
      consignment.LabelsPrinted = printed;
      return consignment;
    },
  };
  seedAreaA(state);
  // Tracking starts when a consignment is allocated.
  _store.on('allocated', (consignmentReference) => recordAllocation(_store, consignmentReference));
  auditConsignmentEvents(_store);
  return state;
}

function requireConsignment(state: AreaAState, reference: string): StoredConsignment {
  const consignment = state.consignments.get(reference);
  if (!consignment) throw new Error(`No consignment ${reference} in the mock`);
  return consignment;
}
