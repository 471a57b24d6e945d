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
const DIGITS = `${'0'.repeat(31)}1`;
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
export const details = { RequestedDeliveryDate: '2026-01-09', IsExactRequestedDeliveryDate: true } as const;
export const pack = { OrderReference: 'EO-1' as const, Packages: [{ Items: [{ Sku: 'A', Quantity: 1 }] }] };
const group = { reference: 'sg_1' } as const;
const { Packages, Addresses } = orderInput();
/** A delivery options request: the order's packages and addresses. */
export const optionsRequest = { Packages, Addresses };
/** An item's reference (32 hex characters), and an item to add, as the C# contract requires one. */
export const ITEM = '0123456789abcdef0123456789abcdef';
export const newItem = {
  ItemReferenceProvidedByCustomer: 'LINE-1',
  Weight: { Value: 0.4, Unit: 'Kg' as const },
  Dimensions: { Unit: 'Cm' as const, Width: 10, Length: 10, Height: 12 },
  Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
};

const CASES: Case[] = [
  { name: 'createOrder', call: (c) => c.orders.create(orderInput()) },
  { name: 'getOrder', call: (c) => c.orders.get('EO-1') },
  {
    name: 'updateOrder',
    call: (c) => c.orders.update('EO-1', update),
  },
  {
    name: 'patchOrder',
    faultOn: 'getOrder',
    call: (c) => c.orders.patch('EO-1', { Tags: ['Fragile'] }),
  },
  {
    name: 'addAddressToOrder',
    call: (c) => c.orders.addAddress('EO-1', address),
  },
  {
    name: 'updateAddressOnOrder',
    call: (c) => c.orders.updateAddress('EO-1', address),
  },
  { name: 'selectDeliveryOption', call: (c) => c.orders.deliveryOptions.selectAsOrder('EDO-1') },
  {
    name: 'packOrder',
    call: (c) => c.orders.pack('EO-1', pack),
  },
  { name: 'allocateConsignments', call: (c) => c.orders.allocation.allocate(['EC-1']) },
  {
    name: 'allocateWithCheapestQuote',
    call: (c) => c.orders.allocation.allocateWithCheapestQuote('EC-1'),
  },
  { name: 'manifestConsignments', call: (c) => c.orders.manifests.manifest(['EC-1']) },
  {
    name: 'manifestConsignmentsFromQuery',
    call: (c) => c.orders.manifests.manifestFromQuery({ States: ['ReadyToShip'] }),
  },
  { name: 'setReadyToShip', call: (c) => c.orders.consignments.setReadyToShip(['EC-1']) },
  { name: 'setNotReadyToShip', call: (c) => c.orders.consignments.setNotReadyToShip(['EC-1']) },
  { name: 'getCustomerManifests', call: (c) => c.orders.manifests.list() },
  {
    name: 'getCustomerManifest',
    call: (c) => c.orders.manifests.get('0123456789abcdef0123456789abcdef'),
  },
  {
    name: 'getCustomerManifestsFiltered',
    call: (c) => c.orders.manifests.search({ CarrierNames: ['Royal Mail'] }).page(0),
  },
  {
    name: 'getCustomerManifestFileSentToCarrier',
    call: (c) => c.orders.manifests.getFileSentToCarrier('0123456789abcdef0123456789abcdef'),
  },
  {
    name: 'getConsignmentLabels',
    call: (c) => c.orders.labels.get('EC-1', { format: 'PDF' }),
  },
  { name: 'getPackageLabel', call: (c) => c.orders.labels.getForPackage('EC-1', 'EP-1') },
  { name: 'getShippingLocations', call: (c) => c.orders.shippingLocations.list() },
  { name: 'getShippingLocation', call: (c) => c.orders.shippingLocations.get('SL-LONDON') },
  { name: 'getDeliveryOptions', call: (c) => c.orders.deliveryOptions.list(optionsRequest) },
  {
    name: 'getPickupOptions',
    call: (c) =>
      c.orders.deliveryOptions.listPickup({
        ...optionsRequest,
        Distance: { Value: 1, Unit: 'Km' },
        MaxResults: 5,
      }),
  },
  { name: 'getCommercialInvoice', call: (c) => c.orders.documents.getCommercialInvoice('EC-1') },
  { name: 'getTracking', call: (c) => c.orders.tracking.get('EC-1') },
  { name: 'getConsignment', call: (c) => c.orders.consignments.get('EC-1') },
  {
    name: 'deallocateConsignment',
    call: (c) => c.orders.allocation.deallocate('EC-1'),
  },
  {
    name: 'deallocateConsignments',
    call: (c) => c.orders.allocation.deallocateMany(['EC-1']),
  },
  {
    name: 'cancelConsignment',
    call: (c) => c.orders.consignments.cancel('EC-1'),
  },
  { name: 'cancelConsignments', call: (c) => c.orders.consignments.cancelMany(['EC-1']) },
  {
    name: 'searchConsignments',
    call: (c) => c.orders.consignments.search({ State: 'Allocated' }).page(0),
  },
  {
    name: 'getConsignmentReferences',
    call: (c) => c.orders.consignments.getReferences({ State: 'Allocated' }),
  },
  { name: 'getCarrierServices', call: (c) => c.orders.carrierServices.list() },
  { name: 'getCarrierServicesForSubscription', call: (c) => c.orders.carrierServices.listForSubscription() },
  { name: 'getCarriers', call: (c) => c.orders.carrierServices.listCarriers() },
  { name: 'getCollectionCalendar', call: (c) => c.orders.collectionCalendar.get('SL-LONDON', 'ROYALMAIL') },
  { name: 'getPackageSizes', call: (c) => c.orders.packageSizes.list() },
  { name: 'getDefaultPackageSize', call: (c) => c.orders.packageSizes.getDefault() },
  { name: 'getServiceGroups', call: (c) => c.orders.serviceGroups.list() },
  { name: 'getServiceGroup', call: (c) => c.orders.serviceGroups.get('economy') },
  { name: 'getServiceGroupSummaries', call: (c) => c.orders.serviceGroups.listSummaries() },
  { name: 'getServiceGroupSummary', call: (c) => c.orders.serviceGroups.getSummary('economy') },
  {
    name: 'isServiceGroupReferenceAvailable',
    call: (c) => c.orders.serviceGroups.isReferenceAvailable('economy'),
  },
  {
    name: 'addPackage',
    call: (c) =>
      c.orders.packages.add('EC-1', {
        PackageReferenceProvidedByCustomer: 'BOX-2',
        Weight: { Value: 1, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
        Description: 'Spare parts',
        Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
      }),
  },
  { name: 'deletePackage', call: (c) => c.orders.packages.delete('EP-1', 'EC-1') },
  { name: 'removePackage', call: (c) => c.orders.packages.remove('EC-1', 'EP-1') },
  {
    name: 'updatePackage',
    call: (c) =>
      c.orders.packages.update('EP-1', {
        Weight: { Value: 1, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
        Description: 'Spare parts',
        Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
      }),
  },
  {
    name: 'setPackageCustomerReference',
    call: (c) => c.orders.packages.setCustomerReference('EP-1', 'BOX-1'),
  },
  { name: 'addItem', call: (c) => c.orders.items.add('EP-1', newItem, 'EC-1') },
  { name: 'addItems', call: (c) => c.orders.items.addMany('EP-1', [newItem], 'EC-1') },
  { name: 'moveItem', call: (c) => c.orders.items.move(ITEM, 'EP-2', 'EC-1') },
  { name: 'removeItem', call: (c) => c.orders.items.remove('EP-1', ITEM, 'EC-1') },
  {
    name: 'setItemCustomerReferenceByLabelBarcode',
    call: (c) => c.orders.items.setCustomerReferenceByLabelBarcode('RMEC0000000011', 'PICK-1'),
  },
  {
    name: 'addOrderPackages',
    call: (c) =>
      c.orders.orderPackages.add('EO-1', [
        {
          PackageReferenceProvidedByCustomer: 'BOX-2',
          Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
          Items: [{ Sku: 'PLATE', Value: { Amount: 4 } }],
        },
      ]),
  },
  {
    name: 'updateOrderPackages',
    call: (c) => c.orders.orderPackages.update('EO-1', [{ Reference: 'EP-1', Description: 'Boxed' }]),
  },
  { name: 'deleteOrderPackages', call: (c) => c.orders.orderPackages.delete('EO-1', ['EP-1']) },
  {
    name: 'addOrderPackageItems',
    call: (c) =>
      c.orders.orderPackages.addItems('EO-1', 'EP-1', [
        { ItemReferenceProvidedByCustomer: 'LINE-3', Value: { Amount: 4 } },
      ]),
  },
  {
    name: 'updateOrderPackageItems',
    call: (c) =>
      c.orders.orderPackages.updateItems('EO-1', 'EP-1', [
        { Reference: 'f'.repeat(32), Quantity: 2, Value: { Amount: 4 } },
      ]),
  },
  {
    name: 'deleteOrderPackageItems',
    call: (c) => c.orders.orderPackages.deleteItems('EO-1', 'EP-1', ['f'.repeat(32)]),
  },
  { name: 'dispatchConsignments', call: (c) => c.orders.consignments.dispatch(['EC-1']) },
  { name: 'getConsignmentWithMetadata', call: (c) => c.orders.consignments.getWithMetadata('EC-1') },
  { name: 'getFlattenedTracking', call: (c) => c.orders.tracking.getPerPackage('EC-1') },
  { name: 'getLabels', call: (c) => c.shipments.labels.get('sp_1', { format: 'PDF' }) },
  {
    name: 'getContentsLabel',
    call: (c) => c.shipments.labels.getForContents('sp_1', 'sc_1', { format: 'ZPL', dpi: 203 }),
  },
  {
    name: 'updateShipmentGroup',
    call: (c) => c.shipments.groups.update({ reference: 'sg_1', add_shipments: ['sp_1'] }),
  },
  {
    name: 'addShipmentToGroup',
    call: (c) => c.shipments.groups.addShipment(group, 'sp_1'),
  },
  {
    name: 'removeShipmentFromGroup',
    call: (c) => c.shipments.groups.removeShipment(group, 'sp_1'),
  },
  { name: 'lockShipmentGroup', call: (c) => c.shipments.groups.lock('sg_1') },
  { name: 'unlockShipmentGroup', call: (c) => c.shipments.groups.unlock('sg_1') },
  {
    name: 'createConsignment',
    call: (c) => c.orders.consignments.create(consignmentInput()),
  },
  {
    name: 'updateConsignment',
    call: (c) => c.orders.consignments.update('EC-1', consignmentInput()),
  },
  {
    name: 'patchConsignment',
    faultOn: 'getConsignment',
    call: (c) => c.orders.consignments.patch('EC-1', { Tags: ['Fragile'] }),
  },
  { name: 'getConsignmentStatus', call: (c) => c.orders.consignments.getStatus('EC-1') },
  { name: 'getConsignmentOnly', call: (c) => c.orders.consignments.getWithoutMetadata('EC-1') },
  { name: 'getConsignmentAuditMessages', call: (c) => c.orders.consignments.getAuditMessages('EC-1') },
  { name: 'countConsignments', call: (c) => c.orders.consignments.count('Allocated') },
  {
    name: 'getLateConsignments',
    call: (c) => c.orders.consignments.getLate({ ShippingLocationReference: 'SL-LONDON' }),
  },
  { name: 'updateConsignmentAddress', call: (c) => c.orders.consignments.updateAddress('EC-1', address) },
  { name: 'setConsignmentDetails', call: (c) => c.orders.consignments.setDetails('EC-1', details) },
  {
    name: 'setConsignmentCustomerReference',
    call: (c) => c.orders.consignments.setCustomerReference('EC-1', 'WEB-20417'),
  },
  {
    name: 'getConsignmentsForOrders',
    call: (c) => c.orders.consignments.getForOrders(['EO-1']),
  },
  {
    name: 'getAssignedShippingLocations',
    call: (c) => c.orders.shippingLocations.listAssigned(),
  },
  { name: 'getQuotes', call: (c) => c.orders.quotes.get(consignmentInput()) },
  {
    name: 'getQuotesForConsignment',
    call: (c) => c.orders.quotes.getForConsignment('EC-1'),
  },
  {
    name: 'getServiceGroupQuotes',
    call: (c) => c.orders.quotes.getForServiceGroups(consignmentInput()),
  },
  {
    name: 'allocateWithCarrierService',
    call: (c) => c.orders.allocation.allocateWithCarrierService(['EC-1'], 'RM-TRACKED48'),
  },
  { name: 'allocateWithQuote', call: (c) => c.orders.allocation.allocateWithQuote('EC-1', 'q-1') },
  {
    name: 'allocateWithServiceGroup',
    call: (c) => c.orders.allocation.allocateWithServiceGroup('EC-1', 'economy'),
  },
  {
    name: 'allocateWithServiceFilters',
    call: (c) => c.orders.allocation.allocateWithServiceFilters(['EC-1'], { ServiceDirection: 'Outbound' }),
  },
  {
    name: 'allocateConsignmentsWithServiceGroup',
    call: (c) => c.orders.allocation.allocateManyWithServiceGroup(['EC-1'], 'economy'),
  },
  { name: 'allocateAndGetLabels', call: (c) => c.orders.allocation.withLabels.allocate('EC-1', 'PDF') },
  {
    name: 'allocateWithCarrierServiceAndGetLabels',
    call: (c) => c.orders.allocation.withLabels.allocateWithCarrierService('EC-1', 'RM-TRACKED48', 'PDF'),
  },
  {
    name: 'allocateWithServiceGroupAndGetLabels',
    call: (c) => c.orders.allocation.withLabels.allocateWithServiceGroup('EC-1', 'economy', 'ZPL'),
  },
  {
    name: 'allocateWithQuoteAndGetLabels',
    call: (c) => c.orders.allocation.withLabels.allocateWithQuote('EC-1', 'q-1', 'PNG'),
  },
  {
    name: 'allocateAllUnallocated',
    call: (c) => c.orders.allocation.byShipDate.allocate({ ShipByDate: '2026-03-02' }),
  },
  {
    name: 'allocateAllWithCarrierService',
    call: (c) =>
      c.orders.allocation.byShipDate.allocateWithCarrierService({
        ShipByDate: '2026-03-02',
        MpdCarrierServiceReference: 'RM-TRACKED48',
      }),
  },
  {
    name: 'allocateAllWithServiceGroup',
    call: (c) =>
      c.orders.allocation.byShipDate.allocateWithServiceGroup({
        ShipByDate: '2026-03-02',
        ShippingLocationReference: 'SL-LONDON',
        MpdCarrierServiceGroupReference: 'economy',
      }),
  },
  {
    name: 'selectDeliveryOptionAsConsignment',
    call: (c) => c.orders.deliveryOptions.selectAsConsignment('EDO-1'),
  },
  {
    name: 'selectDeliveryOptionsAsOrders',
    // The mock serves both selects of `/deliveryoptions/selectorder` under the one's name.
    faultOn: 'selectDeliveryOption',
    call: (c) => c.orders.deliveryOptions.selectAsOrders([{ Reference: 'EDO-1' }]),
  },
  {
    name: 'getDeliveryOptionSummary',
    call: (c) => c.orders.deliveryOptions.getSummary(optionsRequest),
  },
  { name: 'getDeliveryOption', call: (c) => c.orders.deliveryOptions.get('EDO-1') },
  { name: 'reservePickupOption', call: (c) => c.orders.deliveryOptions.reservePickup('EDO-1') },
  { name: 'getCustomsDocuments', call: (c) => c.orders.documents.getAll('EC-1') },
  { name: 'getCn22', call: (c) => c.orders.documents.getCn22('EC-1', 'EP-1') },
  { name: 'getCn23', call: (c) => c.orders.documents.getCn23('EC-1', 'EP-1') },
  {
    name: 'createShipmentGroup',
    call: (c) => c.shipments.groups.create({ custom_reference: 'evening-run', shipments: ['sp_1'] }),
  },
  { name: 'getShipmentGroup', call: (c) => c.shipments.groups.get('sg_1') },
  {
    name: 'getShipmentGroupsByCustomReference',
    call: (c) => c.shipments.groups.listByCustomReference('evening-run'),
  },
  {
    name: 'getShipmentGroupByCustomReference',
    call: (c) => c.shipments.groups.getByCustomReference('evening-run', 'latest'),
  },
  { name: 'closeShipmentGroup', call: (c) => c.shipments.groups.close('sg_1') },
  { name: 'getDocuments', call: (c) => c.shipments.documents.getAll('sp_1') },
  { name: 'getDocument', call: (c) => c.shipments.documents.get('sp_1', 'cn22') },
  { name: 'createShipment', call: (c) => c.shipments.create(newShipment()) },
  { name: 'getShipment', call: (c) => c.shipments.get(SP) },
  { name: 'updateShipment', call: (c) => c.shipments.update({ ...newShipment(), reference: SP }) },
  { name: 'deleteShipment', call: (c) => c.shipments.delete(SP) },
  { name: 'cancelShipment', call: (c) => c.shipments.cancel(SP) },
  {
    name: 'changeShipmentState',
    call: (c) =>
      c.shipments.changeState({
        reference: SP,
        state: 'ready_to_ship',
        reason: 'packed and waiting',
      }),
  },
  { name: 'getShipmentStateCounts', call: (c) => c.shipments.getStateCounts() },
  { name: 'createQuote', call: (c) => c.shipments.quotes.create(newShipment()) },
  { name: 'getQuotesForShipment', call: (c) => c.shipments.quotes.getForShipment(SP) },
  {
    name: 'createQuoteForServiceGroup',
    call: (c) => c.shipments.quotes.createForServiceGroup('domestic', newShipment()),
  },
  { name: 'allocateShipments', call: (c) => c.shipments.allocation.allocateMany([SP]) },
  {
    name: 'allocateShipmentsWithFilters',
    call: (c) => c.shipments.allocation.allocateManyWithFilters([SP], { direction: 'outbound' }),
  },
  {
    name: 'allocateShipmentsWithCarrierService',
    call: (c) => c.shipments.allocation.allocateManyWithCarrierService([SP], 'MOCK-24'),
  },
  {
    name: 'allocateShipmentsWithServiceGroup',
    call: (c) => c.shipments.allocation.allocateManyWithServiceGroup([SP], 'domestic'),
  },
  { name: 'allocateShipment', call: (c) => c.shipments.allocation.allocate(SP) },
  {
    name: 'allocateShipmentWithQuote',
    call: (c) => c.shipments.allocation.allocateWithQuote(SP, `qu_${DIGITS}`),
  },
  {
    name: 'allocateShipmentWithCarrierService',
    call: (c) => c.shipments.allocation.allocateWithCarrierService(SP, 'MOCK-24'),
  },
  {
    name: 'allocateShipmentWithServiceGroup',
    call: (c) => c.shipments.allocation.allocateWithServiceGroup(SP, 'domestic'),
  },
  {
    name: 'allocateShipmentWithVirtualService',
    call: (c) => c.shipments.allocation.allocateWithVirtualService(SP, 'next-day'),
  },
  { name: 'deallocateShipment', call: (c) => c.shipments.allocation.deallocate(SP) },
  { name: 'manifestShipment', call: (c) => c.shipments.manifests.manifest(SP) },
  { name: 'manifestShipments', call: (c) => c.shipments.manifests.manifestMany([SP]) },
  {
    name: 'manifestShipmentsByQuery',
    call: (c) =>
      c.shipments.manifests.manifestByQuery({
        shipping_locations: ['SL-LEEDS-01'],
        shipment_states: ['allocated'],
      }),
  },
  { name: 'manifestShipmentGroup', call: (c) => c.shipments.groups.manifest(`sg_${DIGITS}`) },
  { name: 'getManifest', call: (c) => c.shipments.manifests.get(`ma_${DIGITS}`) },
  { name: 'getShipmentTracking', call: (c) => c.shipments.tracking.get(SP) },
  { name: 'getShipmentContentsTracking', call: (c) => c.shipments.tracking.getContents(SP) },
  {
    name: 'getTrackingByCustomReference',
    call: (c) => c.shipments.tracking.getByCustomReference('ORDER-1001').page(0),
  },
  {
    name: 'getShipmentContentsTrackingByCustomReference',
    call: (c) => c.shipments.tracking.getContentsByCustomReference('LINE-1').page(0),
  },
  {
    name: 'getCollectionNote',
    call: (c) => c.shipments.documents.getCollectionNote({ reference: `sg_${DIGITS}` }),
  },
  {
    name: 'addPaperlessDocument',
    call: (c) =>
      c.shipments.documents.paperless.add(SP, {
        file_content: 'JVBERi0xLjQ=',
        file_format: 'pdf',
        document_type: 'commercial_invoice',
        usage: 'electronic_trade',
      }),
  },
  { name: 'getPaperlessDocument', call: (c) => c.shipments.documents.paperless.get(`pd_${DIGITS}`) },
  { name: 'removePaperlessDocument', call: (c) => c.shipments.documents.paperless.remove(`pd_${DIGITS}`) },
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
