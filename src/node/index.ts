/**
 * Saving documents (labels, customer manifests) to files, atomically. Node only: it uses `node:fs`.
 *
 * @example
 * ```ts
 * import { saveDocument, saveLabels } from 'consignkit/node';
 *
 * await saveLabels(shipments, 'sp_01hzy…', { format: 'PDF', directory: './labels', createDirectories: true });
 * await saveDocument(await orders.getCustomerManifest(manifestReference), './manifests/today.pdf');
 * ```
 *
 * @module consignkit/node
 */
export {
  type SaveConsignmentLabelsOptions,
  type SaveDocumentOptions,
  type SaveLabelsOptions,
  saveConsignmentLabels,
  saveDocument,
  saveLabels,
} from './save.js';
