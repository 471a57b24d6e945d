import { createHook } from 'node:async_hooks';
import {
  type CreateClientsOptions,
  createClients,
  type OrdersClient,
  type ShipmentsClient,
} from '../../src/index.js';
import { newShipment } from '../shipments/stub.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';
import { declaredOperation } from '../support/operations.js';

/** 32 digits: area B's issued references are a prefix and these. */
const DIGITS = '0'.repeat(31) + '1';
const SP = `sp_${DIGITS}` as const;

/**
 * Every operation of both clients, each called once with valid input: shared by the fault matrix and the
 * response fuzz, so that both cover every method. What the declarations say (retry class, whether a body
 * is read) is taken from them; test/operations.test.ts requires a case for every declared operation.
 */

export interface Clients {
  orders: OrdersClient;
  shipments: ShipmentsClient;
}

/** A method called once with valid input. */
interface Case {
  /** The client method, and the operation it sends unless `faultOn` says otherwise. */
  name: string;
  /** The request the fault is injected into, when it is not the method's own (patchOrder reads first). */
  faultOn?: string;
  call(clients: Clients): Promise<unknown>;
}

export interface OperationCase extends Case {
  /** The retry class of the operation the fault is injected into, as declared. */
  repeatable: boolean;
  /** Returns nothing (the operation declares no response): a 2xx body is not read, so a bad one is no failure. */
  returnsVoid: boolean;
}

/** Valid inputs, shared with the fuzz tests' near-valid ones. */
export const update = {
  OrderReference: 'EO-1',
  OrderReferenceProvidedByCustomer: null,
  RequiredDeliveryDate: null,
  ShippingDate: null,
  CustomsDocumentation: null,
  MetaData: null,
} as const;
export const address = { AddressType: 'Sender', AddressLine1: '1 Road', Town: 'Leeds' } as const;
export const pack = { OrderReference: 'EO-1' as const, Packages: [{ Items: [{ Sku: 'A', Quantity: 1 }] }] };
const group = { reference: 'sg_1' } as const;
const { Packages, Addresses } = orderInput();
/** A delivery options request: the order's packages and addresses. */
export const optionsRequest = { Packages, Addresses };

