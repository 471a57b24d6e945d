import type { Logger } from './logger.js';

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

/** Deeper than any body the service sends: past it a value is cut, so that the redaction reaches all that is kept. */
export const MAX_REDACTED_DEPTH = 64;
/** What stands where a value was nested too deep to be redacted. */
export const CUT = '[cut: nested too deep]';

/** Leading and trailing HTTP whitespace, which `Headers` strips from a key as it sends it. */
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Every form in which a secret can come back: as given, as sent (trimmed of the whitespace `Headers`
 * strips: a key read from a CRLF `.env` file ends in `\r`), JSON-escaped (a `"`, `\` or tab in a JSON
 * text, or in the CLI's `--json` output) and URL-encoded (in a `Location` header or a query).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const base of [secret, secret.replace(HTTP_WHITESPACE, '')]) {
    if (base === '') continue;
    forms.add(base);
    forms.add(JSON.stringify(base).slice(1, -1));
    forms.add(encodeURIComponent(base));
    forms.add(encodeURIComponent(base).replace(/%20/g, '+'));
  }
  return [...forms];
}

/**
 * Replaces each secret, in each of its {@link secretForms}, in strings, keys and nested values: a key of
 * {@link WHOLE_KEY_LENGTH} characters or more wherever it occurs, a shorter one where it stands as a whole
 * token (not next to a letter, digit, `_` or `-`). What is nested deeper than {@link MAX_REDACTED_DEPTH}
 * levels is cut: a secret could hide there, and a value that deep could not be printed anyway (a body
 * nested 100,000 levels made `JSON.stringify(error)` overflow the stack).
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  const redactors = [...new Set(secrets.flatMap(secretForms))]
    // The longest first: a form that holds another (`a%20b` holds `a`) goes whole.
    .sort((a, b) => b.length - a.length)
    .map(redactorFor);
  const scrub = (input: unknown, depth: number): unknown => {
    if (typeof input === 'string') return redactors.reduce((text, redactor) => redactor(text), input);
    if (input === null || typeof input !== 'object') return input;
    if (depth >= MAX_REDACTED_DEPTH) return CUT;
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
