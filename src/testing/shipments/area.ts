import { type MockArea, type Route, route } from '../router.js';
import {
  allocateShipment,
  allocateShipments,
  allocateShipmentsWithCarrierService,
  allocateShipmentsWithFilters,
  allocateShipmentsWithServiceGroup,
  allocateShipmentWithCarrierService,
  allocateShipmentWithQuote,
  allocateShipmentWithServiceGroup,
  allocateShipmentWithVirtualService,
  deallocateShipment,
} from './allocation.js';
import { getCollectionNote } from './collection-notes.js';
import {
  getShipmentContentsTracking,
  getShipmentContentsTrackingByCustomReference,
  getTrackingByCustomReference,
} from './contents-tracking.js';
import { getDocument, getDocuments } from './documents.js';
import { detail, errorResponse } from './errors.js';
import {
  addShipmentToGroup,
  closeShipmentGroup,
  createShipmentGroup,
  getShipmentGroup,
  getShipmentGroupByCustomReference,
  getShipmentGroupsByCustomReference,
  removeShipmentFromGroup,
  setLock,
  updateShipmentGroup,
} from './groups.js';
import { getContentsLabel, getLabels } from './labels.js';
import {
  getManifest,
  manifestShipment,
  manifestShipmentGroup,
  manifestShipments,
  manifestShipmentsByQuery,
} from './manifests.js';
import { addPaperlessDocument, getPaperlessDocument, removePaperlessDocument } from './paperless.js';
import { createQuote, createQuoteForServiceGroup, getQuotesForShipment } from './quotes.js';
import {
  cancelShipment,
  changeShipmentState,
  createShipment,
  deleteShipment,
  getShipment,
  getShipmentStateCounts,
  updateShipment,
} from './shipments.js';
import { runBatches, type ShipmentsStore } from './state.js';
import { getTracking } from './tracking.js';

/**
 * Area B of the mock: shipments, quotes, allocation, manifests, tracking, collection notes, paperless
 * documents, labels, shipment groups and customs documents. Requires `x-api-key` (401 `unauthorised`) and
 * `x-api-version: 1.1` (400 `version_header_missing` / `version_header_error`). Errors and the status
 * policy: `errors.ts`.
 */

const API_VERSION = '1.1';
const BY_CUSTOM_REFERENCE = '/shipment_groups/custom_reference/:customReference/:version';
const NOTE_BY_CUSTOM_REFERENCE = '/collection_notes/shipment_group/custom_reference/:customReference';

