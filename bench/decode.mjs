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

export async function measureDecode(options) {
  const results = {};
  for (const megabytes of [1, 16]) {
    const label = labelDocument(megabytes * 1024 * 1024);
    const tasks = {
      'Buffer.from(b64, "base64")': () => Buffer.from(label.file, 'base64'),
      ...(hasFromBase64 ? { 'Uint8Array.fromBase64': () => Uint8Array.fromBase64(label.file) } : {}),
      decodeDocument: () => decodeDocument(label),
      'decodeDocument, no Buffer (edge runtimes)': withoutBuffer(() => decodeDocument(label)),
    };
    results[`${megabytes} MB label`] = {
      bytes: megabytes * 1024 * 1024,
      timings: await sideBySide(tasks, { ...options, iterations: 30, collectGarbage: true }),
    };
  }
  return results;
}
