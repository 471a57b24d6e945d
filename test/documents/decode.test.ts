import { describe, expect, it } from 'vitest';
import { decodePdf } from '../../src/documents/decode.js';
import { DocumentError, decodeDocument, sniffFormat } from '../../src/index.js';

const ascii = (text: string) => new TextEncoder().encode(text);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const document = (bytes: Uint8Array, content_type: string) => ({
  file: base64(bytes),
  content_type,
  document_type: 'label',
  dpi: 203,
});

const PDF = ascii('%PDF-1.4\n%%EOF\n');
const ZPL = ascii('\r\n  ^XA^FDsp_one^FS^XZ\n');
const BMP = Uint8Array.from([0x42, 0x4d, 0x3e, 0, 0, 0]);

describe('sniffFormat', () => {
  it('recognises PDF, BMP and ZPL (after leading whitespace) from the bytes', () => {
    expect(sniffFormat(PDF)).toBe('pdf');
    expect(sniffFormat(BMP)).toBe('bmp');
    expect(sniffFormat(ZPL)).toBe('zpl');
    expect(sniffFormat(ascii('\ufeff^XA^XZ'))).toBe('zpl');
    expect(sniffFormat(ascii('<html>'))).toBeUndefined();
    expect(sniffFormat(new Uint8Array())).toBeUndefined();
  });

  it('recognises ZPL after a preamble of ~ and ^ commands, as carriers send it', () => {
    const logo = `~DGR:LOGO.GRF,00512,016,${'F0'.repeat(512)}\r\n`;
    for (const zpl of [
      'CT~~CD,~CC^~CT~\n^XA~TA000~JSN^LT0^MNW^MTT^PON^PMN^LH0,0^JMA^PR4,4~SD15^JUS^LRN^CI0^XZ\n^XA^FDsp_one^FS^XZ',
      `${logo}^XA^FO10,10^XGR:LOGO.GRF,1,1^FS^XZ`,
      '\ufeff~JA\r\n  ^XA^XZ',
      `^XA^FDno preamble^FS^XZ`,
    ]) {
      expect(sniffFormat(ascii(zpl))).toBe('zpl');
      expect(decodeDocument(document(ascii(zpl), 'text/plain')).format).toBe('zpl');
    }
  });

  it('does not take text for ZPL just because ^XA appears in it', () => {
    // No command before it, a byte that is not printable ASCII, or further in than a preamble goes.
    expect(sniffFormat(ascii('Dear customer, see ^XA'))).toBeUndefined();
    expect(sniffFormat(ascii('~JA\u0000^XA^XZ'))).toBeUndefined();
    expect(sniffFormat(ascii('~JA café ^XA^XZ'))).toBeUndefined();
    expect(sniffFormat(ascii(`~DGR:BIG.GRF,${'0'.repeat(70_000)}\n^XA^XZ`))).toBeUndefined();
  });
});

describe('decodeDocument', () => {
  it('decodes each format with its extension and keeps the declared fields', () => {
    expect(decodeDocument(document(PDF, 'application/pdf'))).toEqual({
      bytes: PDF,
      format: 'pdf',
      extension: '.pdf',
      contentType: 'application/pdf',
      documentType: 'label',
      dpi: 203,
    });
    expect(decodeDocument(document(ZPL, 'text/plain; charset=utf-8'))).toMatchObject({
      format: 'zpl',
      extension: '.zpl',
    });
    expect(decodeDocument(document(BMP, 'image/x-ms-bmp'))).toMatchObject({
      format: 'bmp',
      extension: '.bmp',
    });
    expect(decodeDocument(document(BMP, 'image/bmp'))).toMatchObject({ format: 'bmp' });
  });

  it('names both sides when the declared content_type disagrees with the bytes', () => {
    expect(() => decodeDocument(document(ZPL, 'application/pdf'))).toThrow(
      /content_type 'application\/pdf' disagrees with its bytes, which are ZPL/,
    );
    expect(() => decodeDocument(document(PDF, 'text/plain'))).toThrow(DocumentError);
    expect(() => decodeDocument(document(BMP, 'image/png'))).toThrow(DocumentError);
  });

  it('rejects bytes that are none of the formats, and malformed Base64', () => {
    expect(() => decodeDocument(document(ascii('<html>oops</html>'), 'application/pdf'))).toThrow(
      /not a PDF, ZPL, BMP or PNG file: the bytes start '<html>oo'/,
    );
    expect(() => decodeDocument({ ...document(PDF, 'application/pdf'), file: 'JVBERi0*' })).toThrow(
      DocumentError,
    );
  });
});

describe('decodeDocument on a document that is not what its type says', () => {
  it('refuses a content_type that is not a string with a DocumentError, not a TypeError', () => {
    for (const contentType of [Object.create(null), Symbol('pdf'), 42, ['application/pdf']]) {
      expect(() =>
        decodeDocument({ ...document(PDF, 'application/pdf'), content_type: contentType }),
      ).toThrow(DocumentError);
    }
    // Absent, it claims nothing: the bytes decide.
    expect(
      decodeDocument({ ...document(PDF, 'application/pdf'), content_type: undefined as never }),
    ).toMatchObject({
      format: 'pdf',
      contentType: '',
    });
  });
});

describe('decodePdf', () => {
  it('returns the bytes of a Base64 PDF and refuses anything else', () => {
    expect(decodePdf(base64(PDF))).toEqual(PDF);
    expect(() => decodePdf(base64(ZPL))).toThrow(/Expected a PDF, but the bytes are ZPL/);
    expect(() => decodePdf('not base64!')).toThrow(DocumentError);
  });
});
