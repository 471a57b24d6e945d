/**
 * What importing the SDK costs a starting application (issue 18): Node's fetch implementation (undici)
 * loads on the first call, not at import.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const loadedAfter = (code: string) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const sdk = await import(${JSON.stringify(resolve('src/index.ts'))});
${code}
console.log(JSON.stringify(process.moduleLoadList.some((name) => name.includes('undici'))));`,
      ],
      { encoding: 'utf8' },
    ),
  ) as boolean;

describe('starting an application', () => {
  it("does not load Node's fetch when the SDK is imported", () => {
    expect(loadedAfter('')).toBe(false);
  });

  it('loads it for the first call, which then works', () => {
    const call = `const client = new sdk.OrdersClient({ apiKey: 'k', maxRetries: 0, baseUrl: 'http://127.0.0.1:9/orders' });
const error = await client.manifests.list().catch((caught) => caught);
if (!(error instanceof sdk.ConnectionError)) throw new Error(String(error));`;
    expect(loadedAfter(call)).toBe(true);
  });
});
