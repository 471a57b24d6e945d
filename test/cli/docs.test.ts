import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';

// docs/cli.md is where a user looks a command up: every command the `consignkit` binary runs has a row
// in its table (a row may name several, as `groups get|lock|unlock|close`).
const rows = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('| `consignkit '))
  .map((line) => line.split(' | ')[0] as string);

describe('docs/cli.md', () => {
  it('has a row for every command', () => {
    const missing = commands
      .map((command) => command.name)
      .filter((name) => {
        const [first, ...rest] = name.split(' ');
        return !rows.some(
          (row) =>
            row.includes(`consignkit ${first}`) &&
            rest.every((word) => new RegExp(`[\\s\`|]${word}[\\s\\\\|<]`).test(row)),
        );
      });
    expect(missing).toEqual([]);
  });
});
