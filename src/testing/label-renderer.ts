import { latin1Bytes, textPdf } from './pdf.js';
/**
 * Real label files for the mock: a PDF that viewers and parsers open, a ZPL program a Zebra printer (or
 * labelary.com) renders, and a 1-bit BMP. Web-standard code only. Every label is 4x6 inches.
 */

/** What a label shows. */
export interface LabelContent {
  shipmentReference: string;
  carrierName: string;
  /** Set for a contents label. */
  contentsReference?: string;
  consignmentReference?: string;
  /** Who and where the parcel goes: name, street, town and postcode, when the shipment's consignment says. */
  deliverTo?: string[];
  /** The customer's label extension, when it is included. */
  extension?: string;
}

export type LabelRotation = 'left' | 'right';

const WIDTH_INCHES = 4;
const HEIGHT_INCHES = 6;

const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

function contentLines(content: LabelContent): string[] {
  return [
    content.carrierName,
    `Shipment ${content.shipmentReference}`,
    ...(content.contentsReference ? [`Contents ${content.contentsReference}`] : []),
    ...(content.consignmentReference ? [`Consignment ${content.consignmentReference}`] : []),
    ...(content.deliverTo?.length ? [`Deliver to: ${content.deliverTo.join(', ')}`] : []),
    ...(content.extension ? [content.extension] : []),
  ];
}

/** Bar widths (1 or 2 modules, alternating bar and gap) from the reference's characters: a stand-in barcode. */
function barPattern(reference: string): number[] {
  const widths: number[] = [];
  for (const char of reference) {
    const code = char.charCodeAt(0);
    for (let bit = 0; bit < 4; bit++) widths.push(((code >> bit) & 1) + 1);
  }
  return widths;
}

// --- PDF -------------------------------------------------------------------------------------------

/** Splits `text` at spaces into lines of at most `width` characters, so text stays inside the label. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length < width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A one-page PDF 1.4, 4x6in (288x432 pt): a border, the text lines and a bar pattern. */
export function labelPdf(content: LabelContent): Uint8Array {
  let x = 24;
  const bars = barPattern(content.shipmentReference).flatMap((modules, index) => {
    const bar = index % 2 === 0 ? [`${x} 40 ${modules} 70 re f`] : [];
    x += modules;
    return bar;
  });
  return textPdf({
    width: WIDTH_INCHES * 72,
    height: HEIGHT_INCHES * 72,
    at: [24, 390],
    headingSize: 18,
    leading: 22,
    drawing: ['2 w 8 8 272 416 re S', ...bars],
    lines: contentLines(content).flatMap((line, index) => (index === 0 ? [line] : wrap(line, 44))),
    title: `Label ${content.shipmentReference}`,
  });
}

// --- ZPL -------------------------------------------------------------------------------------------

// `^` and `~` start commands in ZPL: field data must not contain them.
const zplText = (text: string) => ascii(text).replace(/[\^~]/g, ' ');

/** A ZPL II program: the text lines, and the shipment reference as a Code 128 barcode. */
export function labelZpl(content: LabelContent, dpi: number): Uint8Array {
  const dot = (inches: number) => Math.round(inches * dpi);
  const [heading = '', ...rest] = contentLines(content);
  const program = [
    '^XA',
    `^PW${dot(WIDTH_INCHES)}^LL${dot(HEIGHT_INCHES)}`,
    `^FO${dot(0.2)},${dot(0.2)}^A0N,${dot(0.3)},${dot(0.3)}^FD${zplText(heading)}^FS`,
    ...rest.map(
      (line, index) =>
        `^FO${dot(0.2)},${dot(0.7 + index * 0.3)}^A0N,${dot(0.18)},${dot(0.18)}^FD${zplText(line)}^FS`,
    ),
    `^FO${dot(0.2)},${dot(4)}^BY2^BCN,${dot(1)},Y,N,N^FD${zplText(content.shipmentReference)}^FS`,
    '^XZ',
    '',
  ].join('\n');
  return latin1Bytes(program);
}

// --- BMP -------------------------------------------------------------------------------------------

/** A black-on-white bitmap, one byte per pixel while it is drawn. */
class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height);
  }
  fill(x: number, y: number, width: number, height: number): void {
    const right = Math.min(this.width, x + width);
    const bottom = Math.min(this.height, y + height);
    for (let row = Math.max(0, y); row < bottom; row++) {
      this.pixels.fill(1, row * this.width + Math.max(0, x), row * this.width + right);
    }
  }
}

/**
 * The label drawn upright: a border, a solid block in the top-left corner (so the orientation shows), a
 * bar pattern from the shipment reference, and, when the extension is included, a hatched band above the
 * bottom border. No text: the BMP has no font.
 */
