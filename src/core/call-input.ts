import { RequestValidationError } from './errors.js';
import { type CopyNotes, jsonCopy, UncopiableBody } from './json-copy.js';
import { checkInput, formatPath, type Schema } from './validation.js';

// What a call sends, made from its checked input before anything is sent.

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
 * cannot hold (a BigInt, a cycle, a getter that throws) is a `RequestValidationError` naming the field,
 * not a failure that looks like the network's.
 */
export function serialise(
  schema: Schema,
  body: unknown,
  name: string,
  wireBody?: (body: never) => unknown,
): string {
  const notes: CopyNotes = { inherited: [] };
  let plain: unknown;
  try {
    plain = jsonCopy(body, notes);
  } catch (error) {
    if (!(error instanceof UncopiableBody)) throw error;
    const where = formatPath(error.issue.path);
    throw new RequestValidationError(
      `Invalid ${name} request: ${where === '' ? 'the body' : where}: ${error.issue.message}`,
      [error.issue],
    );
  }
  try {
    checkInput(schema, plain, `${name} request`);
  } catch (error) {
    if (!(error instanceof RequestValidationError) || notes.inherited.length === 0) throw error;
    const [first = ''] = notes.inherited;
    throw new RequestValidationError(
      `${error.message} (${first === '' ? 'the body' : first} has fields on its prototype, such as getters of a class, which JSON does not send: pass a plain object, or give it a toJSON())`,
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
  return text;
}
