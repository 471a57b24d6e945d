/**
 * A schema the SDK checks wire data with, for checking data of your own: `OrderSchema.safeParse(value)`.
 *
 * At run time each is a `zod/mini` schema. Its declared type names only what a caller uses, so a
 * consumer's type check loads none of zod's declarations (they cost seconds, and their locale files
 * fail in CommonJS projects without `esModuleInterop`). It is also a
 * [Standard Schema](https://standardschema.dev) v1, which form, router and validation libraries accept.
 */
export interface WireSchema<T> {
  /** Returns `data`, checked as `T` (unknown fields kept), or throws an `Error` listing the issues. */
  parse(data: unknown): T;
  /** Checks `data` without throwing. */
  safeParse(data: unknown): WireSchemaSuccess<T> | WireSchemaFailure;
  /** The Standard Schema v1 interface. */
  readonly '~standard': StandardSchemaProps<T>;
}

/** {@link WireSchema.safeParse}'s answer when the data is valid. */
export interface WireSchemaSuccess<T> {
  /** Always `true`: branch on it. */
  success: true;
  /** The data, checked (unknown fields kept). */
  data: T;
}

/** {@link WireSchema.safeParse}'s answer when the data is not valid. */
export interface WireSchemaFailure {
  /** Always `false`: branch on it. */
  success: false;
  /** What is wrong. */
  error: {
    /** Every issue, as one text. */
    message: string;
    /** Each issue found. */
    issues: readonly WireSchemaIssue[];
  };
}

/** One thing wrong with the data. */
export interface WireSchemaIssue {
  /** A code for programs: `invalid_type`, `too_small`, `unrecognized_keys`… */
  readonly code: string;
  /** Where, for example `['Packages', 0, 'Items']`; empty for the value itself. */
  readonly path: readonly PropertyKey[];
  /** What is wrong. */
  readonly message: string;
}

/**
 * The `~standard` property of a [Standard Schema](https://standardschema.dev) v1 whose output is `T`,
 * written out as the specification invites, so that no package is needed for it.
 */
export interface StandardSchemaProps<T> {
  /** The version of the specification: 1. */
  readonly version: 1;
  /** The library that made the schema: `zod`. */
  readonly vendor: string;
  /** Checks a value; synchronous for every schema of the SDK. */
  readonly validate: (
    value: unknown,
  ) => StandardSuccess<T> | StandardFailure | Promise<StandardSuccess<T> | StandardFailure>;
  /** The types it reads and returns, for inference only: never present at run time. */
  readonly types?: StandardTypes<T> | undefined;
}

/** What a Standard Schema's `validate` returns for a valid value. */
export interface StandardSuccess<T> {
  /** The value, checked. */
  readonly value: T;
  /** Absent when the value is valid. */
  readonly issues?: undefined;
}

/** What a Standard Schema's `validate` returns for a value that is not valid. */
export interface StandardFailure {
  /** Each issue found: a message, and where. */
  readonly issues: readonly StandardIssue[];
}

/** One issue a Standard Schema found. */
export interface StandardIssue {
  /** What is wrong. */
  readonly message: string;
  /** Where; absent for the value itself. */
  readonly path?: readonly unknown[] | undefined;
}

/** The types a Standard Schema reads and returns, for inference. */
export interface StandardTypes<T> {
  /** What it reads. */
  readonly input: unknown;
  /** What it returns. */
  readonly output: T;
}
