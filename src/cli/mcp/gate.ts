import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a preview's confirmation token stays valid by default. */
export const DEFAULT_CONFIRMATION_TTL_MS = 5 * 60_000;

/** A confirmation token was refused: nothing was sent. */
export class ConfirmationRefusedError extends Error {
  override name = 'ConfirmationRefusedError';
  /** Why: `malformed`, `mismatch` (another tool or input), `expired` or `used`. */
  readonly reason: 'malformed' | 'mismatch' | 'expired' | 'used';
  constructor(message: string, reason: ConfirmationRefusedError['reason']) {
    super(message);
    this.reason = reason;
  }
}

/** JSON with every object's keys sorted and `undefined` fields left out: one text per input. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const TOKEN = /^ck1\.([0-9a-z]+)\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * The confirmation gate of the non-repeatable tools. A token is an HMAC, under a secret made when the
 * server starts and kept nowhere else, over the tool's name, the exact input (canonical JSON), an expiry
 * and a nonce: it cannot be forged, it confirms that input alone, and a restarted server refuses the
 * tokens of the last one. Each nonce is redeemed once.
 */
export class ConfirmationGate {
  readonly #secret = randomBytes(32);
  /** Redeemed nonces, until their tokens would have expired anyway. */
  readonly #used = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number | undefined; now?: (() => number) | undefined } = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_CONFIRMATION_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  #mac(tool: string, input: unknown, expires: number, nonce: string): string {
    return createHmac('sha256', this.#secret)
      .update(`${tool}\n${expires}\n${nonce}\n${canonicalJson(input)}`)
      .digest('base64url');
  }

  /** A token for exactly this call of this tool, and when it expires. */
  issue(tool: string, input: unknown): { token: string; expiresAt: string } {
    const expires = this.#now() + this.#ttlMs;
    const nonce = randomBytes(16).toString('base64url');
    const token = `ck1.${expires.toString(36)}.${nonce}.${this.#mac(tool, input, expires, nonce)}`;
    return { token, expiresAt: new Date(expires).toISOString() };
  }

  /**
   * Accepts the token once, for the input it was issued for.
   *
   * @throws {@link ConfirmationRefusedError} for a token this server did not issue, issued for another
   *   tool or input, expired, or already used.
   */
  redeem(token: unknown, tool: string, input: unknown): void {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    if (!match) {
      throw new ConfirmationRefusedError(
        'the confirmation token is not one this server issued: call the tool without it for a new preview',
        'malformed',
      );
    }
    const [, expiresText = '', nonce = '', mac = ''] = match;
    const expires = Number.parseInt(expiresText, 36);
    const expected = Buffer.from(this.#mac(tool, input, expires, nonce));
    if (!timingSafeEqual(expected, Buffer.from(mac))) {
      throw new ConfirmationRefusedError(
        `the confirmation token was not issued for this call: it confirms another ${tool} input (or another tool, or a server since restarted); nothing was sent: preview this input first`,
        'mismatch',
      );
    }
    const now = this.#now();
    for (const [seen, until] of this.#used) if (until < now) this.#used.delete(seen);
    if (this.#used.has(nonce)) {
      throw new ConfirmationRefusedError(
        'the confirmation token was already used: each confirms one sending; nothing was sent again: read the result of the first, or preview again',
        'used',
      );
    }
    if (now > expires) {
      throw new ConfirmationRefusedError(
        `the confirmation token expired at ${new Date(expires).toISOString()}; nothing was sent: preview again`,
        'expired',
      );
    }
    this.#used.set(nonce, expires);
  }
}
