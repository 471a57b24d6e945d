/**
 * A tiny PDF 1.4 writer for the mock's customer manifests and labels: one page of Helvetica text lines
 * (the first a heading) plus optional drawing operators, with a correct cross-reference table so the
 * file opens in any viewer. Web-standard only (no `node:` modules).
 */

export interface TextPage {
  /** Page size in points. */
  width: number;
  height: number;
  lines: string[];
  /** Where the first line starts, in points from the bottom left. */
  at: readonly [x: number, y: number];
  headingSize: number;
  /** Distance between lines, in points; the other lines are 11 pt. */
  leading: number;
  /** Extra content-stream operators (borders, bars), drawn before the text. */
  drawing?: string[];
  title: string;
}

/** PDF string literal text: printable ASCII only, with `\`, `(` and `)` escaped. */
export const escapePdfText = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);

export function textPdf(page: TextPage): Uint8Array {
  const stream = [
    ...(page.drawing ?? []),
    `BT /F1 ${page.headingSize} Tf ${page.at[0]} ${page.at[1]} Td`,
    ...page.lines.flatMap((line, index) =>
      index === 0
        ? [`(${escapePdfText(line)}) Tj`, '/F1 11 Tf']
        : [`0 -${page.leading} Td`, `(${escapePdfText(line)}) Tj`],
    ),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapePdfText(page.title)}) /Producer (consignkit mock) >>`,
  ];
  // Every character is one byte: ASCII, plus the four high bytes of the binary marker comment.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1Bytes(out);
}

/** One byte per character: for text that is ASCII (or Latin-1) by construction. */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Base64 of `bytes`, in chunks so that large files do not overflow the argument list. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}