const CASES: Case[] = [
  { name: 'createOrder', call: (c) => c.orders.createOrder(orderInput()) },
  { name: 'getOrder', call: (c) => c.orders.getOrder('EO-1') },
  {
    name: 'updateOrder',
    call: (c) => c.orders.updateOrder('EO-1', update),
  },
  {
    name: 'patchOrder',
    faultOn: 'getOrder',
    call: (c) => c.orders.patchOrder('EO-1', { Tags: ['Fragile'] }),
  },
  {
    name: 'addAddressToOrder',
    call: (c) => c.orders.addAddressToOrder('EO-1', address),
  },
  {
    name: 'updateAddressOnOrder',
    call: (c) => c.orders.updateAddressOnOrder('EO-1', address),
  },
  { name: 'selectDeliveryOption', call: (c) => c.orders.selectDeliveryOption('EDO-1') },
  {
    name: 'packOrder',
    call: (c) => c.orders.packOrder('EO-1', pack),
  },
  { name: 'allocateConsignments', call: (c) => c.orders.allocateConsignments(['EC-1']) },
  {
    name: 'allocateWithCheapestQuote',
    call: (c) => c.orders.allocateWithCheapestQuote('EC-1'),
  },
  { name: 'manifestConsignments', call: (c) => c.orders.manifestConsignments(['EC-1']) },
  {
    name: 'manifestConsignmentsFromQuery',
    call: (c) => c.orders.manifestConsignmentsFromQuery({ States: ['ReadyToShip'] }),
  },
  { name: 'setReadyToShip', call: (c) => c.orders.setReadyToShip(['EC-1']) },
  { name: 'setNotReadyToShip', call: (c) => c.orders.setNotReadyToShip(['EC-1']) },
  { name: 'getCustomerManifests', call: (c) => c.orders.getCustomerManifests() },
  {
    name: 'getCustomerManifest',
    call: (c) => c.orders.getCustomerManifest('0123456789abcdef0123456789abcdef'),
  },
  {
    name: 'getConsignmentLabels',
    call: (c) => c.orders.getConsignmentLabels('EC-1', { format: 'PDF' }),
  },
  { name: 'getPackageLabel', call: (c) => c.orders.getPackageLabel('EC-1', 'EP-1') },
  { name: 'getShippingLocations', call: (c) => c.orders.getShippingLocations() },
  { name: 'getShippingLocation', call: (c) => c.orders.getShippingLocation('SL-LONDON') },
  { name: 'getDeliveryOptions', call: (c) => c.orders.getDeliveryOptions(optionsRequest) },
  {
    name: 'getPickupOptions',
    call: (c) =>
      c.orders.getPickupOptions({ ...optionsRequest, Distance: { Value: 1, Unit: 'Km' }, MaxResults: 5 }),
  },
  { name: 'getCommercialInvoice', call: (c) => c.orders.getCommercialInvoice('EC-1') },
  { name: 'getTracking', call: (c) => c.orders.getTracking('EC-1') },
  { name: 'getConsignment', call: (c) => c.orders.getConsignment('EC-1') },
  {
    name: 'deallocateConsignment',
    call: (c) => c.orders.deallocateConsignment('EC-1'),
  },
  {
    name: 'deallocateConsignments',
    call: (c) => c.orders.deallocateConsignments(['EC-1']),
  },
  {
    name: 'cancelConsignment',
    call: (c) => c.orders.cancelConsignment('EC-1'),
  },
  { name: 'cancelConsignments', call: (c) => c.orders.cancelConsignments(['EC-1']) },
  {
    name: 'searchConsignments',
    call: (c) => c.orders.searchConsignments({ State: 'Allocated' }).page(0),
  },
  {
    name: 'getConsignmentReferences',
    call: (c) => c.orders.getConsignmentReferences({ State: 'Allocated' }),
  },
  { name: 'getCarrierServices', call: (c) => c.orders.getCarrierServices() },
  { name: 'getCarrierServicesForSubscription', call: (c) => c.orders.getCarrierServicesForSubscription() },
  { name: 'getCarriers', call: (c) => c.orders.getCarriers() },
  { name: 'getCollectionCalendar', call: (c) => c.orders.getCollectionCalendar('SL-LONDON', 'ROYALMAIL') },
  { name: 'getPackageSizes', call: (c) => c.orders.getPackageSizes() },
  {
    name: 'addPackage',
    call: (c) =>
      c.orders.addPackage('EC-1', {
        PackageReferenceProvidedByCustomer: 'BOX-2',
        Weight: { Value: 1, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
        Description: 'Spare parts',
        Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
      }),
  },
  { name: 'deletePackage', call: (c) => c.orders.deletePackage('EP-1', 'EC-1') },
  { name: 'dispatchConsignments', call: (c) => c.orders.dispatchConsignments(['EC-1']) },
  { name: 'getConsignmentWithMetadata', call: (c) => c.orders.getConsignmentWithMetadata('EC-1') },
  { name: 'getFlattenedTracking', call: (c) => c.orders.getFlattenedTracking('EC-1') },
  { name: 'getLabels', call: (c) => c.shipments.getLabels('sp_1', { format: 'PDF' }) },
  {
    name: 'getContentsLabel',
    call: (c) => c.shipments.getContentsLabel('sp_1', 'sc_1', { format: 'ZPL', dpi: 203 }),
  },
  {
    name: 'updateShipmentGroup',
    call: (c) => c.shipments.updateShipmentGroup({ reference: 'sg_1', add_shipments: ['sp_1'] }),
  },
  {
    name: 'addShipmentToGroup',
    call: (c) => c.shipments.addShipmentToGroup(group, 'sp_1'),
  },
  {
    name: 'removeShipmentFromGroup',
    call: (c) => c.shipments.removeShipmentFromGroup(group, 'sp_1'),
  },
  { name: 'lockShipmentGroup', call: (c) => c.shipments.lockShipmentGroup('sg_1') },
  { name: 'unlockShipmentGroup', call: (c) => c.shipments.unlockShipmentGroup('sg_1') },
  {
    name: 'createConsignment',
    call: (c) => c.orders.createConsignment(consignmentInput()),
  },
  {
    name: 'updateConsignment',
    call: (c) => c.orders.updateConsignment('EC-1', consignmentInput()),
  },
  {
    name: 'patchConsignment',
    faultOn: 'getConsignment',
    call: (c) => c.orders.patchConsignment('EC-1', { Tags: ['Fragile'] }),
  },
  { name: 'getConsignmentStatus', call: (c) => c.orders.getConsignmentStatus('EC-1') },
  {
    name: 'getConsignmentsForOrders',
    call: (c) => c.orders.getConsignmentsForOrders(['EO-1']),
  },
  {
    name: 'getAssignedShippingLocations',
    call: (c) => c.orders.getAssignedShippingLocations(),
  },
  { name: 'getQuotes', call: (c) => c.orders.getQuotes(consignmentInput()) },
  {
    name: 'getQuotesForConsignment',
    call: (c) => c.orders.getQuotesForConsignment('EC-1'),
  },
  {
    name: 'getServiceGroupQuotes',
    call: (c) => c.orders.getServiceGroupQuotes(consignmentInput()),
  },
  {
    name: 'allocateWithCarrierService',
    call: (c) => c.orders.allocateWithCarrierService(['EC-1'], 'RM-TRACKED48'),
  },
  { name: 'allocateWithQuote', call: (c) => c.orders.allocateWithQuote('EC-1', 'q-1') },
  {
    name: 'allocateWithServiceGroup',
    call: (c) => c.orders.allocateWithServiceGroup('EC-1', 'economy'),
  },
  {
    name: 'allocateWithServiceFilters',
    call: (c) => c.orders.allocateWithServiceFilters(['EC-1'], { ServiceDirection: 'Outbound' }),
  },
  {
    name: 'selectDeliveryOptionAsConsignment',
    call: (c) => c.orders.selectDeliveryOptionAsConsignment('EDO-1'),
  },
  {
    name: 'selectDeliveryOptionsAsOrders',
    // The mock serves both selects of `/deliveryoptions/selectorder` under the one's name.
    faultOn: 'selectDeliveryOption',
    call: (c) => c.orders.selectDeliveryOptionsAsOrders([{ Reference: 'EDO-1' }]),
  },
  {
    name: 'getDeliveryOptionSummary',
    call: (c) => c.orders.getDeliveryOptionSummary(optionsRequest),
  },
  { name: 'getDeliveryOption', call: (c) => c.orders.getDeliveryOption('EDO-1') },
  { name: 'reservePickupOption', call: (c) => c.orders.reservePickupOption('EDO-1') },
  { name: 'getCustomsDocuments', call: (c) => c.orders.getCustomsDocuments('EC-1') },
  { name: 'getCn22', call: (c) => c.orders.getCn22('EC-1', 'EP-1') },
  { name: 'getCn23', call: (c) => c.orders.getCn23('EC-1', 'EP-1') },
  {
    name: 'createShipmentGroup',
    call: (c) => c.shipments.createShipmentGroup({ custom_reference: 'evening-run', shipments: ['sp_1'] }),
  },
  { name: 'getShipmentGroup', call: (c) => c.shipments.getShipmentGroup('sg_1') },
  { name: 'closeShipmentGroup', call: (c) => c.shipments.closeShipmentGroup('sg_1') },
  { name: 'getDocuments', call: (c) => c.shipments.getDocuments('sp_1') },
  { name: 'getDocument', call: (c) => c.shipments.getDocument('sp_1', 'cn22') },
  { name: 'createShipment', call: (c) => c.shipments.createShipment(newShipment()) },
  { name: 'getShipment', call: (c) => c.shipments.getShipment(SP) },
  { name: 'updateShipment', call: (c) => c.shipments.updateShipment({ ...newShipment(), reference: SP }) },
  { name: 'deleteShipment', call: (c) => c.shipments.deleteShipment(SP) },
  { name: 'cancelShipment', call: (c) => c.shipments.cancelShipment(SP) },
  {
    name: 'changeShipmentState',
    call: (c) =>
      c.shipments.changeShipmentState({
        reference: SP,
        state: 'ready_to_ship',
        reason: 'packed and waiting',
      }),
  },
  { name: 'getShipmentStateCounts', call: (c) => c.shipments.getShipmentStateCounts() },
  { name: 'createQuote', call: (c) => c.shipments.createQuote(newShipment()) },
  { name: 'getQuotesForShipment', call: (c) => c.shipments.getQuotesForShipment(SP) },
  {
    name: 'createQuoteForServiceGroup',
    call: (c) => c.shipments.createQuoteForServiceGroup('domestic', newShipment()),
  },
  { name: 'allocateShipments', call: (c) => c.shipments.allocateShipments([SP]) },
  {
    name: 'allocateShipmentsWithFilters',
    call: (c) => c.shipments.allocateShipmentsWithFilters([SP], { direction: 'outbound' }),
  },
  {
    name: 'allocateShipmentsWithCarrierService',
    call: (c) => c.shipments.allocateShipmentsWithCarrierService([SP], 'MOCK-24'),
  },
  {
    name: 'allocateShipmentsWithServiceGroup',
    call: (c) => c.shipments.allocateShipmentsWithServiceGroup([SP], 'domestic'),
  },
  { name: 'allocateShipment', call: (c) => c.shipments.allocateShipment(SP) },
  {
    name: 'allocateShipmentWithQuote',
    call: (c) => c.shipments.allocateShipmentWithQuote(SP, `qu_${DIGITS}`),
  },
  {
    name: 'allocateShipmentWithCarrierService',
    call: (c) => c.shipments.allocateShipmentWithCarrierService(SP, 'MOCK-24'),
  },
  {
    name: 'allocateShipmentWithServiceGroup',
    call: (c) => c.shipments.allocateShipmentWithServiceGroup(SP, 'domestic'),
  },
  {
    name: 'allocateShipmentWithVirtualService',
    call: (c) => c.shipments.allocateShipmentWithVirtualService(SP, 'next-day'),
  },
  { name: 'deallocateShipment', call: (c) => c.shipments.deallocateShipment(SP) },
  { name: 'manifestShipment', call: (c) => c.shipments.manifestShipment(SP) },
  { name: 'manifestShipments', call: (c) => c.shipments.manifestShipments([SP]) },
  { name: 'manifestShipmentGroup', call: (c) => c.shipments.manifestShipmentGroup(`sg_${DIGITS}`) },
  { name: 'getManifest', call: (c) => c.shipments.getManifest(`ma_${DIGITS}`) },
  { name: 'getTracking', call: (c) => c.shipments.getTracking(SP) },
  { name: 'getShipmentContentsTracking', call: (c) => c.shipments.getShipmentContentsTracking(SP) },
  {
    name: 'getTrackingByCustomReference',
    call: (c) => c.shipments.getTrackingByCustomReference('ORDER-1001').page(0),
  },
  {
    name: 'getShipmentContentsTrackingByCustomReference',
    call: (c) => c.shipments.getShipmentContentsTrackingByCustomReference('LINE-1').page(0),
  },
  { name: 'getCollectionNote', call: (c) => c.shipments.getCollectionNote({ reference: `sg_${DIGITS}` }) },
  {
    name: 'addPaperlessDocument',
    call: (c) =>
      c.shipments.addPaperlessDocument(SP, {
        file_content: 'JVBERi0xLjQ=',
        file_format: 'pdf',
        document_type: 'commercial_invoice',
        usage: 'electronic_trade',
      }),
  },
  { name: 'getPaperlessDocument', call: (c) => c.shipments.getPaperlessDocument(`pd_${DIGITS}`) },
  { name: 'removePaperlessDocument', call: (c) => c.shipments.removePaperlessDocument(`pd_${DIGITS}`) },
];

export const OPERATIONS: OperationCase[] = CASES.map((entry) => {
  const operation = declaredOperation(entry.faultOn ?? entry.name);
  return {
    ...entry,
    repeatable: operation.retry === 'repeatable',
    returnsVoid: entry.faultOn === undefined && operation.response === undefined,
  };
});

/** Both clients over one fetch function, as an integrator would build them. */
export function clientsOver(
  fetch: CreateClientsOptions['fetch'],
  options: CreateClientsOptions = {},
): Clients {
  return createClients({ fetch, ...options });
}

export interface Outcome {
  settled: boolean;
  value?: unknown;
  error?: unknown;
}

/** The call's outcome, or `settled: false` when it has neither resolved nor rejected within `ms`. */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsettled = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ settled: false }), ms);
  });
  const settled = promise.then(
    (value): Outcome => ({ settled: true, value }),
    (error: unknown): Outcome => ({ settled: true, error }),
  );
  try {
    return await Promise.race([settled, unsettled]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watches the timers created from now on. `stillPending()` lists those neither fired nor cleared: a call
 * that settled but left one behind keeps a process alive (or fires into a finished test).
 */
export function trackTimers() {
  const pending = new Map<number, string>();
  const hook = createHook({
    init(id, type) {
      if (type === 'Timeout') pending.set(id, new Error().stack?.split('\n').slice(3, 8).join('\n') ?? '');
    },
    destroy(id) {
      pending.delete(id);
    },
  }).enable();
  return {
    async stillPending(): Promise<string[]> {
      // Destroy hooks run in a batch after the current tick.
      await new Promise((resolve) => setImmediate(resolve));
      hook.disable();
      return [...pending.values()];
    },
  };
}
