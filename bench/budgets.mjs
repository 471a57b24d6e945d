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
 * Until that is settled, CI holds the size near where it is, so that any growth is a decision, not a
 * drift: 26.2 kB when this was set, 26.9 kB with the reliability fixes merged alongside, plus 0.6 kB.
 */
export const BUNDLE_CEILING_KB = 27.5;
