/**
 * `CONSIGNKIT_EAGER_SCHEMAS=1` builds every schema where it is declared, as zod alone would: CI runs part
 * of the suite so (`.ci/run`), so that no code comes to depend on a schema being a stand-in (its
 * prototype, or when it is built). Read once, at import; where `process` does not exist, schemas are lazy.
 */
const EAGER =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.CONSIGNKIT_EAGER_SCHEMAS === '1';

/**
 * A schema built the first time it is used, not when its module is imported.
 *
 * zod builds a schema eagerly: each `z.looseObject(…)`, field and check is an object with its own
 * internals, and the SDK declares about 2,400 of them. Built at import, they were half of what
 * `import 'consignkit'` cost, for an application that calls three operations (docs/performance.md,
 * "Cold import"). Declared through {@link lazySchema}, a schema costs three small objects at import, and
 * the first call that checks data with it builds it, and the schemas it is made of.
 *
 * The object returned stands for the schema everywhere: it is what the package exports, what other
 * schemas are composed of, and what zod is given. Its prototype starts as a proxy that builds the schema
 * on the first read and then becomes the schema itself, so every later read (`parse`, `_zod`, `~standard`)
 * is an ordinary prototype lookup: no proxy is left on the path of a call. `z.lazy` was the library's
 * answer, but a lazy schema is a different kind of schema (`extend`, `partial` and the SDK's own readers
 * of a schema's definition would all have to look through it); this one is the schema itself.
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  if (EAGER) return build();
  const pending: Pending = { build, standIn: undefined as unknown as object };
  pending.standIn = Object.create(new Proxy(pending, buildOnFirstUse));
  return pending.standIn as Schema;
}

/** A stand-in's proxy target: how to build its schema, until it is built. */
interface Pending {
  build: () => object;
  standIn: object;
}

const builtOf = new WeakMap<object, object>();

function built(pending: Pending): object {
  let schema = builtOf.get(pending.standIn);
  if (schema === undefined) {
    schema = pending.build();
    builtOf.set(pending.standIn, schema);
    // From here on, every read of the stand-in finds the schema on its prototype chain.
    Object.setPrototypeOf(pending.standIn, schema);
  }
  return schema;
}

// One handler for every stand-in: the proxy's target tells which schema to build.
const buildOnFirstUse: ProxyHandler<Pending> = {
  get: (pending, key, receiver) => Reflect.get(built(pending), key, receiver),
  set: (pending, key, value, receiver) => Reflect.set(built(pending), key, value, receiver),
  has: (pending, key) => key in built(pending),
  getPrototypeOf: (pending) => Object.getPrototypeOf(built(pending)),
};

/**
 * The object zod built for a {@link lazySchema} (built now if it was not yet), or `schema` itself: for
 * lookups keyed by that object (`knownValuesOf`).
 */
export function builtSchema(schema: object): object {
  // `in` builds a stand-in not yet built (its proxy's `has`), which records the schema it built.
  return '_zod' in schema ? (builtOf.get(schema) ?? schema) : schema;
}

/** `build`'s value, built on the first call and kept: shapes that several lazily built schemas share. */
export function once<Value>(build: () => Value): () => Value {
  let value: { built: Value } | undefined;
  return () => {
    value ??= { built: build() };
    return value.built;
  };
}
