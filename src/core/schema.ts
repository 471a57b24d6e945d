import type * as z from 'zod/mini';

/** Any zod 4 schema, `zod/mini` (what the SDK uses) or classic `zod` (what a caller may pass). */
export type Schema<T = unknown> = z.core.$ZodType<T>;
