/**
 * Under a strict content-security policy (no `unsafe-eval`) every `new Function` the SDK tries throws,
 * and the browser files a violation report for each, even though the SDK catches the throw. Strict
 * validation compiles code twice over (zod's object parsers and the SDK's own `certainlyFits`), so it
 * must ask once per process whether code can be generated, not once per schema (issue 39, item 8).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// A process where `Function` refuses to compile, as under a CSP, and counts every attempt. The SDK's
// response check (`findIssues`) then reads an answer with every schema the package exports, twice.
const CHILD = `
let attempts = 0;
const refuse = () => {
  attempts += 1;
  throw new EvalError('Code generation from strings disallowed for this context');
};
globalThis.Function = new Proxy(globalThis.Function, { construct: refuse, apply: refuse });
const { findIssues } = await import('./src/core/validation.ts');
const sdk = await import('./src/index.ts');
const schemas = Object.values(sdk).filter((value) => typeof value === 'object' && value !== null && '_zod' in value);
let checked = 0;
for (let round = 0; round < 2; round++) {
  for (const schema of schemas) {
    findIssues(schema, { Unrelated: true });
    checked += 1;
  }
}
console.log(JSON.stringify({ attempts, checked }));
`;

it('a process where code generation is refused tries it once, however many schemas it checks', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code] = await once(child, 'exit');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(result.checked).toBeGreaterThan(100);
  // Asked once for the whole process (it was once per schema: 107 attempts here).
  expect(result.attempts).toBe(1);
}, 120_000);
