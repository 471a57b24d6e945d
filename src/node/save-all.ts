import { join } from 'node:path';
import { ConfigurationError, RequestAbortedError } from '../core/errors.js';
import type { RequestOptions } from '../core/options.js';
import type { ShipmentReference } from '../core/references.js';
import { type DecodedDocument, decodeDocument } from '../documents/decode.js';
import type { ShipmentsClient } from '../shipments/client.js';
import type { LabelOptions } from '../shipments/schemas.js';
import { mergeLabels } from './merge.js';
import { checkFileName, writeAtomically } from './save.js';

/** How far a {@link saveAllLabels} run has got: called once per shipment, as each one ends. */
export interface LabelProgress {
  /** Shipments finished so far, saved or failed. */
  done: number;
  /** Shipments in the run. */
  total: number;
  /** The shipment that just finished. */
  shipment: ShipmentReference;
}

/** Options of {@link saveAllLabels}: the label options of `getLabels`, plus how to run and where to save. */
export type SaveAllLabelsOptions = LabelOptions & {
  /** The folder the labels are saved in, one file per label, named after its shipment. */
  directory: string;
  /** Create `directory` (and its parents) when missing. Default false. */
  createDirectories?: boolean | undefined;
  /** How many shipments are fetched at once. Default 4; at least 1. */
  concurrency?: number | undefined;
  /** Stops the run: no new shipment is started, and those in flight are aborted. */
  signal?: AbortSignal | undefined;
  /** Called as each shipment ends, saved or failed. An error it throws is ignored. */
  onProgress?: ((progress: LabelProgress) => void) | undefined;
  /**
   * Also write every saved label, in the order of `shipmentRefs`, as one print file at this path (PDF or
   * ZPL, by {@link mergeLabels}).
   */
  merge?: string | undefined;
};

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

async function saveOne(
  shipments: ShipmentsClient,
  shipment: ShipmentReference,
  options: SaveAllLabelsOptions,
  requestOptions: RequestOptions,
): Promise<{ files: string[]; documents: DecodedDocument[] }> {
  const {
    directory,
    createDirectories,
    concurrency: _c,
    signal: _s,
    onProgress: _p,
    merge: _m,
    ...labelOptions
  } = options;
  const labels = await shipments.getLabels(shipment, labelOptions as LabelOptions, requestOptions);
  // Every label is decoded before any file is written, so a broken one leaves nothing half-saved.
  const documents = labels.map((label) => decodeDocument(label));
  const files: string[] = [];
  for (const [index, document] of documents.entries()) {
    const name = index === 0 ? shipment : `${shipment}-${index + 1}`;
    const target = join(directory, `${checkFileName(name)}${document.extension}`);
    await writeAtomically(target, document.bytes, createDirectories ?? false);
    files.push(target);
  }
  return { files, documents };
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
 * `RequestAbortedError`.
 *
 * @returns One result per shipment, in the order of `shipmentRefs`.
 * @throws {@link consignkit!ConfigurationError} for a bad `concurrency`, and
 *   {@link consignkit!DocumentError} when `merge` is asked for labels that cannot be merged (BMP, mixed
 *   formats): every label is saved by then.
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
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ConfigurationError(
      `saveAllLabels: concurrency must be an integer of at least 1, got ${String(concurrency)}`,
    );
  }
  const { signal, onProgress } = options;
  const total = shipmentRefs.length;
  const results: LabelRunResult[] = new Array(total);
  const documents: DecodedDocument[][] = new Array(total);
  let next = 0;
  let done = 0;
  const report = (shipment: ShipmentReference) => {
    done += 1;
    try {
      onProgress?.({ done, total, shipment });
    } catch {
      // A progress display that fails must not fail the run.
    }
  };
  async function worker(): Promise<void> {
    while (next < total) {
      const index = next++;
      const shipment = shipmentRefs[index] as ShipmentReference;
      if (signal?.aborted) {
        results[index] = {
          shipment,
          ok: false,
          error: new RequestAbortedError(
            `saveAllLabels: stopped before ${shipment} was started; nothing was fetched`,
            'getLabels',
          ),
        };
      } else {
        try {
          const saved = await saveOne(shipments, shipment, options, signal ? { signal } : {});
          results[index] = { shipment, ok: true, files: saved.files };
          documents[index] = saved.documents;
        } catch (error) {
          results[index] = {
            shipment,
            ok: false,
            error: error instanceof Error ? error : new Error(String(error)),
          };
        }
      }
      report(shipment);
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
