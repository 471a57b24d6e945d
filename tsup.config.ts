import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/**
 * zod's JSON Schema generator is for `consignkit mcp` alone, but it shares a file with the barrel every
 * entry imports, so code splitting puts what the CLI uses of it in the chunk `import 'consignkit'` loads.
 * An application's bundler then drops all of it but one table, built by calls it cannot know to be pure
 * (`formatContributor(NUMBER_FORMAT_RANGES)`), which kept the table, its helpers and zod's number and
 * BigInt ranges: 0.7 kB of an application's min+gzip. Marked pure here, the table goes with the rest.
 * The build fails if zod no longer builds it so, rather than quietly keeping the bytes.
 */
const pureJsonSchemaTable: Plugin = {
  name: 'pure-json-schema-table',
  setup(build) {
    build.onLoad({ filter: /zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const calls = /: formatContributor\(/g;
      if ((source.match(calls) ?? []).length === 0) {
        throw new Error(`${path}: no formatContributor(...) call to mark pure; see tsup.config.ts`);
      }
      return { contents: source.replace(calls, ': /* @__PURE__ */ formatContributor('), loader: 'js' };
    });
  },
};

/**
 * zod creates its global metadata registry (for `.describe()`, `.meta()` and JSON Schema, which only
 * `consignkit mcp` uses) by a statement at the top of its module: compiled into our chunk, no bundler
 * may drop a statement that writes to `globalThis`, so every application kept the registry's class,
 * 0.2 kB of its min+gzip. Created by a pure call instead, it goes with the rest when nothing reads it,
 * and is created as before (once per `globalThis`) when something does. The build fails if zod no longer
 * creates it so, rather than quietly keeping the bytes.
 */
const pureGlobalRegistry: Plugin = {
  name: 'pure-global-registry',
  setup(build) {
    build.onLoad({ filter: /zod[\\/]v4[\\/]core[\\/]registries\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const created =
        '(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());\n' +
        'export const globalRegistry = globalThis.__zod_globalRegistry;';
      if (!source.includes(created)) {
        throw new Error(`${path}: the global registry is no longer created as expected; see tsup.config.ts`);
      }
      const pure =
        'export const globalRegistry = /* @__PURE__ */ (() => (globalThis.__zod_globalRegistry ??= registry()))();';
      return { contents: source.replace(created, pure), loader: 'js' };
    });
  },
};

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'node/index': 'src/node/index.ts',
    'ledger/index': 'src/ledger/index.ts',
    'testing/index': 'src/testing/index.ts',
    'cli/index': 'src/cli/index.ts',
    // Not exported: entries only so that each area's code is split into chunks of its own. An
    // application that imports only ShipmentsClient then loads no area A chunk, and its bundler drops
    // them whole (`sideEffects: false`); in one shared chunk, their top-level schema and operation
    // declarations stayed in every bundle (issue 26's budget: bench/budgets.mjs). The clients, not the
    // areas' index files: an index file has no code of its own, and as an entry it became an empty chunk
    // that every `import 'consignkit'` loaded (two files, about 1.3 ms) and terser reported as failed.
    'areas/orders': 'src/orders/client.ts',
    'areas/shipments': 'src/shipments/client.ts',
  },
  format: ['esm', 'cjs'],
  // Declarations for the public entries only.
  dts: {
    entry: {
      index: 'src/index.ts',
      'node/index': 'src/node/index.ts',
      'ledger/index': 'src/ledger/index.ts',
      'testing/index': 'src/testing/index.ts',
    },
  },
  clean: true,
  target: 'node20',
  sourcemap: false,
  // One copy of the shared code (errors above all) for every entry point, so that an error thrown by
  // `consignkit/node` is an `instanceof` the classes `consignkit` exports, in ESM and in CommonJS.
  splitting: true,
  // msw, pg and the MCP SDK are optional peers: only `consignkit/testing` handlers touch msw, only the
  // Postgres ledger (`consignkit/ledger`) loads pg, and only `consignkit mcp` loads the MCP SDK, from a
  // chunk of its own that nothing else imports.
  external: ['msw', 'pg', /^@modelcontextprotocol\/sdk(\/|$)/],
  // zod is compiled in: Node then loads the part of it the SDK uses with the SDK's own files, not zod/mini's
  // 29 modules one by one (+32 ms over `node -e 0` for the import, against +80 ms). The declarations name
  // none of zod's types, so nothing ties a caller to the copy inside. THIRD-PARTY-NOTICES carries its license.
  noExternal: ['zod'],
  // `import.meta.url` in CommonJS, for the `require` that loads msw when `handlers` is first read.
  shims: true,
  // The version in the User-Agent and `VERSION`: package.json's, so it is kept in one place.
  define: { __CONSIGNKIT_VERSION__: JSON.stringify(version) },
  // tsup turns split chunks into CommonJS with sucrase, which lowers class fields into
  // `_class9 = class …` and so names every error class `_class9`: `util.inspect(error)` printed
  // `_class9 [NotFoundError]`. keepNames sets each name explicitly; only for CommonJS, because the ESM
  // build keeps them already and keepNames costs 1.5 kB there (scripts/check-names.mjs checks both).
  // Comments and indentation out, names and `@__PURE__` annotations kept (esbuild's own minifier drops
  // the annotations, and an application bundling ShipmentsClient alone then kept 1.1 kB more): a cold
  // `import 'consignkit'` compiles 40% fewer bytes and, ASCII only, reads them as one-byte text (one `…`
  // in a comment made V8 hold and scan a whole file as two-byte), and the package installs 0.4 MB smaller
  // (docs/performance.md, "Cold import"). esbuild's minifier also broke the CommonJS build: sucrase's
  // class-field rewrite over its output did not parse. The declarations keep every comment, and
  // identifiers are not shortened, so stack traces name every function.
  minify: 'terser',
  terserOptions: {
    compress: false,
    mangle: false,
    format: { comments: false, preserve_annotations: true, ascii_only: true },
  },
  esbuildPlugins: [pureJsonSchemaTable, pureGlobalRegistry],
  esbuildOptions(options, { format }) {
    if (format === 'cjs') options.keepNames = true;
  },
});
