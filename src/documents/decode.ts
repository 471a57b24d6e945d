import { decodeBase64 } from './base64.js';
import { DocumentError } from './errors.js';

/** The file formats the service delivers documents in, as recognised from their bytes. */
export type DocumentFormat = 'pdf' | 'zpl' | 'bmp' | 'png';

/**
 * A document object as the service sends it: a {@link LabelDocument} from `getLabels` or
 * `getContentsLabel`, or any object of the same shape.
 */
export interface DocumentObject {
  /** Base64 of the file's bytes. */
  file: string;
  /** The declared MIME type: `application/pdf`, `text/plain` for ZPL, or an image type for BMP. */
  content_type: string;
  /** What the document is: `label` for labels. */
  document_type: string;
  /** The resolution the document was made for, in dots per inch (customs documents may not say). */
  dpi?: number | null | undefined;
}

/**
 * A label as area A sends it ({@link ConsignmentLabel}, from `getConsignmentLabels` or
 * `getPackageLabel`): the Base64 `File` and its `ContentType`.
 */
export interface AreaADocumentObject {
  /** Base64 of the file's bytes. */
  File: string;
  /** The declared MIME type, when the service sends one. */
  ContentType?: string | null | undefined;
}

/** A document object turned into bytes, with the format read from those bytes. */
export interface DecodedDocument {
  /** The file's bytes, ready to write or print. */
  bytes: Uint8Array;
  /** The format, recognised from the bytes (`%PDF-`, `^XA`, `BM`), never taken from `content_type` alone. */
  format: DocumentFormat;
  /** The file extension of `format`, dot included. */
  extension: '.pdf' | '.zpl' | '.bmp' | '.png';
  /** The declared `content_type`, as sent. */
  contentType: string;
  /** The document's `document_type`, as sent (`label`); `label` for area A's labels, which do not say. */
  documentType: string;
  /** The document's `dpi`, as sent; `undefined` where the document does not say (area A's labels). */
  dpi: number | undefined;
}

/** The file extension of each format. */
export const EXTENSIONS = { pdf: '.pdf', zpl: '.zpl', bmp: '.bmp', png: '.png' } as const;
const NAMES = { pdf: 'PDF', zpl: 'ZPL', bmp: 'BMP', png: 'PNG' } as const;

function startsWith(bytes: Uint8Array, at: number, ascii: string): boolean {
  if (bytes.length < at + ascii.length) return false;
  for (let index = 0; index < ascii.length; index++) {
    if (bytes[at + index] !== ascii.charCodeAt(index)) return false;
  }
  return true;
}

/** Leading bytes a ZPL program may start with before `^XA`: a UTF-8 byte order mark and ASCII whitespace. */
function skipLeadingWhitespace(bytes: Uint8Array): number {
  let index = startsWith(bytes, 0, '\xef\xbb\xbf') ? 3 : 0;
  while (index < bytes.length && [0x09, 0x0a, 0x0d, 0x20].includes(bytes[index]!)) index++;
  return index;
}

/** How far into a file its first `^XA` may be: room for a preamble of commands and a small `~DG` logo. */
const ZPL_PREAMBLE_LIMIT = 8 * 1024;

