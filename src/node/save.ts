import { randomUUID } from 'node:crypto';
import { link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { RequestValidationError } from '../core/errors.js';
import type { RequestOptions } from '../core/options.js';
import type { ConsignmentReference, ShipmentReference } from '../core/references.js';
import {
  type AreaADocumentObject,
  type DecodedDocument,
  type DocumentObject,
  decodeDocument,
  EXTENSIONS,
  sniffFormat,
} from '../documents/decode.js';
import { DocumentError } from '../documents/errors.js';
import type { AllocatedWithLabels } from '../orders/allocation/with-labels.js';
import type { OrdersClient } from '../orders/client.js';
import type { ConsignmentLabelOptions } from '../orders/labels.js';
import type { ShipmentsClient } from '../shipments/client.js';
import type { LabelOptions } from '../shipments/labels.js';

/** Options of {@link saveDocument}. All are optional. */
export interface SaveDocumentOptions {
  /** Create missing parent folders. Default false: a missing folder is an error (`ENOENT`). */
  createDirectories?: boolean | undefined;
  /**
   * The file name, without extension, used when `path` is a folder (a document has no name of its own).
   * The extension comes from the bytes. Default `label`.
   */
  name?: string | undefined;
}

/**
 * Options of {@link saveConsignmentLabels}: the {@link ConsignmentLabelOptions} of `getConsignmentLabels`,
 * plus where to put the file.
 */
export type SaveConsignmentLabelsOptions = ConsignmentLabelOptions & {
  /** The folder the labels are saved in; the file name comes from the consignment reference. */
  directory: string;
  /** Create `directory` (and its parents) when missing. Default false. */
  createDirectories?: boolean | undefined;
};

/** Options of {@link saveLabels}: the {@link LabelOptions} of `getLabels`, plus where to put the files. */
export type SaveLabelsOptions = LabelOptions & {
  /** The folder the labels are saved in; the file names come from the shipment reference. */
  directory: string;
  /** Create `directory` (and its parents) when missing. Default false. */
  createDirectories?: boolean | undefined;
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    throw error;
  }
}

export function checkFileName(name: string): string {
  if (typeof name !== 'string' || name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw new RequestValidationError(`Invalid name: expected a file name without folders, got '${name}'`, [
      { path: ['name'], message: 'expected a file name without folders' },
    ]);
  }
  return name;
}

async function ensureFolder(folder: string, create: boolean, target: string): Promise<void> {
  if (create) {
    await mkdir(folder, { recursive: true });
    return;
  }
  if (!(await isDirectory(folder))) {
    throw Object.assign(
      new Error(`Cannot save ${target}: the folder ${folder} does not exist (pass createDirectories: true)`),
      { code: 'ENOENT', path: folder },
    );
  }
}

/**
 * Writes `bytes` to `target` so that a reader sees the old file or the whole new one, never a part: a
 * uniquely named temporary file in the same folder (so the rename stays on one file system), written and
 * flushed to disk, then renamed over the target. On any failure the temporary file is removed.
 * `keepExisting`: the target is never replaced; an existing one fails the write with `EEXIST` (the
 * temporary file is linked to the target's name, which fails rather than replace, then removed).
 */
