import type { Schema } from './validation.js';

/**
 * `repeatable`: doing it twice has the effect of doing it once (reads, full replaces, lock/unlock).
 * `non-repeatable`: doing it twice does it twice (create, pack, allocate, manifest, membership changes).
 */
export type RetryClass = 'repeatable' | 'non-repeatable';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One operation of the service, declared once: everything else is shared plumbing. */
export interface Operation<Wire = unknown, Result = Wire> {
  name: string;
  method: HttpMethod;
  /** Relative to the area's base URL; `{name}` placeholders are filled from checked, encoded params. */
  path: string;
  params?: Record<string, Schema>;
  body?: Schema;
  response?: Schema<Wire>;
  /** Turns the (checked) wire body into what the method returns; runs in every validation mode. */
  result?: (body: Wire) => Result | undefined;
  retry: RetryClass;
  /** A 2xx body that is not JSON is taken as text (Base64 sent bare instead of as a JSON string). */
  acceptsText?: boolean;
  /** Checked as in `'strict'` mode whatever the client's `validation`: what is read here is written back. */
  alwaysStrict?: boolean;
  /** The references a call names, for {@link OutcomeUnknownError}. Defaults to the path params. */
  references?: (call: Call) => string[];
}

export interface Call {
  params?: Record<string, unknown>;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
}

export function defineOperation<Wire = unknown, Result = Wire>(operation: Operation<Wire, Result>) {
  return operation;
}

/** The references a call names: its declared ones, else its string path params. */
export function referencesOf(operation: Pick<Operation, 'references'>, call: Call): string[] {
  return (operation.references ?? defaultReferences)(call);
}

function defaultReferences(call: Call): string[] {
  return Object.values(call.params ?? {}).filter((value): value is string => typeof value === 'string');
}
