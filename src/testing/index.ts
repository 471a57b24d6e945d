/**
 * A stateful mock of both areas of the service, for your tests and demos: {@link createMockService}.
 * It enforces the service's rules, answers with its error shapes, and makes real label and manifest
 * files. Use it through its `fetch` (no globals patched), MSW's `setupServer(...mock.handlers)` (`msw`
 * is an optional peer dependency, needed only for `handlers`), or a real HTTP server on loopback
 * (`mock.listen()`). The store types let you seed it and inspect what your code did.
 *
 * @module consignkit/testing
 */

export type { OperationName } from '../core/operation-names.js';
export type { Transmissions } from './admin.js';
export { createMockService } from './create-mock-service.js';
export type { Fault } from './faults.js';
export type { MockServer } from './http-server.js';
export type {
  AllocationRule,
  AreaAState,
  CarrierService,
  ConsignmentState,
  CustomerManifest,
  DeliveryOption,
  ExcludeCarrierRule,
  ExcludeServiceRule,
  JsonObject,
  LocationCountry,
  MaxWeightRule,
  MockTrackingEvent,
  PickupShop,
  ServiceGroup,
  ShippingLocation,
  StoredConsignment,
  StoredConsignmentQuote,
  StoredOrder,
} from './orders/state.js';
export type { MockHandler, MockService, MockServiceOptions, MockStore } from './service.js';
export type {
  CarrierCatalogue,
  MockCarrierService,
  MockServiceGroup,
  ShipmentType,
} from './shipments/carrier-services.js';
export type {
  AddShipmentGroupInput,
  AddShipmentInput,
  AreaBState,
  LabelFormatName,
  Lifecycle,
  MockContentsItem,
  MockShipment,
  MockShipmentGroup,
  QueuedAllocation,
  ShipmentAllocation,
  ShipmentRecord,
  StoredManifest,
  StoredPaperlessDocument,
  StoredQuote,
  TrackingEvent,
} from './shipments/state.js';
export type { ConsignmentEvent, Listener, RecordedRequest } from './store.js';
