// The size an integrator pays: an application bundle (esbuild, minified ESM, gzip -9) that imports
// OrdersClient and ShipmentsClient from the built package, with its dependencies and without them, and one
// that imports ShipmentsClient alone; and what `npm install` of the packed package adds to a project.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const APP = (entry, clients = ['OrdersClient', 'ShipmentsClient']) =>
  `import { ${clients.join(', ')} } from ${JSON.stringify(entry)};
globalThis.clients = [${clients.join(', ')}];`;

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
  const [withDependencies, withoutDependencies, dependenciesAlone, shipmentsOnly] = await Promise.all([
    bundle(APP(entry), root),
    bundle(APP(entry), root, { external: true }),
    // What the zod/mini constructors the SDK uses cost on their own: the floor under the SDK.
    bundle(
      `import * as z from 'zod/mini';
globalThis.dependencies = [z.string, z.number, z.boolean, z.int, z.looseObject, z.strictObject, z.array,
  z.union, z.literal, z.enum, z.optional, z.nullish, z.null, z.unknown, z.extend, z.omit, z.partial, z.regex,
  z.minLength, z.minimum, z.positive, z.refine, z.safeParse];`,
      root,
    ),
    // An application of area B alone: what it pays when it never names OrdersClient.
    bundle(APP(entry, ['ShipmentsClient']), root),
  ]);
  return { withDependencies, withoutDependencies, dependenciesAlone, shipmentsOnly };
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

/**
 * Bytes of every file under `folder` (their sizes, not disk blocks, so that file systems agree), and the
 * packages installed there (folders holding a package.json right under a `node_modules` or its scopes).
 */
async function installedSize(folder) {
  let bytes = 0;
  let packages = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const parent = entry.parentPath ?? entry.path;
    bytes += (await stat(join(parent, entry.name))).size;
    if (entry.name === 'package.json' && /node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+$/.test(parent))
      packages += 1;
  }
  return { bytes, packages };
}

/**
 * What `npm install consignkit` adds to a project: the packed package installed into a fresh one, and its
 * `node_modules` measured (bytes of the files, and packages), alone and with the
 * optional peer `@pdfme/pdf-lib` that PDF merging needs. Uses npm's cache first (`--prefer-offline`).
 */
export async function measureInstall(root = process.cwd()) {
  const work = await mkdtemp(join(tmpdir(), 'consignkit-install-'));
  const npm = (args, cwd) =>
    execFileSync('npm', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: {
        ...process.env,
        npm_config_fund: 'false',
        npm_config_audit: 'false',
        npm_config_update_notifier: 'false',
      },
    });
  const install = async (name, tarball, extra) => {
    const project = join(work, name);
    await mkdir(project);
    await writeFile(join(project, 'package.json'), '{ "name": "consumer", "private": true }');
    npm(['install', '--prefer-offline', '--loglevel=error', tarball, ...extra], project);
    return installedSize(join(project, 'node_modules'));
  };
  try {
    const tarball = join(
      work,
      npm(['pack', '--silent', '--pack-destination', work], root).trim().split('\n').at(-1),
    );
    const pdfLib = JSON.parse(await readFile(join(root, 'node_modules/@pdfme/pdf-lib/package.json'), 'utf8'));
    return {
      alone: await install('alone', tarball, []),
      withPdfMerge: await install('with-pdf-merge', tarball, [`@pdfme/pdf-lib@${pdfLib.version}`]),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
