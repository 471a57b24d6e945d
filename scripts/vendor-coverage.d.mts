// Types of scripts/vendor-coverage.mjs, for the tests that import it.

/** An endpoint of docs/vendor-endpoints.json. */
export interface VendorEndpoint {
  verb: string;
  path: string;
  title: string;
  guidePath?: string;
}

/** An operation as the clients declare it: its id, verb and path. */
export interface CoveredOperation {
  name: string;
  method: string;
  path: string;
}

/** An endpoint with the methods that wrap it, or the reason it is left out. */
export interface CoverageRow extends VendorEndpoint {
  methods: string[];
  operations: string[];
  reason: string | undefined;
}

export const GUIDE_ONLY: string[];
export function reasonFor(endpoint: { verb: string; path: string }): string | undefined;
export function coverage(
  endpoints: readonly VendorEndpoint[],
  methods: readonly { path: string; operations: readonly CoveredOperation[] }[],
  guideOnly?: readonly string[],
): { rows: CoverageRow[]; problems: string[] };
