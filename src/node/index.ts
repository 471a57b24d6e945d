/**
 * Saving documents (labels, customer manifests) to files, atomically; many shipments' labels at once,
 * (shipments' or consignments') merged into one print file; and ZPL sent straight to a network label printer. Node only: it uses
 * `node:fs` and `node:net`.
 *
 * @example
 * ```ts
 * import { saveDocument, saveLabels } from 'consignkit/node';
 *
 * await saveLabels(shipments, 'sp_01hzy…', { format: 'PDF', directory: './labels', createDirectories: true });
 * await saveDocument(await orders.manifests.get(manifestReference), './manifests/today.pdf');
 * ```
 *
 * @module consignkit/node
 */

export {
  type DoctorArea,
  type DoctorCheck,
  type DoctorCheckStatus,
  type DoctorCreated,
  type DoctorOptions,
  type DoctorReport,
  type DriftDifference,
  runDoctor,
} from './doctor/index.js';
export { type MergedLabels, type MergeInput, mergeLabels } from './merge.js';
export {
  PrinterError,
  PrinterTimeoutError,
  PrinterUnreachableError,
  type PrintZplOptions,
  printZpl,
} from './printer.js';
export {
  type SaveConsignmentLabelsOptions,
  type SaveDocumentOptions,
  type SaveLabelsOptions,
  saveConsignmentLabels,
  saveDocument,
  saveLabels,
} from './save.js';
export {
  type ConsignmentLabelProgress,
  type ConsignmentLabelRunResult,
  type LabelBatchOptions,
  type LabelProgress,
  type LabelRunResult,
  type SaveAllConsignmentLabelsOptions,
  type SaveAllLabelsOptions,
  saveAllConsignmentLabels,
  saveAllLabels,
} from './save-all.js';
