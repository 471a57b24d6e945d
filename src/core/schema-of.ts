import type * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/** Whether `A` and `B` are the same type: the same properties, each with the same type and the same `?`. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `T` without its index signatures, at every depth. Schemas are loose objects (an unknown field is kept
 * and sent as written), so they infer an index signature everywhere; the interfaces declare one only where
 * a value is a free-form map, so that a misspelt key written or read is a compile error (an answer still
 * keeps, at run time, the fields its interface does not name). Compared this way, both must still name
 * the same fields with the same types.
 */
type Named<T> = T extends readonly (infer Element)[]
  ? Named<Element>[]
  : T extends Date
    ? T
    : T extends object
      ? { [Key in keyof T as string extends Key ? never : Key]: Named<T[Key]> }
      : T;

/** What a schema must be to check `Data`: what it infers, for input and output, names exactly `Data`'s fields. */
type Checking<S extends z.ZodMiniType, Data> =
  Same<Named<z.output<S>>, Named<Data>> extends true
    ? Same<Named<z.input<S>>, Named<Data>> extends true
      ? unknown
      : { inputDiffersFrom: Data }
    : { outputDiffersFrom: Data };

/**
 * Declares the schema `build` returns as checking `Data`, the interface that documents each field, so that
 * editors, the declaration files and the API reference show the interface and its comments rather than
 * zod's inferred structure (declaration files drop the comments of an inferred type). It compiles only
 * when what the schema infers names exactly `Data`'s fields, each with the same type, so the interface and
 * the schema cannot drift apart; whether an object has an index signature is the interface's to say. At
 * run time it is the schema itself, built on first use ({@link lazySchema}): importing the SDK builds none.
 *
 * ```ts
 * export const MoneySchema = schemaOf<Money>()(() => z.looseObject({ Amount: z.nullish(z.number()), … }));
 * ```
 */
export function schemaOf<Data>() {
  return <S extends z.ZodMiniType>(build: () => S & Checking<S, Data>): z.ZodMiniType<Data, Data> =>
    lazySchema(build) as unknown as z.ZodMiniType<Data, Data>;
}
