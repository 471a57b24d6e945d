import { OutcomeUnknownError } from './errors.js';

/**
 * What `reconcile` settles: an {@link OutcomeUnknownError}, or its stored form made one again. Anything
 * else is passed on as it is, for `reconcile` to refuse with its own message.
 */
export function outcomeToSettle(value: unknown): unknown {
  if (value instanceof OutcomeUnknownError || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return value;
  if ((value as { name?: unknown }).name === 'OutcomeUnknownError' || 'operation' in value) {
    return OutcomeUnknownError.fromJSON(value);
  }
  return value;
}
