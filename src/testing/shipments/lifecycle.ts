import type { Route } from '../router.js';
import { allocationRoutes } from './allocation.js';
import { collectionNoteRoutes } from './collection-notes.js';
import { manifestRoutes } from './manifests.js';
import { paperlessRoutes } from './paperless.js';
import { quoteRoutes } from './quotes.js';
import { runBatches } from './records.js';
import { shipmentRoutes } from './shipments.js';
import { trackingRoutes } from './tracking.js';

/**
 * The shipment lifecycle's routes, in the order they must be matched: fixed segments before the
 * parameters that would take them (`/shipments/state_counts` before `/shipments/:shipmentReference`,
 * `/documents/paperless/…` before the customs documents' `/documents/:shipmentReference/:documentType`).
 */
export const lifecycleRoutes: Route[] = [
  ...shipmentRoutes.slice(0, 2),
  ...quoteRoutes,
  ...manifestRoutes,
  ...allocationRoutes,
  ...shipmentRoutes.slice(2),
  ...trackingRoutes,
  ...collectionNoteRoutes,
  ...paperlessRoutes,
];

/** The routes, each running the queued batches first (see `runBatches`). */
export function withBatches(routes: Route[]): Route[] {
  return routes.map((route) => ({
    ...route,
    handle(context) {
      runBatches(context.store);
      return route.handle(context);
    },
  }));
}
