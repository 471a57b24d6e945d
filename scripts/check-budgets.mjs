// Fails when the package breaks its size or start-up budget (bench/budgets.mjs). Run `npm run build` first.
//   node scripts/check-budgets.mjs              size and cold start-up (start-up is noisy: not for CI)
//   node scripts/check-budgets.mjs --size-only  size alone, deterministic: what CI runs
//   add --analyze to list what the bundle is made of (also printed when the size budget breaks)
import { BUDGETS, BUNDLE_CEILING_KB } from '../bench/budgets.mjs';
import { kB, largestInputs, measureSize } from '../bench/size.mjs';
import { coldImports } from '../bench/startup.mjs';

const failures = [];

const size = await measureSize();
const bundle = size.withDependencies.gzipped / 1000;
console.log(
  `bundle with dependencies: ${kB(size.withDependencies.gzipped)} kB min+gzip ` +
    `(without: ${kB(size.withoutDependencies.gzipped)} kB; ky + zod/mini alone: ${kB(size.dependenciesAlone.gzipped)} kB)`,
);
if (bundle > BUNDLE_CEILING_KB) {
  failures.push(`the bundle grew to ${bundle.toFixed(1)} kB, over its ceiling of ${BUNDLE_CEILING_KB} kB`);
} else if (bundle > BUDGETS.bundleKB) {
  console.log(
    `  target of ${BUDGETS.bundleKB} kB missed by ${(bundle - BUDGETS.bundleKB).toFixed(1)} kB (known, see bench/RESULTS.md); ` +
      `ceiling ${BUNDLE_CEILING_KB} kB holds`,
  );
}

if (failures.length > 0 || process.argv.includes('--analyze')) {
  console.log('largest inputs (minified bytes, from the sources):');
  for (const [path, bytes] of await largestInputs()) console.log(`  ${String(bytes).padStart(6)}  ${path}`);
}

if (!process.argv.includes('--size-only')) {
  const { over } = coldImports([['consignkit', 'consignkit', process.cwd()]], 30, process.cwd());
  const own = over.get('consignkit');
  console.log(
    `cold import: consignkit +${own.toFixed(1)} ms over \`node -e 0\` (medians of 30 fresh processes)`,
  );
  if (own > BUDGETS.coldImportOverNodeMs) {
    failures.push(
      `cold import is +${own.toFixed(1)} ms over \`node -e 0\`, budget ${BUDGETS.coldImportOverNodeMs} ms`,
    );
  }
}

for (const failure of failures) console.error(`budget broken: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
