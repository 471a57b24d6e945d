import { ConfigurationError, RequestAbortedError } from '../core/errors.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import type { ConsignmentReference, ShipmentReference } from '../core/references.js';
import type { DecodedDocument } from '../documents/decode.js';
import type { AllocatedWithLabels } from '../orders/allocation/with-labels.js';
import type { OrdersClient } from '../orders/client.js';
import type { ConsignmentLabelOptions } from '../orders/labels.js';
import type { ShipmentsClient } from '../shipments/client.js';
import type { LabelOptions } from '../shipments/labels.js';
import { loadPdfLibrary, mergeLabels } from './merge.js';
import {
  type SavedLabels,
  saveAllocatedLabelFiles,
  saveConsignmentLabelFiles,
  saveShipmentLabelFiles,
  writeAtomically,
} from './save.js';

/** How far a {@link saveAllLabels} run has got: called once per shipment, as each one ends. */
export interface LabelProgress {
  /** Shipments finished so far, saved or failed. */
  done: number;
  /** Shipments in the run. */
  total: number;
  /** The shipment that just finished. */
  shipment: ShipmentReference;
}

/** How far a {@link saveAllConsignmentLabels} run has got: called once per consignment, as each one ends. */
export interface ConsignmentLabelProgress {
  /** Consignments finished so far, saved or failed. */
  done: number;
  /** Consignments in the run. */
  total: number;
  /** The consignment that just finished. */
  consignment: ConsignmentReference;
}

/**
 * What {@link saveAllLabels} and {@link saveAllConsignmentLabels} take beside the label options: where to
 * save, how many at once, how to stop, progress, and the merged print file.
 */
export interface LabelBatchOptions<Progress> {
  /** The folder the labels are saved in, one file per label, named after its shipment or consignment. */
  directory: string;
  /** Create `directory` (and its parents) when missing. Default false. */
  createDirectories?: boolean | undefined;
  /** How many labels are fetched at once. Default 4; at least 1. */
  concurrency?: number | undefined;
  /** Stops the run: nothing new is started, and the fetches in flight are aborted. */
  signal?: AbortSignal | undefined;
  /** Called as each shipment or consignment ends, saved or failed. An error it throws is ignored. */
  onProgress?: ((progress: Progress) => void) | undefined;
  /**
   * Also write every saved label, in the order of the references given, as one print file at this path
   * (PDF or ZPL, by {@link mergeLabels}).
   */
  merge?: string | undefined;
}

/** Options of {@link saveAllLabels}: the label options of `getLabels`, plus how to run and where to save. */
export type SaveAllLabelsOptions = LabelOptions & LabelBatchOptions<LabelProgress>;

/**
 * Options of {@link saveAllConsignmentLabels}: the label options of `getConsignmentLabels` (`format`,
 * `dpi`), plus how to run and where to save.
 */
export type SaveAllConsignmentLabelsOptions = ConsignmentLabelOptions &
  LabelBatchOptions<ConsignmentLabelProgress>;

/** What happened to one shipment of a {@link saveAllLabels} run. */
export type LabelRunResult =
  | {
      /** The shipment. */
      shipment: ShipmentReference;
      /** Its labels were saved. */
      ok: true;
      /** The files written, in the service's order. */
      files: string[];
    }
  | {
      /** The shipment. */
      shipment: ShipmentReference;
      /** It failed; nothing of it was written. */
      ok: false;
      /** Why: what `getLabels` threw (an unallocated shipment's `NotFoundError`…), a file error, or a `RequestAbortedError` when the run was stopped first. */
      error: Error;
    };

/** What happened to one consignment of a {@link saveAllConsignmentLabels} run. */
export type ConsignmentLabelRunResult =
  | {
      /** The consignment. */
      consignment: ConsignmentReference;
      /** Its label was saved. */
      ok: true;
      /** The file written (one: every package's labels in one file). */
      files: string[];
    }
  | {
      /** The consignment. */
      consignment: ConsignmentReference;
      /** It failed; nothing of it was written. */
      ok: false;
      /** Why: what `getConsignmentLabels` threw (an unallocated consignment's `BadRequestError`…), a file error, or a `RequestAbortedError` when the run was stopped first. */
      error: Error;
    };

/** One reference's outcome in {@link runLabelBatch}, before it is named for its area. */
type BatchResult<Reference> =
  | { reference: Reference; ok: true; files: string[] }
  | { reference: Reference; ok: false; error: Error };

