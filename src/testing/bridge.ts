/**
 * Where the mock's two areas meet, and nowhere else: the store both share, the shipment area B makes
 * when area A allocates a consignment, the label both serve (area B's shipment, area A's consignment
 * printed on it), and the customs forms of a shipment's consignment. The areas reach each other only
 * through the store's events and questions, which this module handles; only the mock's assembly
 * (`service.ts`) imports it.
 */

import { createAreaAState } from './orders/create-state.js';
import { customsPdf, isInternational } from './orders/documents.js';
import { type AreaAState, getConsignment, markLabelsPrinted } from './orders/state.js';
import { addressOfType } from './orders/util.js';
import { renderLabel } from './shipments/labels.js';
import {
  type AreaBState,
  createAreaBState,
  findRecord,
  touch,
  withdrawAllocation,
} from './shipments/state.js';
import { type ConsignmentLabelRequest, createStore, type StoreCore, type StoreOptions } from './store.js';

/** The mock's whole state. Both areas share it, so an allocation in area A labels a shipment in area B. */
export interface MockStore extends StoreCore {
  /** Area A: shipping locations, carrier services, allocation rules, delivery options, orders, consignments, manifests. */
  readonly orders: AreaAState;
  /** Area B: shipments, shipment groups and the label extension. */
  readonly shipments: AreaBState;
}

/** A fresh store: both areas' states, seeded, and connected. */
export function createMockStore(options: StoreOptions): MockStore {
  const store: MockStore = createStore(options, (core: MockStore) => ({
    orders: createAreaAState(core),
    shipments: createAreaBState(core),
  }));
  store.on('allocated', (consignmentReference) => labelAllocatedConsignment(store, consignmentReference));
  store.on('deallocated', (consignmentReference) => {
    const shipment = store.shipments.shipmentForConsignment(consignmentReference);
    if (shipment) shipment.allocated = false;
  });
  store.on('changed', (consignmentReference) => followConsignment(store, consignmentReference));
  store.on('labelPrinted', (consignmentReference) => {
    if (getConsignment(store, consignmentReference)) markLabelsPrinted(store, consignmentReference);
  });
  store.answer({
    consignmentLabel: (request) => consignmentLabel(store, request),
    consignmentDestination: (consignmentReference) => destinationLines(store, consignmentReference),
    consignmentCustomsPdf(consignmentReference, title) {
      const consignment = getConsignment(store, consignmentReference);
      return consignment && isInternational(consignment) ? customsPdf(consignment, title) : undefined;
    },
  });
  return store;
}

/** Area B's state for a consignment's state in area A, where area A moves a labelled shipment on. */
const SHIPMENT_STATE_OF: Readonly<Record<string, string>> = {
  Manifested: 'manifested',
  Cancelled: 'cancelled',
  Unallocated: 'unallocated',
};

/**
 * The shipment follows its consignment: manifested in area A is manifested in area B (so it can no longer
 * be cancelled there), and a cancelled or de-allocated consignment takes the shipment's allocation away.
 */
function followConsignment(store: MockStore, consignmentReference: string): void {
  const consignment = getConsignment(store, consignmentReference);
  const shipment = store.shipments.shipmentForConsignment(consignmentReference);
  const state = consignment && SHIPMENT_STATE_OF[consignment.State];
  if (!shipment || !state) return;
  const record = findRecord(store, shipment.reference);
  if (!record || record.state === state) return;
  if (state !== 'manifested') withdrawAllocation(store, record);
  record.state = state;
  touch(store, record);
}

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `Package ${index + 1}`);

/** A shipment is labelled when its consignment is allocated: make it, or relabel it after a reallocation. */
function labelAllocatedConsignment(store: MockStore, consignmentReference: string): void {
  const consignment = getConsignment(store, consignmentReference);
  if (!consignment) return;
  const carrierName = consignment.CarrierName ?? 'Mock Carrier';
  const existing = store.shipments.shipmentForConsignment(consignmentReference);
  if (existing) {
    existing.allocated = true;
    existing.carrierName = carrierName;
    if (consignment.CarrierServiceName !== undefined)
      existing.carrierServiceName = consignment.CarrierServiceName;
    return;
  }
  const packages = consignment.Packages;
  store.shipments.addShipment({
    carrierName,
    consignmentReference,
    packageDescriptions: numbered(Math.max(1, packages.length)).map((fallback, index) => {
      const description = packages[index]?.Description;
      return typeof description === 'string' && description !== '' ? description : fallback;
    }),
    ...(consignment.CarrierServiceName !== undefined
      ? { carrierServiceName: consignment.CarrierServiceName }
      : {}),
  });
}

/** The label of the consignment's shipment (a package's: that shipment's contents label for it). */
function consignmentLabel(store: MockStore, request: ConsignmentLabelRequest): Uint8Array | undefined {
  const shipment = store.shipments.shipmentForConsignment(request.consignmentReference);
  if (!shipment?.allocated) return undefined;
  const contentsReference =
    request.packageIndex === undefined ? undefined : shipment.contents[request.packageIndex]?.reference;
  return renderLabel(store, shipment, {
    format: request.format,
    dpi: request.dpi,
    includeExtension: true,
    ...(contentsReference ? { contentsReference } : {}),
  });
}

/** The destination of a consignment, as label lines: name, street, town, postcode. */
function destinationLines(store: MockStore, consignmentReference: string): string[] | undefined {
  const consignment = getConsignment(store, consignmentReference);
  const destination = consignment ? addressOfType(consignment.Addresses, 'Destination') : undefined;
  if (!destination) return undefined;
  const contact = (destination.Contact ?? {}) as Record<string, unknown>;
  const name = [contact.FirstName, contact.LastName].filter((part) => typeof part === 'string').join(' ');
  const lines = [
    name || destination.CompanyName,
    destination.AddressLine1,
    destination.Town,
    destination.Postcode,
  ];
  return lines.filter((line): line is string => typeof line === 'string' && line !== '');
}
