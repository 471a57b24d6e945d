import type * as z from 'zod';
import { RequestValidationError, type ValidationIssue } from './errors.js';

export function toIssues(error: z.ZodError, prefix: (string | number)[] = []): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
    message: issue.message,
    code: issue.code,
  }));
}

/** `['Packages', 0, 'Items']` becomes `Packages[0].Items`. */
export function formatPath(path: (string | number)[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  );
}

export function describeIssues(issues: ValidationIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = formatPath(issue.path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return shown.join('; ') + more;
}

/**
 * Checks caller input and returns it unchanged: what goes on the wire is what the caller wrote, never
 * a copy with fields stripped or defaulted by the schema.
 */
export function checkInput<T>(
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  prefix: (string | number)[] = [],
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = toIssues(result.error, prefix);
    throw new RequestValidationError(`Invalid ${what}: ${describeIssues(issues)}`, issues);
  }
  return value as T;
}