const CARET = 0x5e;
const TILDE = 0x7e;
const isPrintableOrSpace = (byte: number) =>
  (byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * Whether the bytes are a ZPL program: `^XA`, after an optional byte order mark and whitespace and an
 * optional preamble of `~` and `^` commands (carriers send `CT~~CD,~CC^~CT~`, `~JA`, or a `~DG` logo
 * before the first label). Everything before the first `^XA` must be printable ASCII or whitespace and
 * hold a command, and it must come within the first {@link ZPL_PREAMBLE_LIMIT} bytes.
 */
function isZpl(bytes: Uint8Array): boolean {
  const start = skipLeadingWhitespace(bytes);
  const end = Math.min(bytes.length - 2, start + ZPL_PREAMBLE_LIMIT);
  let hasCommand = false;
  for (let index = start; index < end; index++) {
    const byte = bytes[index]!;
    if (byte === CARET && bytes[index + 1] === 0x58 && bytes[index + 2] === 0x41) {
      return index === start || hasCommand;
    }
    if (byte === CARET || byte === TILDE) hasCommand = true;
    else if (!isPrintableOrSpace(byte)) return false;
  }
  return false;
}

/**
 * The format of a file from its first bytes: `pdf` for `%PDF-`, `bmp` for `BM`, `png` for the PNG
 * signature, `zpl` for `^XA` (after an
 * optional byte order mark, whitespace and a preamble of `~`/`^` commands such as `~CT~` or a `~DG`
 * logo, within the first 8 KiB); `undefined` for anything else. Reads the bytes only.
 */
export function sniffFormat(bytes: Uint8Array): DocumentFormat | undefined {
  if (startsWith(bytes, 0, '%PDF-')) return 'pdf';
  if (startsWith(bytes, 0, 'BM')) return 'bmp';
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (isZpl(bytes)) return 'zpl';
  return undefined;
}

/**
 * Whether a declared media type (parameters such as `; charset=` ignored) fits a format. Unknown types
 * fail, except the ones that claim nothing (`application/octet-stream`, empty).
 */
function declaredTypeFits(contentType: string, format: DocumentFormat): boolean {
  const mediaType = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  if (mediaType === '' || mediaType === 'application/octet-stream') return true;
  switch (format) {
    case 'pdf':
      return mediaType === 'application/pdf' || mediaType === 'application/x-pdf';
    case 'zpl':
      return mediaType === 'text/plain' || mediaType.includes('zpl');
    case 'bmp':
      return mediaType.startsWith('image/') && mediaType.includes('bmp');
    case 'png':
      return mediaType === 'image/png';
  }
}

function describeStart(bytes: Uint8Array): string {
  const start = Array.from(bytes.subarray(0, 8), (byte) =>
    byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.',
  ).join('');
  return bytes.length === 0 ? 'the file is empty' : `the bytes start '${start}'`;
}

/**
 * Decodes a document object (a label): Base64 to bytes, the format recognised from the bytes (never
 * taken from the declared type alone), and the declared type checked against them. Reads area B's
 * documents (`{ file, content_type, document_type, dpi }`, from `getLabels`…) and area A's labels
 * (`{ File, ContentType }`, from `getConsignmentLabels` and `getPackageLabel`). Uses web APIs only, so it
 * runs in Node, Bun, Deno, browsers and edge runtimes. To write the file, use `saveDocument` from
 * `consignkit/node`, which decodes the same way.
 *
 * @throws {@link DocumentError} for malformed Base64, bytes that are not PDF, ZPL, BMP or PNG, or a
 *   declared type that disagrees with the bytes (for example `application/pdf` on a ZPL program).
 *
 * @example
 * ```ts
 * import { decodeDocument } from 'consignkit';
 *
 * const label = await orders.labels.get('EC-000-05B-MQ1', { format: 'ZPL', dpi: 300 });
 * const { bytes, format, extension } = decodeDocument(label); // format 'zpl', extension '.zpl'
 * await printer.send(bytes); // your printer's API
 * ```
 */
export function decodeDocument(document: DocumentObject | AreaADocumentObject): DecodedDocument {
  const areaA = document !== null && typeof document === 'object' && 'File' in document;
  const file: unknown = areaA ? document.File : (document as DocumentObject | null)?.file;
  if (typeof file !== 'string') {
    throw new DocumentError("Expected a document object with a Base64 `file` (or area A's `File`)");
  }
  const declared: unknown = (areaA ? document.ContentType : (document as DocumentObject).content_type) ?? '';
  if (typeof declared !== 'string') {
    throw new DocumentError(
      `Expected the document's ${areaA ? 'ContentType' : 'content_type'} to be a string, got ${typeof declared}`,
    );
  }
  const contentType = declared;
  const field = areaA ? 'ContentType' : 'content_type';
  const bytes = decodeBase64(file);
  const format = sniffFormat(bytes);
  if (format === undefined) {
    throw new DocumentError(
      `The document (${field} '${contentType}') is not a PDF, ZPL, BMP or PNG file: ${describeStart(bytes)}`,
    );
  }
  if (!declaredTypeFits(contentType, format)) {
    throw new DocumentError(
      `The document's ${field} '${contentType}' disagrees with its bytes, which are ${NAMES[format]}`,
    );
  }
  return {
    bytes,
    format,
    extension: EXTENSIONS[format],
    contentType,
    documentType: areaA ? 'label' : (document as DocumentObject).document_type,
    dpi: areaA ? undefined : ((document as DocumentObject).dpi ?? undefined),
  };
}

/** Decodes a Base64 PDF (a customer manifest, for example) and checks that it is one. */
export function decodePdf(base64: string): Uint8Array {
  const bytes = decodeBase64(base64);
  const format = sniffFormat(bytes);
  if (format !== 'pdf') {
    throw new DocumentError(
      `Expected a PDF, but ${format ? `the bytes are ${NAMES[format]}` : describeStart(bytes)}`,
    );
  }
  return bytes;
}
