// Fails when the package breaks a budget of bench/budgets.mjs. Run `npm run build` first.
//   node scripts/check-budgets.mjs              every budget: sizes, install size, cold import, and getOrder
//                                               and getLabels over raw fetch (timings: not for CI; about
//                                               a minute and a half on the project's 2-core machine)
//   node scripts/check-budgets.mjs --size-only  the bundle sizes and the files the import loads alone,
//                                               deterministic: what CI runs
//   add --analyze to list what the bundle is made of (also printed when a size budget breaks)
import { BUDGETS } from '../bench/budgets.mjs';
import { kB, largestInputs, measureInstall, measureSize } from '../bench/size.mjs';
import { coldImports, importedFiles } from '../bench/startup.mjs';

const failures = [];
const sizeOnly = process.argv.includes('--size-only');
const budget = (ok, message) => {
  if (!ok) failures.push(message);
};

const size = await measureSize();
const both = size.withDependencies.gzipped;
const shipmentsOnly = size.shipmentsOnly.gzipped;
const ratio = shipmentsOnly / both;
console.log(
  `bundle of both clients with dependencies: ${kB(both)} kB min+gzip, budget ${BUDGETS.bundleKB} kB ` +
    `(without dependencies: ${kB(size.withoutDependencies.gzipped)} kB; zod/mini alone: ${kB(size.dependenciesAlone.gzipped)} kB)`,
);
console.log(
  `bundle of ShipmentsClient alone: ${kB(shipmentsOnly)} kB min+gzip, ${ratio.toFixed(2)} of both clients', ` +
    `budget ${BUDGETS.shipmentsOnlyRatio.toFixed(2)}`,
);
budget(
  both / 1000 <= BUDGETS.bundleKB,
  `the bundle is ${kB(both)} kB, over its budget of ${BUDGETS.bundleKB} kB`,
);
budget(
  ratio <= BUDGETS.shipmentsOnlyRatio,
  `an application of ShipmentsClient alone bundles ${ratio.toFixed(2)} of both clients' size, over ` +
    `${BUDGETS.shipmentsOnlyRatio}: area A code is in it`,
);

// Each file the import loads is one more resolve and read of the cold import, even an empty one (an entry
// that only re-exports becomes an empty chunk: tsup.config.ts).
const loaded = importedFiles('dist/index.js');
const empty = [...loaded].filter(([, bytes]) => bytes === 0).map(([file]) => file);
const loadedKB = [...loaded.values()].reduce((sum, bytes) => sum + bytes, 0) / 1000;
console.log(
  `import 'consignkit' loads ${loaded.size} files of dist/, ${loadedKB.toFixed(1)} kB, ${empty.length} of them empty`,
);
budget(empty.length === 0, `import 'consignkit' loads ${empty.length} empty file(s): ${empty.join(', ')}`);

if (failures.length > 0 || process.argv.includes('--analyze')) {
  console.log('largest inputs (minified bytes, from the sources):');
  for (const [path, bytes] of await largestInputs()) console.log(`  ${String(bytes).padStart(6)}  ${path}`);
}

if (!sizeOnly) {
  const install = await measureInstall();
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  console.log(
    `npm install of the packed package: ${mb(install.alone.bytes)} MB in ${install.alone.packages} packages, ` +
      `budget ${BUDGETS.installMB} MB (with the optional peer @pdfme/pdf-lib for PDF merging: ` +
      `${mb(install.withPdfMerge.bytes)} MB in ${install.withPdfMerge.packages} packages)`,
  );
  budget(
    install.alone.bytes / 1e6 <= BUDGETS.installMB,
    `npm install adds ${mb(install.alone.bytes)} MB, over its budget of ${BUDGETS.installMB} MB`,
  );

  const { over } = coldImports([['consignkit', 'consignkit', process.cwd()]], 30, process.cwd());
  const own = over.get('consignkit');
  console.log(
    `cold import: consignkit +${own.toFixed(1)} ms over \`node -e 0\` (medians of 30 fresh processes), ` +
      `budget +${BUDGETS.coldImportOverNodeMs} ms`,
  );
  budget(
    own <= BUDGETS.coldImportOverNodeMs,
    `cold import is +${own.toFixed(1)} ms over \`node -e 0\`, budget ${BUDGETS.coldImportOverNodeMs} ms`,
  );

  // Per-call ratios, measured as the per-call gap was found (bench/per-call.mjs): every round runs raw
  // fetch and consignkit once each, in a shuffled order, each call after other work that allocates as
  // another SDK's call would; medians of every call. On a shared 2-core machine a run of calls of one
  // contender catches the machine in one mood; alternating them, each sees the same.
  const { measurePerCall } = await import('../bench/per-call.mjs');
  for (const [name, budgetRatio, options] of [
    ['getOrder (200 items, 82 kB)', BUDGETS.getOrderRatio, { items: 200, rounds: 1500, warmUp: 500 }],
    ['getLabels (4 MB label)', BUDGETS.getLabelsRatio, { labels: true, rounds: 150, warmUp: 30 }],
  ]) {
    const { results } = await measurePerCall({ other: 'alloc', ...options });
    const raw = results['raw fetch'].median;
    const ratio = results['consignkit, strict'].median / raw;
    const off = results['consignkit, off'].median / raw;
    console.log(
      `${name}, validation on: ${ratio.toFixed(2)}x raw fetch, budget ${budgetRatio.toFixed(2)}x ` +
        `(validation off ${off.toFixed(2)}x; medians of ${results['raw fetch'].count} interleaved calls each, ` +
        `raw fetch ${raw.toFixed(2)} ms, loopback)`,
    );
    budget(ratio <= budgetRatio, `${name} is ${ratio.toFixed(2)}x raw fetch, budget ${budgetRatio}x`);
  }
}

for (const failure of failures) console.error(`budget broken: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
