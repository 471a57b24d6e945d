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

/**
 * The result with each document saved in `directory` as `<name>.<ext>` (`<name>-2.<ext>`… after the
 * first) and replaced by a {@link SavedDocumentEntry}; the document object's other fields are kept.
 *
 * @throws {@link DocumentError} for a document that is not a PDF, ZPL, BMP or PNG file: no Base64 is
 *   passed on instead.
 */
export async function saveDocumentsOf(result: unknown, directory: string, name: string): Promise<unknown> {
  let count = 0;
  const save = async (bytes: Uint8Array, format: DocumentFormat): Promise<SavedDocumentEntry> => {
    count += 1;
    const target = join(directory, `${safeName(name)}${count > 1 ? `-${count}` : ''}${EXTENSIONS[format]}`);
    await writeAtomically(target, bytes, true);
    return { savedTo: target, format, pages: pageCount(bytes, format), bytes: bytes.byteLength };
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
