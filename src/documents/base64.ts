import { DocumentError } from './errors.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// Table values 0-63 are digits; the markers are all >= 64, so one OR over four lookups spots any of them.
const INVALID = 0xff;
const WHITESPACE = 0xfe;
const PAD = 0xfd;

const TABLE = (() => {
  const table = new Uint8Array(256).fill(INVALID);
  for (let index = 0; index < ALPHABET.length; index++) table[ALPHABET.charCodeAt(index)] = index;
  // The whitespace that `Uint8Array.fromBase64` skips: tab, LF, FF, CR, space.
  for (const code of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) table[code] = WHITESPACE;
  table[0x3d] = PAD;
  return table;
})();

type FromBase64 = (text: string, options: { lastChunkHandling: 'strict' }) => Uint8Array;
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64?.bind(Uint8Array);

/** Node's (and Bun's) `Buffer`, looked up rather than imported, so that the root entry stays web-standard. */
interface BufferLike {
  from(text: string, encoding: 'base64'): Uint8Array;
}

const malformed = (reason: string) => new DocumentError(`The document's file is not valid Base64: ${reason}`);

/**
 * Decodes standard, padded Base64 (`A-Z a-z 0-9 + /`, `=`) to bytes, skipping ASCII whitespace and line
 * breaks. Strict: any other character (URL-safe `-` and `_` included), missing or misplaced padding, or
 * non-zero bits in the last character is an error, never a silently shortened file. Uses
 * `Uint8Array.fromBase64` where the runtime has it, else `Buffer` where there is one (held to the same
 * rules), else a decoder of its own; all web-standard.
 *
 * @throws {@link DocumentError} naming the problem and its position.
 */
export function decodeBase64(text: string): Uint8Array {
  if (typeof text !== 'string') throw malformed(`expected a string, got ${typeof text}`);
  if (nativeFromBase64) {
    try {
      return nativeFromBase64(text, { lastChunkHandling: 'strict' });
    } catch (error) {
      throw malformed(error instanceof Error ? error.message : String(error));
    }
  }
  return decodeWithBuffer(text) ?? decodeWithTable(text);
}

/**
 * A character beyond Latin-1. V8 answers this in constant time for a string held one byte per character
 * (every Base64 label is), so the check costs nothing where it is not needed.
 */
const BEYOND_LATIN1 = /[^\x00-\xff]/;

/**
 * Where a wrapped text's line breaks are, as MIME and PEM wrap Base64: lines of one width (a multiple of
 * 4), each ended by the same `\n` or `\r\n`, the last one possibly shorter, the text possibly ending
 * with a break. Only the expected positions are read, one per line; a break anywhere else, like any
 * other character Node skips, makes the decoded length come out short. `whitespace` is how many
 * characters the breaks take, `end` where the last line's characters end; `undefined` when the text is
 * not wrapped so.
 */
function lineBreaks(text: string): { whitespace: number; end: number } | undefined {
  const length = text.length;
  // Wrapped Base64 breaks within its first line; past that, the text is read as unwrapped.
  const first = text.slice(0, 1024).indexOf('\n');
  if (first === -1) return { whitespace: 0, end: length };
  const size = first > 0 && text.charCodeAt(first - 1) === 0x0d ? 2 : 1;
  const width = first + 1 - size;
  if (width === 0 || width % 4 !== 0) return undefined;
  let whitespace = 0;
  let afterBreak = 0;
  for (let at = width; at < length; at += width + size) {
    if (text.charCodeAt(at + size - 1) !== 0x0a || (size === 2 && text.charCodeAt(at) !== 0x0d))
      return undefined;
    whitespace += size;
    afterBreak = at + size;
  }
  if (afterBreak === length) return { whitespace, end: length - size };
  // A break after a last line shorter than the others.
  const endsWithBreak =
    text.charCodeAt(length - 1) === 0x0a && (size === 1 || text.charCodeAt(length - 2) === 0x0d);
  return endsWithBreak ? { whitespace: whitespace + size, end: length - size } : { whitespace, end: length };
}

/**
 * Node's native decoder, held to the strict rules. It reads a character beyond Latin-1 by its low byte
 * (`Ł`, U+0141, as `A`), skips other characters outside the alphabet, stops at a `=` and takes `-` and `_`
 * as `+` and `/`; so its bytes count only when there is no character beyond Latin-1, no `-` or `_`, and
 * they are exactly as many as clean, padded Base64 of this length, less its line breaks, decodes to (a
 * skipped or cut-off character always makes fewer), and when the last character carries no stray bits.
 * Anything else goes to the table decoder, which decodes it or names the problem.
 */
