/**
 * Where the mock's two areas meet, and nowhere else: the store both share, the shipment area B makes
 * when area A allocates a consignment, the label both serve (area B's shipment, area A's consignment
 * printed on it), and the customs forms of a shipment's consignment.
 */
import { type LabelContent, labelBmp, labelPdf, labelPng, labelZpl } from './label-renderer.js';
import { customsPdf, isInternational } from './orders/documents.js';
import { type AreaAState, createAreaAState, getConsignment, markLabelsPrinted } from './orders/state.js';
import { addressOfType } from './orders/util.js';
import {
  type AreaBState,
  createAreaBState,
  findRecord,
  type ShipmentRecord,
  touch,
  withdrawAllocation,
} from './shipments/state.js';
import { createStore, type StoreCore, type StoreOptions } from './store.js';

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
  store.on('changed', (consignmentReference) => followConsignment(store, consignmentReference));
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

/** What a label is asked for, in either area. */
export interface LabelRequest {
  /** Area B's formats, and PNG, which only area A serves. */
  format: 'PDF' | 'ZPL' | 'BMP' | 'PNG';
  dpi: number;
  includeExtension: boolean;
  rotation?: 'left' | 'right';
  contentsReference?: string;
}

/** The destination of the shipment's consignment, as label lines: name, street, town, postcode. */
function deliverTo(store: MockStore, shipment: ShipmentRecord): Pick<LabelContent, 'deliverTo'> {
  const consignment = shipment.consignmentReference && getConsignment(store, shipment.consignmentReference);
  const destination = consignment ? addressOfType(consignment.Addresses, 'Destination') : undefined;
  if (!destination) return {};
  const contact = (destination.Contact ?? {}) as Record<string, unknown>;
  const name = [contact.FirstName, contact.LastName].filter((part) => typeof part === 'string').join(' ');
  const lines = [
    name || destination.CompanyName,
    destination.AddressLine1,
    destination.Town,
    destination.Postcode,
  ];
  return { deliverTo: lines.filter((line): line is string => typeof line === 'string' && line !== '') };
}

/**
 * The label file of a shipment, as both areas serve it; rendering it records, in area A, that the
 * consignment's labels were printed.
 */
export function renderLabel(store: MockStore, shipment: ShipmentRecord, request: LabelRequest): Uint8Array {
  const extension = request.includeExtension ? store.shipments.labelExtension : undefined;
  const content: LabelContent = {
    shipmentReference: shipment.reference,
    carrierName: shipment.carrierName,
    ...(request.contentsReference ? { contentsReference: request.contentsReference } : {}),
    ...(shipment.consignmentReference ? { consignmentReference: shipment.consignmentReference } : {}),
    ...deliverTo(store, shipment),
    ...(extension ? { extension } : {}),
  };
  const bytes =
    request.format === 'PDF'
      ? labelPdf(content)
      : request.format === 'ZPL'
        ? labelZpl(content, request.dpi)
        : request.format === 'PNG'
          ? labelPng(content, request.dpi)
          : labelBmp(content, request.dpi, request.rotation);
  const consignment = shipment.consignmentReference;
  if (consignment && getConsignment(store, consignment)) markLabelsPrinted(store, consignment);
  return bytes;
}

/**
 * A customs form (`title`, such as `Commercial Invoice`) for the shipment, made from its consignment;
 * `undefined` when it has none to make: no consignment, not allocated, or not international.
 */
export function shipmentCustomsPdf(
  store: MockStore,
  shipment: ShipmentRecord,
  title: string,
): Uint8Array | undefined {
  const consignment = shipment.consignmentReference
    ? getConsignment(store, shipment.consignmentReference)
    : undefined;
  if (!consignment || !shipment.allocated || !isInternational(consignment)) return undefined;
  return customsPdf(consignment, title);
}
