import { type MockArea, route } from '../router.js';
import {
  allocateAllUnallocated,
  allocateAllWithCarrierService,
  allocateAllWithServiceGroup,
  allocateAndGetLabels,
  allocateConsignments,
  allocateConsignmentsWithServiceGroup,
  allocateWithCarrierService,
  allocateWithCheapestQuote,
  allocateWithQuote,
  allocateWithServiceFilters,
  allocateWithServiceGroup,
} from './allocation/index.js';
import { getCarrierServices, getCarriers } from './carrier-services.js';
import { getCollectionCalendar } from './collection-calendar.js';
import {
  cancelConsignment,
  cancelConsignments,
  countConsignments,
  createConsignment,
  deallocateConsignment,
  deallocateConsignments,
  getConsignment,
  getConsignmentAuditMessages,
  getConsignmentOnly,
  getConsignmentReferences,
  getConsignmentStatus,
  getConsignmentsForOrders,
  getLateConsignments,
  searchConsignments,
  setConsignmentCustomerReference,
  setConsignmentDetails,
  setNotReadyToShip,
  setReadyToShip,
  updateConsignment,
  updateConsignmentAddress,
} from './consignments/index.js';
import {
  getDeliveryOption,
  getDeliveryOptionSummary,
  getDeliveryOptions,
  getPickupOptions,
  reservePickupOption,
  selectDeliveryOption,
  selectDeliveryOptionAsConsignment,
} from './delivery-options/index.js';
import { dispatchConsignments } from './dispatch.js';
import { getCommercialInvoice, getCustomsDocument, getCustomsDocuments } from './documents.js';
import { areaAErrorResponse, ErrorCode, invalidValue } from './errors.js';
import { addItem, addItems, moveItem, removeItem, setItemCustomerReferenceByLabelBarcode } from './items.js';
import { getConsignmentLabels } from './labels.js';
import {
  getCustomerManifest,
  getCustomerManifestFileSentToCarrier,
  getCustomerManifests,
  getCustomerManifestsFiltered,
  manifestConsignments,
  manifestConsignmentsFromQuery,
} from './manifests.js';
import {
  addOrderPackageItems,
  addOrderPackages,
  deleteOrderPackageItems,
  deleteOrderPackages,
  updateOrderPackageItems,
  updateOrderPackages,
} from './order-packages.js';
import { addAddressToOrder, createOrder, getOrder, updateAddressOnOrder, updateOrder } from './orders.js';
import { getDefaultPackageSize, getPackageSizes } from './package-sizes.js';
import {
  addPackage,
  deletePackage,
  removePackage,
  setPackageCustomerReference,
  updatePackage,
} from './packages.js';
import { packOrder } from './packing.js';
import { getQuotes, getQuotesForConsignment, getServiceGroupQuotes } from './quotes.js';
import { getServiceGroup, getServiceGroups, isServiceGroupReferenceAvailable } from './service-groups.js';
import { getShippingLocation, getShippingLocations } from './shipping-locations.js';
import type { OrdersStore } from './state.js';
import { getFlattenedTracking, getTracking } from './tracking.js';

const KEY_HEADER = 'ocp-apim-subscription-key';
/** A label path without a format, with one, and with a format and a resolution. */
const LABEL_PATH_TAILS = ['', '/:format', '/:format/:dpi'];

/**
 * Area A of the mock: orders, packing, allocation, manifests. Requires `ocp-apim-subscription-key`
 * equal to the store's key (401 otherwise); the version header is not required. Errors are
 * `{ Code, Message, CorrelationId, Details? }` with the status policy documented in `errors.ts`.
 */
