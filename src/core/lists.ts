// Lists the service writes as `null`. Its C# types leave a list unset when it has nothing to hold, and
// the serializer writes that as `null` ("ConsignmentSummaries": null for an empty search), or leaves the
// property out. A list an answer type promises is then read as empty: "nothing found" is a list to
// iterate, not a special case. Answers are checked, not transformed (the SDK hands over the body it
// checked), so schemas accept the `null` and an operation's `result` reads it as empty with these.

type ListOf<Value> = Extract<NonNullable<Value>, readonly unknown[]>;

/** `T` with the properties `Keys` always a list (mapped, so that an index signature keeps its named keys). */
export type WithLists<T, Keys extends keyof T> = {
  [Key in keyof T]: Key extends Keys ? ListOf<T[Key]> : T[Key];
} & { [Key in Keys]-?: ListOf<T[Key]> };

/** A list, or empty when the service wrote `null`, left it out or wrote something else. */
export function listOrEmpty<Item>(value: readonly Item[] | null | undefined): Item[] {
  return Array.isArray(value) ? (value as Item[]) : [];
}

/** The answer with each of `keys` a list: empty where the service wrote `null` or left it out. */
export function withLists<T extends object, Keys extends keyof T>(
  body: T,
  ...keys: Keys[]
): WithLists<T, Keys> {
  const read = { ...body } as Record<PropertyKey, unknown>;
  for (const key of keys) read[key] = listOrEmpty(read[key] as unknown[] | null | undefined);
  return read as WithLists<T, Keys>;
}