/** What differs between the areas' runs. */
interface BatchArea<Reference> {
  /** The public function's name, for messages. */
  caller: string;
  /** The operation that fetches one reference's labels. */
  operation: OperationName;
  /** Fetches, decodes and saves one reference's labels. */
  save: (reference: Reference, requestOptions: RequestOptions) => Promise<SavedLabels>;
  /** The label format asked for (`PDF`, `ZPL`…). */
  format: string | undefined;
  /** Reports one reference finished. */
  progress: ((done: number, total: number, reference: Reference) => void) | undefined;
}

/**
 * Saves the labels of many references with at most `concurrency` in flight, in order of start; one
 * failure does not stop the others. Then merges what was saved, in the order given, when asked.
 */
async function runLabelBatch<Reference extends string>(
  references: readonly Reference[],
  // `never`: the run reports progress through `area.progress`, never through `onProgress` itself.
  options: LabelBatchOptions<never>,
  area: BatchArea<Reference>,
): Promise<BatchResult<Reference>[]> {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ConfigurationError(
      `${area.caller}: concurrency must be an integer of at least 1, got ${String(concurrency)}`,
    );
  }
  // A PDF merge without its optional library fails before anything is fetched, not after every label.
  if (options.merge !== undefined && /^pdf$/i.test(area.format ?? '')) await loadPdfLibrary();
  const { signal } = options;
  const total = references.length;
  const results: BatchResult<Reference>[] = new Array(total);
  const documents: DecodedDocument[][] = new Array(total);
  let next = 0;
  let done = 0;
  const report = (reference: Reference) => {
    done += 1;
    try {
      area.progress?.(done, total, reference);
    } catch {
      // A progress display that fails must not fail the run.
    }
  };
  async function worker(): Promise<void> {
    while (next < total) {
      const index = next++;
      const reference = references[index] as Reference;
      if (signal?.aborted) {
        results[index] = {
          reference,
          ok: false,
          error: new RequestAbortedError(
            `${area.caller}: stopped before ${reference} was started; nothing was fetched`,
            area.operation,
          ),
        };
      } else {
        try {
          const saved = await area.save(reference, signal ? { signal } : {});
          results[index] = { reference, ok: true, files: saved.files };
          documents[index] = saved.documents;
        } catch (error) {
          results[index] = {
            reference,
            ok: false,
            error: error instanceof Error ? error : new Error(String(error)),
          };
        }
      }
      report(reference);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(total, 1)) }, worker));
  const saved = documents.filter((list) => list !== undefined).flat();
  if (options.merge !== undefined && saved.length > 0) {
    const merged = await mergeLabels(saved);
    await writeAtomically(options.merge, merged.bytes, options.createDirectories ?? false);
  }
  return results;
}

/**
 * Fetches and saves the labels of many shipments, a few at a time, as a warehouse prints a collection:
 * each shipment's labels as with {@link saveLabels}, atomically, one file per label. One failure does not
 * stop the others, and never loses what was saved: the result says, per shipment, its files or its error.
 * With `merge`, the labels saved are also written, in the order given, as one print file at that path (a
 * multi-page PDF, or one ZPL stream), atomically; it is not written when no label was saved.
 *
 * Stopping with `signal` starts no new shipment and aborts those in flight; each file is written whole or
 * not at all, so no partial file is left. The shipments not done are in the result with a
 * `RequestAbortedError`. For an order flow's consignments (`EC-…`), see {@link saveAllConsignmentLabels}.
 *
 * @returns One result per shipment, in the order of `shipmentRefs`.
 * @throws {@link consignkit!ConfigurationError} for a bad `concurrency`, and
 *   {@link consignkit!DocumentError} when `merge` is asked for labels that cannot be merged (BMP, mixed
 *   formats): every label is saved by then. {@link consignkit!ConfigurationError} when `merge` is asked
 *   for PDF labels and the optional peer `@pdfme/pdf-lib` is not installed: before anything is fetched.
 *
 * @example
 * ```ts
 * import { saveAllLabels } from 'consignkit/node';
 *
 * const results = await saveAllLabels(shipments, references, {
 *   format: 'PDF',
 *   directory: './labels',
 *   createDirectories: true,
 *   concurrency: 8,
 *   merge: './labels/collection.pdf',
 *   onProgress: ({ done, total }) => console.log(`${done}/${total}`),
 * });
 * const failed = results.filter((result) => !result.ok);
 * ```
 */
