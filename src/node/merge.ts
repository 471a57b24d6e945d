import { ConfigurationError } from '../core/errors.js';
import { type DecodedDocument, EXTENSIONS, sniffFormat } from '../documents/decode.js';
import { DocumentError } from '../documents/errors.js';

/** One print file made of many labels, by {@link mergeLabels}. */
export interface MergedLabels {
  /** The file's bytes. */
  bytes: Uint8Array;
  /** `pdf` (one page after another) or `zpl` (one program after another). */
  format: 'pdf' | 'zpl';
  /** `.pdf` or `.zpl`. */
  extension: '.pdf' | '.zpl';
  /** How many labels went in. */
  labels: number;
}

/** A label to merge: a decoded document, or the bytes of one. */
export type MergeInput = Pick<DecodedDocument, 'bytes'> | Uint8Array;

const bytesOf = (input: MergeInput) => (input instanceof Uint8Array ? input : input.bytes);

/** The ZPL program without the white space around it, so that programs follow one another cleanly. */
function trimmed(bytes: Uint8Array): Uint8Array {
  const isSpace = (byte: number | undefined) =>
    byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
  let start = 0;
  let end = bytes.length;
  while (start < end && isSpace(bytes[start])) start += 1;
  while (end > start && isSpace(bytes[end - 1])) end -= 1;
  return bytes.subarray(start, end);
}

function mergeZpl(programs: Uint8Array[]): Uint8Array {
  const parts = programs.map(trimmed);
  const merged = new Uint8Array(parts.reduce((sum, part) => sum + part.length + 1, 0));
  let at = 0;
  for (const part of parts) {
    merged.set(part, at);
    at += part.length;
    merged[at] = 0x0a;
    at += 1;
  }
  return merged;
}

/** The package a PDF merge needs: an optional peer dependency, which npm does not install by itself. */
const PDF_LIBRARY = '@pdfme/pdf-lib';

/** The errors that say the PDF library is not installed, for callers that can go on without a merge. */
const missingLibraryErrors = new WeakSet<Error>();

/** Whether `error` is {@link mergeLabels}' refusal to merge PDFs without `@pdfme/pdf-lib` installed. */
export const isPdfLibraryMissing = (error: unknown): boolean =>
  error instanceof Error && missingLibraryErrors.has(error);

export async function loadPdfLibrary(): Promise<typeof import('@pdfme/pdf-lib')> {
  try {
    // Loaded only here: a PDF library is large (8.9 MB installed), and most callers never merge.
    return await import('@pdfme/pdf-lib');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    if (!notFound || !String((error as Error).message).includes(PDF_LIBRARY)) throw error;
    const missing = new ConfigurationError(
      `mergeLabels: merging PDF labels needs ${PDF_LIBRARY}, an optional peer dependency of consignkit: npm install ${PDF_LIBRARY}@^6 (ZPL labels merge without it)`,
      { cause: error },
    );
    missingLibraryErrors.add(missing);
    throw missing;
  }
}

async function mergePdf(files: Uint8Array[]): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLibrary();
  const merged = await PDFDocument.create();
  for (const [index, file] of files.entries()) {
    let source: Awaited<ReturnType<typeof PDFDocument.load>>;
    try {
      source = await PDFDocument.load(file);
    } catch (error) {
      throw new DocumentError(
        `mergeLabels: label ${index + 1} is not a PDF that can be read (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}

/**
 * Merges many labels into one print file, in the order given: a multi-page PDF for a laser printer (every
 * page of every label), or one ZPL stream for a thermal printer (every program, one after another). The
 * format is read from each label's bytes, as {@link consignkit!decodeDocument} reads it.
 *
 * @param documents - Decoded labels ({@link consignkit!DecodedDocument}, as `decodeDocument` returns
 *   them) or their bytes; at least one, all PDF or all ZPL.
 * A PDF merge loads `@pdfme/pdf-lib`, an optional peer dependency (8.9 MB installed, so not installed
 * with consignkit): `npm install @pdfme/pdf-lib` to merge PDFs. ZPL needs nothing more.
 *
 * @throws {@link consignkit!DocumentError} for an empty list, for BMP or PNG labels (an image is not a
 *   print job: print it, or ask for PDF or ZPL), for a mix of formats, or for a PDF that cannot be read.
 * @throws {@link consignkit!ConfigurationError} for PDF labels when `@pdfme/pdf-lib` is not installed:
 *   its message names the package and the command that installs it.
 *
 * @example
 * ```ts
 * import { mergeLabels } from 'consignkit/node';
 *
 * const labels = await shipments.labels.get('sp_01hzy…', { format: 'PDF' });
 * const merged = await mergeLabels(labels.map((label) => decodeDocument(label)));
 * await saveDocument(merged.bytes, './labels.pdf');
 * ```
 */
export async function mergeLabels(documents: readonly MergeInput[]): Promise<MergedLabels> {
  if (!Array.isArray(documents) || documents.length === 0) {
    throw new DocumentError('mergeLabels: there are no labels to merge');
  }
  const files = documents.map(bytesOf);
  const formats = files.map((bytes) => sniffFormat(bytes));
  const [first] = formats;
  const unknown = formats.indexOf(undefined);
  if (unknown !== -1)
    throw new DocumentError(`mergeLabels: label ${unknown + 1} is not a PDF, ZPL, BMP or PNG file`);
  if (formats.some((format) => format !== first)) {
    throw new DocumentError(
      `mergeLabels: the labels are of different formats (${[...new Set(formats)].join(', ')}); merge PDFs with PDFs and ZPL with ZPL`,
    );
  }
  if (first === 'zpl')
    return { bytes: mergeZpl(files), format: 'zpl', extension: EXTENSIONS.zpl, labels: files.length };
  if (first === 'pdf') {
    return { bytes: await mergePdf(files), format: 'pdf', extension: EXTENSIONS.pdf, labels: files.length };
  }
  throw new DocumentError(
    `mergeLabels: ${String(first).toUpperCase()} labels cannot be merged into one print file; ask for PDF or ZPL labels`,
  );
}
