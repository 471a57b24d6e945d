import type { LiteralUnion } from 'type-fest';
import * as z from 'zod/mini';

/**
 * An enumeration the service extends without notice: editors suggest the known values, and any string
 * is accepted at run time, so a new value from the service never breaks a caller.
 */
export type OpenEnum<Known extends string> = LiteralUnion<Known, string>;

/** The schema of an {@link OpenEnum}: a string, typed with its known values. */
export function openEnum<Known extends string>() {
  // Input typed too: a request type built from this schema then takes the known values, not `unknown`.
  return z.string() as unknown as z.ZodMiniType<OpenEnum<Known>, OpenEnum<Known>>;
}