function decodeWithBuffer(text: string): Uint8Array | undefined {
  const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;
  const breaks = NodeBuffer ? lineBreaks(text) : undefined;
  if (!NodeBuffer || !breaks) return undefined;
  const { whitespace, end } = breaks;
  const characters = text.length - whitespace;
  if (characters === 0 || characters % 4 !== 0 || text.includes('-') || text.includes('_')) return undefined;
  if (BEYOND_LATIN1.test(text)) return undefined;
  const padding = text.charCodeAt(end - 1) !== 0x3d ? 0 : text.charCodeAt(end - 2) === 0x3d ? 2 : 1;
  const bytes = NodeBuffer.from(text, 'base64');
  if (bytes.length !== (characters / 4) * 3 - padding) return undefined;
  const last = TABLE[text.charCodeAt(end - 1 - padding)]!;
  if (padding > 0 && last & (padding === 2 ? 0x0f : 0x03)) return undefined;
  // A plain Uint8Array, not a Buffer; and never a view into Node's shared pool of small buffers.
  const ownsItsMemory = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return ownsItsMemory ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}

function trailingPadding(input: Uint8Array): number {
  let padding = 0;
  for (let index = input.length - 1; index >= 0; index--) {
    const value = TABLE[input[index]!];
    if (value === PAD) padding++;
    else if (value !== WHITESPACE) break;
  }
  return padding;
}

const encoder = new TextEncoder();

function decodeWithTable(text: string): Uint8Array {
  // Byte access to a typed array is faster than `charCodeAt`, and encoding is native. Anything outside
  // ASCII becomes bytes >= 0x80, which are invalid; so up to the first error, byte and character
  // positions are the same.
  const input = encoder.encode(text);
  const length = input.length;
  // Exact for input without whitespace (the usual case), so no copy is needed at the end.
  const out = new Uint8Array(Math.max(0, Math.ceil(length / 4) * 3 - trailingPadding(input)));
  let read = 0;
  let written = 0;
  let group = 0;
  let count = 0;
  let padding = 0;
  while (read < length) {
    // Fast path: whole groups of four alphabet characters.
    for (; read + 4 <= length; read += 4) {
      const v0 = TABLE[input[read]!]!;
      const v1 = TABLE[input[read + 1]!]!;
      const v2 = TABLE[input[read + 2]!]!;
      const v3 = TABLE[input[read + 3]!]!;
      if ((v0 | v1 | v2 | v3) >= 64) break;
      out[written] = (v0 << 2) | (v1 >> 4);
      out[written + 1] = ((v1 & 0x0f) << 4) | (v2 >> 2);
      out[written + 2] = ((v2 & 0x03) << 6) | v3;
      written += 3;
    }
    // Slow path, one character at a time, until the next group boundary (line breaks in wrapped Base64)
    // or to the end once padding has begun.
    do {
      if (read >= length) break;
      const value = TABLE[input[read]!]!;
      if (value === INVALID) {
        throw malformed(`unexpected character ${JSON.stringify(text[read])} at position ${read}`);
      }
      if (value === PAD) {
        if (count < 2 || count + padding >= 4) throw malformed(`misplaced '=' at position ${read}`);
        padding++;
      } else if (value !== WHITESPACE) {
        if (padding > 0) throw malformed(`data after the padding, at position ${read}`);
        group = (group << 6) | value;
        if (++count === 4) {
          out[written] = group >> 16;
          out[written + 1] = (group >> 8) & 0xff;
          out[written + 2] = group & 0xff;
          written += 3;
          group = 0;
          count = 0;
        }
      }
      read++;
    } while (count !== 0 || padding !== 0);
  }
  if (padding > 0) {
    if (count + padding !== 4) throw malformed('incomplete padding at the end');
    if (count === 2) {
      if (group & 0x0f) throw malformed('non-zero bits in the last character');
      out[written++] = group >> 4;
    } else {
      if (group & 0x03) throw malformed('non-zero bits in the last character');
      out[written++] = group >> 10;
      out[written++] = (group >> 2) & 0xff;
    }
  } else if (count !== 0) {
    throw malformed('the length is not a multiple of 4 (missing padding?)');
  }
  return written === out.length ? out : out.slice(0, written);
}
