import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import 'consignkit' as an integrator would; in this repository that is the source.
    alias: [
      { find: /^consignkit\/node$/, replacement: source('./src/node/index.ts') },
      { find: /^consignkit\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^consignkit$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
