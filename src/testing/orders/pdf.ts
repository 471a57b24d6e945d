/**
 * A tiny PDF 1.4 writer: one A4 page of Helvetica text lines, with a correct cross-reference table, so
 * the file opens in any viewer. Web-standard only (no `node:` modules).
 */

const escapeText = (text: string) =>
  text
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');

/** The bytes of a one-page PDF showing `lines` (the first one as a heading). */
export function textPdf(lines: string[], title = lines[0] ?? 'Document'): Uint8Array {
  const content = [
    'BT',
    '/F1 16 Tf',
    '56 780 Td',
    ...lines.flatMap((line, index) =>
      index === 0 ? [`(${escapeText(line)}) Tj`, '/F1 11 Tf'] : ['0 -20 Td', `(${escapeText(line)}) Tj`],
    ),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapeText(title)}) /Producer (consignkit mock) >>`,
  ];
  // Every character below is one byte (ASCII, plus the four high bytes of the binary comment).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let index = 0; index < out.length; index++) bytes[index] = out.charCodeAt(index);
  return bytes;
}

/** Base64 of `bytes` (web-standard `btoa`). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}
