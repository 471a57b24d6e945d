import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

// The figures live in docs/reliability.md, which the README links to.
const README = fileURLToPath(new URL('../../docs/reliability.md', import.meta.url));

function markers(name: string) {
  return { start: `<!-- reliability:${name}:start -->\n`, end: `<!-- reliability:${name}:end -->` };
}

/** The text between a named pair of markers in the README. */
export function readmeSection(name: string): string | undefined {
  const readme = readFileSync(README, 'utf8');
  const { start, end } = markers(name);
  const from = readme.indexOf(start);
  const to = readme.indexOf(end, from);
  return from === -1 || to === -1 ? undefined : readme.slice(from + start.length, to);
}

/**
 * Checks that the README's copy of a test's results is the one this run produced, so the README can never
 * show stale figures. With `UPDATE_README=1` (`npm run reliability:readme`) it writes them instead.
 */
export function expectReadmeSection(name: string, content: string): void {
  if (process.env.UPDATE_README === '1') {
    const readme = readFileSync(README, 'utf8');
    const { start, end } = markers(name);
    const from = readme.indexOf(start);
    const to = readme.indexOf(end, from);
    if (from === -1 || to === -1)
      throw new Error(`docs/reliability.md has no ${start.trim()} … ${end} section`);
    writeFileSync(README, readme.slice(0, from + start.length) + content + readme.slice(to));
    return;
  }
  expect(
    readmeSection(name),
    `docs/reliability.md's ${name} section is stale: run npm run reliability:readme`,
  ).toBe(content);
}

/** A markdown table from a header row and body rows. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |\n`;
  return line(header) + line(header.map(() => '---')) + rows.map(line).join('');
}
