import { latin1Bytes, textPdf } from '../pdf.js';
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
