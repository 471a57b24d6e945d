import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as source from '../../src/index.js';

/**
 * dist/ is shortened after the build (scripts/shorten-locals.mjs: local variables and parameters), but a
 * stack trace through the built package names every function, method and private method (`#send`) the
 * source's does: what a user reads when a call fails. The built half needs `npm run build` first.
 */

type Sdk = typeof source;

/** The names of the SDK's frames in the stack of a failed `orders.get` (`#send` of `at async #send (…)`). */
async function framesOfFailedGet(sdk: Sdk, folder: string): Promise<string[]> {
  const directory = fileURLToPath(new URL(`../../${folder}/`, import.meta.url));
  const orders = new sdk.OrdersClient({
    apiKey: 'k',
    maxRetries: 0,
    fetch: async () => new Response('{}', { status: 404 }),
  });
  const error = await orders.get(sdk.asOrderReference('EO-000-000-001')).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(sdk.NotFoundError);
  return (
    ((error as Error).stack ?? '')
      .split('\n')
      .filter((line) => line.includes(directory) || line.includes(directory.split(sep).join('/')))
      .map((line) =>
        line
          .trim()
          .replace(/^at /, '')
          .replace(/ \(.*$/, ''),
      )
      // How V8 prefixes a name differs between the builds (`async #send`, `OperationCall.#send`), not the name.
      .map((frame) => frame.replace(/^async /, '').replace(/^[\w$]+\.(?=[\w$#])/, ''))
  );
}

const built = existsSync(new URL('../../dist/index.js', import.meta.url));

describe('stack traces of the built package', () => {
  it.skipIf(!built)('name what the source names, in ESM and CommonJS', async () => {
    const expected = await framesOfFailedGet(source, 'src');
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(expected.some((name) => name.includes('#'))).toBe(true);
    const esm = (await import(new URL('../../dist/index.js', import.meta.url).href)) as Sdk;
    const cjs = createRequire(import.meta.url)('../../dist/index.cjs') as Sdk;
    expect(await framesOfFailedGet(esm, 'dist')).toEqual(expected);
    expect(await framesOfFailedGet(cjs, 'dist')).toEqual(expected);
  });
});
