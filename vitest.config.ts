import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const { version } = JSON.parse(readFileSync(source('./package.json'), 'utf8')) as { version: string };

/**
 * The long suites: crash, chaos and resource bounds, minutes each on a busy 2-core machine. `npm run
 * test:chaos` runs them (vitest.chaos.config.ts), and CI runs both; `npm test` leaves them out, so that a
 * newcomer's first run takes a few minutes. Measured with `npx vitest run --reporter=verbose`.
 */
export const CHAOS_SUITES = [
  // Crash: worker processes SIGKILLed at random points, on pg-boss and on BullMQ.
  'test/fleet/**/*.test.ts',
  // The fleet demo of npm run demo: workers killed on purpose, on a PostgreSQL it starts itself.
  'test/examples/fleet.test.ts',
  // Chaos: every operation against every fault, and the property-based tests at fixed seeds.
  'test/reliability/fault-matrix.test.ts',
  'test/reliability/fuzz.test.ts',
  'test/reliability/sent-as-checked.test.ts',
  // Resource bounds: thousands of calls in processes of their own, heaps and timers counted.
  'test/reliability/resource-bounds.test.ts',
  'test/reliability/load.test.ts',
  'test/core/shared-signal.test.ts',
  // The codemod's corpus: a TypeScript program built for every case, then the migrated code run.
  'test/cli/migrate/**/*.test.ts',
  // The command line and the MCP server run as processes of their own, each starting Node afresh: 45 s
  // of npm test's 3 minutes on 2 busy cores, once the rest of area A's operations came in.
  'test/cli/process.test.ts',
  'test/cli/mcp/process.test.ts',
  // Scripts that build a TypeScript program of src/ (the method reference, the import graph, the export
  // lists) or run the sources in processes of their own: npm test took 190 s on CI's 2 idle cores with
  // them, over its 3 minutes, and these four were 21 s of it.
  'test/docs/cheapest-helpers.test.ts',
  'test/scripts/check-imports.test.ts',
  'test/scripts/export-lists.test.ts',
  'test/node/merge-optional-peer.test.ts',
];

/** `npm test` (`quick`) or `npm run test:chaos` (`chaos`). */
export function suites(which: 'quick' | 'chaos') {
  return defineConfig({
    // As the build does (tsup.config.ts): the version in the User-Agent comes from package.json.
    define: { __CONSIGNKIT_VERSION__: JSON.stringify(version) },
    resolve: {
      // Examples import 'consignkit' as an integrator would; in this repository that is the source.
      alias: [
        { find: /^consignkit\/node$/, replacement: source('./src/node/index.ts') },
        { find: /^consignkit\/ledger$/, replacement: source('./src/ledger/index.ts') },
        { find: /^consignkit\/testing$/, replacement: source('./src/testing/index.ts') },
        { find: /^consignkit$/, replacement: source('./src/index.ts') },
      ],
    },
    test: {
      include: which === 'chaos' ? CHAOS_SUITES : ['test/**/*.test.ts', 'examples/**/*.test.ts'],
      exclude: which === 'chaos' ? configDefaults.exclude : [...configDefaults.exclude, ...CHAOS_SUITES],
      testTimeout: 20_000,
      // vitest runs one file at a time on 2 cores (cores − 1); the quick suites use both: each file
      // starts its own servers on free ports, and most of a file's time is loading the SDK afresh. The
      // long ones run one at a time, so that a crash test does not skew a resource bound's figures.
      maxWorkers: which === 'chaos' ? 1 : Math.max(2, availableParallelism() - 1),
    },
  });
}

export default suites('quick');