function drawLabel(content: LabelContent, dpi: number): Canvas {
  const unit = (inches: number) => Math.max(1, Math.round(inches * dpi));
  const canvas = new Canvas(unit(WIDTH_INCHES), unit(HEIGHT_INCHES));
  const border = unit(0.03);
  canvas.fill(0, 0, canvas.width, border);
  canvas.fill(0, canvas.height - border, canvas.width, border);
  canvas.fill(0, 0, border, canvas.height);
  canvas.fill(canvas.width - border, 0, border, canvas.height);
  canvas.fill(unit(0.2), unit(0.2), unit(1), unit(0.6));
  let x = unit(0.2);
  const module = unit(0.01);
  for (const [index, modules] of barPattern(content.shipmentReference).entries()) {
    if (index % 2 === 0) canvas.fill(x, unit(2), modules * module, unit(1.2));
    x += modules * module;
  }
  if (content.extension) {
    for (let stripe = unit(0.2); stripe < canvas.width - unit(0.2); stripe += unit(0.1)) {
      canvas.fill(stripe, unit(5.2), unit(0.05), unit(0.5));
    }
  }
  return canvas;
}

/**
 * A 1-bit BMP with a BITMAPINFOHEADER: `4*dpi` x `6*dpi` pixels, or `6*dpi` x `4*dpi` when rotated
 * (`left` is 90 degrees counter-clockwise). Rows are stored bottom-up, each padded to 4 bytes.
 */
export function labelBmp(content: LabelContent, dpi: number, rotation?: LabelRotation): Uint8Array {
  const upright = drawLabel(content, dpi);
  const width = rotation ? upright.height : upright.width;
  const height = rotation ? upright.width : upright.height;
  const rowBytes = Math.ceil(width / 32) * 4;
  const paletteSize = 2 * 4;
  const pixelOffset = 14 + 40 + paletteSize;
  const fileSize = pixelOffset + rowBytes * height;
  const bytes = new Uint8Array(fileSize);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x42; // B
  bytes[1] = 0x4d; // M
  view.setUint32(2, fileSize, true);
  view.setUint32(10, pixelOffset, true);
  view.setUint32(14, 40, true); // BITMAPINFOHEADER
  view.setInt32(18, width, true);
  view.setInt32(22, height, true); // positive: bottom-up
  view.setUint16(26, 1, true); // planes
  view.setUint16(28, 1, true); // bits per pixel
  view.setUint32(30, 0, true); // BI_RGB, no compression
  view.setUint32(34, rowBytes * height, true);
  const pixelsPerMetre = Math.round(dpi / 0.0254);
  view.setInt32(38, pixelsPerMetre, true);
  view.setInt32(42, pixelsPerMetre, true);
  view.setUint32(46, 2, true); // colours in the palette
  // Palette: index 0 white, index 1 black (B, G, R, reserved).
  bytes.set([0xff, 0xff, 0xff, 0, 0, 0, 0, 0], 54);
  const pixels = upright.pixels;
  const stride = upright.width;
  for (let y = 0; y < height; y++) {
    // The upright pixel shown at (x, y) is pixels[start + x * step]: rows of a rotated image are columns.
    const [start, step] =
      rotation === 'left'
        ? [stride - 1 - y, stride]
        : rotation === 'right'
          ? [(upright.height - 1) * stride + y, -stride]
          : [y * stride, 1];
    const row = pixelOffset + (height - 1 - y) * rowBytes;
    let packed = 0;
    for (let x = 0; x < width; x++) {
      if (pixels[start + x * step] === 1) packed |= 0x80 >> (x & 7);
      if ((x & 7) === 7 || x === width - 1) {
        bytes[row + (x >> 3)] = packed;
        packed = 0;
      }
    }
  }
  return bytes;
}

// --- PNG -------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** zlib around stored (uncompressed) deflate blocks: valid for every PNG reader, and needs no compressor. */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / 0xffff));
  const out = new Uint8Array(2 + blocks * 5 + data.length + 4);
  const view = new DataView(out.buffer);
  out.set([0x78, 0x01]);
  let at = 2;
  for (let block = 0; block < blocks; block++) {
    const chunk = data.subarray(block * 0xffff, (block + 1) * 0xffff);
    out[at] = block === blocks - 1 ? 1 : 0;
    view.setUint16(at + 1, chunk.length, true);
    view.setUint16(at + 3, ~chunk.length & 0xffff, true);
    out.set(chunk, at + 5);
    at += 5 + chunk.length;
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  view.setUint32(at, ((b << 16) | a) >>> 0);
  return out;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(latin1Bytes(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** A 1-bit greyscale PNG of the label as the BMP draws it (upright), with its resolution in `pHYs`. */
export function labelPng(content: LabelContent, dpi: number): Uint8Array {
  const canvas = drawLabel(content, dpi);
  const rowBytes = Math.ceil(canvas.width / 8);
  const raw = new Uint8Array((rowBytes + 1) * canvas.height);
  for (let y = 0; y < canvas.height; y++) {
    const row = y * (rowBytes + 1); // filter byte 0, then the row; in greyscale 1 is white
    raw.fill(0xff, row + 1, row + 1 + rowBytes);
    for (let x = 0; x < canvas.width; x++) {
      if (canvas.pixels[y * canvas.width + x] === 1) raw[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, canvas.width);
  headerView.setUint32(4, canvas.height);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const physical = new Uint8Array(9);
  const perMetre = Math.round(dpi / 0.0254);
  new DataView(physical.buffer).setUint32(0, perMetre);
  new DataView(physical.buffer).setUint32(4, perMetre);
  physical[8] = 1; // the unit is the metre
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('pHYs', physical),
    pngChunk('IDAT', zlibStored(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