export async function writeAtomically(
  target: string,
  bytes: Uint8Array,
  createDirectories: boolean,
  keepExisting = false,
): Promise<void> {
  const folder = dirname(target);
  await ensureFolder(folder, createDirectories, target);
  const temporary = join(folder, `.${basename(target)}.${randomUUID()}.tmp`);
  let created = false;
  try {
    const handle = await open(temporary, 'wx');
    created = true;
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (keepExisting) {
      await link(temporary, target);
      await unlink(temporary);
    } else await rename(temporary, target);
    created = false;
  } catch (error) {
    if (created) await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
}

/** Makes the rename itself durable. Not every platform can open a folder (Windows): best effort. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The file is complete and in place; only its survival of a power cut right now is less certain.
  }
}

async function targetPath(path: string, extension: string, name: string): Promise<string> {
  const isFolder = path.endsWith('/') || path.endsWith(sep) || (await isDirectory(path));
  return isFolder ? join(path, `${checkFileName(name)}${extension}`) : path;
}

/** The bytes to write and their extension: a document object decoded, or bytes already decoded, checked. */
function toFile(document: DocumentObject | AreaADocumentObject | Uint8Array): {
  bytes: Uint8Array;
  extension: string;
} {
  if (!(document instanceof Uint8Array)) return decodeDocument(document);
  const format = sniffFormat(document);
  if (format === undefined) throw new DocumentError('The bytes are not a PDF, ZPL, BMP or PNG file');
  return { bytes: document, extension: EXTENSIONS[format] };
}

/**
 * Saves a document to a file atomically: a reader (a printer watching the folder) sees the old file or
 * the whole new one, never a part. It takes a document object (a label), decoded and checked first as by
 * {@link decodeDocument}, or bytes already decoded, such as the PDF `getCustomerManifest` returns. The
 * bytes go to a uniquely named temporary file in the same folder, are flushed to disk, then renamed over
 * the target.
 *
 * @param path - The file to write, or a folder (an existing one, or a path ending with `/`): then the
 *   file is `<name><extension>` inside it, the extension read from the bytes (`.pdf`, `.zpl`, `.bmp`).
 * @returns The path written.
 * @throws {@link consignkit!DocumentError} when the document cannot be decoded, or the bytes are not a
 *   PDF, ZPL or BMP file; nothing is written then.
 * @throws {@link consignkit!RequestValidationError} when `options.name` is not a plain file name (it
 *   holds a `/`…).
 * @throws Node's file-system errors (`ENOENT` when the folder is missing and `createDirectories` is not
 *   set, `EISDIR`, `EACCES`…); no partial or temporary file is left behind.
 *
 * @example
 * ```ts
 * import { saveDocument } from 'consignkit/node';
 *
 * const [label] = await shipments.labels.get('sp_01hzy…', { format: 'PDF' });
 * await saveDocument(label, './labels/parcel.pdf');
 * await saveDocument(label, './labels/', { name: 'parcel-2' }); // ./labels/parcel-2.pdf
 *
 * const pdf = await orders.manifests.get(manifestReference);
 * await saveDocument(pdf, './manifests/', { name: 'today', createDirectories: true }); // ./manifests/today.pdf
 * ```
 */
export async function saveDocument(
  document: DocumentObject | AreaADocumentObject | Uint8Array,
  path: string,
  options: SaveDocumentOptions = {},
): Promise<string> {
  const { bytes, extension } = toFile(document);
  const target = await targetPath(path, extension, options.name ?? 'label');
  await writeAtomically(target, bytes, options.createDirectories ?? false);
  return target;
}

/**
 * Fetches a shipment's labels with {@link consignkit!ShipmentLabels.get} and saves each into `directory`,
 * atomically, as `<shipmentRef><extension>`, then `<shipmentRef>-2<extension>`… when the service returns
 * several. Every label is decoded before any file is written, so a broken one leaves no half-saved set.
 *
 * @param shipments - The client to fetch with.
 * @param shipmentRef - The shipment (`sp_…`); it must be allocated to a carrier.
 * @param options - The label options of `getLabels`, plus `directory` and `createDirectories`.
 * @param requestOptions - Passed to `getLabels`.
 * @returns The paths written, in the service's order.
 * @throws Whatever {@link consignkit!ShipmentLabels.get} throws ({@link consignkit!NotFoundError} for an
 *   unallocated shipment…), and {@link consignkit!DocumentError} for a label that cannot be decoded: both
 *   before any file is written.
 * @throws Node's file-system errors (`ENOENT` when `directory` is missing and `createDirectories` is not
 *   set, `EACCES`…).
 *
 * @example
 * ```ts
 * import { saveLabels } from 'consignkit/node';
 *
 * const paths = await saveLabels(shipments, 'sp_01hzy…', {
 *   format: 'ZPL',
 *   dpi: 300,
 *   directory: './labels',
 *   createDirectories: true,
 * }); // ['labels/sp_01hzy….zpl']
 * ```
 */
export async function saveLabels(
  shipments: ShipmentsClient,
  shipmentRef: ShipmentReference,
  options: SaveLabelsOptions,
  requestOptions?: RequestOptions,
): Promise<string[]> {
  return (await saveShipmentLabelFiles(shipments, shipmentRef, options, requestOptions)).files;
}

/**
 * Fetches an allocated consignment's labels with {@link consignkit!ConsignmentLabels.get} (every
 * package's labels, as one file) and saves them into `directory`, atomically, as
 * `<consignmentRef><extension>`. The twin of {@link saveLabels} for area A: the way from allocation to a
 * label file when you work with orders and consignments.
 *
 * @param orders - The client to fetch with.
 * @param consignmentRef - The consignment (`EC-…`); it must be allocated.
 * @param options - `format` and `dpi` as `getConsignmentLabels` takes them, plus `directory` and
 *   `createDirectories`.
 * @param requestOptions - Passed to `getConsignmentLabels`.
 * @returns The paths written (one).
 * @throws Whatever {@link consignkit!ConsignmentLabels.get} throws ({@link consignkit!BadRequestError}
 *   for an unallocated consignment…), and {@link consignkit!DocumentError} for a label that cannot be
 *   decoded: both before any file is written.
 * @throws Node's file-system errors (`ENOENT` when `directory` is missing and `createDirectories` is not
 *   set, `EACCES`…).
 *
 * @example
 * ```ts
 * import { saveConsignmentLabels } from 'consignkit/node';
 *
 * const [summary] = await orders.allocation.allocate([consignment]);
 * const paths = await saveConsignmentLabels(orders, consignment, {
 *   format: 'PDF',
 *   directory: './labels',
 *   createDirectories: true,
 * }); // ['labels/EC-000-05B-MQ1.pdf']
 * ```
 */
export async function saveConsignmentLabels(
  orders: OrdersClient,
  consignmentRef: ConsignmentReference,
  options: SaveConsignmentLabelsOptions,
  requestOptions?: RequestOptions,
): Promise<string[]>;
/**
 * Saves the labels an allocate-and-get-labels call returned (`orders.allocation.withLabels`), fetching
 * nothing: the consignment's as `<consignmentRef><extension>`, and its return consignment's, when it has
 * one, as `<consignmentRef>-return<extension>`, each atomically. Both are decoded before either is written.
 *
 * @param allocated - What `orders.allocation.withLabels.allocate` (or a variant) returned.
 * @param options - `directory` and `createDirectories`; the format is the one the labels came in.
 * @returns The paths written: the consignment's, then the return's.
 * @throws {@link consignkit!DocumentError} for a label that cannot be decoded, before any file is written;
 *   Node's file-system errors.
 *
 * @example
 * ```ts
 * const allocated = await orders.allocation.withLabels.allocate(consignment, 'PDF');
 * const [path] = await saveConsignmentLabels(allocated, { directory: './labels', createDirectories: true });
 * ```
 */
export async function saveConsignmentLabels(
  allocated: AllocatedWithLabels,
  options: Pick<SaveConsignmentLabelsOptions, 'directory' | 'createDirectories'>,
): Promise<string[]>;
export async function saveConsignmentLabels(
  source: OrdersClient | AllocatedWithLabels,
  consignmentOrOptions:
    | ConsignmentReference
    | Pick<SaveConsignmentLabelsOptions, 'directory' | 'createDirectories'>,
  options?: SaveConsignmentLabelsOptions,
  requestOptions?: RequestOptions,
): Promise<string[]> {
  if (typeof consignmentOrOptions === 'object') {
    const { directory, createDirectories = false } = consignmentOrOptions;
    return (await saveAllocatedLabelFiles(source as AllocatedWithLabels, directory, createDirectories)).files;
  }
  const orders = source as OrdersClient;
  return (await saveConsignmentLabelFiles(orders, consignmentOrOptions, options!, requestOptions)).files;
}

/** Labels saved for one reference: the files written, and the decoded labels (for a merged print file). */
export interface SavedLabels {
  files: string[];
  documents: DecodedDocument[];
}

/**
 * Writes decoded labels into `directory` as `<reference><extension>`, then `<reference>-2<extension>`…
 * They are all decoded before this is called, so a broken one leaves no half-saved set.
 */
async function writeLabels(
  reference: string,
  documents: DecodedDocument[],
  directory: string,
  createDirectories: boolean,
): Promise<SavedLabels> {
  const files: string[] = [];
  for (const [index, document] of documents.entries()) {
    const name = index === 0 ? reference : `${reference}-${index + 1}`;
    const target = join(directory, `${checkFileName(name)}${document.extension}`);
    await writeAtomically(target, document.bytes, createDirectories);
    files.push(target);
  }
  return { files, documents };
}

/** {@link saveLabels}, also handing back the decoded labels. */
export async function saveShipmentLabelFiles(
  shipments: ShipmentsClient,
  shipmentRef: ShipmentReference,
  options: SaveLabelsOptions,
  requestOptions?: RequestOptions,
): Promise<SavedLabels> {
  const { directory, createDirectories = false, ...labelOptions } = options;
  const labels = await shipments.labels.get(shipmentRef, labelOptions as LabelOptions, requestOptions);
  const documents = labels.map((label) => decodeDocument(label));
  return writeLabels(shipmentRef, documents, directory, createDirectories);
}

/** {@link saveConsignmentLabels}, also handing back the decoded label. */
export async function saveConsignmentLabelFiles(
  orders: OrdersClient,
  consignmentRef: ConsignmentReference,
  options: SaveConsignmentLabelsOptions,
  requestOptions?: RequestOptions,
): Promise<SavedLabels> {
  const { directory, createDirectories = false, ...labelOptions } = options;
  const label = await orders.labels.get(consignmentRef, labelOptions, requestOptions);
  return writeLabels(consignmentRef, [decodeDocument(label)], directory, createDirectories);
}

/** {@link saveConsignmentLabels} of an allocate-and-get-labels result, also handing back the decoded labels. */
export async function saveAllocatedLabelFiles(
  allocated: AllocatedWithLabels,
  directory: string,
  createDirectories: boolean,
): Promise<SavedLabels> {
  const reference = checkFileName(allocated.consignmentReference);
  const labels = [
    { name: reference, label: allocated.label },
    ...(allocated.returnLabel ? [{ name: `${reference}-return`, label: allocated.returnLabel }] : []),
  ].map(({ name, label }) => ({ name, document: decodeDocument(label) }));
  const files: string[] = [];
  for (const { name, document } of labels) {
    const target = join(directory, `${name}${document.extension}`);
    await writeAtomically(target, document.bytes, createDirectories);
    files.push(target);
  }
  return { files, documents: labels.map(({ document }) => document) };
}
