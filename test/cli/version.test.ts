import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.js';
import { cli } from '../support/cli.js';

describe('consignkit --version', () => {
  it('prints the version, and exits 0', async () => {
    for (const flag of ['--version', '-V']) {
      const { code, stdout } = await cli([flag]);
      expect({ code, stdout }).toEqual({ code: 0, stdout: `consignkit ${VERSION}\n` });
    }
  });
});
