// The size an integrator pays: an application bundle (esbuild, minified ESM, gzip -9) that imports
// OrdersClient and ShipmentsClient from the built package, with its dependencies and without them.
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const APP = (entry) => `import { OrdersClient, ShipmentsClient } from ${JSON.stringify(entry)};
globalThis.clients = [OrdersClient, ShipmentsClient];`;

/** An application of `contents`, bundled from `root`: its sizes in bytes, minified and min+gzip. */
export async function bundle(contents, root, { external = false, platform = 'neutral' } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'app.mjs' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...(external ? { packages: 'external' } : {}),
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, metafile: result.metafile };
}

/** Sizes in bytes for the package whose root is `root` (its `dist/` must be built). */
export async function measureSize(root = process.cwd()) {
  const entry = resolve(root, 'dist/index.js');
  const [withDependencies, withoutDependencies, dependenciesAlone] = await Promise.all([
    bundle(APP(entry), root),
    bundle(APP(entry), root, { external: true }),
    // What ky and the zod/mini constructors the SDK uses cost on their own: the floor under the SDK.
    bundle(
      `import ky from 'ky';
import * as z from 'zod/mini';
globalThis.dependencies = [ky, z.string, z.number, z.boolean, z.int, z.looseObject, z.strictObject, z.array,
  z.union, z.literal, z.enum, z.optional, z.nullish, z.null, z.unknown, z.extend, z.omit, z.partial, z.regex,
  z.minLength, z.minimum, z.positive, z.refine, z.safeParse];`,
      root,
    ),
  ]);
  return { withDependencies, withoutDependencies, dependenciesAlone };
}

/**
 * What the bundle with dependencies is made of: minified bytes per file, largest first, built from the
 * TypeScript sources (dist/ is one file) so that each of our modules shows on its own.
 */
export async function largestInputs(root = process.cwd(), count = 20) {
  const { metafile } = await bundle(APP(resolve(root, 'src/index.ts')), root);
  const [output] = Object.values(metafile.outputs);
  return Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => [path.replace(/^.*node_modules\//, ''), bytesInOutput])
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);
