// The budgets of issue 6, in one place for `npm run bench` and scripts/check-budgets.mjs.

export const BUDGETS = {
  /** consignkit's median over raw fetch + JSON.parse, response validation on. */
  getOrderRatio: 1.1,
  getLabelsRatio: 1.05,
  /** decodeDocument's throughput over Buffer.from's, at least. */
  decodeRatio: 0.8,
  /** The application bundle with its dependencies, min+gzip. */
  bundleKB: 20,
  /** Cold import of consignkit over ky and zod/mini alone, medians. */
  coldImportOverMs: 20,
};

/**
 * The bundle misses its 20 kB: ky and the zod/mini constructors alone take 16.9 kB of it (bench/RESULTS.md).
 * Until that is settled, CI holds the size where it is, so that any growth is a decision, not a drift.
 */
export const BUNDLE_CEILING_KB = 26.5;
