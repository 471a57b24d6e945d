import type { Logger } from './options.js';

export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret in strings, keys and nested values. */
export function redact<T>(value: T, secrets: readonly string[]): T {
  const live = secrets.filter((secret) => secret.length > 0);
  const scrub = (input: unknown, depth: number): unknown => {
    if (typeof input === 'string') {
      return live.reduce((text, secret) => text.split(secret).join(REDACTED), input);
    }
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
