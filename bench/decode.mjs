// decodeDocument's throughput against the runtime's own Base64 decoders, side by side.
import { decodeDocument } from 'consignkit';
import { labelDocument } from './fixtures.mjs';
import { sideBySide } from './measure.mjs';

export const hasFromBase64 = typeof Uint8Array.fromBase64 === 'function';

/** Decoding a label without `Buffer`, as in runtimes that lack it, by hiding it for the call. */
function withoutBuffer(decode) {
  return () => {
    const original = globalThis.Buffer;
    globalThis.Buffer = undefined;
    try {
      return decode();
    } finally {
      globalThis.Buffer = original;
    }
  };
}

/** Base64 in lines of 76 characters ended by CRLF, as MIME writes it: Buffer.from's slower mode. */
const wrapped = (label) => ({ ...label, file: label.file.replace(/.{76}/g, '$&\r\n') });

export async function measureDecode(options) {
  const results = {};
  for (const [size, bytes] of [
    ['100 kB', 100 * 1024],
    ['1 MB', 1024 * 1024],
    ['16 MB', 16 * 1024 * 1024],
  ]) {
    for (const [mode, label] of [
      ['', labelDocument(bytes)],
      [', in lines', wrapped(labelDocument(bytes))],
    ]) {
      const tasks = {
        'Buffer.from(b64, "base64")': () => Buffer.from(label.file, 'base64'),
        ...(hasFromBase64 ? { 'Uint8Array.fromBase64': () => Uint8Array.fromBase64(label.file) } : {}),
        decodeDocument: () => decodeDocument(label),
        'decodeDocument, no Buffer (edge runtimes)': withoutBuffer(() => decodeDocument(label)),
      };
      results[`${size} label${mode}`] = {
        bytes,
        timings: await sideBySide(tasks, { ...options, iterations: 30, collectGarbage: true }),
      };
    }
  }
  return results;
}
