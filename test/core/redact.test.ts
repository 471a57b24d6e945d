import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FetchLike, OrdersClient, ShipmentsClient } from '../../src/index.js';
import { fuzzParameters } from '../reliability/fuzz.js';

/**
 * The redaction rule (README, "Errors"): a key of 16 characters or more is redacted wherever it occurs;
 * a shorter one only where it stands as a whole token (not next to a letter, digit, `_` or `-`), so that a
 * test key such as `'k'` never turns `checking` into `chec[redacted]ing`. Checked on what callers see: the
 * errors of calls whose answers echo the key, in messages built from the key, parts of it and words.
 */

const MARK = '[redacted]';
const WHOLE = 16;
const TOKEN = /[A-Za-z0-9_-]/;

/** A 404 whose message is `message`. */
const answering =
  (message: string): FetchLike =>
  async () =>
    new Response(JSON.stringify({ Message: message, Code: 'NotFound' }), {
      status: 404,
      headers: {
        'content-type': 'application/json',
        'x-echo': message.slice(0, 200).replace(/[^\t\x20-\x7e]/g, '?'),
      },
    });

async function shownMessage(apiKey: string, message: string): Promise<string> {
  const error = await new OrdersClient({ apiKey, fetch: answering(message), maxRetries: 0 })
    .get('EO-1')
    .catch((caught: Error) => caught);
  return (error as Error).message;
}

/** Where `key` stands as a whole token in `text`. */
function standsAlone(text: string, key: string): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    const before = text[at - 1];
    const after = text[at + key.length];
    if ((before === undefined || !TOKEN.test(before)) && (after === undefined || !TOKEN.test(after)))
      return true;
  }
  return false;
}

/** Whether `shown` shows `key` under the rule: anywhere when long, standing alone when short. */
function leaks(shown: string, key: string): boolean {
  if (key.length >= WHOLE) return shown.includes(key);
  // The marker's brackets border a token as any punctuation would; set it apart so it cannot count.
  return standsAlone(shown.split(MARK).join('\u0000'), key);
}

const keyChars = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-');
/** Keys as services issue them, of every length from 1 to 48. */
const realisticKey = fc
  .string({ unit: keyChars, minLength: 1, maxLength: 48 })
  .filter((key) => key !== 'redacted');
/** Any key a header can carry: Latin-1, no line break or NUL, no surrounding whitespace. */
const anyKey = fc
  .string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
    minLength: 1,
    maxLength: 40,
  })
  .map((key) => key.trim())
  .filter((key) => key.length > 0 && key !== 'redacted' && !key.includes(MARK));
const word = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  minLength: 1,
  maxLength: 10,
});
const separator = fc.constantFrom(' ', ', ', '; ', ': ', '"', "'", '(', ')', '\n', '=', '/', '.', ' [', '] ');

/** A proper, non-empty part of `key` (a one-character key has none: then a word). */
const partOf = (key: string) =>
  key.length < 2
    ? word.filter((text) => text !== key)
    : fc
        .integer({ min: 0, max: key.length - 1 })
        .chain((from) =>
          fc
            .integer({ min: 1, max: Math.min(key.length - from, key.length - 1) })
            .map((length) => key.slice(from, from + length)),
        );

/** A message of words, the key and parts of it, and the message with the key redacted as the rule says. */
const messageAbout = (key: string) =>
  fc
    .array(
      fc.oneof(
        word.map((text) => ({ text, isKey: text === key })),
        fc.constant({ text: key, isKey: true }),
        partOf(key).map((text) => ({ text, isKey: false })),
      ),
      { minLength: 1, maxLength: 12 },
    )
    .chain((segments) =>
      fc.array(separator, { minLength: segments.length, maxLength: segments.length }).map((seps) => ({
        message: segments.map((segment, index) => `${segment.text}${seps[index]}`).join(''),
        expected: segments
          .map((segment, index) => `${segment.isKey ? MARK : segment.text}${seps[index]}`)
          .join(''),
      })),
    );

describe('redaction of the key in what the service echoes', () => {
  it("a short key is redacted where it stands alone, and nowhere else (the issue's example)", async () => {
    expect(await shownMessage('abc', 'Order abc not found; abcdef')).toBe(`Order ${MARK} not found; abcdef`);
    expect(await shownMessage('k', 'lockShipmentGroup is checking k')).toBe(
      `lockShipmentGroup is checking ${MARK}`,
    );
  });

  it("the SDK's own messages and log lines are not mangled by a one-letter key", async () => {
    const lines: string[] = [];
    const logger = {
      debug: (m: string) => lines.push(m),
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      error: (m: string) => lines.push(m),
    };
    const wrongShape: FetchLike = async () => Response.json({ unexpected: true });
    const error = await new ShipmentsClient({ apiKey: 'k', fetch: wrongShape, logger }).groups
      .addShipment({ reference: 'sg_1' }, 'sp_1')
      .catch((caught: Error) => caught);
    expect(error.message).toContain('do not send it again without checking');
    expect(error.message).not.toContain(MARK);
    expect(lines.join('\n')).toContain('addShipmentToGroup: PUT https://api.sorted.com/prosandbox/');
    expect(lines.join('\n')).not.toContain(MARK);
  });

  it('a long key is redacted inside a longer word too', async () => {
    const key = 'sk_live_7Hq2x9Zr41LEAK';
    expect(await shownMessage(key, `bad key=${key}; token x${key}y`)).toBe(
      `bad key=${MARK}; token x${MARK}y`,
    );
  });

  it('property: for keys of every length, the message is exactly the one sent with the key redacted', async () => {
    await fc.assert(
      fc.asyncProperty(
        realisticKey.chain((key) => messageAbout(key).map((case_) => ({ key, ...case_ }))),
        async ({ key, message, expected }) => {
          const shown = await shownMessage(key, message);
          expect(shown).toBe(expected);
          expect(leaks(shown, key)).toBe(false);
        },
      ),
      fuzzParameters(300),
    );
  });

  it('property: any sendable key is never shown, whatever surrounds it', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyKey.chain((key) =>
          fc
            .array(fc.oneof(fc.constant(key), word, fc.string({ maxLength: 6 }), separator), {
              maxLength: 10,
            })
            .map((parts) => ({ key, message: parts.join('') })),
        ),
        async ({ key, message }) => {
          expect(leaks(await shownMessage(key, message), key)).toBe(false);
        },
      ),
      fuzzParameters(300),
    );
  });

  it('property: a long key glued inside other text is redacted, and the text around it kept', async () => {
    const longKey = fc.string({
      unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'),
      minLength: WHOLE,
      maxLength: 48,
    });
    await fc.assert(
      fc.asyncProperty(longKey, word, word, async (key, before, after) => {
        expect(await shownMessage(key, `id=${before}${key}${after}`)).toBe(`id=${before}${MARK}${after}`);
      }),
      fuzzParameters(100),
    );
  });
});
