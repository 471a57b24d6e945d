// The speed and size targets, in one place for `npm run bench`, `npm run bench:peers` and
// scripts/check-budgets.mjs. They were set for 0.1.0 and raised when consignkit began to be measured
// against the SDKs its users already know (bench/peers.mjs).

export const BUDGETS = {
  /** consignkit's median over raw fetch + JSON.parse, response validation on (getOrder, 200 items). */
  getOrderRatio: 1.4,
  /** The same with `validation: 'off'`. */
  getOrderOffRatio: 1.2,
  /** What strict validation may add per kB of answer: OpenAI's SDK's cost without any validation. */
  getOrderMicrosecondsPerKB: 4,
  getLabelsRatio: 1.05,
  /** decodeDocument's throughput over Buffer.from's, at least. */
  decodeRatio: 0.9,
  /** The application bundle with its dependencies, min+gzip. */
  bundleKB: 20,
  /** Cold import of consignkit over `node -e 0`, medians (bench/peers.mjs). */
  coldImportOverNodeMs: 45,
};

/**
 * The bundle misses its 20 kB: ky and the zod/mini constructors alone take 16.9 kB of it (bench/RESULTS.md).
 * Until that is settled, CI holds the size near where it is, so that any growth is a decision, not a
 * drift: 26.2 kB when this was set, 26.9 kB with the reliability fixes merged alongside, plus 0.6 kB;
 * then 27.0 kB at 0.1.0, and 28.0 kB with the fixes of the pre-release review of the SDK (redirects
 * refused, one deadline per attempt, aborts and rule conflicts told apart, ZPL preambles, strict Base64
 * on Node…: 1.0 kB of checks and messages), plus 0.5 kB. Then the hardening of issue 16 (the streamed,
 * bounded body read, `ResponseTooLargeError`, the User-Agent and `appInfo`, token-aware redaction, the
 * retry waits timed by the policy: 1.4 kB) and the operations the vendor's contracts added (labels by
 * consignment, shipping locations, delivery and pickup options, invoices, tracking, group
 * create/get/close, documents, with their schemas), the check for misspelt fields and the real service's
 * shapes: 33.6 kB, plus 0.4 kB. Then the consignment lifecycle (Get Consignment, search with its filter,
 * deallocate, cancel, and `reconcile` with the messages that say what to check when it cannot settle an
 * error): 36.0 kB, plus 1 kB. Then hooks for tracing (0.6 kB), configuration by environment with
 * `withOptions`, the reference guards and the query manifest's counts: 37.2 kB, plus 1 kB. Then zod's
 * compiler (`z.compile`), which checks a 200-item order five times faster than `zod/mini`'s interpreter
 * and took getOrder from 2.2x raw fetch to about 1.5x: 9.3 kB, to 46.9 kB. Then zod compiled into
 * dist/ (its import cost less than half as much start-up), which a bundler then shakes a little less
 * finely: 47.6 kB, plus 0.6 kB.
 */
export const BUNDLE_CEILING_KB = 48.2;
