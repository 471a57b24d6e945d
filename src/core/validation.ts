import * as z from 'zod/mini';
import { RequestValidationError } from './errors.js';
import { certainlyFits } from './fits.js';
import { formatPath } from './issue-path.js';
import { jsonCopy, UncopiableBody } from './json-copy.js';
import { findNearMisses, type UnknownFields } from './near-miss.js';
import type { Schema } from './schema.js';
import type { ValidationIssue } from './validation-issue.js';

export type { Schema } from './schema.js';

/** `typeof`, told apart where it matters to a reader: `null`, `array`, `NaN`. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

const quoted = (values: readonly unknown[]) =>
  values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(', ');

/**
 * The messages of zod's issues, for the few kinds our schemas raise. `zod/mini` ships without messages
 * ("Invalid input") and a locale would cost more bytes than these lines; schemas that say more
 * (`{ error: … }`) keep their own words.
 */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${typeOf(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${quoted(issue.values)}`
        : `expected one of ${quoted(issue.values)}`;
    case 'too_small':
    case 'too_big': {
      const [limit, bound] =
        issue.code === 'too_small'
          ? [issue.minimum, issue.inclusive ? 'at least' : 'more than']
          : [issue.maximum, issue.inclusive ? 'at most' : 'less than'];
      const unit = issue.origin === 'array' ? ' items' : issue.origin === 'string' ? ' characters' : '';
      return `expected ${bound} ${String(limit)}${unit}`;
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? `does not match ${issue.pattern}`
        : `expected the ${issue.format} format`;
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${quoted(issue.keys)}`;
    case 'invalid_union': {
      // `string | null` and the like: name the types, as for a single one.
      const types = issue.errors.map(([only, ...more]) =>
        only?.code === 'invalid_type' && only.path.length === 0 && more.length === 0 ? only.expected : '',
      );
      return types.every(Boolean)
        ? `expected ${types.join(' or ')}, got ${typeOf(issue.input)}`
        : 'matches none of the accepted shapes';
    }
    default:
      return 'invalid input';
  }
}

function toIssues(error: z.core.$ZodError, prefix: (string | number)[] = []): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    const path = [...prefix, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))];
    // One issue per unknown key, at the key's own path, as for every other problem.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], message: 'unknown field', code: issue.code }));
    }
    return [{ path, message: issue.message, code: issue.code }];
  });
}

/**
 * Checks `value` against `schema`: `undefined` when it fits, else the issues, each with a message.
 *
 * A value that plainly fits is confirmed by {@link certainlyFits}, which reads it and builds nothing; zod
 * would parse it, building a copy of the whole value that nobody reads (the SDK hands over the value it
 * checked). For a 54 kB order that copy was most of what strict validation allocated: little CPU, but on
 * a loaded machine the collections it brought forward cost milliseconds of wall time, landing on whichever
 * call was running (docs/performance.md, "The per-call gap"). Anything else is zod's to judge, with every
 * issue and its message as before. zod's own compiler (`z.compile`), which sped up that parse, is no
 * longer used: valid values no longer reach zod, and it was 9 kB of every application's bundle.
 */
export function findIssues(
  schema: Schema,
  value: unknown,
  prefix: (string | number)[] = [],
): ValidationIssue[] | undefined {
  if (certainlyFits(schema, value)) return undefined;
  const result = z.safeParse(schema, value, { error: describeIssue });
  return result.success ? undefined : toIssues(result.error, prefix);
}

export function describeIssues(issues: ValidationIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = formatPath(issue.path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return shown.join('; ') + more;
}

/** What a call's options say of fields no schema names. */
export function unknownFieldsOf(
  options: { allowUnknownFields?: boolean | undefined } | undefined,
): UnknownFields {
  return options?.allowUnknownFields === true ? 'allow' : 'refuse';
}

/**
 * Checks caller input and returns it unchanged: what goes on the wire is what the caller wrote, never
 * a copy with fields stripped or defaulted by the schema. A field no schema names is refused (`unknown`
 * `'refuse'`, the default) or, when the call allows unknown fields, only when it is a near miss of one.
 */
export function checkInput<T>(
  schema: Schema<T>,
  value: unknown,
  what: string,
  prefix: (string | number)[] = [],
  unknown: UnknownFields = 'refuse',
): T {
  let issues: ValidationIssue[];
  try {
    issues = issuesOf(schema, value, prefix, unknown);
  } catch (error) {
    // Reading the input threw (a getter, a proxy trap, toJSON): say where, as a refused input.
    throw new RequestValidationError(
      `Invalid ${what}: ${describeIssues([unreadable(value, error, prefix)])}`,
      [unreadable(value, error, prefix)],
    );
  }
  if (issues.length > 0) {
    throw new RequestValidationError(`Invalid ${what}: ${describeIssues(issues)}`, issues);
  }
  return value as T;
}

function issuesOf(
  schema: Schema,
  value: unknown,
  prefix: (string | number)[],
  unknown: UnknownFields,
): ValidationIssue[] {
  const unknownKeys = findNearMisses(schema, value, prefix, unknown);
  // zod's own word for a key a strict object refuses gives way to ours, which says what is known there.
  const named = new Set(unknownKeys.map((issue) => formatPath(issue.path)));
  return [
    ...(findIssues(schema, value, prefix) ?? []).filter(
      (issue) => !(issue.code === 'unrecognized_keys' && named.has(formatPath(issue.path))),
    ),
    ...unknownKeys,
  ];
}

/** The field whose reading threw, found by copying the input as JSON would; else the input itself. */
function unreadable(value: unknown, error: unknown, prefix: (string | number)[]): ValidationIssue {
  try {
    jsonCopy(value);
  } catch (copyError) {
    if (copyError instanceof UncopiableBody) {
      return { ...copyError.issue, path: [...prefix, ...copyError.issue.path] };
    }
  }
  const name = error instanceof Error ? error.name : typeof error;
  return { path: prefix, message: `reading it threw (${name})`, code: 'not_json' };
}