export async function saveAllLabels(
  shipments: ShipmentsClient,
  shipmentRefs: readonly ShipmentReference[],
  options: SaveAllLabelsOptions,
): Promise<LabelRunResult[]> {
  const { concurrency: _c, signal: _s, onProgress, merge: _m, ...saveOptions } = options;
  const results = await runLabelBatch(shipmentRefs, options, {
    caller: 'saveAllLabels',
    operation: 'getLabels',
    format: options.format,
    save: (shipment, requestOptions) =>
      saveShipmentLabelFiles(shipments, shipment, saveOptions, requestOptions),
    progress: onProgress && ((done, total, shipment) => onProgress({ done, total, shipment })),
  });
  return results.map(({ reference, ...outcome }) => ({ shipment: reference, ...outcome }));
}

/**
 * Fetches and saves the labels of many consignments (`EC-…`, an order flow's), a few at a time: each
 * consignment's label file as with {@link saveConsignmentLabels}, atomically, as `<consignment><extension>`.
 * One failure does not stop the others, and never loses what was saved: the result says, per
 * consignment, its file or its error. With `merge`, the labels saved are also written, in the order given,
 * as one print file at that path (a multi-page PDF, or one ZPL stream), atomically; it is not written when
 * no label was saved. The twin of {@link saveAllLabels} for area A.
 *
 * Stopping with `signal` starts no new consignment and aborts those in flight; each file is written whole
 * or not at all. The consignments not done are in the result with a `RequestAbortedError`.
 *
 * @param orders - The client to fetch with.
 * @param consignmentRefs - The consignments; each must be allocated. An entry may instead be what
 *   `orders.allocation.withLabels` returned: its labels came with it, and are saved without fetching.
 * @param options - `format` and `dpi` as `getConsignmentLabels` takes them, plus `directory`,
 *   `createDirectories`, `concurrency` (default 4), `signal`, `onProgress` and `merge`.
 * @returns One result per consignment, in the order of `consignmentRefs`.
 * @throws {@link consignkit!ConfigurationError} for a bad `concurrency`, and
 *   {@link consignkit!DocumentError} when `merge` is asked for labels that cannot be merged (BMP, mixed
 *   formats): every label is saved by then. {@link consignkit!ConfigurationError} when `merge` is asked
 *   for PDF labels and the optional peer `@pdfme/pdf-lib` is not installed: before anything is fetched.
 *
 * @example
 * ```ts
 * import { saveAllConsignmentLabels } from 'consignkit/node';
 *
 * const results = await saveAllConsignmentLabels(orders, consignments, {
 *   format: 'ZPL',
 *   directory: './labels',
 *   createDirectories: true,
 *   merge: './labels/today.zpl',
 *   onProgress: ({ done, total, consignment }) => console.log(`${done}/${total} ${consignment}`),
 * });
 * const failed = results.filter((result) => !result.ok);
 * ```
 */
export async function saveAllConsignmentLabels(
  orders: OrdersClient,
  consignmentRefs: readonly (ConsignmentReference | AllocatedWithLabels)[],
  options: SaveAllConsignmentLabelsOptions,
): Promise<ConsignmentLabelRunResult[]> {
  const { concurrency: _c, signal: _s, onProgress, merge: _m, ...saveOptions } = options;
  // Labels that came with their allocation are saved as they came: nothing is fetched for them.
  const allocated = new Map<ConsignmentReference, AllocatedWithLabels>();
  const references = consignmentRefs.map((entry) => {
    if (typeof entry === 'string') return entry;
    allocated.set(entry.consignmentReference, entry);
    return entry.consignmentReference;
  });
  const results = await runLabelBatch(references, options, {
    caller: 'saveAllConsignmentLabels',
    operation: 'getConsignmentLabels',
    format: options.format,
    save: (consignment, requestOptions) => {
      const withLabels = allocated.get(consignment);
      return withLabels
        ? saveAllocatedLabelFiles(withLabels, options.directory, options.createDirectories ?? false)
        : saveConsignmentLabelFiles(orders, consignment, saveOptions, requestOptions);
    },
    progress: onProgress && ((done, total, consignment) => onProgress({ done, total, consignment })),
  });
  return results.map(({ reference, ...outcome }) => ({ consignment: reference, ...outcome }));
}
