import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** Removes each of `lines` from `source`, or fails the build if one is no longer there. */
function withoutLines(path: string, source: string, lines: string[]): string {
  let result = source;
  for (const line of lines) {
    if (!result.includes(line)) throw new Error(`${path}: no \`${line}\` to leave out; see tsup.config.ts`);
    result = result.replace(line, '');
  }
  return result;
}

/**
 * zod's JSON Schema generator (zod/v4/core's to-json-schema.js, json-schema-processors.js and
 * json-schema-generator.js) is for `consignkit mcp` alone, but zod/mini's barrel, which every entry
 * imports, re-exports it. esbuild assigns whole files to chunks by the entries that reach them, so the
 * part the CLI uses sat in the chunk `import 'consignkit'` loads: 37 kB of it to compile on every cold
 * import (docs/performance.md, "Cold import"), and, as calls no bundler can know to be pure
 * (`formatContributor(NUMBER_FORMAT_RANGES)`), 0.7 kB of an application's min+gzip. Here the barrels no
 * longer re-export it, and the CLI's `zod/mini` alone does, so only the CLI's chunks hold it. The build
 * fails if zod's barrels change rather than quietly keeping the bytes.
 */
const jsonSchemaForTheCliAlone: Plugin = {
  name: 'json-schema-for-the-cli-alone',
  setup(build) {
    const cliZod = 'consignkit-cli-zod-mini';
    build.onResolve({ filter: /^zod\/mini$/ }, ({ importer, kind }) =>
      /[\\/]src[\\/]cli[\\/]/.test(importer) && kind === 'import-statement'
        ? { path: cliZod, namespace: cliZod }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: cliZod }, async () => {
      const options = { kind: 'import-statement', resolveDir: process.cwd() } as const;
      const [mini, core] = [
        await build.resolve('zod/mini', options),
        await build.resolve('zod/v4/core', options),
      ];
      for (const { errors } of [mini, core]) if (errors[0]) throw new Error(errors[0].text);
      const processors = join(dirname(core.path), 'json-schema-processors.js');
      return {
        contents: `export * from ${JSON.stringify(mini.path)};
export { toJSONSchema } from ${JSON.stringify(processors)};`,
        resolveDir: process.cwd(),
        loader: 'js',
      };
    });
    build.onLoad({ filter: /zod[\\/]v4[\\/]core[\\/]index\.js$/ }, async ({ path }) => ({
      contents: withoutLines(path, await readFile(path, 'utf8'), [
        'export * from "./to-json-schema.js";',
        'export { toJSONSchema } from "./json-schema-processors.js";',
        'export { JSONSchemaGenerator } from "./json-schema-generator.js";',
      ]),
      loader: 'js',
    }));
    build.onLoad({ filter: /zod[\\/]v4[\\/]mini[\\/]external\.js$/ }, async ({ path }) => ({
      contents: withoutLines(path, await readFile(path, 'utf8'), [
        'export { toJSONSchema } from "../core/json-schema-processors.js";',
      ]),
      loader: 'js',
    }));
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
  // names are not shortened here: scripts/shorten-locals.mjs shortens the local variables and
  // parameters after the build, keeping what stack traces name.
  minify: 'terser',
  terserOptions: {
    compress: false,
    mangle: false,
    format: { comments: false, preserve_annotations: true, ascii_only: true },
  },
  esbuildPlugins: [jsonSchemaForTheCliAlone, pureGlobalRegistry],
  esbuildOptions(options, { format }) {
    if (format !== 'cjs') return;
    options.keepNames = true;
    // The bin is `dist/cli/index.js`, and `exports` lets nothing require the CLI: its CommonJS build was
    // 0.2 MB of the installed package that nothing could load.
    options.entryPoints = Object.fromEntries(
      Object.entries(options.entryPoints as Record<string, string>).filter(([name]) => name !== 'cli/index'),
    );
  },
});
