import { join } from 'node:path';
import {
  type AreaADocumentObject,
  type DocumentFormat,
  type DocumentObject,
  decodeDocument,
  EXTENSIONS,
  sniffFormat,
} from '../../documents/decode.js';
import { DocumentError } from '../../documents/errors.js';
import { writeAtomically } from '../../node/save.js';

// An agent gets documents as files it can open, print or attach, never as Base64 in its context: every
// document in a tool's result (a label object, or the bytes of a PDF) is saved and replaced by where it is.

/** What stands in a tool's result where a document was. */
export interface SavedDocumentEntry {
  /** The file written. */
  savedTo: string;
  /** Read from the bytes: `pdf`, `zpl`, `bmp` or `png`. */
  format: DocumentFormat;
  /** Pages of a PDF, labels of a ZPL program, 1 for an image; `null` when the PDF does not say plainly. */
  pages: number | null;
  /** The file's size. */
  bytes: number;
}

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Pages or labels, counted from the bytes without a PDF library (an optional peer). */
export function pageCount(bytes: Uint8Array, format: DocumentFormat): number | null {
  if (format === 'bmp' || format === 'png') return 1;
  const text = latin1(bytes);
  if (format === 'zpl') return text.split('^XA').length - 1;
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  // Page objects packed in a compressed object stream: the page tree's own count, when it is readable.
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((match) =>
    Number(match[1]),
  );
  return counts.length > 0 ? Math.max(...counts) : null;
}

const isDocumentObject = (value: object): value is DocumentObject | AreaADocumentObject =>
  ('file' in value && typeof value.file === 'string' && 'content_type' in value) ||
  ('File' in value && typeof value.File === 'string');

/** A file name made of a reference: letters, digits, `.`, `_` and `-` only. */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'document';

/** Far below any file system's limit on a name (255 bytes), with room for a counter and an extension. */
const LONGEST_NAME = 160;

/**
 * A call's documents' name: its operation and every reference it concerns (`getContentsLabel-sp_…-sc_…`),
 * so that two calls about one shipment are told apart by name. A call naming more references than fit
 * keeps those that fit and says how many more.
 */
export function documentName(operation: string, references: readonly string[]): string {
  let name = safeName(operation);
  for (const [index, reference] of references.entries()) {
    const next = `${name}-${safeName(reference)}`;
    if (next.length > LONGEST_NAME) return `${name}-and-${references.length - index}-more`;
    name = next;
  }
  return name;
}

const exists = (error: unknown) => (error as { code?: unknown } | null)?.code === 'EEXIST';

/**
 * The result with each document saved in `directory` as `<name>.<ext>` (`<name>-2.<ext>`… after the
 * first, or when a file of that name is there already: another call's, never replaced) and replaced by a
 * {@link SavedDocumentEntry}; the document object's other fields are kept. `name`: {@link documentName}.
 *
 * @throws {@link DocumentError} for a document that is not a PDF, ZPL, BMP or PNG file: no Base64 is
 *   passed on instead.
 */
export async function saveDocumentsOf(result: unknown, directory: string, name: string): Promise<unknown> {
  let count = 0;
  const save = async (bytes: Uint8Array, format: DocumentFormat): Promise<SavedDocumentEntry> => {
    for (;;) {
      count += 1;
      const target = join(directory, `${name}${count > 1 ? `-${count}` : ''}${EXTENSIONS[format]}`);
      try {
        await writeAtomically(target, bytes, true, true);
      } catch (error) {
        if (exists(error)) continue;
        throw error;
      }
      return { savedTo: target, format, pages: pageCount(bytes, format), bytes: bytes.byteLength };
    }
  };
  const visit = async (value: unknown): Promise<unknown> => {
    if (value instanceof Uint8Array) {
      const format = sniffFormat(value);
      if (format === undefined) throw new DocumentError('The document is not a PDF, ZPL, BMP or PNG file');
      return save(value, format);
    }
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (const item of value) items.push(await visit(item));
      return items;
    }
    if (value === null || typeof value !== 'object') return value;
    if (isDocumentObject(value)) {
      const { bytes, format } = decodeDocument(value);
      const { file: _file, File: _File, ...rest } = value as unknown as Record<string, unknown>;
      return { ...rest, ...(await save(bytes, format)) };
    }
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(value)) entries.push([key, await visit(item)]);
    return Object.fromEntries(entries);
  };
  return visit(result);
}
