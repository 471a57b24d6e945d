import { address, type Clients, pack, update } from './operations.js';

/** The requests whose paths carry references, and where each reference must land. */

export interface PathCase {
  name: string;
  /** The path after the base URL, `{n}` standing for the n-th reference. */
  path: string;
  prefixes: string[];
  /** The area whose base the path is under, when its first segment does not say (area A has `labels/` too). */
  area?: 'orders' | 'shipments';
  invoke(clients: Clients, refs: string[]): Promise<unknown>;
}

export const PATHS: PathCase[] = [
  {
    name: 'getOrder',
    path: 'orders/{0}',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.get(r as never),
  },
  {
    name: 'updateOrder',
    path: 'orders/{0}',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.update(r as never, { ...update, OrderReference: r as never }),
  },
  {
    name: 'patchOrder',
    path: 'orders/{0}',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.patch(r as never, { Tags: ['Fragile'] }),
  },
  {
    name: 'addAddressToOrder',
    path: 'orders/{0}/address',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.addAddress(r as never, address),
  },
  {
    name: 'updateAddressOnOrder',
    path: 'orders/{0}/address',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.updateAddress(r as never, address),
  },
  {
    name: 'packOrder',
    path: 'orders/{0}/pack',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.pack(r as never, { ...pack, OrderReference: r as never }),
  },
  {
    name: 'allocateWithCheapestQuote',
    path: 'allocation/{0}/allocatewithcheapestquote',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.allocation.allocateWithCheapestQuote(r as never),
  },
  {
    name: 'getCustomerManifest',
    path: 'consignments/customer/manifest/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.manifests.get(r as never),
  },
  {
    name: 'getCustomerManifestFileSentToCarrier',
    path: 'consignments/manifestfilesenttocarrier/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.manifests.getFileSentToCarrier(r as never),
  },
  {
    name: 'getServiceGroup',
    path: 'servicegroups/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.serviceGroups.get(r as string),
  },
  {
    name: 'getServiceGroupSummary',
    path: 'servicegroups/summary/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.serviceGroups.getSummary(r as string),
  },
  {
    name: 'isServiceGroupReferenceAvailable',
    path: 'servicegroups/{0}/available',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.serviceGroups.isReferenceAvailable(r as string),
  },
  {
    name: 'getConsignmentLabels',
    path: 'labels/{0}/PDF',
    prefixes: ['EC-'],
    area: 'orders',
    invoke: (c, [r]) => c.orders.labels.get(r as never, { format: 'pdf' }),
  },
  {
    name: 'getPackageLabel',
    path: 'labels/package/{0}/{1}',
    prefixes: ['EC-', 'EP-'],
    area: 'orders',
    invoke: (c, [r, p]) => c.orders.labels.getForPackage(r as never, p as never),
  },
  {
    name: 'getShippingLocation',
    path: 'shippinglocations/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.shippingLocations.get(r as never),
  },
  {
    name: 'getCommercialInvoice',
    path: 'consignments/docs/commercialinvoice/{0}',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.documents.getCommercialInvoice(r as never),
  },
  {
    name: 'getTracking',
    path: 'tracking/{0}',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.tracking.get(r as never),
  },
  {
    name: 'getConsignment',
    path: 'consignments/{0}',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.consignments.get(r as never),
  },
  {
    name: 'deallocateConsignment',
    path: 'consignments/{0}/deallocate',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.allocation.deallocate(r as never),
  },
  {
    name: 'cancelConsignment',
    path: 'consignments/{0}/cancel',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.consignments.cancel(r as never),
  },
  {
    name: 'getShipmentGroup',
    path: 'shipment_groups/{0}',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.groups.get(g as never),
  },
  {
    name: 'closeShipmentGroup',
    path: 'shipment_groups/{0}/close',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.groups.close(g as never),
  },
  {
    name: 'getDocuments',
    path: 'documents/{0}',
    prefixes: ['sp_'],
    area: 'shipments',
    invoke: (c, [s]) => c.shipments.documents.getAll(s as never),
  },
  {
    name: 'getLabels',
    path: 'labels/{0}/pdf/203',
    prefixes: ['sp_'],
    invoke: (c, [r]) => c.shipments.labels.get(r as never, { format: 'PDF' }),
  },
  {
    name: 'getContentsLabel',
    path: 'labels/{0}/contents/{1}/zpl/300',
    prefixes: ['sp_', 'sc_'],
    invoke: (c, [s, r]) =>
      c.shipments.labels.getForContents(s as never, r as never, { format: 'ZPL', dpi: 300 }),
  },
  {
    name: 'addShipmentToGroup',
    path: 'shipment_groups/{0}/shipments/{1}',
    prefixes: ['sg_', 'sp_'],
    invoke: (c, [g, s]) => c.shipments.groups.addShipment({ reference: g as never }, s as never),
  },
  {
    name: 'removeShipmentFromGroup (custom reference)',
    path: 'shipment_groups/custom_reference/{0}/latest/shipments/{1}',
    prefixes: ['', 'sp_'],
    invoke: (c, [g, s]) =>
      c.shipments.groups.removeShipment({ customReference: g as never, version: 'latest' }, s as never),
  },
  {
    name: 'lockShipmentGroup',
    path: 'shipment_groups/{0}/lock',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.groups.lock(g as never),
  },
  {
    name: 'unlockShipmentGroup',
    path: 'shipment_groups/{0}/unlock',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.groups.unlock(g as never),
  },
];
