import type * as z from 'zod/mini';

/** Whether `A` and `B` are the same type: the same properties, each with the same type and the same `?`. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** What a schema must be to check `Data`: what it infers, for input and output, is exactly `Data`. */
type Checking<S extends z.ZodMiniType, Data> =
  Same<z.output<S>, Data> extends true
    ? Same<z.input<S>, Data> extends true
      ? unknown
      : { inputDiffersFrom: Data }
    : { outputDiffersFrom: Data };

/**
 * Types `schema` as checking `Data`, the interface that documents each field, so that editors, the
 * declaration files and the API reference show the interface and its comments rather than zod's inferred
 * structure (declaration files drop the comments of an inferred type). It compiles only when what the
 * schema infers is exactly `Data`, so the interface and the schema cannot drift apart. At run time it is
 * the schema itself.
 *
 * ```ts
 * export const MoneySchema = schemaOf<Money>()(z.looseObject({ Amount: z.nullish(z.number()), … }));
 * ```
 */
export function schemaOf<Data>() {
  return <S extends z.ZodMiniType>(schema: S & Checking<S, Data>): z.ZodMiniType<Data, Data> =>
    schema as unknown as z.ZodMiniType<Data, Data>;
}
