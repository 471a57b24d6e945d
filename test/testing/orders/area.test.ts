import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../src/testing/index.js';
import { ordersArea } from '../../../src/testing/orders/area.js';
import { useMockService } from '../../support/mock-service.js';
import { wire } from '../../support/orders-mock.js';

const { mock } = useMockService();

describe('area A mock: wiring', () => {
  it('names each route after the operation id it serves', () => {
    expect(ordersArea.routes.map((route) => `${route.method} ${route.pattern} ${route.operation}`)).toEqual([
      'POST /orders createOrder',
      'PUT /orders/consignments getConsignmentsForOrders',
      'POST /orders/addorderpackages addOrderPackages',
      'PUT /orders/updateorderpackages updateOrderPackages',
      'POST /orders/deleteorderpackages deleteOrderPackages',
      'POST /orders/addorderpackageitems addOrderPackageItems',
      'PUT /orders/updateorderpackageitems updateOrderPackageItems',
      'POST /orders/deleteorderpackageitems deleteOrderPackageItems',
      'GET /orders/:orderReference getOrder',
      'PUT /orders/:orderReference updateOrder',
      'POST /orders/:orderReference/address addAddressToOrder',
      'PUT /orders/:orderReference/address updateAddressOnOrder',
      'POST /deliveryoptions/selectorder selectDeliveryOption',
      'POST /deliveryoptions/selectorder selectDeliveryOptionsAsOrders',
      'POST /deliveryoptions/select/:deliveryOptionReference selectDeliveryOptionAsConsignment',
      'POST /deliveryoptions/summary getDeliveryOptionSummary',
      'GET /deliveryoptions/details/:deliveryOptionReference getDeliveryOption',
      'POST /deliveryoptions/reserve/:pickupOptionReference reservePickupOption',
      'POST /deliveryoptions getDeliveryOptions',
      'POST /deliveryoptions/pickupoptions getPickupOptions',
      'GET /shippinglocations getShippingLocations',
      'GET /shippinglocations/assigned getAssignedShippingLocations',
      'GET /shippinglocations/:shippingLocationReference getShippingLocation',
      'GET /consignments/docs/commercialinvoice/:consignmentReference getCommercialInvoice',
      'GET /consignments/docs/:consignmentReference getCustomsDocuments',
      'GET /consignments/docs/CN22/:consignmentReference/:packageReference getCn22',
      'GET /consignments/docs/CN23/:consignmentReference/:packageReference getCn23',
      'GET /tracking/flattened/:consignmentReference getFlattenedTracking',
      'GET /tracking/:consignmentReference getTracking',
      'GET /carrierservices getCarrierServices',
      'GET /carriers getCarrierServicesForSubscription',
      'GET /carriers/getcarriers getCarriers',
      'GET /collectioncalendar/:shippingLocationReference/:mpdCarrierReference getCollectionCalendar',
      'GET /packagesizes getPackageSizes',
      'GET /packagesizes/default getDefaultPackageSize',
      'GET /servicegroups getServiceGroups',
      'GET /servicegroups/summaries getServiceGroupSummaries',
      'GET /servicegroups/summary/:serviceGroupReference getServiceGroupSummary',
      'GET /servicegroups/:serviceGroupReference/available isServiceGroupReferenceAvailable',
      'GET /servicegroups/:serviceGroupReference getServiceGroup',
      'POST /consignments/:consignmentReference/addpackage addPackage',
      'DELETE /packages/:packageReference deletePackage',
      'PUT /packages/:packageReference updatePackage',
      'PUT /packages/:packageReference/setcustomerprovidedreference setPackageCustomerReference',
      'POST /consignments/:consignmentReference/removepackage/:packageReference removePackage',
      'PUT /items/additems addItems',
      'PUT /items/move moveItem',
      'PUT /items/:packageReference addItem',
      'DELETE /items/:packageReference/:itemReference removeItem',
      'PUT /items/:labelBarCode/setcustomerprovidedreference setItemCustomerReferenceByLabelBarcode',
      'PUT /consignments/Dispatch dispatchConsignments',
      'POST /quotes getQuotes',
      'GET /quotes/consignment/:consignmentReference getQuotesForConsignment',
      'POST /quotes/serviceGroups getServiceGroupQuotes',
      'POST /consignments createConsignment',
      'PUT /consignments updateConsignment',
      'POST /orders/:orderReference/pack packOrder',
      'PUT /allocation/allocate allocateConsignments',
      'PUT /allocation/:consignmentReference/allocatewithcheapestquote allocateWithCheapestQuote',
      'PUT /allocation/allocatewithcarrierservice allocateWithCarrierService',
      'PUT /allocation/allocateConsignmentsWithServiceFilters allocateWithServiceFilters',
      'PUT /allocation/:consignmentReference/allocatewithquote/:quoteReference allocateWithQuote',
      'PUT /allocation/:consignmentReference/allocatewithservicegroup/:serviceGroupReference allocateWithServiceGroup',
      'PUT /allocation/allocatewithservicegroup allocateConsignmentsWithServiceGroup',
      'PUT /allocation/allocate/:shipByDate allocateAllUnallocated',
      'PUT /allocation/allocatewithcarrierservice/:shipByDate allocateAllWithCarrierService',
      'PUT /allocation/allocatewithservicegroup/:shipByDate allocateAllWithServiceGroup',
      'PUT /allocation/:consignmentReference/labels/:labelFormat allocateAndGetLabels',
      'PUT /allocation/:consignmentReference/carrierservice/:serviceReference/labels/:labelFormat allocateWithCarrierServiceAndGetLabels',
      'PUT /allocation/:consignmentReference/servicegroup/:serviceGroupReference/labels/:labelFormat allocateWithServiceGroupAndGetLabels',
      'PUT /allocation/:consignmentReference/quote/:quoteReference/labels/:labelFormat allocateWithQuoteAndGetLabels',
      'PUT /consignments/manifest manifestConsignments',
      'POST /consignments/manifestFromQuery manifestConsignmentsFromQuery',
      'PUT /consignments/setreadytoship setReadyToShip',
      'PUT /consignments/setnotreadytoship setNotReadyToShip',
      'GET /labels/package/:consignmentReference/:packageReference getPackageLabel',
      'GET /labels/package/:consignmentReference/:packageReference/:format getPackageLabel',
      'GET /labels/package/:consignmentReference/:packageReference/:format/:dpi getPackageLabel',
      'GET /labels/:consignmentReference getConsignmentLabels',
      'GET /labels/:consignmentReference/:format getConsignmentLabels',
      'GET /labels/:consignmentReference/:format/:dpi getConsignmentLabels',
      'GET /consignments/customer/manifests getCustomerManifests',
      'GET /consignments/customer/manifest/:manifestReference getCustomerManifest',
      'POST /consignments/manifestsfiltered getCustomerManifestsFiltered',
      'GET /consignments/manifestfilesenttocarrier/:manifestReference getCustomerManifestFileSentToCarrier',
      'GET /consignments/getConsignmentReferences getConsignmentReferences',
      'GET /consignments/getconsignmentwithmetadata/:consignmentReference getConsignmentWithMetadata',
      'GET /consignments/getconsignmentonly/:consignmentReference getConsignmentOnly',
      'GET /consignments/count countConsignments',
      'GET /consignments/late getLateConsignments',
      'GET /consignments/:consignmentReference/audit getConsignmentAuditMessages',
      'GET /consignments/:consignmentReference getConsignment',
      'GET /consignments/:consignmentReference/status getConsignmentStatus',
      'GET /consignments/:take/:skip searchConsignments',
      'PUT /consignments/deallocatelist deallocateConsignments',
      'PUT /consignments/cancellist cancelConsignments',
      'PUT /consignments/:consignmentReference/deallocate deallocateConsignment',
      'PUT /consignments/:consignmentReference/cancel cancelConsignment',
      'PUT /consignments/:consignmentReference/details setConsignmentDetails',
      'PUT /consignments/:consignmentReference/setcustomerprovidedreference setConsignmentCustomerReference',
      'PUT /consignments/:consignmentReference updateConsignmentAddress',
    ]);
  });

  it('is deterministic: the same seed gives the same references and timestamps', async () => {
    const run = async () => {
      const other = createMockService({ seed: 7 });
      const otherApi = wire(other);
      const reference = await otherApi.createOrder();
      return otherApi.getOrder(reference);
    };
    const [first, second] = [await run(), await run()];
    expect(first).toEqual(second);
    expect(first.OrderReference).not.toBe('EO-000-000-001');
  });

  it('seeds two shipping locations, usable in orders', () => {
    expect([...mock.store.orders.shippingLocations.keys()]).toEqual(['SL-LONDON', 'SL-LEEDS']);
  });
});