export const ordersArea: MockArea<OrdersStore> = {
  name: 'orders',
  routes: [
    route('POST', '/orders', 'createOrder', createOrder),
    // Before `PUT /orders/:orderReference`, which has its shape.
    route('PUT', '/orders/consignments', 'getConsignmentsForOrders', getConsignmentsForOrders),
    // An order's packages and items, before `/orders/:orderReference` too.
    route('POST', '/orders/addorderpackages', 'addOrderPackages', addOrderPackages),
    route('PUT', '/orders/updateorderpackages', 'updateOrderPackages', updateOrderPackages),
    route('POST', '/orders/deleteorderpackages', 'deleteOrderPackages', deleteOrderPackages),
    route('POST', '/orders/addorderpackageitems', 'addOrderPackageItems', addOrderPackageItems),
    route('PUT', '/orders/updateorderpackageitems', 'updateOrderPackageItems', updateOrderPackageItems),
    route('POST', '/orders/deleteorderpackageitems', 'deleteOrderPackageItems', deleteOrderPackageItems),
    route('GET', '/orders/:orderReference', 'getOrder', getOrder),
    route('PUT', '/orders/:orderReference', 'updateOrder', updateOrder),
    route('POST', '/orders/:orderReference/address', 'addAddressToOrder', addAddressToOrder),
    route('PUT', '/orders/:orderReference/address', 'updateAddressOnOrder', updateAddressOnOrder),
    route('POST', '/deliveryoptions/selectorder', 'selectDeliveryOption', selectDeliveryOption),
    // The same endpoint, as the list form's method names it: never reached by routing (the route above
    // matches first), listed so that every operation has its route. Inject its faults as selectDeliveryOption.
    route('POST', '/deliveryoptions/selectorder', 'selectDeliveryOptionsAsOrders', selectDeliveryOption),
    route(
      'POST',
      '/deliveryoptions/select/:deliveryOptionReference',
      'selectDeliveryOptionAsConsignment',
      selectDeliveryOptionAsConsignment,
    ),
    route('POST', '/deliveryoptions/summary', 'getDeliveryOptionSummary', getDeliveryOptionSummary),
    route('GET', '/deliveryoptions/details/:deliveryOptionReference', 'getDeliveryOption', getDeliveryOption),
    route(
      'POST',
      '/deliveryoptions/reserve/:pickupOptionReference',
      'reservePickupOption',
      reservePickupOption,
    ),
    route('POST', '/deliveryoptions', 'getDeliveryOptions', getDeliveryOptions),
    route('POST', '/deliveryoptions/pickupoptions', 'getPickupOptions', getPickupOptions),
    route('GET', '/shippinglocations', 'getShippingLocations', getShippingLocations),
    // The locations linked to the caller: in the mock, every one.
    route('GET', '/shippinglocations/assigned', 'getAssignedShippingLocations', getShippingLocations),
    route('GET', '/shippinglocations/:shippingLocationReference', 'getShippingLocation', getShippingLocation),
    route(
      'GET',
      '/consignments/docs/commercialinvoice/:consignmentReference',
      'getCommercialInvoice',
      getCommercialInvoice,
    ),
    route('GET', '/consignments/docs/:consignmentReference', 'getCustomsDocuments', getCustomsDocuments),
    route(
      'GET',
      '/consignments/docs/CN22/:consignmentReference/:packageReference',
      'getCn22',
      getCustomsDocument('CN22'),
    ),
    route(
      'GET',
      '/consignments/docs/CN23/:consignmentReference/:packageReference',
      'getCn23',
      getCustomsDocument('CN23'),
    ),
    route('GET', '/tracking/flattened/:consignmentReference', 'getFlattenedTracking', getFlattenedTracking),
    route('GET', '/tracking/:consignmentReference', 'getTracking', getTracking),
    route('GET', '/carrierservices', 'getCarrierServices', getCarrierServices),
    // The same services under the Carriers section's path.
    route('GET', '/carriers', 'getCarrierServicesForSubscription', getCarrierServices),
    route('GET', '/carriers/getcarriers', 'getCarriers', getCarriers),
    route(
      'GET',
      '/collectioncalendar/:shippingLocationReference/:mpdCarrierReference',
      'getCollectionCalendar',
      getCollectionCalendar,
    ),
    route('GET', '/packagesizes', 'getPackageSizes', getPackageSizes),
    route('GET', '/packagesizes/default', 'getDefaultPackageSize', getDefaultPackageSize),
    // Fixed paths before the parameter path of the same shape (`/servicegroups/:serviceGroupReference`).
    route('GET', '/servicegroups', 'getServiceGroups', getServiceGroups),
    route('GET', '/servicegroups/summaries', 'getServiceGroupSummaries', getServiceGroups),
    route('GET', '/servicegroups/summary/:serviceGroupReference', 'getServiceGroupSummary', getServiceGroup),
    route(
      'GET',
      '/servicegroups/:serviceGroupReference/available',
      'isServiceGroupReferenceAvailable',
      isServiceGroupReferenceAvailable,
    ),
    route('GET', '/servicegroups/:serviceGroupReference', 'getServiceGroup', getServiceGroup),
    route('POST', '/consignments/:consignmentReference/addpackage', 'addPackage', addPackage),
    route('DELETE', '/packages/:packageReference', 'deletePackage', deletePackage),
    route('PUT', '/packages/:packageReference', 'updatePackage', updatePackage),
    route(
      'PUT',
      '/packages/:packageReference/setcustomerprovidedreference',
      'setPackageCustomerReference',
      setPackageCustomerReference,
    ),
    route(
      'POST',
      '/consignments/:consignmentReference/removepackage/:packageReference',
      'removePackage',
      removePackage,
    ),
    // The literal item paths before `PUT /items/:packageReference`, which has their shape.
    route('PUT', '/items/additems', 'addItems', addItems),
    route('PUT', '/items/move', 'moveItem', moveItem),
    route('PUT', '/items/:packageReference', 'addItem', addItem),
    route('DELETE', '/items/:packageReference/:itemReference', 'removeItem', removeItem),
    route(
      'PUT',
      '/items/:labelBarCode/setcustomerprovidedreference',
      'setItemCustomerReferenceByLabelBarcode',
      setItemCustomerReferenceByLabelBarcode,
    ),
    route('PUT', '/consignments/Dispatch', 'dispatchConsignments', dispatchConsignments),
    route('POST', '/quotes', 'getQuotes', getQuotes),
    route(
      'GET',
      '/quotes/consignment/:consignmentReference',
      'getQuotesForConsignment',
      getQuotesForConsignment,
    ),
    route('POST', '/quotes/serviceGroups', 'getServiceGroupQuotes', getServiceGroupQuotes),
    route('POST', '/consignments', 'createConsignment', createConsignment),
    route('PUT', '/consignments', 'updateConsignment', updateConsignment),
    route('POST', '/orders/:orderReference/pack', 'packOrder', packOrder),
    route('PUT', '/allocation/allocate', 'allocateConsignments', allocateConsignments),
    route(
      'PUT',
      '/allocation/:consignmentReference/allocatewithcheapestquote',
      'allocateWithCheapestQuote',
      allocateWithCheapestQuote,
    ),
    route(
      'PUT',
      '/allocation/allocatewithcarrierservice',
      'allocateWithCarrierService',
      allocateWithCarrierService,
    ),
    route(
      'PUT',
      '/allocation/allocateConsignmentsWithServiceFilters',
      'allocateWithServiceFilters',
      allocateWithServiceFilters,
    ),
    route(
      'PUT',
      '/allocation/:consignmentReference/allocatewithquote/:quoteReference',
      'allocateWithQuote',
      allocateWithQuote,
    ),
    route(
      'PUT',
      '/allocation/:consignmentReference/allocatewithservicegroup/:serviceGroupReference',
      'allocateWithServiceGroup',
      allocateWithServiceGroup,
    ),
    route(
      'PUT',
      '/allocation/allocatewithservicegroup',
      'allocateConsignmentsWithServiceGroup',
      allocateConsignmentsWithServiceGroup,
    ),
    // Ship-by date: fixed first segments, before `/allocation/:consignmentReference/…` of the same shape.
    route('PUT', '/allocation/allocate/:shipByDate', 'allocateAllUnallocated', allocateAllUnallocated),
    route(
      'PUT',
      '/allocation/allocatewithcarrierservice/:shipByDate',
      'allocateAllWithCarrierService',
      allocateAllWithCarrierService,
    ),
    route(
      'PUT',
      '/allocation/allocatewithservicegroup/:shipByDate',
      'allocateAllWithServiceGroup',
      allocateAllWithServiceGroup,
    ),
    route(
      'PUT',
      '/allocation/:consignmentReference/labels/:labelFormat',
      'allocateAndGetLabels',
      allocateAndGetLabels,
    ),
    route(
      'PUT',
      '/allocation/:consignmentReference/carrierservice/:serviceReference/labels/:labelFormat',
      'allocateWithCarrierServiceAndGetLabels',
      allocateAndGetLabels,
    ),
    route(
      'PUT',
      '/allocation/:consignmentReference/servicegroup/:serviceGroupReference/labels/:labelFormat',
      'allocateWithServiceGroupAndGetLabels',
      allocateAndGetLabels,
    ),
    route(
      'PUT',
      '/allocation/:consignmentReference/quote/:quoteReference/labels/:labelFormat',
      'allocateWithQuoteAndGetLabels',
      allocateAndGetLabels,
    ),
    route('PUT', '/consignments/manifest', 'manifestConsignments', manifestConsignments),
    route(
      'POST',
      '/consignments/manifestFromQuery',
      'manifestConsignmentsFromQuery',
      manifestConsignmentsFromQuery,
    ),
    route('PUT', '/consignments/setreadytoship', 'setReadyToShip', setReadyToShip),
    route('PUT', '/consignments/setnotreadytoship', 'setNotReadyToShip', setNotReadyToShip),
    // The package routes first: `/labels/package/EC-…/EP-…` has the shape of `/labels/:ref/:format/:dpi`.
    ...LABEL_PATH_TAILS.map((tail) =>
      route(
        'GET',
        `/labels/package/:consignmentReference/:packageReference${tail}`,
        'getPackageLabel',
        getConsignmentLabels,
      ),
    ),
    ...LABEL_PATH_TAILS.map((tail) =>
      route('GET', `/labels/:consignmentReference${tail}`, 'getConsignmentLabels', getConsignmentLabels),
    ),
    // Fixed paths before the parameter paths of the same shape (`/consignments/:take/:skip`).
    route('GET', '/consignments/customer/manifests', 'getCustomerManifests', getCustomerManifests),
    route(
      'GET',
      '/consignments/customer/manifest/:manifestReference',
      'getCustomerManifest',
      getCustomerManifest,
    ),
    route(
      'POST',
      '/consignments/manifestsfiltered',
      'getCustomerManifestsFiltered',
      getCustomerManifestsFiltered,
    ),
    route(
      'GET',
      '/consignments/manifestfilesenttocarrier/:manifestReference',
      'getCustomerManifestFileSentToCarrier',
      getCustomerManifestFileSentToCarrier,
    ),
    route(
      'GET',
      '/consignments/getConsignmentReferences',
      'getConsignmentReferences',
      getConsignmentReferences,
    ),
    // The same consignment: the mock's consignments always carry their metadata.
    route(
      'GET',
      '/consignments/getconsignmentwithmetadata/:consignmentReference',
      'getConsignmentWithMetadata',
      getConsignment,
    ),
    // The consignment reads beside Get Consignment, before `/consignments/:consignmentReference` and
    // `/consignments/:take/:skip`, which have their shapes.
    route(
      'GET',
      '/consignments/getconsignmentonly/:consignmentReference',
      'getConsignmentOnly',
      getConsignmentOnly,
    ),
    route('GET', '/consignments/count', 'countConsignments', countConsignments),
    route('GET', '/consignments/late', 'getLateConsignments', getLateConsignments),
    route(
      'GET',
      '/consignments/:consignmentReference/audit',
      'getConsignmentAuditMessages',
      getConsignmentAuditMessages,
    ),
    route('GET', '/consignments/:consignmentReference', 'getConsignment', getConsignment),
    route('GET', '/consignments/:consignmentReference/status', 'getConsignmentStatus', getConsignmentStatus),
    route('GET', '/consignments/:take/:skip', 'searchConsignments', searchConsignments),
    route('PUT', '/consignments/deallocatelist', 'deallocateConsignments', deallocateConsignments),
    route('PUT', '/consignments/cancellist', 'cancelConsignments', cancelConsignments),
    route(
      'PUT',
      '/consignments/:consignmentReference/deallocate',
      'deallocateConsignment',
      deallocateConsignment,
    ),
    route('PUT', '/consignments/:consignmentReference/cancel', 'cancelConsignment', cancelConsignment),
    // The edits of one part of a consignment. Update Consignment Address's path has the shape of every
    // fixed `PUT /consignments/…` above (`Dispatch`, `cancellist`…): it stays after them.
    route(
      'PUT',
      '/consignments/:consignmentReference/details',
      'setConsignmentDetails',
      setConsignmentDetails,
    ),
    route(
      'PUT',
      '/consignments/:consignmentReference/setcustomerprovidedreference',
      'setConsignmentCustomerReference',
      setConsignmentCustomerReference,
    ),
    route('PUT', '/consignments/:consignmentReference', 'updateConsignmentAddress', updateConsignmentAddress),
  ],
  authenticate(request, store) {
    const key = request.headers.get(KEY_HEADER);
    if (key === null || key === '') {
      return areaAErrorResponse(
        401,
        ErrorCode.MissingSubscriptionKey,
        `Access denied due to missing subscription key. Include the ${KEY_HEADER} header when making requests.`,
      );
    }
    if (key !== store.apiKey) {
      return areaAErrorResponse(
        401,
        ErrorCode.InvalidSubscriptionKey,
        'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
      );
    }
    return undefined;
  },
  error: areaAErrorResponse,
  codes: {
    invalidBody: ErrorCode.InvalidRequest,
    invalidPath: ErrorCode.InvalidReferenceFormat,
    noRoute: ErrorCode.ResourceNotFound,
    wrongMethod: ErrorCode.MethodNotAllowed,
    detail: invalidValue,
  },
};
