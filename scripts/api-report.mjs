#!/usr/bin/env node
// The public surface of every entry point, types included, as committed reports in etc/ (API Extractor,
// as the Azure SDK for JavaScript keeps one per package): a change to what users can import or to the
// shape of a type shows up in review as a diff of etc/*.api.md. Reads the built declarations.
//   npm run api:report                      build, then rewrite etc/*.api.md
//   node scripts/api-report.mjs [--check]   from dist/ as built; --check fails when a report is stale
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const check = process.argv.includes('--check');

// The entry points of package.json's `exports`, by the report each one gets.
const entryPoints = {
  consignkit: 'dist/index.d.ts',
  'consignkit-node': 'dist/node/index.d.ts',
  'consignkit-ledger': 'dist/ledger/index.d.ts',
  'consignkit-testing': 'dist/testing/index.d.ts',
};

const quiet = new Set(['console-preamble', 'console-compiler-version-notice', 'console-api-report-copied']);
const temp = mkdtempSync(join(tmpdir(), 'consignkit-api-report-'));
let failed = false;
if (!check) mkdirSync(join(root, 'etc'), { recursive: true });
try {
  for (const [report, declarations] of Object.entries(entryPoints)) {
    const config = ExtractorConfig.prepare({
      configObjectFullPath: join(root, 'api-extractor.json'),
      packageJsonFullPath: join(root, 'package.json'),
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: `<projectFolder>/${declarations}`,
        compiler: {
          // The declarations only, with the options the package's users compile them with.
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              module: 'ESNext',
              moduleResolution: 'Bundler',
              lib: ['ES2023', 'DOM', 'DOM.Iterable'],
              types: ['node'],
              strict: true,
              skipLibCheck: true,
            },
            files: [join(root, declarations)],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: report,
          reportFolder: '<projectFolder>/etc/',
          reportTempFolder: temp,
          // A type the public API names but does not export is part of the surface all the same.
          includeForgottenExports: true,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: 'warning' } },
          extractorMessageReporting: {
            // Printed, and fatal under --check; never written into a report, where a message names the
            // build's hashed chunk files and so would change with every unrelated move.
            default: { logLevel: 'warning', addToApiReportFile: false },
            // The package has one release level; every export is public.
            'ae-missing-release-tag': { logLevel: 'none' },
            // The type itself is in the report (includeForgottenExports). consignkit/node and
            // consignkit/testing name types that `consignkit` exports.
            'ae-forgotten-export': { logLevel: 'none' },
            // Documentation and its links are TypeDoc's to check (npm run docs, warnings are errors); here
            // `{@link consignkit!…}` from the other entry points cannot resolve.
            'ae-undocumented': { logLevel: 'none' },
            'ae-unresolved-link': { logLevel: 'none' },
            'ae-unresolved-inheritdoc-reference': { logLevel: 'none' },
          },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
    });
    const result = Extractor.invoke(config, {
      localBuild: !check,
      showVerboseMessages: false,
      printApiReportDiff: check,
      messageCallback(message) {
        // Which TypeScript API Extractor bundles says nothing about our API.
        if (quiet.has(message.messageId)) message.handled = true;
      },
    });
    if (check && result.apiReportChanged) {
      console.error(`api-report: etc/${report}.api.md is stale: run \`npm run api:report\` and commit it`);
      failed = true;
    } else if (!result.succeeded) {
      console.error(`api-report: ${report}: ${result.errorCount} errors, ${result.warningCount} warnings`);
      failed = true;
    } else {
      console.log(`api-report: etc/${report}.api.md ${result.apiReportChanged ? 'updated' : 'up to date'}`);
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
