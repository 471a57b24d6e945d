import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const { version } = JSON.parse(readFileSync(source('./package.json'), 'utf8')) as { version: string };

export default defineConfig({
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
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
