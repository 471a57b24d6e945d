import type { Logger } from './options.js';

export const REDACTED = '[redacted]';

/**
 * From this length a key is redacted wherever it occurs, inside a longer word too: no natural text holds
 * 16 characters of a random key by chance. A shorter key (a test key such as `'k'`) is redacted only where
 * it stands as a whole token, so that `'k'` does not turn `checking` into `chec[redacted]ing`.
 */
export const WHOLE_KEY_LENGTH = 16;

/** Characters that continue a token: a short key next to one of these is part of another word. */
const TOKEN_CHAR = 'A-Za-z0-9_\\-';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** One secret's redaction of one string. */
function redactorFor(secret: string): (text: string) => string {
  if (secret.length >= WHOLE_KEY_LENGTH) {
    return (text) => {
      // Again until none is left: a key that begins with the end of the marker (`ted]…`) can reappear
      // across it. Each pass shortens the text, so this ends.
      let result = text;
      while (result.includes(secret)) result = result.split(secret).join(REDACTED);
      return result;
    };
  }
  const token = new RegExp(`(?<![${TOKEN_CHAR}])${escapeRegExp(secret)}(?![${TOKEN_CHAR}])`, 'g');
  return (text) => {
    // Again while it changes (a key of `]x` in `]x]x` stands alone only once the first is replaced);
    // bounded, for a key the marker itself holds (`redacted`).
    let result = text;
    for (let pass = 0; pass < 8 && result.includes(secret); pass++) {
      const next = result.replace(token, REDACTED);
      if (next === result) break;
      result = next;
    }
    return result;
  };
}

/**
 * Replaces each secret in strings, keys and nested values: a key of {@link WHOLE_KEY_LENGTH} characters
 * or more wherever it occurs, a shorter one where it stands as a whole token (not next to a letter, digit,
 * `_` or `-`).
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  const redactors = secrets.filter((secret) => secret.length > 0).map(redactorFor);
  const scrub = (input: unknown, depth: number): unknown => {
    if (typeof input === 'string') return redactors.reduce((text, redactor) => redactor(text), input);
    if (depth > 20 || input === null || typeof input !== 'object') return input;
    if (Array.isArray(input)) return input.map((item) => scrub(item, depth + 1));
    return Object.fromEntries(
      Object.entries(input).map(([key, item]) => [scrub(key, depth + 1), scrub(item, depth + 1)]),
    );
  };
  return scrub(value, 0) as T;
}
/** Wraps a caller's logger so that no secret reaches it, and a throwing logger never breaks a request. */
export function redactingLogger(logger: Logger | undefined, secrets: readonly string[]): Logger | undefined {
  if (!logger) return undefined;
  const level =
    (name: keyof Logger) =>
    (message: string, data?: Record<string, unknown>): void => {
      try {
        logger[name](redact(message, secrets), data === undefined ? undefined : redact(data, secrets));
      } catch {
        // A broken logger must not turn a successful request into a failure.
      }
    };
  return { debug: level('debug'), info: level('info'), warn: level('warn'), error: level('error') };
}