export const shipmentsArea: MockArea<ShipmentsStore> = {
  name: 'shipments',
  // In the order they must be matched: fixed segments before the parameters that would take them
  // (`/shipments/state_counts` before `/shipments/:shipmentReference`, `/documents/paperless/…` before
  // the customs documents' `/documents/:shipmentReference/:documentType`).
  routes: withBatches([
    // Fixed segments before the `:shipmentReference` that would take them.
    route('GET', '/shipments/state_counts', 'getShipmentStateCounts', getShipmentStateCounts),
    route('PUT', '/shipments/state', 'changeShipmentState', changeShipmentState),
    route('POST', '/shipments/quote', 'createQuote', createQuote),
    route(
      'POST',
      '/shipments/quote/service_group/:groupReference',
      'createQuoteForServiceGroup',
      createQuoteForServiceGroup,
    ),
    route('POST', '/shipments/:shipmentReference/quote', 'getQuotesForShipment', getQuotesForShipment),
    route('PUT', '/shipments/manifest', 'manifestShipments', manifestShipments),
    route('POST', '/shipments/manifest/query', 'manifestShipmentsByQuery', manifestShipmentsByQuery),
    route('PUT', '/shipments/:shipmentReference/manifest', 'manifestShipment', manifestShipment),
    route(
      'POST',
      '/shipment_groups/:groupReference/manifest',
      'manifestShipmentGroup',
      manifestShipmentGroup,
    ),
    route('GET', '/shipments/manifests/:manifestReference', 'getManifest', getManifest),
    // Each bulk allocation under both paths the files give it (`allocate` and `allocation`).
    route('PUT', '/shipments/allocate', 'allocateShipments', allocateShipments),
    route('PUT', '/shipments/allocation', 'allocateShipments', allocateShipments),
    route('PUT', '/shipments/allocate/filters', 'allocateShipmentsWithFilters', allocateShipmentsWithFilters),
    route(
      'PUT',
      '/shipments/allocation/filters',
      'allocateShipmentsWithFilters',
      allocateShipmentsWithFilters,
    ),
    route(
      'PUT',
      '/shipments/allocate/service',
      'allocateShipmentsWithCarrierService',
      allocateShipmentsWithCarrierService,
    ),
    route(
      'PUT',
      '/shipments/allocation/service',
      'allocateShipmentsWithCarrierService',
      allocateShipmentsWithCarrierService,
    ),
    route(
      'PUT',
      '/shipments/allocate/service_group',
      'allocateShipmentsWithServiceGroup',
      allocateShipmentsWithServiceGroup,
    ),
    route('PUT', '/shipments/:shipmentReference/allocate', 'allocateShipment', allocateShipment),
    route(
      'PUT',
      '/shipments/:shipmentReference/allocate/quote/:quoteReference',
      'allocateShipmentWithQuote',
      allocateShipmentWithQuote,
    ),
    route(
      'PUT',
      '/shipments/allocate/:shipmentReference/quote/:quoteReference',
      'allocateShipmentWithQuote',
      allocateShipmentWithQuote,
    ),
    route(
      'PUT',
      '/shipments/:shipmentReference/allocate/service/:serviceReference',
      'allocateShipmentWithCarrierService',
      allocateShipmentWithCarrierService,
    ),
    route(
      'PUT',
      '/shipments/:shipmentReference/allocate/service_group/:groupReference',
      'allocateShipmentWithServiceGroup',
      allocateShipmentWithServiceGroup,
    ),
    route(
      'PUT',
      '/shipments/:shipmentReference/allocate/virtual_service/:virtualService',
      'allocateShipmentWithVirtualService',
      allocateShipmentWithVirtualService,
    ),
    route('DELETE', '/shipments/:shipmentReference/allocation', 'deallocateShipment', deallocateShipment),
    route('POST', '/shipments', 'createShipment', createShipment),
    route('PUT', '/shipments', 'updateShipment', updateShipment),
    route('GET', '/shipments/:shipmentReference', 'getShipment', getShipment),
    route('DELETE', '/shipments/:shipmentReference', 'deleteShipment', deleteShipment),
    route('PUT', '/shipments/:shipmentReference/cancel', 'cancelShipment', cancelShipment),
    route('GET', '/tracking/:shipmentReference', 'getShipmentTracking', getTracking),
    route('GET', `${NOTE_BY_CUSTOM_REFERENCE}/latest`, 'getCollectionNote', getCollectionNote),
    route('GET', `${NOTE_BY_CUSTOM_REFERENCE}/:version`, 'getCollectionNote', getCollectionNote),
    route('GET', '/collection_notes/shipment_group/:groupReference', 'getCollectionNote', getCollectionNote),
    route('POST', '/documents/paperless/:shipmentReference', 'addPaperlessDocument', addPaperlessDocument),
    route('GET', '/documents/paperless/:documentReference', 'getPaperlessDocument', getPaperlessDocument),
    route(
      'DELETE',
      '/documents/paperless/:documentReference',
      'removePaperlessDocument',
      removePaperlessDocument,
    ),
    // `/tracking/custom_reference/…` has the shape of `/tracking/:shipmentReference/shipment_contents`.
    route(
      'GET',
      '/tracking/custom_reference/:customReference',
      'getTrackingByCustomReference',
      getTrackingByCustomReference,
    ),
    route(
      'GET',
      '/tracking/custom_reference/:customReference/shipment_contents',
      'getShipmentContentsTrackingByCustomReference',
      getShipmentContentsTrackingByCustomReference,
    ),
    route(
      'GET',
      '/tracking/:shipmentReference/shipment_contents',
      'getShipmentContentsTracking',
      getShipmentContentsTracking,
    ),
    // A `:name` matches one segment, so the optional dpi segment takes a second route.
    route('GET', '/labels/:shipmentReference/:format', 'getLabels', getLabels),
    route('GET', '/labels/:shipmentReference/:format/:dpi', 'getLabels', getLabels),
    route(
      'GET',
      '/labels/:shipmentReference/contents/:contentsReference/:format/:dpi',
      'getContentsLabel',
      getContentsLabel,
    ),
    // The reads by custom reference before the `:groupReference` routes of as many segments.
    route(
      'GET',
      '/shipment_groups/custom_reference/:customReference',
      'getShipmentGroupsByCustomReference',
      getShipmentGroupsByCustomReference,
    ),
    route('GET', BY_CUSTOM_REFERENCE, 'getShipmentGroupByCustomReference', getShipmentGroupByCustomReference),
    route('PUT', '/shipment_groups', 'updateShipmentGroup', updateShipmentGroup),
    route(
      'PUT',
      '/shipment_groups/:groupReference/shipments/:shipmentReference',
      'addShipmentToGroup',
      addShipmentToGroup,
    ),
    route(
      'PUT',
      `${BY_CUSTOM_REFERENCE}/shipments/:shipmentReference`,
      'addShipmentToGroup',
      addShipmentToGroup,
    ),
    route(
      'DELETE',
      '/shipment_groups/:groupReference/shipments/:shipmentReference',
      'removeShipmentFromGroup',
      removeShipmentFromGroup,
    ),
    route(
      'DELETE',
      `${BY_CUSTOM_REFERENCE}/shipments/:shipmentReference`,
      'removeShipmentFromGroup',
      removeShipmentFromGroup,
    ),
    route('POST', '/shipment_groups/:groupReference/lock', 'lockShipmentGroup', setLock(true)),
    route('POST', '/shipment_groups/:groupReference/unlock', 'unlockShipmentGroup', setLock(false)),
    route('POST', '/shipment_groups', 'createShipmentGroup', createShipmentGroup),
    route('GET', '/shipment_groups/:groupReference', 'getShipmentGroup', getShipmentGroup),
    route('POST', '/shipment_groups/:groupReference/close', 'closeShipmentGroup', closeShipmentGroup),
    route('GET', '/documents/:shipmentReference', 'getDocuments', getDocuments),
    route('GET', '/documents/:shipmentReference/:documentType', 'getDocument', getDocument),
  ]),
  authenticate(request, store) {
    const key = request.headers.get('x-api-key');
    if (key === null || key === '') {
      return errorResponse(401, 'unauthorised', 'The x-api-key header is missing', [
        detail('x-api-key', 'missing_api_key_header', 'Send your API key in the x-api-key header'),
      ]);
    }
    if (key !== store.apiKey) {
      return errorResponse(401, 'unauthorised', 'The API key is not valid', [
        detail('x-api-key', 'invalid_api_key', 'The API key is not valid for this environment'),
      ]);
    }
    const version = request.headers.get('x-api-version');
    if (version === null || version.trim() === '') {
      return errorResponse(400, 'version_header_missing', 'The x-api-version header is missing', [
        detail('x-api-version', 'version_header_missing', `Send x-api-version: ${API_VERSION}`),
      ]);
    }
    if (version.trim() !== API_VERSION) {
      return errorResponse(400, 'version_header_error', `API version ${version} is not supported`, [
        detail('x-api-version', 'version_header_error', `Supported: ${API_VERSION}`),
      ]);
    }
    return undefined;
  },
  error: errorResponse,
  codes: {
    invalidBody: 'validation_error',
    invalidPath: 'validation_error',
    noRoute: 'not_found',
    wrongMethod: 'method_not_allowed',
    detail: (property, message) => detail(property, 'invalid_format', message),
  },
};

/** The routes, each running the queued batches first (see `runBatches`). */
function withBatches(routes: Route<ShipmentsStore>[]): Route<ShipmentsStore>[] {
  return routes.map((route) => ({
    ...route,
    handle(context) {
      runBatches(context.store);
      return route.handle(context);
    },
  }));
}
