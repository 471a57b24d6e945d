import { RequestValidationError } from './errors.js';
import { formatPath } from './issue-path.js';
import { type CopyNotes, jsonCopy, UncopiableBody } from './json-copy.js';
import type { UnknownFields } from './near-miss.js';
import type { Call, Operation } from './operation.js';
import type { Schema } from './schema.js';
import { checkInput } from './validation.js';

// What a call sends, made from its checked input before anything is sent.

/** What a call sends: its checked snapshot, and the body's JSON text. */
export interface SentCall {
  /**
   * The call as checked and sent: its params and body are plain JSON copies of the caller's, so that
   * everything after the check (the URL, the body's text, the references an error names, `reconcile`,
   * a method's reading of the answer) sees what went on the wire, never the caller's object again.
   */
  call: Call;
  json: string | undefined;
}

/**
 * The one way a call's input becomes a request: each declared param and the body copied once as JSON
 * would write them, the copies checked, and the copies sent. No operation sends anything else.
 */
export function snapshotCall(
  operation: Pick<Operation, 'name' | 'params' | 'body' | 'wireBody'>,
  call: Call,
  unknown: UnknownFields = 'refuse',
): SentCall {
  const given = call.params ?? {};
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(operation.params ?? {})) {
    const value = plainCopy(given[name], name, [name]);
    checkInput(schema, value, name, [name]);
    params[name] = value;
  }
  if (!operation.body) return { call: { ...call, params, body: undefined }, json: undefined };
  const { plain, text } = serialise(operation.body, call.body, operation.name, operation.wireBody, unknown);
  return { call: { ...call, params, body: plain }, json: text };
}

/**
 * Input a method reads itself before sending (a patch's changes, merged into what it read): copied as JSON
 * would write it and the copy checked, so that the method reads, and the request carries, what was
 * checked. Reading the caller's fields instead would check one thing and send its `toJSON()`.
 */
export function checkedCopy<T>(
  schema: Schema<T>,
  value: unknown,
  what: string,
  unknown: UnknownFields = 'refuse',
): T {
  const copy = plainCopy(value, what, []);
  checkInput(schema, copy, what, [], unknown);
  return copy as T;
}

/** `value` as JSON would write it, or a `RequestValidationError` naming the field that has no JSON form. */
function plainCopy(value: unknown, what: string, prefix: (string | number)[], notes?: CopyNotes): unknown {
  try {
    return jsonCopy(value, notes);
  } catch (error) {
    if (!(error instanceof UncopiableBody)) throw error;
    const issue = { ...error.issue, path: [...prefix, ...error.issue.path] };
    const where = formatPath(issue.path);
    throw new RequestValidationError(
      `Invalid ${what}: ${where === '' ? 'the body' : where}: ${issue.message}`,
      [issue],
    );
  }
}

/** The path with its `{name}` placeholders filled from the call's (checked) params, each encoded. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    // Every placeholder is a declared, checked param; reaching this is a bug in an operation declaration.
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`No value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The body as JSON text: one plain copy made by JSON's rules (`toJSON`, own fields only), checked, then
 * sent, so that what was checked is what goes on the wire. Made before anything is sent, a body JSON
 * cannot hold (a BigInt, a cycle, a getter that throws, NaN) is a `RequestValidationError` naming the
 * field, not a failure that looks like the network's.
 */
export function serialise(
  schema: Schema,
  body: unknown,
  name: string,
  wireBody?: (body: never) => unknown,
  unknown: UnknownFields = 'refuse',
): { plain: unknown; text: string } {
  const notes: CopyNotes = { inherited: [] };
  const plain = plainCopy(body, `${name} request`, [], notes);
  try {
    checkInput(schema, plain, `${name} request`, [], unknown);
  } catch (error) {
    if (!(error instanceof RequestValidationError) || notes.inherited.length === 0) throw error;
    const [first = ''] = notes.inherited;
    throw new RequestValidationError(
      `${error.message} (${first === '' ? 'the body' : first} has fields on its prototype, which JSON does not send: pass a plain object, or give it a toJSON())`,
      error.issues,
    );
  }
  let text: string | undefined;
  let problem = 'it has no JSON form';
  try {
    text = JSON.stringify(wireBody ? wireBody(plain as never) : plain);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (text === undefined) {
    const message = `the body cannot be sent as JSON: ${problem}`;
    throw new RequestValidationError(`Invalid ${name} request: ${message}`, [{ path: [], message }]);
  }
  return { plain, text };
}
