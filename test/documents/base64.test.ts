import { describe, expect, it, vi } from 'vitest';
import { ConsignkitError, DocumentError, decodeBase64 } from '../../src/index.js';

const ascii = (text: string) => new TextEncoder().encode(text);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('decodeBase64', () => {
  it('decodes like Buffer.from for every length and byte value', () => {
    let seed = 7;
    for (let length = 0; length < 300; length++) {
      const bytes = Uint8Array.from({ length }, () => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed & 0xff;
      });
      expect(decodeBase64(base64(bytes))).toEqual(bytes);
    }
  });

  it('tolerates whitespace and line breaks (MIME-style wrapping)', () => {
    const bytes = ascii('The quick brown fox jumps over the lazy dog, twice over.');
    const wrapped = Buffer.from(bytes)
      .toString('base64')
      .replace(/.{1,16}/g, '$&\r\n ');
    expect(decodeBase64(wrapped)).toEqual(bytes);
    expect(decodeBase64(' TQ = = ')).toEqual(ascii('M'));
  });

  it('rejects malformed Base64 with a DocumentError instead of a shortened file', () => {
    for (const malformed of [
      'QUJD*',
      'QUJ',
      'QQ=',
      'Q===',
      '=QUJ',
      'QQ==QUJD',
      'QR==',
      'QUJ-',
      'QUJ_',
      'QU=DQUJD',
      'QUJD\u00e9QUJD',
      'QUJD\u00e9QU',
      // Beyond Latin-1: Node's Buffer reads each by its low byte ('Ł' is U+0141, read as 'A').
      '\u0141\u0141\u0141\u0141',
      'QUJD\u0141UJD',
      'QUJDQUJ\uff24',
      'QU\u4a4aQUJD',
    ]) {
      const error = (() => {
        try {
          decodeBase64(malformed);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error, malformed).toBeInstanceOf(DocumentError);
      expect(error).toBeInstanceOf(ConsignkitError);
    }
    expect(() => decodeBase64('QUJD*')).toThrow(/unexpected character "\*" at position 4/);
  });
});

describe('decodeBase64 where the runtime has no Buffer (browsers, edge runtimes)', () => {
  const clean = ascii('The quick brown fox jumps over the lazy dog.');
  const inputs = [
    base64(clean),
    base64(clean.subarray(1)),
    base64(clean.subarray(2)),
    'QUJ-',
    'QR==',
    'QQ==QUJD',
  ];

  it('decodes and rejects exactly what it does with Buffer', () => {
    const outcome = (text: string) => {
      try {
        return Array.from(decodeBase64(text));
      } catch (error) {
        return (error as Error).name;
      }
    };
    const withBuffer = inputs.map(outcome);
    const original = globalThis.Buffer;
    let withoutBuffer: unknown[];
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      withoutBuffer = inputs.map(outcome);
    } finally {
      globalThis.Buffer = original;
    }
    expect(withoutBuffer).toEqual(withBuffer);
    expect(withBuffer.slice(0, 3)).toEqual(
      [clean, clean.subarray(1), clean.subarray(2)].map((b) => Array.from(b)),
    );
    expect(withBuffer.slice(3)).toEqual(['DocumentError', 'DocumentError', 'DocumentError']);
  });
});

describe('decodeBase64 results', () => {
  it("are plain Uint8Arrays that own their memory, also for labels small enough for Node's buffer pool", () => {
    for (const bytes of [ascii('%PDF-1.4'), new Uint8Array(20_000).fill(7)]) {
      const decoded = decodeBase64(base64(bytes));
      expect(decoded.constructor).toBe(Uint8Array);
      expect(decoded.buffer.byteLength).toBe(bytes.length);
      expect(decoded).toEqual(bytes);
    }
  });
});

describe('decodeBase64 where the runtime has Uint8Array.fromBase64', () => {
  it('delegates to it in strict mode and turns its errors into DocumentError', async () => {
    const seen: unknown[] = [];
    Object.defineProperty(Uint8Array, 'fromBase64', {
      configurable: true,
      value: (text: string, options: unknown) => {
        seen.push(options);
        if (text === 'bad') throw new SyntaxError('invalid character');
        return Uint8Array.of(1, 2, 3);
      },
    });
    try {
      vi.resetModules();
      const fresh = await import('../../src/documents/index.js');
      expect(fresh.decodeBase64('AQID')).toEqual(Uint8Array.of(1, 2, 3));
      expect(seen).toEqual([{ lastChunkHandling: 'strict' }]);
      expect(() => fresh.decodeBase64('bad')).toThrow(fresh.DocumentError);
      expect(() => fresh.decodeBase64('bad')).toThrow(/not valid Base64: invalid character/);
    } finally {
      delete (Uint8Array as unknown as { fromBase64?: unknown }).fromBase64;
      vi.resetModules();
    }
  });
});
