import * as z from 'zod/mini';
import { ConfigurationError, RequestValidationError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  isConsignmentReference,
} from '../core/references.js';
import type { Call } from '../core/remembered-call.js';

// What the edits of packages and items (of a consignment or of an order) share: the checks of what is
// sent, and what settling a lost answer says when it cannot. A leaf: it imports no resource module.

/** A consignment a call names but never sends: what reconcile reads when the answer is lost. */
export const consignmentToRead = lazySchema(() => z.optional(ConsignmentReferenceSchema));

// Not exported by the package: a request body as settling reads it, not a type of the service.
export type Body = Record<string, unknown>;
export const bodyOf = (call: Call | undefined): Body => (call?.body ?? {}) as Body;
export const listOf = (value: unknown): Body[] => (Array.isArray(value) ? (value as Body[]) : []);
export const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
/** Only the fields named of a body: what settling keeps of it. */
export const pick = (body: Body, ...fields: string[]): Body =>
  Object.fromEntries(fields.map((field) => [field, body[field]]));
export const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const named = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** A check that a `what` has `field` (or `unless`, which stands for it), the error shown at `field`. */
export const needs = (what: string, field: string, unless?: string) =>
  z.refine(
    (value: unknown) =>
      given((value as Body)[field]) || (unless !== undefined && given((value as Body)[unless])),
    { error: `a ${what} needs ${field}${unless ? `, or a ${unless}` : ''}`, path: [field] },
  );

/** A new package or item has no `Reference`: the service issues it. */
export const refuseReference = (what: string) =>
  z.refine((value: unknown) => !given((value as Body).Reference), {
    error: `a new ${what} has no Reference: the service issues it`,
    path: ['Reference'],
  });

/** A package or item to update is named by its `Reference` (without one the service would add it). */
export const requireReference = (what: string) =>
  z.refine((value: unknown) => named((value as Body).Reference), {
    error: `a ${what} to update is named by its Reference (a ${what} without one would be added)`,
    path: ['Reference'],
  });

/** A {@link RequestValidationError} when the body names another package than the one addressed. */
export function checkAddressed(field: string, value: unknown, addressed: string): void {
  if (value != null && value !== addressed) {
    const message = `${field} (${String(value)}) must be the package addressed (${addressed})`;
    throw new RequestValidationError(`Invalid request: ${message}`, [{ path: [field], message }]);
  }
}

/** What the outcome rules read of a lost call: its operation and the references its error names. */
interface Lost {
  operation: string;
  references: readonly string[];
}

/** Why reconcile cannot settle a lost call. */
export const cannotSettle = (lost: Lost, why: string) =>
  new ConfigurationError(`reconcile cannot settle ${lost.operation}: ${why}`);

/** The error names no `what`: it was not thrown by this copy of consignkit. */
export const namesNo = (lost: Lost, what: string) =>
  cannotSettle(lost, `the error names no ${what} (it was not thrown by this copy of consignkit)`);

/** The consignment an error names, which settling reads; a {@link ConfigurationError} when it names none. */
export function consignmentOf(lost: Lost, pass: string): ConsignmentReference {
  const reference = lost.references.find(isConsignmentReference);
  if (reference !== undefined) return reference;
  throw cannotSettle(
    lost,
    `it names no consignment to read: pass it to ${pass}, or read it with consignments.get`,
  );
}

/**
 * Your references (`field`) of what a lost call added, which is how settling finds them; a
 * {@link ConfigurationError} saying what to do when one was sent without.
 */
export function yoursOf(lost: Lost, values: unknown[], field: string, what: string, read: string): string[] {
  if (values.length > 0 && values.every(named)) return values as string[];
  throw cannotSettle(
    lost,
    `a ${what} was sent without a ${field} to find it by (or the error is not this copy of consignkit's): read with ${read} and compare; set ${field} on every ${what} you add`,
  );
}

/** `true` when every one was found, `false` when none was, `undefined` for some. */
export const doneWhenFound = (found: number, of: number): boolean | undefined =>
  found === of ? true : found === 0 ? false : undefined;
