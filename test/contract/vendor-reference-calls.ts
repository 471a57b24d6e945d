// The public method that sends each area A request type of the vendor's C# SDK reference, given a whole
// request of that type: shared by scripts/check-vendor-reference.mjs (which builds the maximal requests
// from the reference) and test/contract/vendor-reference.test.ts (which sends the committed fixtures).
// A method that takes the request's parts (references, a filter) is given them from the request, so that
// a part the method cannot take shows as a field not sent.
import type { OrdersClient } from '../../src/index.js';

// biome-ignore lint/suspicious/noExplicitAny: a maximal request is built at run time from the reference.
type Request = any;

/** By operation name: the call that sends `request`. */
export const SENDS: Record<string, (orders: OrdersClient, request: Request) => Promise<unknown>> = {
  createOrder: (orders, request) => orders.create(request),
  updateOrder: (orders, request) => orders.update(request.OrderReference ?? 'EO-1', request),
  packOrder: (orders, request) => orders.pack(request.OrderReference ?? 'EO-1', request),
  createConsignment: (orders, request) => orders.consignments.create(request),
  updateConsignment: (orders, request) => orders.consignments.update(request.Reference ?? 'EC-1', request),
  getConsignmentsForOrders: (orders, request) => orders.consignments.getForOrders(request.OrderReferences),
  dispatchConsignments: (orders, request) => orders.consignments.dispatch(request.ConsignmentReferences),
  addPackage: (orders, request) => orders.packages.add('EC-1', request),
  updatePackage: (orders, request) => orders.packages.update(request.Reference ?? 'EP-1', request),
  setPackageCustomerReference: (orders, request) =>
    orders.packages.setCustomerReference('EP-1', request.Reference),
  addItem: (orders, { PackageReference, ...item }) => orders.items.add(PackageReference ?? 'EP-1', item),
  addItems: (orders, request) => orders.items.addMany(request.PackageReference ?? 'EP-1', request.Items),
  moveItem: (orders, request) => orders.items.move(request.ItemReference, request.TargetPackageReference),
  setItemCustomerReferenceByLabelBarcode: (orders, request) =>
    orders.items.setCustomerReferenceByLabelBarcode('LABEL1', request.Reference),
  addOrderPackages: (orders, request) =>
    orders.orderPackages.add(request.OrderReference, request.OrderPackages),
  updateOrderPackages: (orders, request) =>
    orders.orderPackages.update(request.OrderReference, request.OrderPackages),
  deleteOrderPackages: (orders, request) =>
    orders.orderPackages.delete(request.OrderReference, request.OrderPackageReferences),
  addOrderPackageItems: (orders, request) =>
    orders.orderPackages.addItems(request.OrderReference, request.PackageReference, request.OrderItems),
  updateOrderPackageItems: (orders, request) =>
    orders.orderPackages.updateItems(request.OrderReference, request.PackageReference, request.OrderItems),
  deleteOrderPackageItems: (orders, request) =>
    orders.orderPackages.deleteItems(
      request.OrderReference,
      request.PackageReference,
      request.OrderItemReferences,
    ),
  allocateConsignments: (orders, request) => orders.allocation.allocate(request.ConsignmentReferences),
  allocateWithCarrierService: (orders, request) =>
    orders.allocation.allocateWithCarrierService(
      request.ConsignmentReferences,
      request.MpdCarrierServiceReference ?? request.CarrierServiceReference,
    ),
  allocateWithServiceFilters: (orders, request) =>
    orders.allocation.allocateWithServiceFilters(request.ConsignmentReferences, request.Filters),
  allocateConsignmentsWithServiceGroup: (orders, request) =>
    orders.allocation.allocateManyWithServiceGroup(
      request.ConsignmentReferences,
      request.MpdCarrierServiceGroupReference,
    ),
  allocateAllUnallocated: (orders, request) => orders.allocation.byShipDate.allocate(request),
  allocateAllWithCarrierService: (orders, request) =>
    orders.allocation.byShipDate.allocateWithCarrierService(request),
  allocateAllWithServiceGroup: (orders, request) =>
    orders.allocation.byShipDate.allocateWithServiceGroup(request),
  manifestConsignments: (orders, request) => orders.manifests.manifest(request.ConsignmentReferences),
  // Take and Skip are the search's paging (Take its page size): sent by every page, so left out here.
  getCustomerManifestsFiltered: (orders, { Take, Skip: _skip, ...filter }) =>
    orders.manifests.search(filter, { pageSize: Take }).page(0),
  getQuotes: (orders, request) => orders.quotes.get(request),
  getServiceGroupQuotes: (orders, request) => orders.quotes.getForServiceGroups(request),
  searchConsignments: (orders, request) => orders.consignments.search(request).page(0),
  getConsignmentReferences: (orders, request) => orders.consignments.getReferences(request),
  getLateConsignments: (orders, request) => orders.consignments.getLate(request),
  updateConsignmentAddress: (orders, request) => orders.consignments.updateAddress('EC-1', request),
  setConsignmentDetails: (orders, request) => orders.consignments.setDetails('EC-1', request),
  setConsignmentCustomerReference: (orders, request) =>
    orders.consignments.setCustomerReference('EC-1', request.Reference),
  // Operations the reference has no endpoint for, whose requests the vendor's pages show.
  addAddressToOrder: (orders, request) => orders.addAddress('EO-1', request),
  updateAddressOnOrder: (orders, request) => orders.updateAddress('EO-1', request),
  cancelConsignments: (orders, request) => orders.consignments.cancelMany(request),
  setReadyToShip: (orders, request) => orders.consignments.setReadyToShip(request),
  setNotReadyToShip: (orders, request) => orders.consignments.setNotReadyToShip(request),
  deallocateConsignments: (orders, request) => orders.allocation.deallocateMany(request),
  manifestConsignmentsFromQuery: (orders, request) => orders.manifests.manifestFromQuery(request),
  getDeliveryOptions: (orders, request) => orders.deliveryOptions.list(request),
  getPickupOptions: (orders, request) => orders.deliveryOptions.listPickup(request),
  getDeliveryOptionSummary: (orders, request) => orders.deliveryOptions.getSummary(request),
  // The documented body is `{ DeliveryOptions: [{ Reference, OrderReferenceProvidedByCustomer, MetaData }] }`.
  selectDeliveryOption: (orders, request) =>
    orders.deliveryOptions.selectAsOrder(request.DeliveryOptions?.[0] ?? request),
  selectDeliveryOptionsAsOrders: (orders, request) =>
    orders.deliveryOptions.selectAsOrders(request.DeliveryOptions ?? request),
};

/**
 * SDK operations the reference has no ApiEndpoint for, that take a type it documents (the operation
 * pages show them with it): checked against that type.
 */
export const SAME_REQUEST_AS: Record<string, string> = {
  // The references search takes the search's terms (help/consignments: Get Consignment References).
  getConsignmentReferences: 'Sorted.PRO.SDK.DataTypes.Consignments.ConsignmentSearchTerms',
};
