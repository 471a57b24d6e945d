import { type MockArea, type Route, route } from '../router.js';
import { allocationRoutes } from './allocation.js';
import { collectionNoteRoutes } from './collection-notes.js';
import { contentsTrackingRoutes } from './contents-tracking.js';
import { getDocument, getDocuments } from './documents.js';
import { detail, errorResponse } from './errors.js';
import {
  addShipmentToGroup,
  closeShipmentGroup,
  createShipmentGroup,
  getShipmentGroup,
  removeShipmentFromGroup,
  setLock,
  updateShipmentGroup,
} from './groups.js';
import { getContentsLabel, getLabels } from './labels.js';
import { manifestRoutes } from './manifests.js';
import { paperlessRoutes } from './paperless.js';
import { quoteRoutes } from './quotes.js';
import { shipmentRoutes } from './shipments.js';
import { runBatches } from './state.js';
import { trackingRoutes } from './tracking.js';

/**
 * Area B of the mock: shipments, quotes, allocation, manifests, tracking, collection notes, paperless
 * documents, labels, shipment groups and customs documents. Requires `x-api-key` (401 `unauthorised`) and
 * `x-api-version: 1.1` (400 `version_header_missing` / `version_header_error`). Errors and the status
 * policy: `errors.ts`.
 */

const API_VERSION = '1.1';
const BY_CUSTOM_REFERENCE = '/shipment_groups/custom_reference/:customReference/:version';

export const shipmentsArea: MockArea = {
  name: 'shipments',
  // In the order they must be matched: fixed segments before the parameters that would take them
  // (`/shipments/state_counts` before `/shipments/:shipmentReference`, `/documents/paperless/…` before
  // the customs documents' `/documents/:shipmentReference/:documentType`).
  routes: withBatches([
    ...shipmentRoutes.slice(0, 2),
    ...quoteRoutes,
    ...manifestRoutes,
    ...allocationRoutes,
    ...shipmentRoutes.slice(2),
    ...trackingRoutes,
    ...collectionNoteRoutes,
    ...paperlessRoutes,
    ...contentsTrackingRoutes,
    // A `:name` matches one segment, so the optional dpi segment takes a second route.
    route('GET', '/labels/:shipmentReference/:format', 'getLabels', getLabels),
    route('GET', '/labels/:shipmentReference/:format/:dpi', 'getLabels', getLabels),
    route(
      'GET',
      '/labels/:shipmentReference/contents/:contentsReference/:format/:dpi',
      'getContentsLabel',
      getContentsLabel,
    ),
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
function withBatches(routes: Route[]): Route[] {
  return routes.map((route) => ({
    ...route,
    handle(context) {
      runBatches(context.store);
      return route.handle(context);
    },
  }));
}
