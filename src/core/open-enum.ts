import * as z from 'zod/mini';
import { builtSchema } from './lazy-schema.js';

/**
 * An enumeration the service extends without notice: editors suggest the known values, and any string
 * is accepted at run time, so a new value from the service never breaks a caller.
 */
// type-fest's `LiteralUnion<Known, string>`, written out: the published declarations must not import
// type-fest, whose 279 declaration files cost a consumer's type check 6 s and 198,000 types for this one
// line. test/types/open-enum.ts checks that the two stay the same type.
export type OpenEnum<Known extends string> = Known | (string & Record<never, never>);

const knownValues = new WeakMap<object, readonly string[]>();

/**
 * The schema of an {@link OpenEnum}: a string, typed with its known values. Given them at run time too
 * (`known`), `consignkit doctor` can report a value the service sends that consignkit does not know yet.
 */
export function openEnum<Known extends string>(known?: readonly Known[]) {
  const schema = z.string();
  if (known) knownValues.set(schema, known);
  // Input typed too: a request type built from this schema then takes the known values, not `unknown`.
  return schema as unknown as z.ZodMiniType<OpenEnum<Known>, OpenEnum<Known>>;
}

/** The values an {@link openEnum} schema was given at run time, if any. */
export function knownValuesOf(schema: object): readonly string[] | undefined {
  return knownValues.get(builtSchema(schema));
}
